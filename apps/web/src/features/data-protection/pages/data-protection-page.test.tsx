import { dataSubjectRequestPageSchema, dataSubjectRequestSchema, dataSubjectSchema, type DataSubjectRequest } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { DATA_PROTECTION_INTRO, DataProtectionPage } from './data-protection-page.tsx';

// A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

const BASE = '/api/admin/data-protection';
const REQUEST_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const CLIENT_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const subject = {
  subjectType: 'client' as const,
  subjectId: CLIENT_ID,
  name: 'Adaeze Okafor',
  detail: 'adaeze@example.ng',
  editPath: `/clients/${CLIENT_ID}/edit`,
};

function request(overrides: Partial<DataSubjectRequest> = {}): DataSubjectRequest {
  return {
    id: REQUEST_ID,
    subject,
    kind: 'erasure',
    receivedOn: '2026-01-05',
    dueOn: '2026-02-04',
    daysLeft: 3,
    status: 'open',
    notes: '',
    outcome: null,
    blockers: [],
    loggedBy: 'Grace Hopper',
    closedAt: null,
    closedBy: null,
    ...overrides,
  };
}

const refused = request({
  status: 'refused',
  outcome: 'Refused',
  blockers: [{ code: 'TRUST_MONEY_HELD', message: 'Money held in trust: NGN 250,000.00 in Client account 1' }],
  closedAt: '2026-01-06T10:00:00.000Z',
  closedBy: 'Grace Hopper',
});

const page = (rows: DataSubjectRequest[]) =>
  contractAnswer(dataSubjectRequestPageSchema, { data: rows, page: 1, size: 100, totalCount: rows.length });

function renderPage() {
  return renderRoutes([{ path: '/settings/data-protection', element: <DataProtectionPage /> }], {
    path: '/settings/data-protection',
    session: fakeSession({ permissions: ['administrator'] }),
  });
}

describe('Settings › Data protection', { timeout: 60_000 }, () => {
  it('lists requests with their due dates and shows a refused erasure’s reasons', async () => {
    let erased = false;
    const api = stubApi({
      [`GET ${BASE}/requests`]: () => page([erased ? refused : request()]),
      [`GET ${BASE}/requests/${REQUEST_ID}`]: () => contractAnswer(dataSubjectRequestSchema, erased ? refused : request()),
      [`POST ${BASE}/requests/${REQUEST_ID}/erase`]: () => {
        erased = true;
        return { ...contractAnswer(dataSubjectRequestSchema, refused), message: 'Erasure refused: the firm must keep this person’s data' };
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Data protection' })).toBeInTheDocument();
    expect(screen.getByText(DATA_PROTECTION_INTRO)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Data-subject requests' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Adaeze Okafor (Client)', 'Erasure', '05/01/2026', '04/02/2026Due in 3 days', 'Open', 'Open']);

    await userEvent.click(within(row).getByRole('button', { name: 'Open request of Adaeze Okafor' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Erase' }));
    const reason = await screen.findByText('Money held in trust: NGN 250,000.00 in Client account 1');
    expect(reason.closest('[role="alert"]')).toHaveTextContent('Erasure refused: the firm must keep this person’s data');
    expect(api.callsTo('POST', `${BASE}/requests/${REQUEST_ID}/erase`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
  });

  it('logs a request for the person found by name, with what they asked and when', async () => {
    const api = stubApi({
      [`GET ${BASE}/requests`]: () => page([]),
      [`GET ${BASE}/find-subjects`]: () => contractAnswer(dataSubjectSchema.array(), [subject]),
      [`POST ${BASE}/requests`]: { ...contractAnswer(dataSubjectRequestSchema, request({ kind: 'access' })), status: 201 },
      [`GET ${BASE}/requests/${REQUEST_ID}`]: () => contractAnswer(dataSubjectRequestSchema, request({ kind: 'access' })),
    });
    renderPage();
    expect(await screen.findByText('No data-subject request has been logged.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Find the person/), 'Adaeze');
    await userEvent.click(await screen.findByRole('combobox', { name: /^Person/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Adaeze Okafor — Client/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Access / export' }));
    await userEvent.clear(screen.getByLabelText(/^Received/));
    await userEvent.type(screen.getByLabelText(/^Received/), '05/01/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log request' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/requests`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/requests`)[0]!.body).toEqual({
      subjectType: 'client',
      subjectId: CLIENT_ID,
      kind: 'access',
      receivedOn: '2026-01-05',
      notes: '',
    });
    expect(await screen.findByRole('button', { name: 'Export as PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as answered' })).toBeInTheDocument();
  });
});
