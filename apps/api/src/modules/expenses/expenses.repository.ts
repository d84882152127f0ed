import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { IS_BILLABLE, type ExpenseApprovalStatus, type ExpenseBillingStatus, type ExpensePaymentStatus } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { receivesEmail } from '../../platform/notifications/email-opt-outs.ts';
import {
  clients,
  currencies,
  exchangeRates,
  expenseCategories,
  expenseReceipts,
  expenses,
  firms,
  matters,
  users,
} from '../../db/schema/index.ts';
import { firmToday } from '../../platform/firm-clock.ts';
import { billedOnInvoiceNumberOf, isNotHeldFromBilling, type UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import { declareList, type ListRequest } from '../../platform/lists/list-declaration.ts';
import { selectMatching } from '../../platform/lists/list-statements.ts';
import { nameByKey, sortByName } from '../../platform/lists/list-names.ts';

/**
 * The one rule of what is billed, in SQL: an expense an invoice has taken (expenses.api.ts's lock
 * sets it). A billed expense cannot change or be deleted; the service reads the same column.
 */
export const isBilledExpense: SQL = sql`(${expenses.invoiceId} is not null)`;

/** What an invoice may take: an approved, billable client expense not yet on an invoice. */
export const isUnbilledBillableExpense: SQL = sql`(${expenses.invoiceId} is null and ${expenses.approvalStatus} = 'Approved'
  and ${expenses.isFirmExpense} = false and ${expenses.isBillable} = 4)`;

/** What an invoice may not take (expenses.api.ts's lock refuses it). */
export const isNotFreeToBill: SQL = sql`(not ${isUnbilledBillableExpense})`;

/** The transaction's moment, for a decision's time. */
export const NOW: SQL = sql`now()`;

/** Billing status, derived: a firm or non-billable expense is never billed; otherwise Billed once on an invoice. */
export const billingStatusOf: SQL<ExpenseBillingStatus> = sql<ExpenseBillingStatus>`(case
  when ${expenses.isFirmExpense} or ${expenses.isBillable} = 2 then 'Not billable'
  when ${expenses.invoiceId} is not null then 'Billed' else 'Unbilled' end)`;

/**
 * The filters' constant conditions are written as literals (the values are the contract's enums),
 * so the planner can prove the partial indexes' predicates from them (expenses_unbilled_date_idx:
 * the billing state's pre-fetch on every page load).
 */
const BILLING_CONDITIONS: Record<ExpenseBillingStatus, SQL> = {
  Unbilled: sql.raw(`("expenses"."is_firm_expense" = false and "expenses"."is_billable" = 4 and "expenses"."invoice_id" is null)`),
  Billed: sql.raw(`("expenses"."invoice_id" is not null)`),
  'Not billable': sql.raw(`("expenses"."is_firm_expense" = true or "expenses"."is_billable" = 2)`),
};
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

export type ExpenseValues = {
  isFirmExpense: boolean;
  isExpenseRequest: boolean;
  clientId: string | null;
  matterId: string | null;
  expenseDate: string;
  description: string;
  categoryId: string;
  quantity: string;
  unitCost: string;
  amount: string;
  homeAmount: string;
  homeCurrencyId: number | null;
  foreignCurrencyId: number | null;
  exchangeRate: string;
  isBillable: number;
  payee: string | null;
  reference: string | null;
  note: string | null;
};

export type ApprovalValues = {
  approvalStatus: ExpenseApprovalStatus;
  decidedByUserId: string | null;
  decidedAt: SQL | null;
  rejectionReason: string | null;
};

/** The matter (with its client's liveness) an expense would go on, in the firm; null when it is not the firm's. */
export async function findMatterReference(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({
      clientId: matters.clientId,
      status: matters.status,
      isLive: sql<boolean>`${matters.deletedAt} is null and ${matters.clientDeletedAt} is null`,
    })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId)));
  return row ?? null;
}

export async function findCategoryReference(tx: Tx, firmId: string, categoryId: string) {
  const [row] = await tx
    .select({ isLive: sql<boolean>`${expenseCategories.deletedAt} is null` })
    .from(expenseCategories)
    .where(and(eq(expenseCategories.firmId, firmId), eq(expenseCategories.id, categoryId)));
  return row ?? null;
}

export async function findFirmCurrency(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({ homeCurrencyId: firms.homeCurrencyId, multicurrency: firms.multicurrency })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}

