import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.ts';
import { ledgerAccounts } from '../db/schema/index.ts';
import { postJournalEntry, reverseJournalEntry, type JournalLine } from '../platform/ledger/ledger.ts';
import type { SeededFirm } from './seeded-firm.ts';

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

type DemoJournal = {
  daysAgo: number;
  reference: string;
  memo: string;
  lines: { number: string; debit?: string; credit?: string }[];
  reversedAfterDays?: number;
};

/**
 * The bookkeeper's own entries in the demo firm (issue 36): capital paid in, the quarter's rent, and
 * a subscription first posted to the wrong account, reversed, and posted again. Only accounts no
 * module keeps, so every sub-ledger still ties out.
 */
const JOURNALS: DemoJournal[] = [
  {
    daysAgo: 90,
    reference: 'CAP-2026-01',
    memo: 'Partners’ capital paid in',
    lines: [
      { number: '1000', debit: '5000000.00' },
      { number: '3000', credit: '5000000.00' },
    ],
  },
  {
    daysAgo: 60,
    reference: 'RENT-Q2',
    memo: 'Office rent for the quarter, Victoria Island',
    lines: [
      { number: '5010', debit: '1500000.00' },
      { number: '1000', credit: '1500000.00' },
    ],
  },
  {
    daysAgo: 21,
    reference: 'JV-0042',
    memo: 'Nigerian Weekly Law Reports subscription',
    lines: [
      { number: '5010', debit: '185000.00' },
      { number: '1000', credit: '185000.00' },
    ],
    reversedAfterDays: 2,
  },
  {
    daysAgo: 19,
    reference: 'JV-0043',
    memo: 'Nigerian Weekly Law Reports subscription',
    lines: [
      { number: '5040', debit: '185000.00' },
      { number: '1000', credit: '185000.00' },
    ],
  },
];

async function accountIdOf(tx: Tx, firmId: string, number: string): Promise<string> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.firmId, firmId), eq(ledgerAccounts.number, number)));
  return row!.id;
}

export async function seedDemoJournals(database: Database, firm: SeededFirm): Promise<void> {
  const principal = { firmId: firm.firmId, userId: firm.users.billing.id };
  await database.withFirm(firm.firmId, async (tx) => {
    for (const journal of JOURNALS) {
      const lines: JournalLine[] = [];
      for (const line of journal.lines)
        lines.push({ accountId: await accountIdOf(tx, firm.firmId, line.number), debit: line.debit, credit: line.credit });
      const entryId = await postJournalEntry(tx, principal, {
        entryDate: isoDaysAgo(journal.daysAgo),
        reference: journal.reference,
        memo: journal.memo,
        sourceType: 'manual',
        sourceId: null,
        currency: 'NGN',
        lines,
      });
      if (journal.reversedAfterDays !== undefined)
        await reverseJournalEntry(tx, principal, entryId, {
          entryDate: isoDaysAgo(journal.daysAgo - journal.reversedAfterDays),
          memo: `Reversal of: ${journal.memo} (posted to rent in error)`,
          reference: journal.reference,
          sourceType: 'manual',
          sourceId: null,
        });
    }
  });
}
