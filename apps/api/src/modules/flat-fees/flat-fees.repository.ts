import { and, asc, eq, getTableColumns, gte, inArray, isNull, lte, not, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { activityTypes, clients, currencies, firms, flatFees, matters, users } from '../../db/schema/index.ts';
import { billedOnInvoiceNumberOf, isNotHeldFromBilling, type UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import { declareList, type ListRequest } from '../../platform/lists/list-declaration.ts';
import { selectMatching } from '../../platform/lists/list-statements.ts';
import { nameByKey, sortByName } from '../../platform/lists/list-names.ts';

/**
 * The one rule of what is billed, in SQL: a flat fee an invoice has taken (flat-fees.api.ts's lock
 * sets it). A billed flat fee cannot change or be deleted; the service reads the same column.
 */
export const isBilledFlatFee: SQL = sql`(${flatFees.invoiceId} is not null)`;

export type FlatFeeValues = {
  clientId: string;
  matterId: string;
  userId: string;
  activityTypeId: string | null;
  flatFeeDate: string;
  description: string;
  note: string | null;
  amount: string;
};

/** The matter (with its client's liveness) a flat fee would go on, in the firm; null when it is not the firm's. */
export async function findMatterReference(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({
      clientId: matters.clientId,
      status: matters.status,
      billingType: matters.billingType,
      flatRate: matters.flatRate,
      isLive: sql<boolean>`${matters.deletedAt} is null and ${matters.clientDeletedAt} is null`,
    })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId)));
  return row ?? null;
}

export async function findUserReference(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ isActive: users.isActive })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row ?? null;
}

export async function findActivityReference(tx: Tx, firmId: string, activityId: string) {
  const [row] = await tx
    .select({ isLive: sql<boolean>`${activityTypes.deletedAt} is null` })
    .from(activityTypes)
    .where(and(eq(activityTypes.firmId, firmId), eq(activityTypes.id, activityId)));
  return row ?? null;
}

export async function findHomeCurrency(tx: Tx, firmId: string): Promise<number | null> {
  const [row] = await tx.select({ currencyId: firms.homeCurrencyId }).from(firms).where(eq(firms.id, firmId));
  return row?.currencyId ?? null;
}

export async function insertFlatFee(tx: Tx, firmId: string, addedByUserId: string, values: FlatFeeValues & { currencyId: number | null }) {
  const [row] = await tx
    .insert(flatFees)
    .values({ firmId, addedByUserId, ...values })
    .returning({ id: flatFees.id });
  return row!.id;
}

const billedOnInvoiceNumber = billedOnInvoiceNumberOf('flat_fees');

