import {
  DEFAULT_REMINDER_STEPS,
  invoiceSchema,
  reminderScheduleInputSchema,
  reminderStepLabel,
  type InvoiceReminders,
  type ReminderSchedule,
} from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { CLIENT_REMINDER_TEXT, ClientReminderChoice } from '../components/client-reminder-choice.tsx';
import { INVOICE_REMINDERS_TEXT } from '../components/invoice-reminders-panel.tsx';
import { REMINDER_STEP_TEXT } from '../components/reminder-step-fields.tsx';
import { InvoiceViewPage } from '../pages/invoice-view-page.tsx';
import { REMINDER_SCHEDULE_TEXT, ReminderSchedulePage } from '../pages/reminder-schedule-page.tsx';
import { allowSlowRenders, INVOICE_ID, invoiceOf, sessionWith, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const BASE = '/api/admin/invoice-reminders';
const DEFAULT_SCHEDULE: ReminderSchedule = {
  isEnabled: false,
  isDefault: true,
  updatedAt: null,
  steps: DEFAULT_REMINDER_STEPS.map((step) => ({ ...step, label: reminderStepLabel(step.daysFromDue) })),
};

const renderSchedule = (permissions: string[]) =>
  renderRoutes([{ path: '/settings/invoice-reminders', element: <ReminderSchedulePage /> }], {
    path: '/settings/invoice-reminders',
    session: sessionWith(permissions),
  });

describe('ReminderSchedulePage', { timeout: 60_000 }, () => {
  it('switches reminders on, edits a step’s day and subject, and saves the whole schedule', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-schedule`]: () => ({ data: DEFAULT_SCHEDULE }),
      [`PUT ${BASE}/update-schedule`]: (call) => {
        const body = reminderScheduleInputSchema.parse(call.body);
        return {
          data: {
            ...body,
            isDefault: false,
            updatedAt: '2030-03-10T09:00:00.000Z',
            steps: body.steps.map((step) => ({ ...step, label: reminderStepLabel(step.daysFromDue) })),
          },
        };
      },
    });
    const user = userEvent.setup();
    renderSchedule(['invoice', 'invoice.approve']);
    await user.click(await screen.findByRole('switch', { name: REMINDER_SCHEDULE_TEXT.switch }));
    const lastStep = screen.getByRole('region', { name: 'Step: 30 days overdue' });
    const days = within(lastStep).getByRole('textbox', { name: new RegExp(REMINDER_STEP_TEXT.days) });
    await user.clear(days);
    await user.type(days, '45');
    const subject = within(screen.getByRole('region', { name: 'Step: 45 days overdue' })).getByRole('textbox', {
      name: REMINDER_STEP_TEXT.subject,
    });
    await user.clear(subject);
    await user.type(subject, 'Final notice: {{{{invoiceNumber}}');
    await user.click(screen.getByRole('button', { name: REMINDER_SCHEDULE_TEXT.save }));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/update-schedule`)).toHaveLength(1));
    const sent = reminderScheduleInputSchema.parse(api.callsTo('PUT', `${BASE}/update-schedule`)[0]!.body);
    expect(sent.isEnabled).toBe(true);
    expect(sent.steps.map((step) => step.daysFromDue)).toEqual([-7, 0, 7, 14, 45]);
    expect(sent.steps[4]!.subject).toBe('Final notice: {{invoiceNumber}}');
  });

  it('says what is wrong before sending: two steps on one day', async () => {
    const api = stubApi({ [`GET ${BASE}/get-schedule`]: () => ({ data: DEFAULT_SCHEDULE }) });
    const user = userEvent.setup();
    renderSchedule(['invoice', 'invoice.approve']);
    const days = within(await screen.findByRole('region', { name: 'Step: 7 days overdue' })).getByRole('textbox', {
      name: new RegExp(REMINDER_STEP_TEXT.days),
    });
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByRole('button', { name: REMINDER_SCHEDULE_TEXT.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Two steps are “14 days overdue”: each day may have one step');
    expect(api.callsTo('PUT', `${BASE}/update-schedule`)).toHaveLength(0);
  });

  it('previews a step filled with a real invoice', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-schedule`]: () => ({ data: DEFAULT_SCHEDULE }),
      [`POST ${BASE}/preview-template`]: () => ({
        data: {
          invoiceId: INVOICE_ID,
          invoiceNumber: 'INV-00031',
          to: 'ada@example.com',
          subject: 'Invoice INV-00031 is due today',
          body: 'Dear Ada,\n\nPay NGN 1,000.00.',
        },
      }),
    });
    const user = userEvent.setup();
    renderSchedule(['invoice']);
    const step = await screen.findByRole('region', { name: 'Step: On the due date' });
    await user.click(within(step).getByRole('button', { name: REMINDER_STEP_TEXT.preview }));
    const dialog = await screen.findByRole('dialog', { name: 'Reminder preview' });
    expect(await within(dialog).findByText('Invoice INV-00031 is due today')).toBeInTheDocument();
    expect(within(dialog).getByText(/Filled in with invoice INV-00031\. To: ada@example\.com/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/preview-template`)[0]!.body).toMatchObject({
      daysFromDue: 0,
      subject: DEFAULT_REMINDER_STEPS[1]!.subject,
    });
  });

  it('is read-only without invoice.approve: no save, no switch to turn', async () => {
    stubApi({ [`GET ${BASE}/get-schedule`]: () => ({ data: DEFAULT_SCHEDULE }) });
    renderSchedule(['invoice']);
    expect(await screen.findByRole('switch', { name: REMINDER_SCHEDULE_TEXT.switch })).toBeDisabled();
    expect(screen.getByText(REMINDER_SCHEDULE_TEXT.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: REMINDER_SCHEDULE_TEXT.save })).not.toBeInTheDocument();
  });
});

