import { computeTimeEntryAmounts, createInvoiceSchema, IS_BILLABLE } from '@matterhorn/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.ts';
import { activityTypes, firms, ledgerAccounts, matters, timeEntries } from '../db/schema/index.ts';
import { createInvoiceService } from '../modules/invoices/invoices.service.ts';
import { postJournalEntry, type JournalLine } from '../platform/ledger/ledger.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

/** The first day of the month `monthsAgo` months before this one, and a day of it (clamped to 28). */
function dayOf(monthsAgo: number, day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, Math.min(day, 28))).toISOString().slice(0, 10);
}

/** The month's work billed at its end, as the demo firm's two fee earners would record it. */
const MONTHLY_WORK = [
  { who: 'admin', activityCode: 'A103', duration: '6.5', description: 'Drafted and settled the agreements' },
  { who: 'feeEarner', activityCode: 'A104', duration: '8', description: 'Reviewed the correspondence and the filings' },
  { who: 'admin', activityCode: 'A106', duration: '7', description: 'Meetings and calls with the client' },
  { who: 'feeEarner', activityCode: 'A103', duration: '9.5', description: 'Prepared the court processes and bundles' },
] as const;

/**
 * Hours a month's work runs over or under its usual (in half hours), so no two months bill alike:
 * a firm's months follow its matters, not a template.
 */
const MONTHLY_SWING = [0, 3.5, -4, 6, -2.5, 1.5, 8, -5, 2, 4.5, -1] as const;
const hoursIn = (month: number, index: number, usual: string) =>
  String(Number(usual) + MONTHLY_SWING[(month * 7 + index * 3) % MONTHLY_SWING.length]! / 2);

/** The firm's own running costs each month (gross salaries less PAYE and pension withheld, paid over the next month). */
const MONTHLY_COSTS: { reference: string; memo: string; day: number; lines: { number: string; debit?: string; credit?: string }[] }[] = [
  {
    reference: 'RENT',
    memo: 'Office rent, Victoria Island',
    day: 1,
    lines: [
      { number: '5010', debit: '400000.00' },
      { number: '1000', credit: '400000.00' },
    ],
  },
  {
    reference: 'PAY',
    memo: 'Staff salaries',
    day: 25,
    lines: [
      { number: '5020', debit: '900000.00' },
      { number: '2160', credit: '135000.00' },
      { number: '1000', credit: '765000.00' },
    ],
  },
  {
    reference: 'UTIL',
    memo: 'Power, diesel and internet',
    day: 15,
    lines: [
      { number: '5030', debit: '145000.00' },
      { number: '1000', credit: '145000.00' },
    ],
  },
  {
    reference: 'PAYE',
    memo: 'PAYE and pension remitted for the previous month',
    day: 10,
    lines: [
      { number: '2160', debit: '135000.00' },
      { number: '1000', credit: '135000.00' },
    ],
  },
];

/** Months of history before the demo's recent weeks (which demo-invoices and demo-journals hold). */
const HISTORY_MONTHS = 12;

/**
 * A year of the demo firm's books (issue 36), so profit and loss, the balance sheet and the budget
 * have months to show: each past month's time billed on its last days and paid the month after,
 * through the invoices service (items locked, numbers taken, the ledger posted as the app does),
 * and the firm's running costs as the bookkeeper's journals. Nothing falls in the last two months,
 * which the other demo modules fill; every sub-ledger ties out.
 */
