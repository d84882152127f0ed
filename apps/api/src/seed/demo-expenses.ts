import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { computeExpenseAmounts, EXPENSE_RECEIPT_MAX_BYTES } from '@matterhorn/shared';
import type { Database } from '../db/database.ts';
import { expenseCategories, expenseReceipts, expenses, firms, matters } from '../db/schema/index.ts';
import { recordStoredFile, storeUpload, type FileStore } from '../platform/files/files.ts';
import { postExpensePayment } from '../modules/expenses/expenses.api.ts';
import type { SeededFirm } from './seeded-firm.ts';

/** A 1×1 PNG: the demo's scanned receipt. */
const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

type Who = 'admin' | 'feeEarner' | 'billing';
type DemoExpense = {
  /** Index among the firm's open matters; null for a firm expense. */
  matter: number | null;
  who: Who;
  daysAgo: number;
  category: string;
  description: string;
  quantity: string;
  unitCost: string;
  isBillable?: 2 | 4;
  payee?: string;
  status: 'Approved' | 'Pending' | 'Rejected';
  decidedBy?: Who;
  rejectionReason?: string;
  paid?: { daysAgo: number; method: string; reference: string };
  receipt?: string;
};

/** The demo firm's expenses: client and firm costs, requests waiting and rejected, paid and unpaid, one with a receipt. */
const EXPENSES: DemoExpense[] = [
  {
    matter: 0,
    who: 'admin',
    daysAgo: 30,
    category: 'Court filing fees',
    description: 'Filing fee, originating summons',
    quantity: '1',
    unitCost: '25000',
    payee: 'Federal High Court Registry',
    status: 'Approved',
    paid: { daysAgo: 29, method: 'Bank transfer', reference: 'TRF-20431' },
    receipt: 'filing-fee-receipt.png',
  },
  {
    matter: 0,
    who: 'admin',
    daysAgo: 21,
    category: 'Courier',
    description: 'Service of processes by courier',
    quantity: '2',
    unitCost: '7500',
    payee: 'Red Star Express',
    status: 'Approved',
  },
  {
    matter: 1,
    who: 'billing',
    daysAgo: 14,
    category: 'Photocopying',
    description: 'Bundle of documents for the data room',
    quantity: '120',
    unitCost: '50',
    isBillable: 2,
    status: 'Approved',
  },
  {
    matter: 2,
    who: 'feeEarner',
    daysAgo: 9,
    category: 'Travel',
    description: 'Return flight Lagos–Abuja for the hearing',
    quantity: '1',
    unitCost: '185000',
    payee: 'Air Peace',
    status: 'Approved',
    decidedBy: 'admin',
  },
  {
    matter: 2,
    who: 'feeEarner',
    daysAgo: 8,
    category: 'Travel',
    description: 'Hotel in Abuja, half-day rate',
    quantity: '0.5',
    unitCost: '60000',
    status: 'Pending',
  },
  {
    matter: 3,
    who: 'feeEarner',
    daysAgo: 6,
    category: 'Meals',
    description: 'Lunch with the client’s witnesses',
    quantity: '3',
    unitCost: '12000',
    status: 'Rejected',
    decidedBy: 'admin',
    rejectionReason: 'Meals with witnesses are not reimbursed on this matter',
  },
  {
    matter: null,
    who: 'admin',
    daysAgo: 20,
    category: 'Postage',
    description: 'Registered post for the month',
    quantity: '10',
    unitCost: '1500',
    payee: 'NIPOST',
    status: 'Approved',
    paid: { daysAgo: 19, method: 'Cash', reference: 'PC-118' },
  },
  {
    matter: null,
    who: 'feeEarner',
    daysAgo: 3,
    category: 'Other',
    description: 'Law reports subscription renewal',
    quantity: '1',
    unitCost: '95000',
    payee: 'Nigerian Weekly Law Reports',
    status: 'Pending',
  },
];

export async function seedDemoExpenses(database: Database, firm: SeededFirm, files?: FileStore): Promise<void> {
  const inserted = await database.withFirm(firm.firmId, async (tx) => {
    const [home] = await tx
      .select({ currencyId: firms.homeCurrencyId })
      .from(firms)
      .where(sql`${firms.id} = ${firm.firmId}`);
    const open = await tx
      .select({ id: matters.id, clientId: matters.clientId })
      .from(matters)
      .where(sql`${matters.status} = 'Open'`)
      .orderBy(matters.matterNumber);
    const categories = await tx.select({ id: expenseCategories.id, name: expenseCategories.name }).from(expenseCategories);
    const categoryOf = new Map(categories.map((category) => [category.name, category.id]));
    const rows = await tx
      .insert(expenses)
      .values(
        EXPENSES.map((expense) => {
          const matter = expense.matter === null ? null : open[expense.matter % open.length]!;
          const decider = expense.status === 'Pending' ? null : firm.users[expense.decidedBy ?? expense.who].id;
          return {
            firmId: firm.firmId,
            isFirmExpense: matter === null,
            isExpenseRequest: expense.who === 'feeEarner',
            clientId: matter?.clientId ?? null,
            matterId: matter?.id ?? null,
            expenseDate: sql`current_date - ${expense.daysAgo}::int`,
            description: expense.description,
            categoryId: categoryOf.get(expense.category)!,
            quantity: expense.quantity,
            unitCost: expense.unitCost,
            ...computeExpenseAmounts({ quantity: expense.quantity, unitCost: expense.unitCost }),
            homeCurrencyId: home?.currencyId ?? null,
            isBillable: matter === null ? 2 : (expense.isBillable ?? 4),
            payee: expense.payee ?? null,
            approvalStatus: expense.status,
            decidedByUserId: decider,
            decidedAt: decider ? sql`now() - make_interval(days => ${expense.daysAgo - 1})` : null,
            rejectionReason: expense.rejectionReason ?? null,
            paymentStatus: expense.paid ? 'Paid' : 'Unpaid',
            paidDate: expense.paid ? sql`current_date - ${expense.paid.daysAgo}::int` : null,
            paymentMethod: expense.paid?.method ?? null,
            paymentReference: expense.paid?.reference ?? null,
            addedByUserId: firm.users[expense.who].id,
          };
        }),
      )
      .returning();
    // A paid expense's cash left the operating bank: the demo's books say so as the app's would.
    for (const row of rows) {
      if (row.paymentStatus === 'Paid')
        await postExpensePayment(tx, { firmId: firm.firmId, userId: row.decidedByUserId ?? row.addedByUserId }, row, { chosen: null });
    }
    return rows.map((row, index) => ({ id: row.id, expense: EXPENSES[index]! }));
  });
  if (!files) return;
  for (const { id, expense } of inserted) {
    if (!expense.receipt) continue;
    const stored = await storeUpload(
      files,
      { content: Readable.from([RECEIPT_PNG]), fileName: expense.receipt },
      {
        what: 'A receipt',
        maxBytes: EXPENSE_RECEIPT_MAX_BYTES,
        types: { 'image/png': 'PNG' },
      },
    );
    await recordStoredFile(files, stored, () =>
      database.withFirm(firm.firmId, (tx) =>
        tx.insert(expenseReceipts).values({
          firmId: firm.firmId,
          expenseId: id,
          storageKey: stored.key,
          fileName: stored.fileName,
          contentType: stored.contentType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          uploadedByUserId: firm.users[expense.who].id,
        }),
      ),
    );
  }
}
