import { recordViewPageSchema, type RecordViewPage } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { contractAnswer, lookupAnswers, teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { WhoLookedPage } from '../pages/who-looked-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

const BASE = '/api/admin/record-views';
const CLIENT_ID = '99999999-9999-4999-8999-999999999999';
const MATTER_ID = '88888888-8888-4888-8888-888888888888';
const GRACE = '77777777-7777-4777-8777-777777777777';

const page = (pageNumber: number): RecordViewPage => ({
  clientId: CLIENT_ID,
  clientName: 'Adaeze Okafor',
  timeZone: 'Africa/Lagos',
  page: pageNumber,
  size: 20,
  totalCount: 21,
  data:
    pageNumber === 1
      ? [
          {
            id: 'v1',
            viewedAt: '2026-11-27T10:05:00.000Z',
            userId: GRACE,
            userName: 'Grace Hopper',
            recordType: 'trustLedger',
            recordId: CLIENT_ID,
            recordName: 'Adaeze Okafor',
            matterId: null,
            matterName: null,
          },
          {
            id: 'v2',
            viewedAt: '2026-11-26T09:00:00.000Z',
            userId: GRACE,
            userName: 'Grace Hopper',
            recordType: 'document',
            recordId: '66666666-6666-4666-8666-666666666666',
            recordName: 'Witness statement.pdf',
            matterId: MATTER_ID,
            matterName: 'MAT-00001 Okafor v. Lagos State',
          },
        ]
      : [
          {
            id: 'v21',
            viewedAt: '2026-11-20T09:00:00.000Z',
            userId: GRACE,
            userName: 'Grace Hopper',
            recordType: 'matter',
            recordId: MATTER_ID,
            recordName: 'MAT-00001 Okafor v. Lagos State',
            matterId: MATTER_ID,
            matterName: 'MAT-00001 Okafor v. Lagos State',
          },
        ],
});

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('Reports › Audit trail › Who looked', { timeout: 60_000 }, () => {
  it('lists who looked at the chosen client’s records, a page at a time, with no accessibility issue', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: (call) => contractAnswer(recordViewPageSchema, page(Number(call.query.get('PageNumber') ?? 1))),
      'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
        people: [{ userId: CLIENT_ID, name: 'Adaeze Okafor' }],
        companies: [],
      }),
      'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([teamMember(GRACE, 'Grace Hopper')]),
    });
    renderRoutes([{ path: '/reports/audit-trail/who-looked', element: <WhoLookedPage /> }], {
      path: `/reports/audit-trail/who-looked?ClientId=${CLIENT_ID}`,
      session: fakeSession({ permissions: ['viewReportsAuditTrail'] }),
    });
    const table = await screen.findByRole('table', { name: 'Who looked at Adaeze Okafor’s records, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual(['Trust ledger', 'Document']);
    expect(within(rows[1]!).getByText('Witness statement.pdf')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('MAT-00001 Okafor v. Lagos State')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('The client’s own')).toBeInTheDocument();
    // 10:05 UTC is 11:05 on the Lagos firm's clock, whatever the reader's.
    expect(within(rows[0]!).getAllByRole('cell')[0]!.textContent).toBe('27/11/2026 11:05');
    expect(Object.fromEntries(api.lastQuery(BASE)!)).toMatchObject({ ClientId: CLIENT_ID, PageNumber: '1', PageSize: '20' });
    expect(await seriousIssues()).toEqual([]);

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Who looked pages' })).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: 'Matter' })).toBeInTheDocument();
    expect(api.lastQuery(BASE)?.get('PageNumber')).toBe('2');
  });

  it('asks for a client first and sends nothing until one is chosen', async () => {
    const api = stubApi({
      'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({ people: [], companies: [] }),
      'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([]),
    });
    renderRoutes([{ path: '/reports/audit-trail/who-looked', element: <WhoLookedPage /> }], {
      path: '/reports/audit-trail/who-looked',
      session: fakeSession({ permissions: ['viewReportsAuditTrail'] }),
    });
    expect(await screen.findByText('Choose a client to see who looked at its records.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/team-member-details/get-all-user')).toHaveLength(1));
    expect(api.callsTo('GET', BASE)).toHaveLength(0);
    expect(await seriousIssues()).toEqual([]);
  });
});