export async function seedDemoBooksHistory(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const invoices = createInvoiceService(database);
  const matterRows = await database.withFirm(firm.firmId, (tx) =>
    tx.select({ id: matters.id, clientId: matters.clientId }).from(matters).where(inArray(matters.id, firm.matterIds)),
  );
  const rates = { admin: '80000.00', feeEarner: '50000.00' };

  for (let monthsAgo = HISTORY_MONTHS; monthsAgo >= 3; monthsAgo -= 1) {
    const matter = matterRows[monthsAgo % matterRows.length]!;
    const entryIds = await database.withFirm(firm.firmId, async (tx) => {
      const [home] = await tx.select({ currencyId: firms.homeCurrencyId }).from(firms).where(eq(firms.id, firm.firmId));
      const activities = await tx
        .select({ id: activityTypes.id, code: activityTypes.utbmsCode })
        .from(activityTypes)
        .where(eq(activityTypes.firmId, firm.firmId));
      const rows = await tx
        .insert(timeEntries)
        .values(
          MONTHLY_WORK.map((work, index) => ({ ...work, duration: hoursIn(monthsAgo, index, work.duration) })).map((work, index) => ({
            firmId: firm.firmId,
            clientId: matter.clientId,
            matterId: matter.id,
            activityTypeId: activities.find((activity) => activity.code === work.activityCode)!.id,
            userId: firm.users[work.who].id,
            enteredByUserId: firm.users[work.who].id,
            isBillable: IS_BILLABLE.billable,
            description: work.description,
            timeEntryDate: dayOf(monthsAgo, 4 + index * 6),
            duration: work.duration,
            userRate: rates[work.who],
            homeCurrencyId: home?.currencyId ?? null,
            exchangeRate: '1',
            ...computeTimeEntryAmounts({ userRate: rates[work.who], duration: work.duration, exchangeRate: '1' }),
          })),
        )
        .returning({ id: timeEntries.id });
      return rows.map((row) => row.id);
    });
    const issueDate = dayOf(monthsAgo, 28);
    const invoice = await invoices.create(
      principal,
      createInvoiceSchema.parse({ clientId: matter.clientId, timeEntryIds: entryIds, expenseIds: [], flatFeeIds: [], issueDate }),
    );
    const sent = await invoices.send(principal, invoice.id, { sentDate: issueDate, message: null });
    await invoices.recordPayment(principal, invoice.id, {
      amount: sent.totals.balanceDue,
      paymentDate: dayOf(monthsAgo - 1, 20),
      method: 'Bank transfer',
      reference: `NIP/HIST/${String(HISTORY_MONTHS - monthsAgo + 1).padStart(3, '0')}`,
    });
  }

  const bookkeeper = { firmId: firm.firmId, userId: firm.users.billing.id };
  await database.withFirm(firm.firmId, async (tx) => {
    const idOf = await accountIds(tx, firm.firmId);
    const openingDate = dayOf(HISTORY_MONTHS, 1);
    await postJournalEntry(tx, bookkeeper, {
      entryDate: openingDate,
      reference: 'OB-001',
      memo: 'Balances brought forward from the previous books',
      sourceType: 'manual',
      sourceId: null,
      currency: 'NGN',
      lines: [
        { accountId: idOf('1000'), debit: '8000000.00' },
        { accountId: idOf('1500'), debit: '3500000.00' },
        { accountId: idOf('3000'), credit: '6000000.00' },
        { accountId: idOf('3900'), credit: '5500000.00' },
      ],
    });
    for (let monthsAgo = HISTORY_MONTHS; monthsAgo >= 1; monthsAgo -= 1) {
      for (const cost of MONTHLY_COSTS) {
        // The first month has no previous payroll to remit.
        if (cost.reference === 'PAYE' && monthsAgo === HISTORY_MONTHS) continue;
        const entryDate = dayOf(monthsAgo, cost.day);
        // Power and diesel follow the grid: some months far more generator hours than others.
        const amount = cost.reference === 'UTIL' ? (145_000 + MONTHLY_SWING[monthsAgo % MONTHLY_SWING.length]! * 9_000).toFixed(2) : null;
        const lines: JournalLine[] = cost.lines.map((line) => ({
          accountId: idOf(line.number),
          debit: line.debit && (amount ?? line.debit),
          credit: line.credit && (amount ?? line.credit),
        }));
        await postJournalEntry(tx, bookkeeper, {
          entryDate,
          reference: `${cost.reference}-${entryDate.slice(0, 7)}`,
          memo: cost.memo,
          sourceType: 'manual',
          sourceId: null,
          currency: 'NGN',
          lines,
        });
      }
    }
  });
}

async function accountIds(tx: Tx, firmId: string): Promise<(number: string) => string> {
  const rows = await tx
    .select({ id: ledgerAccounts.id, number: ledgerAccounts.number })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.firmId, firmId));
  const byNumber = new Map(rows.map((row) => [row.number, row.id]));
  return (number) => byNumber.get(number)!;
}