export async function currencyExists(tx: Tx, currencyId: number): Promise<boolean> {
  const [row] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, currencyId));
  return Boolean(row);
}

/**
 * The firm's own rate for a currency as the expense form pre-fills it: the newest effective on or
 * before the firm's today. Null when the firm has set none.
 */
export async function findFirmExchangeRate(tx: Tx, firmId: string, foreignCurrencyId: number): Promise<string | null> {
  const [row] = await tx
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .innerJoin(firms, eq(firms.id, exchangeRates.firmId))
    .where(
      and(
        eq(exchangeRates.firmId, firmId),
        eq(exchangeRates.foreignCurrencyId, foreignCurrencyId),
        lte(exchangeRates.effectiveDate, firmToday(firms.timeZone)),
      ),
    )
    .orderBy(desc(exchangeRates.effectiveDate))
    .limit(1);
  return row?.rate ?? null;
}

/** A member's name and email, to tell a requester of a decision. */
/** The requester of an expense, to tell of its decision: none when they opted out of those emails. */
export async function findRequesterToTell(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId), receivesEmail('users', 'expenseDecisions')));
  return row ?? null;
}

export async function insertExpense(tx: Tx, firmId: string, addedByUserId: string, values: ExpenseValues & ApprovalValues) {
  const [row] = await tx
    .insert(expenses)
    .values({ firmId, addedByUserId, ...values })
    .returning({ id: expenses.id });
  return row!.id;
}

/** The live expense, read without a lock (an upload checks it before its file streams). */
export async function findExpense(tx: Tx, firmId: string, expenseId: string) {
  const [row] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.firmId, firmId), eq(expenses.id, expenseId), isNull(expenses.deletedAt)));
  return row ?? null;
}

const billedOnInvoiceNumber = billedOnInvoiceNumberOf('expenses');

/** The live expense, locked for the change about to be made to it. */
export async function lockExpense(tx: Tx, firmId: string, expenseId: string) {
  const [row] = await tx
    .select({ ...getTableColumns(expenses), billedOnInvoiceNumber })
    .from(expenses)
    .where(and(eq(expenses.firmId, firmId), eq(expenses.id, expenseId), isNull(expenses.deletedAt)))
    .for('update');
  return row ?? null;
}

/** The ISO code of the currency an expense was paid in (its foreign currency, else its home one), or null when it has neither. */
export async function findExpenseCurrencyCode(tx: Tx, firmId: string, expenseId: string): Promise<string | null> {
  const [row] = await tx
    .select({ code: currencies.isoCode })
    .from(expenses)
    .innerJoin(currencies, eq(currencies.id, currencyOf))
    .where(and(eq(expenses.firmId, firmId), eq(expenses.id, expenseId)));
  return row?.code ?? null;
}

export async function updateExpense(tx: Tx, firmId: string, expenseId: string, values: PgUpdateSetSource<typeof expenses>) {
  await tx
    .update(expenses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(expenses.firmId, firmId), eq(expenses.id, expenseId)));
}

export async function setExpenseDeleted(tx: Tx, firmId: string, expenseId: string, deletedByUserId: string) {
  await tx
    .update(expenses)
    .set({ deletedAt: sql`now()`, deletedByUserId })
    .where(and(eq(expenses.firmId, firmId), eq(expenses.id, expenseId)));
}

const currencyOf = sql`coalesce(${expenses.foreignCurrencyId}, ${expenses.homeCurrencyId})`;

