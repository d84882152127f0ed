import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { booksClosedThroughSchema } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PeriodClosePage } from './period-close-page.tsx';

const READ = 'GET /api/admin/accounting/get-books-closed-through';
const SET = 'POST /api/admin/accounting/set-books-closed-through';
const closed = contractAnswer(booksClosedThroughSchema, { booksClosedThrough: '2025-06-30', firstOpenDate: '2025-07-01' });
const open = contractAnswer(booksClosedThroughSchema, { booksClosedThrough: null, firstOpenDate: null });

/** The server's lock as the page reads it back after a change. */
function stubLock(initial: typeof closed) {
  let lock = initial;
  return stubApi({
    [READ]: () => lock,
    [SET]: (call) => {
      lock = (call.body as { booksClosedThrough: string | null }).booksClosedThrough ? closed : open;
      return lock;
    },
  });
}

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('PeriodClosePage', { timeout: 60_000 }, () => {
  it('shows the closed period and what it refuses; only an administrator may change it', async () => {
    stubApi({ [READ]: closed });
    renderAt(<PeriodClosePage />, { session: fakeSession({ permissions: ['chartofAccount'] }) });
    expect(await screen.findByText('The books are closed through 30/06/2025')).toBeInTheDocument();
    expect(screen.getByText('The first open day is 01/07/2025.')).toBeInTheDocument();
    expect(screen.getByText(/a trust deposit, payment out, transfer or reversal/)).toBeInTheDocument();
    expect(screen.getByText('Only an administrator can close or reopen the books.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close the books' })).not.toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
  });

  it('closes the books through a day after a confirm', async () => {
    const api = stubLock(open);
    const user = userEvent.setup();
    renderAt(<PeriodClosePage />, { session: fakeSession({ permissions: ['administrator'] }) });
    expect(await screen.findByText('Every period is open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close the books' }));
    expect(await screen.findByText('Choose the last day to close')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: /^Close the books through/ }), '30/06/2025');
    await user.click(screen.getByRole('button', { name: 'Close the books' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the books' });
    expect(dialog).toHaveTextContent('Close the books through 30/06/2025?');
    expect(await seriousIssues()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close the books' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/accounting/set-books-closed-through')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/accounting/set-books-closed-through')[0]!.body).toEqual({ booksClosedThrough: '2025-06-30' });
    expect(await screen.findByText('The books are closed through 30/06/2025')).toBeInTheDocument();
    expect(await screen.findByText('Books closed through 30/06/2025')).toBeInTheDocument();
  });

  it('reopens every period after a confirm', async () => {
    const api = stubLock(closed);
    const user = userEvent.setup();
    renderAt(<PeriodClosePage />, { session: fakeSession({ permissions: ['administrator'] }) });
    await user.click(await screen.findByRole('button', { name: 'Reopen every period' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen every period' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/admin/accounting/set-books-closed-through')[0]?.body).toEqual({ booksClosedThrough: null }),
    );
    expect(await screen.findByText('Every period is open')).toBeInTheDocument();
    expect(
      await screen.findByText('Every period reopened: the books were closed through 30/06/2025; postings may be dated on any day'),
    ).toBeInTheDocument();
  });
});
