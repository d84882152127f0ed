import type { ReportAnswer, ReportPreset } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { ReportPage } from '../pages/report-page.tsx';

const MATTER = '22222222-2222-4222-8222-222222222222';
const summary: ReportAnswer = {
  title: 'Work in progress',
  level: 'summary',
  criteria: ['Activity dates: all'],
  columns: [
    { key: 'matter', label: 'Matter', kind: 'text', drill: null },
    { key: 'days0To30', label: '0–30 days', kind: 'money', drill: { Bucket: '0-30' } },
    { key: 'total', label: 'Total', kind: 'money', drill: {} },
  ],
  rows: [{ cells: { matter: 'MAT-00001 Lease dispute', days0To30: '120000.00', total: '120000.00' }, drill: { MatterId: MATTER } }],
  totals: [{ cells: { matter: 'Total NGN', days0To30: '120000.00', total: '120000.00' }, drill: {} }],
  formula: 'Each figure = Σ amount of the unbilled items.',
  dateBasis: 'Activity date.',
  rounding: 'Sums are exact.',
  checks: [{ name: 'Σ rows = Σ unbilled items, NGN', expected: '120000.00', actual: '120000.00', pass: true }],
  page: null,
};
const entries: ReportAnswer = {
  ...summary,
  level: 'entries',
  columns: [
    { key: 'description', label: 'Description', kind: 'text', drill: null },
    { key: 'amount', label: 'Amount', kind: 'money', drill: null },
  ],
  rows: [{ cells: { description: 'Reviewed the lease', amount: '120000.00' }, drill: null }],
  totals: [],
  page: { page: 1, size: 100, totalCount: 1 },
};
const REPORT = 'GET /admin/reports/work-in-progress';

describe('ReportPage', { timeout: 30_000 }, () => {
  it('shows the table, its basis and checks, and drills from a figure to the entries and back', async () => {
    const api = stubApi({
      [REPORT]: (call) => ({ data: call.query.get('Level') === 'entries' ? entries : summary }),
      'GET /admin/reports/get-presets': { data: [] as ReportPreset[] },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/reports/:name', element: <ReportPage /> }], {
      path: '/reports/work-in-progress',
      session: fakeSession({ permissions: ['Reports'] }),
    });
    const table = await screen.findByRole('table', { name: 'Work in progress' });
    expect(within(table).getByRole('row', { name: /MAT-00001 Lease dispute/ })).toHaveTextContent('120,000.00');
    expect(screen.getByText('Each figure = Σ amount of the unbilled items.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Checks' })).getByRole('listitem')).toHaveTextContent('Pass');

    await user.click(within(table).getByRole('link', { name: /120,000.00: 0–30 days — MAT-00001 Lease dispute/ }));
    expect(await screen.findByRole('heading', { name: 'Work in progress: entries' })).toBeInTheDocument();
    const drilled = api.callsTo('GET', '/admin/reports/work-in-progress').at(-1)!.query;
    expect(Object.fromEntries(drilled)).toMatchObject({ Level: 'entries', MatterId: MATTER, Bucket: '0-30' });
    expect(await screen.findByRole('cell', { name: 'Reviewed the lease' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to the summary' }));
    await waitFor(() => expect(api.callsTo('GET', '/admin/reports/work-in-progress').at(-1)!.query.get('Level')).toBeNull());
    expect(api.callsTo('GET', '/admin/reports/work-in-progress').at(-1)!.query.get('MatterId')).toBeNull();
  });

  it('saves the filters on screen as a preset with a moving period', async () => {
    const api = stubApi({
      [REPORT]: { data: summary },
      'GET /admin/reports/get-presets': { data: [] as ReportPreset[] },
      'POST /admin/reports/save-preset': {
        data: {
          id: 'p',
          report: 'work-in-progress',
          name: 'Last month',
          query: {},
          schedule: null,
          recipientUserIds: [],
          nextRunOn: null,
          lastSentAt: null,
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/reports/:name', element: <ReportPage /> }], {
      path: `/reports/work-in-progress?MatterId=${MATTER}&From=2026-01-01`,
      session: fakeSession({ permissions: ['Reports'] }),
    });
    await screen.findByRole('table', { name: 'Work in progress' });
    await user.click(screen.getByRole('button', { name: 'Save preset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save preset' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Last month');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Dates' }), 'last-month');
    await user.click(within(dialog).getByRole('button', { name: 'Save preset' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/reports/save-preset')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/reports/save-preset')[0]!.body).toEqual({
      report: 'work-in-progress',
      name: 'Last month',
      query: { MatterId: MATTER, Period: 'last-month' },
    });
  });

  it('verifies the audit trail’s chain on request and names the first record that does not hold', async () => {
    let isIntact = true;
    stubApi({
      'GET /admin/reports/audit-trail': { data: { ...summary, title: 'Audit trail' } },
      'GET /admin/reports/get-presets': { data: [] as ReportPreset[] },
      'GET /admin/audit/verify': () => ({
        data: isIntact
          ? { isIntact, recordsChecked: 1234, lastHash: 'ab'.repeat(32), firstBreak: null }
          : {
              isIntact,
              recordsChecked: 1234,
              lastHash: 'ab'.repeat(32),
              firstBreak: {
                id: '7',
                chainPosition: 2,
                action: 'client.updated',
                createdAt: '2026-11-20T09:30:00.000000Z',
                reason: 'contentChanged',
              },
            },
      }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/reports/:name', element: <ReportPage /> }], {
      path: '/reports/audit-trail',
      session: fakeSession({ permissions: ['Reports', 'viewReportsAuditTrail'] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Verify the trail' }));
    const intact = await screen.findByRole('status');
    expect(intact).toHaveTextContent('The audit trail is intact');
    expect(intact).toHaveTextContent('1,234 records checked');
    isIntact = false;
    await user.click(screen.getByRole('button', { name: 'Verify the trail' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The audit trail has been tampered with'));
    expect(screen.getByRole('status')).toHaveTextContent(/Record 2 \(client\.updated, .*\) has been edited since it was written\./);
  });
});