const columns = {
  id: expenses.id,
  isFirmExpense: expenses.isFirmExpense,
  isExpenseRequest: expenses.isExpenseRequest,
  expenseDate: expenses.expenseDate,
  clientId: expenses.clientId,
  clientName: nameByKey<string | null>(clients, clients.displayName, expenses.clientId),
  matterId: expenses.matterId,
  matterName: nameByKey<string | null>(matters, matters.matterName, expenses.matterId),
  matterNumber: nameByKey<string | null>(matters, matters.matterNumber, expenses.matterId),
  categoryId: expenses.categoryId,
  categoryName: nameByKey<string>(expenseCategories, expenseCategories.name, expenses.categoryId),
  utbmsExpenseCode: nameByKey<string | null>(expenseCategories, expenseCategories.utbmsExpenseCode, expenses.categoryId),
  description: expenses.description,
  quantity: expenses.quantity,
  unitCost: expenses.unitCost,
  amount: expenses.amount,
  homeAmount: expenses.homeAmount,
  foreignCurrencyId: expenses.foreignCurrencyId,
  currencySymbol: sql<string>`coalesce((select symbol from ${currencies} looked_up where looked_up.id = ${currencyOf}), '')`,
  currencyCode: sql<string>`coalesce((select iso_code from ${currencies} looked_up where looked_up.id = ${currencyOf}), '')`,
  exchangeRate: expenses.exchangeRate,
  isBillable: expenses.isBillable,
  payee: expenses.payee,
  reference: expenses.reference,
  approvalStatus: sql<ExpenseApprovalStatus>`${expenses.approvalStatus}`,
  decidedByUserName: nameByKey<string | null>(users, users.name, expenses.decidedByUserId),
  decidedAt: expenses.decidedAt,
  rejectionReason: expenses.rejectionReason,
  paymentStatus: sql<ExpensePaymentStatus>`${expenses.paymentStatus}`,
  paidDate: expenses.paidDate,
  paymentMethod: expenses.paymentMethod,
  paymentReference: expenses.paymentReference,
  billingStatus: billingStatusOf,
  isLocked: sql<boolean>`${isBilledExpense}`,
  addedByUserId: expenses.addedByUserId,
  addedByUserName: nameByKey<string>(users, users.name, expenses.addedByUserId),
  // Qualified by hand: drizzle leaves a single table's columns unqualified, which the subquery's own columns would shadow.
  receiptCount: sql<number>`(select count(*)::int from ${expenseReceipts} receipt
    where receipt.firm_id = "expenses"."firm_id" and receipt.expense_id = "expenses"."id" and receipt.deleted_at is null)`,
  createdAt: expenses.createdAt,
};

export type ExpenseListFilters = {
  isFirmExpense?: boolean | undefined;
  approvalStatus?: ExpenseApprovalStatus | undefined;
  paymentStatus?: ExpensePaymentStatus | undefined;
  billingStatus?: ExpenseBillingStatus | undefined;
  clientId?: string | undefined;
  matterId?: string | undefined;
  addedByUserId?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
};
export type ExpenseSortColumn =
  | 'expenseDate'
  | 'clientName'
  | 'matterName'
  | 'categoryName'
  | 'addedByUserName'
  | 'homeAmount'
  | 'approvalStatus'
  | 'paymentStatus'
  | 'createdAt';
export type ExpenseListRequest = ListRequest<ExpenseListFilters, ExpenseSortColumn>;

/** A sort by a name that a firm expense has not (its client, its matter): looked up per row, nulls last. */
const sortByOptionalName = (name: SQL) => ({ keys: [{ key: name, type: 'text', isNullable: true }] });

/**
 * Expenses, newest date first, filtered on their own columns; a search matches the description,
 * the payee, or the matters whose search text (which holds the client's name) matches.
 */
export const expenseList = declareList({
  table: expenses,
  live: isNull(expenses.deletedAt),
  filters: {
    isFirmExpense: (isFirm: boolean) => sql.raw(`"expenses"."is_firm_expense" = ${isFirm ? 'true' : 'false'}`),
    approvalStatus: (status: ExpenseApprovalStatus) => sql.raw(`"expenses"."approval_status" = ${literal(status)}`),
    paymentStatus: (status: ExpensePaymentStatus) => sql.raw(`"expenses"."payment_status" = ${literal(status)}`),
    billingStatus: (status: ExpenseBillingStatus) => BILLING_CONDITIONS[status],
    clientId: (clientId: string) => eq(expenses.clientId, clientId),
    matterId: (matterId: string) => eq(expenses.matterId, matterId),
    addedByUserId: (userId: string) => eq(expenses.addedByUserId, userId),
    fromDate: (date: string) => gte(expenses.expenseDate, date),
    toDate: (date: string) => lte(expenses.expenseDate, date),
  },
  search: [
    expenses.description,
    expenses.payee,
    (pattern, firmId) =>
      sql`${expenses.matterId} = any(array(select searched.id from ${matters} searched
        where searched.firm_id = ${firmId} and searched.search_text ilike ${pattern}))`,
  ],
  sorts: {
    expenseDate: { keys: [{ key: expenses.expenseDate }, { key: expenses.createdAt }] },
    createdAt: { keys: [{ key: expenses.createdAt }] },
    homeAmount: { keys: [{ key: expenses.homeAmount }] },
    approvalStatus: { keys: [{ key: expenses.approvalStatus }, { key: expenses.expenseDate }] },
    paymentStatus: { keys: [{ key: expenses.paymentStatus }, { key: expenses.expenseDate }] },
    clientName: sortByOptionalName(columns.clientName),
    matterName: sortByOptionalName(columns.matterName),
    categoryName: sortByName(expenseCategories, expenseCategories.name, expenses.categoryId),
    addedByUserName: sortByName(users, users.name, expenses.addedByUserId),
  },
  columns,
  isDescendingNullsLast: true,
});

