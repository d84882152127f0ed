import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conflictCheckResultSchema, type ConflictCheckResult } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { contractEnvelope, envelope } from '../../../test/msw/envelope.ts';
import { mockApi } from '../../../test/msw/routes.ts';
import { renderAt } from '../../../test/render.tsx';
import { ConflictCheckPage } from './conflict-check-page.tsx';
import { decidedConflictCheck } from '../../../test/msw/contract-answers.ts';

const CHECK_ID = '77777777-7777-4777-8777-777777777777';
const match: ConflictCheckResult['matches'][number] = {
  searchedName: 'John Smyth',
  matchedName: 'Smith, John',
  matchType: 'opposing party',
  similarity: 0.62,
  clientId: '88888888-8888-4888-8888-888888888888',
  clientName: 'Acme Ltd',
  matterId: '99999999-9999-4999-8999-999999999999',
  matterName: 'Acme v Smith',
  matterNumber: 'MAT-00003',
};
const record = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  context: 'client',
  searchedNames: ['Ada Obi'],
  matchCount: 0,
  matches: [],
  decision: 'no_conflict',
  decisionNotes: null,
  searchedBy: 'Ada Admin',
  clientId: null,
  matterId: null,
  createdAt: '2024-03-15T10:05:00.000Z',
  decidedAt: '2024-03-15T10:06:00.000Z',
};

const CONFLICT_API = '/api/admin/conflict-check';

/** The conflict-check calls through MSW; each answers with the shared envelope. */
function stubConflictApi() {
  const { calls } = mockApi([
    {
      method: 'GET',
      path: `${CONFLICT_API}/get-conflict-checks`,
      answer: () => envelope({ data: [record], page: 1, size: 10, totalCount: 1 }, { message: 'Done' }),
    },
    {
      method: 'POST',
      path: `${CONFLICT_API}/run-conflict-check`,
      answer: (call) =>
        contractEnvelope(
          conflictCheckResultSchema,
          {
            conflictCheckId: CHECK_ID,
            searchedNames: (call.body as { names: string[] }).names,
            matches: [match],
            createdAt: '2024-03-16T09:00:00.000Z',
          },
          { message: 'Done' },
        ),
    },
    {
      method: 'POST',
      path: `${CONFLICT_API}/record-decision/${CHECK_ID}`,
      answer: () => envelope(decidedConflictCheck(CHECK_ID, { context: 'standalone' }), { message: 'Done' }),
    },
  ]);
  return calls;
}

describe('ConflictCheckPage', { timeout: 20_000 }, () => {
  it('checks several names, shows the matches and records the decision', async () => {
    const calls = stubConflictApi();
    const user = userEvent.setup({ delay: null });
    renderAt(<ConflictCheckPage />, { path: '/conflict-check' });

    await user.click(screen.getByRole('button', { name: 'Run conflict check' }));
    expect(await screen.findByText('Enter at least one name to check')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Names to check' }), 'John Smyth{Enter}{Enter}Acme Holdings');
    await user.click(screen.getByRole('button', { name: 'Run conflict check' }));
    const result = await screen.findByRole('region', { name: 'Conflict check result' });
    expect(calls.find((call) => call.url.pathname.endsWith('/run-conflict-check'))?.body).toEqual({
      names: ['John Smyth', 'Acme Holdings'],
      context: 'standalone',
    });
    expect(within(result).getByText('62%')).toBeInTheDocument();
    expect(within(result).getByText('opposing party')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Acme Ltd' })).toBeInTheDocument();

    await user.click(within(result).getByRole('radio', { name: 'Proceed despite conflict' }));
    await user.type(within(result).getByRole('textbox', { name: 'Decision notes' }), 'Different John');
    await user.click(within(result).getByRole('button', { name: 'Record decision' }));
    expect(await within(result).findByText('Decision recorded: Proceed despite conflict.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname.endsWith(`/record-decision/${CHECK_ID}`))?.body).toEqual({
      decision: 'proceed_despite_conflict',
      notes: 'Different John',
    });
  });

  it('lists past checks with who, when, what, found and decision', async () => {
    const calls = stubConflictApi();
    renderAt(<ConflictCheckPage />, { path: '/conflict-check' });
    const table = await screen.findByRole('table', { name: 'Conflict checks' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(row).getByText('Ada Obi')).toBeInTheDocument();
    expect(within(row).getByText('No matches')).toBeInTheDocument();
    expect(within(row).getByText('No conflict')).toBeInTheDocument();
    expect(within(row).getByText(/^15\/03\/2024 /)).toBeInTheDocument();
    await waitFor(() => expect(calls[0]?.url.searchParams.get('page')).toBe('1'));
  });
});