/** The live flat fee, locked for the change about to be made to it. */
export async function lockFlatFee(tx: Tx, firmId: string, flatFeeId: string) {
  const [row] = await tx
    .select({ ...getTableColumns(flatFees), billedOnInvoiceNumber })
    .from(flatFees)
    .where(and(eq(flatFees.firmId, firmId), eq(flatFees.id, flatFeeId), isNull(flatFees.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function updateFlatFee(tx: Tx, firmId: string, flatFeeId: string, values: FlatFeeValues) {
  await tx
    .update(flatFees)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(flatFees.firmId, firmId), eq(flatFees.id, flatFeeId)));
}

export async function setFlatFeeDeleted(tx: Tx, firmId: string, flatFeeId: string, deletedByUserId: string) {
  await tx
    .update(flatFees)
    .set({ deletedAt: sql`now()`, deletedByUserId })
    .where(and(eq(flatFees.firmId, firmId), eq(flatFees.id, flatFeeId)));
}

const columns = {
  id: flatFees.id,
  flatFeeDate: flatFees.flatFeeDate,
  clientId: flatFees.clientId,
  clientName: nameByKey<string>(clients, clients.displayName, flatFees.clientId),
  matterId: flatFees.matterId,
  matterName: nameByKey<string>(matters, matters.matterName, flatFees.matterId),
  matterNumber: nameByKey<string | null>(matters, matters.matterNumber, flatFees.matterId),
  userId: flatFees.userId,
  userName: nameByKey<string>(users, users.name, flatFees.userId),
  activityId: flatFees.activityTypeId,
  activityType: nameByKey<string | null>(activityTypes, activityTypes.activityType, flatFees.activityTypeId),
  description: flatFees.description,
  amount: flatFees.amount,
  currencySymbol: sql<string>`coalesce((select symbol from ${currencies} looked_up where looked_up.id = ${flatFees.currencyId}), '')`,
  currencyCode: sql<string>`coalesce((select iso_code from ${currencies} looked_up where looked_up.id = ${flatFees.currencyId}), '')`,
  isLocked: sql<boolean>`${isBilledFlatFee}`,
  addedByUserId: flatFees.addedByUserId,
  addedByUserName: nameByKey<string>(users, users.name, flatFees.addedByUserId),
  createdAt: flatFees.createdAt,
};

export type FlatFeeListFilters = {
  status?: 'Unbilled' | 'Billed' | undefined;
  clientId?: string | undefined;
  matterId?: string | undefined;
  addedByUserId?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
};
export type FlatFeeSortColumn = 'flatFeeDate' | 'clientName' | 'matterName' | 'userName' | 'amount' | 'status' | 'createdAt';
export type FlatFeeListRequest = ListRequest<FlatFeeListFilters, FlatFeeSortColumn>;

/**
 * Flat fees, newest date first, filtered on their own columns; a search matches the description, or
 * the matters whose search text (which holds the client's name) matches.
 */
export const flatFeeList = declareList({
  table: flatFees,
  live: isNull(flatFees.deletedAt),
  filters: {
    status: (status: 'Unbilled' | 'Billed') => (status === 'Billed' ? isBilledFlatFee : not(isBilledFlatFee)),
    clientId: (clientId: string) => eq(flatFees.clientId, clientId),
    matterId: (matterId: string) => eq(flatFees.matterId, matterId),
    addedByUserId: (userId: string) => eq(flatFees.addedByUserId, userId),
    fromDate: (date: string) => gte(flatFees.flatFeeDate, date),
    toDate: (date: string) => lte(flatFees.flatFeeDate, date),
  },
  search: [
    flatFees.description,
    (pattern, firmId) =>
      sql`${flatFees.matterId} = any(array(select searched.id from ${matters} searched
        where searched.firm_id = ${firmId} and searched.search_text ilike ${pattern}))`,
  ],
  sorts: {
    flatFeeDate: { keys: [{ key: flatFees.flatFeeDate }, { key: flatFees.createdAt }] },
    createdAt: { keys: [{ key: flatFees.createdAt }] },
    amount: { keys: [{ key: flatFees.amount }] },
    status: { keys: [{ key: isBilledFlatFee, type: 'boolean' }] },
    clientName: sortByName(clients, clients.displayName, flatFees.clientId),
    matterName: sortByName(matters, matters.matterName, flatFees.matterId),
    userName: sortByName(users, users.name, flatFees.userId),
  },
  columns,
  isDescendingNullsLast: true,
});

/** One flat fee with its names, as the list shows it, plus its note and last change. */
export async function findFlatFeeDetail(tx: Tx, firmId: string, flatFeeId: string) {
  const [row] = await tx
    .select({ ...columns, note: flatFees.note, updatedAt: flatFees.updatedAt, billedOnInvoiceNumber })
    .from(flatFees)
    .where(and(eq(flatFees.firmId, firmId), eq(flatFees.id, flatFeeId), isNull(flatFees.deletedAt)));
  return row ?? null;
}

/** The whole filter's total and its unbilled part, as exact decimal text. */
export async function sumFlatFees(tx: Tx, firmId: string, request: FlatFeeListRequest) {
  const [row] = await selectMatching(tx, flatFeeList, firmId, request, {
    totalAmount: sql<string>`coalesce(sum(${flatFees.amount}), 0)::numeric(20, 2)::text`,
    unbilledAmount: sql<string>`coalesce(sum(${flatFees.amount}) filter (where not ${isBilledFlatFee}), 0)::numeric(20, 2)::text`,
  });
  return row!;
}

/** A client's flat fees not on an invoice (the invoice's unbilled items), oldest first, as the flat-fee list shows them. */
export async function findUnbilledFlatFeeRows(tx: Tx, firmId: string, filter: UnbilledItemFilter) {
  return tx
    .select(columns)
    .from(flatFees)
    .where(
      and(
        eq(flatFees.firmId, firmId),
        isNull(flatFees.deletedAt),
        eq(flatFees.clientId, filter.clientId),
        filter.invoiceId ? eq(flatFees.invoiceId, filter.invoiceId) : and(not(isBilledFlatFee), isNotHeldFromBilling('flat_fees')),
        filter.matterIds?.length ? inArray(flatFees.matterId, filter.matterIds) : undefined,
        filter.ids ? inArray(flatFees.id, filter.ids) : undefined,
        filter.from ? gte(flatFees.flatFeeDate, filter.from) : undefined,
        filter.to ? lte(flatFees.flatFeeDate, filter.to) : undefined,
      ),
    )
    .orderBy(asc(flatFees.flatFeeDate), asc(flatFees.createdAt), asc(flatFees.id));
}