/** One expense with its names, as the list shows it, plus its note and last change. */
export async function findExpenseDetail(tx: Tx, firmId: string, expenseId: string) {
  const [row] = await tx
    .select({ ...columns, note: expenses.note, updatedAt: expenses.updatedAt, billedOnInvoiceNumber })
    .from(expenses)
    .where(and(eq(expenses.firmId, firmId), eq(expenses.id, expenseId), isNull(expenses.deletedAt)));
  return row ?? null;
}

/** The whole filter's total and its unbilled billable part (approved), in the home currency, as exact decimal text. */
export async function sumExpenses(tx: Tx, firmId: string, request: ExpenseListRequest) {
  const [row] = await selectMatching(tx, expenseList, firmId, request, {
    totalAmount: sql<string>`coalesce(sum(${expenses.homeAmount}), 0)::numeric(20, 2)::text`,
    unbilledAmount: sql<string>`coalesce(sum(${expenses.homeAmount}) filter (where ${isUnbilledBillableExpense}), 0)::numeric(20, 2)::text`,
  });
  return row!;
}

// Receipts.

export async function listReceipts(tx: Tx, firmId: string, expenseId: string) {
  return tx
    .select({
      id: expenseReceipts.id,
      fileName: expenseReceipts.fileName,
      contentType: expenseReceipts.contentType,
      sizeBytes: expenseReceipts.sizeBytes,
      uploadedAt: expenseReceipts.uploadedAt,
      uploadedByUserName: nameByKey<string>(users, users.name, expenseReceipts.uploadedByUserId),
    })
    .from(expenseReceipts)
    .where(and(eq(expenseReceipts.firmId, firmId), eq(expenseReceipts.expenseId, expenseId), isNull(expenseReceipts.deletedAt)))
    .orderBy(asc(expenseReceipts.uploadedAt), asc(expenseReceipts.id));
}

export async function insertReceipt(tx: Tx, values: typeof expenseReceipts.$inferInsert) {
  const [row] = await tx.insert(expenseReceipts).values(values).returning({ id: expenseReceipts.id });
  return row!.id;
}

/** A live receipt of a live expense of the firm. */
export async function findReceipt(tx: Tx, firmId: string, expenseId: string, receiptId: string) {
  const [row] = await tx
    .select({
      id: expenseReceipts.id,
      storageKey: expenseReceipts.storageKey,
      fileName: expenseReceipts.fileName,
      contentType: expenseReceipts.contentType,
      sizeBytes: expenseReceipts.sizeBytes,
    })
    .from(expenseReceipts)
    .innerJoin(expenses, and(eq(expenses.firmId, expenseReceipts.firmId), eq(expenses.id, expenseReceipts.expenseId)))
    .where(
      and(
        eq(expenseReceipts.firmId, firmId),
        eq(expenseReceipts.expenseId, expenseId),
        eq(expenseReceipts.id, receiptId),
        isNull(expenseReceipts.deletedAt),
        isNull(expenses.deletedAt),
      ),
    );
  return row ?? null;
}

export async function setReceiptDeleted(tx: Tx, firmId: string, receiptId: string, deletedByUserId: string) {
  await tx
    .update(expenseReceipts)
    .set({ deletedAt: sql`now()`, deletedByUserId })
    .where(and(eq(expenseReceipts.firmId, firmId), eq(expenseReceipts.id, receiptId)));
}

// Categories.

export async function listCategories(tx: Tx, firmId: string) {
  return tx
    .select({
      id: expenseCategories.id,
      name: expenseCategories.name,
      utbmsExpenseCode: expenseCategories.utbmsExpenseCode,
      // Qualified by hand, as receiptCount above.
      expenseCount: sql<number>`(select count(*)::int from ${expenses} used
        where used.firm_id = "expense_categories"."firm_id" and used.category_id = "expense_categories"."id" and used.deleted_at is null)`,
    })
    .from(expenseCategories)
    .where(and(eq(expenseCategories.firmId, firmId), isNull(expenseCategories.deletedAt)))
    .orderBy(sql`lower(${expenseCategories.name})`, asc(expenseCategories.id));
}

