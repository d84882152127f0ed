import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJournalEntry, type JournalEntryInput } from '../src/platform/ledger/ledger.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let token: string;

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  token = await signIn(context.app, firm.users.admin.email);
});
afterAll(() => context.close());

const ledger = async (query: string) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/admin/accounting/get-general-ledger?${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

/**
 * Day d's entries on the operating bank: several a day, in NGN and USD, from three sources; expenses go
 * to rent (5010), an account no module ties to its records.
 */
function entriesOf(day: number, rentId: string): JournalEntryInput[] {
  const entryDate = `2026-03-${String(1 + day * 3).padStart(2, '0')}`;
  return Array.from({ length: 2 + (day % 3) }, (_, k) => {
    const amount = `${((day * 7 + k * 13) % 50) + 1}.${String((k * 17 + day) % 100).padStart(2, '0')}`;
    const currency = k % 3 === 2 ? 'USD' : 'NGN';
    if (k % 3 === 0)
      return {
        entryDate,
        memo: `Bank receipt ${day}-${k}`,
        sourceType: 'manual',
        sourceId: null,
        currency,
        lines: [
          { account: 'operating-bank', debit: amount },
          { account: 'expense-recoveries', credit: amount },
        ],
      };
    return {
      entryDate,
      memo: `Bank payment ${day}-${k}`,
      sourceType: k % 2 === 0 ? 'gateway-fee' : 'expense-payment',
      sourceId: null,
      currency,
      lines: [
        k % 2 === 0 ? { account: 'bank-charges', debit: amount } : { accountId: rentId, debit: amount },
        { account: 'operating-bank', credit: amount },
      ],
    };
  });
}

describe('a general ledger page read from the day totals', () => {
  it('answers what the lines answer: every page, its balances and count, with and without dates and a source', async () => {
    const { accounts } = await (
      await context.app.inject({ method: 'GET', url: '/api/admin/accounting/get-chart-of-accounts', headers: bearer(token) })
    ).json().data;
    const chart = accounts as { id: string; code: string | null; number: string }[];
    const bank = chart.find((account) => account.code === 'operating-bank')!;
    const rent = chart.find((account) => account.number === '5010')!;
    // A day's first two entries in one transaction (one posting moment: the line id orders them), the rest each in their own.
    const post = (entries: JournalEntryInput[]) =>
      context.database.withFirm(firm.firmId, async (tx) => {
        for (const entry of entries) await postJournalEntry(tx, { firmId: firm.firmId, userId: firm.users.admin.id }, entry);
      });
    for (let day = 0; day < 6; day += 1) {
      const entries = entriesOf(day, rent.id);
      await post(entries.slice(0, 2));
      for (const entry of entries.slice(2)) await post([entry]);
    }

    const queries = [
      `AccountId=${bank.id}`,
      `AccountId=${bank.id}&FromDate=2026-03-04&ToDate=2026-03-13`,
      `AccountId=${bank.id}&SourceType=expense-payment`,
      `AccountId=${bank.id}&FromDate=2026-03-07&SourceType=manual`,
    ];
    for (const query of queries)
      for (const size of [3, 5]) {
        const first = await ledger(`${query}&size=${size}&page=1`);
        expect(first.totalCount).toBeGreaterThan(size);
        for (let page = 1; page <= Math.ceil(first.totalCount / size) + 1; page += 1) {
          const fromDays = await ledger(`${query}&size=${size}&page=${page}`);
          // Any amount from a cent up: the same lines, read from the lines themselves (a line's amount is not in the day totals).
          const fromLines = await ledger(`${query}&size=${size}&page=${page}&MinAmount=0.01`);
          expect(fromDays, `${query}, size ${size}, page ${page}`).toEqual(fromLines);
        }
      }
    const whole = await ledger(`${queries[0]}&size=100`);
    expect(whole.data).toHaveLength([0, 1, 2, 3, 4, 5].reduce((sum, day) => sum + entriesOf(day, rent.id).length, 0));
  });
});
