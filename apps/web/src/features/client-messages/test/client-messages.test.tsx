import {
  clientMessageListSchema,
  clientOptInsSchema,
  setClientOptInsSchema,
  type ClientMessage,
  type ClientOptIns,
} from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { ClientOptInsCard } from '../components/client-opt-ins-card.tsx';
import { MatterClientMessagesTab } from '../components/matter-client-messages-tab.tsx';

const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
const CONTACT_ID = '22222222-2222-4222-8222-222222222222';
const MATTER_ID = '33333333-3333-4333-8333-333333333333';
const editor = fakeSession({ profile: fakeProfile(), permissions: ['clientInfo', 'clientInfo.edit'] });
const reader = fakeSession({ profile: fakeProfile(), permissions: ['clientInfo'] });

async function seriousIssues(root: Element): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const OPT_INS: ClientOptIns = {
  recipients: [
    {
      clientContactId: null,
      name: 'Adaeze Okafor',
      phone: '0803 111 2222',
      sms: {
        isOptedIn: true,
        phoneNumber: '+2348031112222',
        recordedAt: '2026-11-20T10:00:00.000Z',
        recordedByName: 'Ada Obi',
        recordedBy: 'firm',
      },
      whatsapp: null,
    },
    { clientContactId: CONTACT_ID, name: 'Ngozi Eze', phone: '0805 333 4444', sms: null, whatsapp: null },
  ],
  changes: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      clientContactId: null,
      name: 'Adaeze Okafor',
      channel: 'sms',
      isOptedIn: true,
      phoneNumber: '+2348031112222',
      recordedAt: '2026-11-20T10:00:00.000Z',
      recordedByName: 'Ada Obi',
      recordedBy: 'firm',
    },
  ],
};