export async function lockCategory(tx: Tx, firmId: string, categoryId: string) {
  const [row] = await tx
    .select()
    .from(expenseCategories)
    .where(and(eq(expenseCategories.firmId, firmId), eq(expenseCategories.id, categoryId), isNull(expenseCategories.deletedAt)))
    .for('update');
  return row ?? null;
}

/** Whether another live category of the firm has the name (any case). */
export async function isCategoryNameTaken(tx: Tx, firmId: string, name: string, exceptId: string | null) {
  const [row] = await tx
    .select({ found: count() })
    .from(expenseCategories)
    .where(
      and(
        eq(expenseCategories.firmId, firmId),
        isNull(expenseCategories.deletedAt),
        sql`lower(${expenseCategories.name}) = lower(${name})`,
        exceptId ? ne(expenseCategories.id, exceptId) : undefined,
      ),
    );
  return (row?.found ?? 0) > 0;
}

export async function insertCategory(tx: Tx, firmId: string, values: { name: string; utbmsExpenseCode: string | null }) {
  const [row] = await tx
    .insert(expenseCategories)
    .values({ firmId, ...values })
    .returning({ id: expenseCategories.id });
  return row!.id;
}

export async function updateCategory(
  tx: Tx,
  firmId: string,
  categoryId: string,
  values: { name: string; utbmsExpenseCode: string | null },
) {
  await tx
    .update(expenseCategories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(expenseCategories.firmId, firmId), eq(expenseCategories.id, categoryId)));
}

export async function setCategoryDeleted(tx: Tx, firmId: string, categoryId: string) {
  await tx
    .update(expenseCategories)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(expenseCategories.firmId, firmId), eq(expenseCategories.id, categoryId)));
}

export async function findCategory(tx: Tx, firmId: string, categoryId: string) {
  const rows = await listCategories(tx, firmId);
  return rows.find((row) => row.id === categoryId) ?? null;
}

// The dashboard.

/** Requests waiting for a decision that `approverId` may take (not their own), newest first, and how many. */
export async function findPendingRequests(tx: Tx, firmId: string, approverId: string, limit: number) {
  const waiting = and(
    eq(expenses.firmId, firmId),
    isNull(expenses.deletedAt),
    sql.raw(`"expenses"."approval_status" = 'Pending'`),
    ne(expenses.addedByUserId, approverId),
  );
  const [total] = await tx.select({ count: count() }).from(expenses).where(waiting);
  const rows = await tx
    .select({
      id: columns.id,
      expenseDate: columns.expenseDate,
      description: columns.description,
      homeAmount: columns.homeAmount,
      isFirmExpense: columns.isFirmExpense,
      clientName: columns.clientName,
      matterName: columns.matterName,
      addedByUserName: columns.addedByUserName,
      createdAt: columns.createdAt,
    })
    .from(expenses)
    .where(waiting)
    .orderBy(sql`${expenses.expenseDate} desc nulls last`, sql`${expenses.createdAt} desc nulls last`, sql`${expenses.id} desc nulls last`)
    .limit(limit);
  return { count: total?.count ?? 0, rows };
}

/** A client's approved, billable expenses not on an invoice (the invoice's unbilled items), oldest first, as the expense list shows them. */
export async function findUnbilledExpenseRows(tx: Tx, firmId: string, filter: UnbilledItemFilter) {
  return tx
    .select(columns)
    .from(expenses)
    .where(
      and(
        eq(expenses.firmId, firmId),
        isNull(expenses.deletedAt),
        eq(expenses.clientId, filter.clientId),
        filter.invoiceId
          ? and(
              eq(expenses.invoiceId, filter.invoiceId),
              eq(expenses.approvalStatus, 'Approved'),
              eq(expenses.isFirmExpense, false),
              eq(expenses.isBillable, IS_BILLABLE.billable),
            )
          : and(isUnbilledBillableExpense, isNotHeldFromBilling('expenses')),
        filter.matterIds?.length ? inArray(expenses.matterId, filter.matterIds) : undefined,
        filter.ids ? inArray(expenses.id, filter.ids) : undefined,
        filter.from ? gte(expenses.expenseDate, filter.from) : undefined,
        filter.to ? lte(expenses.expenseDate, filter.to) : undefined,
      ),
    )
    .orderBy(asc(expenses.expenseDate), asc(expenses.createdAt), asc(expenses.id));
}