const sentInvoice = invoiceSchema.parse(
  invoiceOf({
    status: 'Sent',
    statusLabel: 'Sent',
    invoiceNumber: 'INV-00031',
    sentAt: '2026-11-02T10:00:00.000Z',
    deliveredDate: '2026-11-02',
    totals: { ...invoiceOf().totals, subtotal: '1000.00', total: '1000.00', balanceDue: '1000.00' },
  }),
);
const reminders = (overrides: Partial<InvoiceReminders> = {}): InvoiceReminders => ({
  invoiceId: INVOICE_ID,
  dispute: null,
  isClientOptedOut: false,
  isScheduleEnabled: true,
  reminders: [
    {
      id: 'r1',
      daysFromDue: 0,
      label: 'On the due date',
      reminderDate: '2026-12-02',
      recipient: 'ada@example.com',
      subject: 'Invoice INV-00031 is due today',
      deliveryStatus: 'sent',
      createdAt: '2026-12-02T09:00:00.000Z',
    },
  ],
  ...overrides,
});

describe('InvoiceViewPage: reminders and the disputed flag', { timeout: 60_000 }, () => {
  const renderInvoice = (permissions: string[]) =>
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: sessionWith(permissions),
    });

  it('lists the reminders sent, and marks the invoice disputed with a required note, then shows the badge', async () => {
    let current = reminders();
    const api = stubApi({
      [`GET /api/admin/invoice/get-invoice/${INVOICE_ID}`]: () => ({ data: sentInvoice }),
      [`GET ${BASE}/get-invoice-reminders/${INVOICE_ID}`]: () => ({ data: current }),
      [`PUT ${BASE}/set-invoice-dispute/${INVOICE_ID}`]: (call) => {
        current = reminders({
          dispute: { note: (call.body as { note: string }).note, disputedAt: '2026-12-03T10:00:00.000Z', disputedByName: 'Grace Hopper' },
        });
        return { data: current };
      },
    });
    const user = userEvent.setup();
    renderInvoice(['invoice', 'invoice.edit']);
    const panel = await screen.findByRole('region', { name: INVOICE_REMINDERS_TEXT.title });
    const row = within(panel).getByRole('row', { name: /02\/12\/2026/ });
    expect(row).toHaveTextContent('On the due date');
    expect(row).toHaveTextContent('ada@example.com');
    expect(row).toHaveTextContent('Sent');
    expect(screen.queryByText(INVOICE_REMINDERS_TEXT.disputed)).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: INVOICE_REMINDERS_TEXT.markDisputed }));
    const dialog = await screen.findByRole('dialog', { name: INVOICE_REMINDERS_TEXT.markDisputed });
    await user.click(within(dialog).getByRole('button', { name: INVOICE_REMINDERS_TEXT.markDisputed }));
    expect(await within(dialog).findByText(INVOICE_REMINDERS_TEXT.noteRequired)).toBeInTheDocument();
    expect(api.callsTo('PUT', `${BASE}/set-invoice-dispute/${INVOICE_ID}`)).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(INVOICE_REMINDERS_TEXT.noteLabel.replace('?', '\\?')) }),
      'Fee agreed at half',
    );
    await user.click(within(dialog).getByRole('button', { name: INVOICE_REMINDERS_TEXT.markDisputed }));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/set-invoice-dispute/${INVOICE_ID}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${BASE}/set-invoice-dispute/${INVOICE_ID}`)[0]!.body).toEqual({ note: 'Fee agreed at half' });
    expect(await within(panel).findByText('Fee agreed at half')).toBeInTheDocument();
    // The badge beside the status, and the alert in the panel.
    expect(screen.getAllByText(INVOICE_REMINDERS_TEXT.disputed).length).toBeGreaterThanOrEqual(2);
    expect(within(panel).getByRole('button', { name: INVOICE_REMINDERS_TEXT.clearDispute })).toBeInTheDocument();
  });

  it('clears a dispute; without invoice.edit it offers neither mark nor clear', async () => {
    let current = reminders({ dispute: { note: 'Wrong matter', disputedAt: '2026-12-03T10:00:00.000Z', disputedByName: 'Grace Hopper' } });
    const api = stubApi({
      [`GET /api/admin/invoice/get-invoice/${INVOICE_ID}`]: () => ({ data: sentInvoice }),
      [`GET ${BASE}/get-invoice-reminders/${INVOICE_ID}`]: () => ({ data: current }),
      [`DELETE ${BASE}/clear-invoice-dispute/${INVOICE_ID}`]: () => {
        current = reminders();
        return { data: current };
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderInvoice(['invoice']);
    const readOnly = await screen.findByRole('region', { name: INVOICE_REMINDERS_TEXT.title });
    expect(within(readOnly).getByText('Wrong matter')).toBeInTheDocument();
    expect(within(readOnly).queryByRole('button')).not.toBeInTheDocument();
    unmount();

    renderInvoice(['invoice', 'invoice.edit']);
    const panel = await screen.findByRole('region', { name: INVOICE_REMINDERS_TEXT.title });
    await user.click(within(panel).getByRole('button', { name: INVOICE_REMINDERS_TEXT.clearDispute }));
    await waitFor(() => expect(api.callsTo('DELETE', `${BASE}/clear-invoice-dispute/${INVOICE_ID}`)).toHaveLength(1));
    expect(await within(panel).findByRole('button', { name: INVOICE_REMINDERS_TEXT.markDisputed })).toBeInTheDocument();
    expect(screen.queryByText(INVOICE_REMINDERS_TEXT.disputed)).not.toBeInTheDocument();
  });
});

describe('ClientReminderChoice', { timeout: 60_000 }, () => {
  const CLIENT = invoiceOf().clientId;
  it('shows whether reminders go to the client and lets staff who edit clients opt them out', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-client-choice/${CLIENT}`]: () => ({ data: { clientId: CLIENT, isOptedOut: false } }),
      [`PUT ${BASE}/set-client-choice/${CLIENT}`]: (call) => ({ data: { clientId: CLIENT, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/clients/:id', element: <ClientReminderChoice clientId={CLIENT} /> }], {
      path: `/clients/${CLIENT}`,
      session: sessionWith(['clientInfo', 'clientInfo.edit']),
    });
    const choice = await screen.findByRole('switch', { name: CLIENT_REMINDER_TEXT.switch });
    expect(choice).toBeChecked();
    await user.click(choice);
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/set-client-choice/${CLIENT}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${BASE}/set-client-choice/${CLIENT}`)[0]!.body).toEqual({ isOptedOut: true });
    expect(await screen.findByText(CLIENT_REMINDER_TEXT.optedOut)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: CLIENT_REMINDER_TEXT.switch })).not.toBeChecked();
  });
});