describe('ClientOptInsCard', { timeout: 30_000 }, () => {
  it('shows each contact’s choice per channel with who recorded it, axe-clean', async () => {
    stubApi({ 'GET /admin/client-messages/get-opt-ins': contractAnswer(clientOptInsSchema, OPT_INS) });
    const { container } = renderAt(<ClientOptInsCard clientId={CLIENT_ID} />, { session: editor });
    const card = await screen.findByRole('region', { name: 'SMS and WhatsApp updates' });
    const client = within(card).getByRole('form', { name: 'Adaeze Okafor (the client)' });
    expect(within(client).getByRole('checkbox', { name: /Updates by SMS/ })).toBeChecked();
    expect(within(client).getByRole('checkbox', { name: /Updates by WhatsApp/ })).not.toBeChecked();
    expect(within(client).getByText(/recorded by Ada Obi/)).toBeInTheDocument();
    expect(within(client).getByRole('textbox', { name: /Mobile number/ })).toHaveValue('+2348031112222');
    expect(await seriousIssues(container)).toEqual([]);
  });

  it('opts a contact in, and shows the server’s reason under the number when it cannot be read', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const api = stubApi({
      'GET /admin/client-messages/get-opt-ins': contractAnswer(clientOptInsSchema, OPT_INS),
      'POST /admin/client-messages/set-opt-ins': (call) => {
        attempt += 1;
        if (attempt === 1) return { status: 400, message: '“0805” is too short to be a phone number for Nigeria.' };
        const body = setClientOptInsSchema.parse(call.body);
        const ngozi = { ...OPT_INS.recipients[1]!, whatsapp: { ...OPT_INS.recipients[0]!.sms!, phoneNumber: '+2348053334444' } };
        return {
          ...contractAnswer(clientOptInsSchema, { ...OPT_INS, recipients: [OPT_INS.recipients[0]!, ngozi] }),
          message: body.whatsapp ? 'Message preferences saved' : '',
        };
      },
    });
    renderAt(<ClientOptInsCard clientId={CLIENT_ID} />, { session: editor });
    const contact = await screen.findByRole('form', { name: 'Ngozi Eze' });
    const number = within(contact).getByRole('textbox', { name: /Mobile number/ });
    await user.clear(number);
    await user.type(number, '0805');
    await user.click(within(contact).getByRole('checkbox', { name: /Updates by WhatsApp/ }));
    await user.click(within(contact).getByRole('button', { name: /Save Ngozi Eze/ }));
    expect(await within(contact).findByText('“0805” is too short to be a phone number for Nigeria.')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '0805 333 4444');
    await user.click(within(contact).getByRole('button', { name: /Save Ngozi Eze/ }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/client-messages/set-opt-ins')).toHaveLength(2));
    expect(api.callsTo('POST', '/admin/client-messages/set-opt-ins')[1]?.body).toEqual({
      clientId: CLIENT_ID,
      clientContactId: CONTACT_ID,
      phoneNumber: '0805 333 4444',
      sms: false,
      whatsapp: true,
    });
    const saved = await screen.findByRole('form', { name: 'Ngozi Eze' });
    await waitFor(() => expect(within(saved).getByRole('checkbox', { name: /Updates by WhatsApp/ })).toBeChecked());
  });

  it('lets one who may not edit clients read the choices but not change them', async () => {
    stubApi({ 'GET /admin/client-messages/get-opt-ins': contractAnswer(clientOptInsSchema, OPT_INS) });
    renderAt(<ClientOptInsCard clientId={CLIENT_ID} />, { session: reader });
    const client = await screen.findByRole('form', { name: 'Adaeze Okafor (the client)' });
    expect(within(client).getByRole('checkbox', { name: /Updates by SMS/ })).toBeDisabled();
    expect(within(client).queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });
});

const message = (overrides: Partial<ClientMessage>): ClientMessage => ({
  id: '55555555-5555-4555-8555-555555555555',
  matterId: MATTER_ID,
  clientContactId: null,
  channel: 'sms',
  to: '+2348031112222',
  templateKey: 'hearing-reminder',
  body: 'Obi & Co: a reminder that Lease dispute is in court tomorrow, 10/06/2030. Details: https://x.test/portal/obi',
  provider: 'termii',
  providerMessageId: '1234',
  status: 'delivered',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  sentAt: '2026-11-27T09:00:05.000Z',
  statusAt: '2026-11-27T09:00:09.000Z',
  ...overrides,
});

const FAILED_ID = '66666666-6666-4666-8666-666666666666';
const LOG = [
  message({}),
  message({
    id: FAILED_ID,
    channel: 'whatsapp',
    to: '+2348053334444',
    templateKey: 'invoice-sent',
    provider: 'twilio',
    providerMessageId: null,
    status: 'failed',
    attempts: 5,
    lastError: 'Twilio answered 503: Service unavailable',
  }),
];

describe('MatterClientMessagesTab', { timeout: 30_000 }, () => {
  it('lists each message with its channel, number, update, status, attempts and last error, axe-clean', async () => {
    stubApi({
      'GET /admin/client-messages/list': contractAnswer(clientMessageListSchema, { data: LOG, page: 1, size: 100, totalCount: 2 }),
    });
    const { container } = renderAt(<MatterClientMessagesTab matterId={MATTER_ID} />, { session: editor });
    const table = await screen.findByRole('table', { name: 'SMS and WhatsApp to the client' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Hearing reminder')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('delivered')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText('Twilio answered 503: Service unavailable')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('5')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Retry the WhatsApp to +2348053334444' })).toBeInTheDocument();
    expect(await seriousIssues(container)).toEqual([]);
  });

  it('retries a failed message and shows the log again', async () => {
    const user = userEvent.setup();
    let log = LOG;
    const api = stubApi({
      'GET /admin/client-messages/list': () => contractAnswer(clientMessageListSchema, { data: log, page: 1, size: 100, totalCount: 2 }),
      [`POST /admin/client-messages/retry/${FAILED_ID}`]: () => {
        log = [LOG[0]!, { ...LOG[1]!, status: 'queued', attempts: 0, nextAttemptAt: '2026-11-28T10:00:00.000Z' }];
        return { data: log[1], message: 'Message queued again' };
      },
    });
    renderAt(<MatterClientMessagesTab matterId={MATTER_ID} />, { session: editor });
    const table = await screen.findByRole('table', { name: 'SMS and WhatsApp to the client' });
    await user.click(within(table).getByRole('button', { name: 'Retry the WhatsApp to +2348053334444' }));
    await waitFor(() => expect(within(table).getAllByText('queued')).toHaveLength(1));
    expect(api.callsTo('POST', `/admin/client-messages/retry/${FAILED_ID}`)).toHaveLength(1);
    expect(api.lastQuery('/admin/client-messages/list')?.get('MatterId')).toBe(MATTER_ID);
    expect(within(table).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('offers no Retry to one who may not edit clients', async () => {
    stubApi({
      'GET /admin/client-messages/list': contractAnswer(clientMessageListSchema, { data: LOG, page: 1, size: 100, totalCount: 2 }),
    });
    renderAt(<MatterClientMessagesTab matterId={MATTER_ID} />, { session: reader });
    const table = await screen.findByRole('table', { name: 'SMS and WhatsApp to the client' });
    expect(within(table).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });
});
