import { and, eq, inArray, isNotNull, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { TrustRequestStatus } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import {
  clients,
  currencies,
  firms,
  matterAssignees,
  matters,
  trustAccounts,
  trustLedgers,
  trustRequests,
  trustSettings,
  users,
} from '../../db/schema/index.ts';
import { declareList, type ListRequest } from '../../platform/lists/list-declaration.ts';
import { nameByKey } from '../../platform/lists/list-names.ts';

/** The trust-requests module's SQL (the only file with it). */

export async function lockTrustRequest(tx: Tx, firmId: string, trustRequestId: string) {
  const [row] = await tx
    .select()
    .from(trustRequests)
    .where(and(eq(trustRequests.firmId, firmId), eq(trustRequests.id, trustRequestId)))
    .for('update');
  return row ?? null;
}

export type TrustRequestRow = NonNullable<Awaited<ReturnType<typeof lockTrustRequest>>>;

export async function updateTrustRequest(
  tx: Tx,
  firmId: string,
  trustRequestId: string,
  values: Partial<typeof trustRequests.$inferInsert>,
) {
  await tx
    .update(trustRequests)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(trustRequests.firmId, firmId), eq(trustRequests.id, trustRequestId)));
}

export async function insertTrustRequest(tx: Tx, values: typeof trustRequests.$inferInsert) {
  const [created] = await tx.insert(trustRequests).values(values).returning({ id: trustRequests.id });
  return created!.id;
}

/** An open top-up request of the matter (drafted, awaiting approval, sent or partly paid). */
export async function findOpenTopUpRequest(tx: Tx, firmId: string, matterId: string) {
  const [open] = await tx
    .select({ id: trustRequests.id })
    .from(trustRequests)
    .where(
      and(
        eq(trustRequests.firmId, firmId),
        eq(trustRequests.matterId, matterId),
        eq(trustRequests.isTopUp, true),
        inArray(trustRequests.status, ['Draft', 'AwaitingApproval', 'Sent', 'PartlyPaid']),
      ),
    )
    .limit(1);
  return open ?? null;
}

/** The matter's number and its responsible fee earner: its first assignee, else whoever opened it. */
export async function findMatterResponsible(tx: Tx, firmId: string, matterId: string) {
  const [matter] = await tx
    .select({ matterNumber: matters.matterNumber, createdByUserId: matters.createdByUserId })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId)));
  const [assignee] = await tx
    .select({ userId: matterAssignees.userId })
    .from(matterAssignees)
    .where(and(eq(matterAssignees.firmId, firmId), eq(matterAssignees.matterId, matterId)))
    .orderBy(matterAssignees.userId)
    .limit(1);
  return { matterNumber: matter?.matterNumber ?? null, responsibleUserId: assignee?.userId ?? matter?.createdByUserId ?? null };
}

// The requests' own calls: create, change, send, list and the public page.

/** Whether the firm asks a second person to approve trust requests before they are sent. */
export async function findIsRequestApprovalRequired(tx: Tx, firmId: string): Promise<boolean> {
  const [row] = await tx
    .select({ required: trustSettings.requireRequestApproval })
    .from(trustSettings)
    .where(eq(trustSettings.firmId, firmId));
  return row?.required ?? false;
}

/** The firm's first open trust account in a currency (by name), for a retainer asked in it; null when it has none. */
export async function findOpenTrustAccountIn(tx: Tx, firmId: string, currencyCode: string) {
  const [row] = await tx
    .select({ id: trustAccounts.id })
    .from(trustAccounts)
    .where(and(eq(trustAccounts.firmId, firmId), eq(trustAccounts.currencyCode, currencyCode), eq(trustAccounts.isActive, true)))
    .orderBy(trustAccounts.createdAt, trustAccounts.id)
    .limit(1);
  return row ?? null;
}

export async function findTrustAccountForRequest(tx: Tx, firmId: string, trustAccountId: string) {
  const [row] = await tx
    .select({ id: trustAccounts.id, isActive: trustAccounts.isActive })
    .from(trustAccounts)
    .where(and(eq(trustAccounts.firmId, firmId), eq(trustAccounts.id, trustAccountId)));
  return row ?? null;
}

export async function findClientForRequest(tx: Tx, firmId: string, clientId: string) {
  const [row] = await tx
    .select({ id: clients.id, name: clients.displayName, email: clients.email })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId), isNull(clients.deletedAt)));
  return row ?? null;
}

export async function findMatterForRequest(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({ id: matters.id, clientId: matters.clientId })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId), isNull(matters.deletedAt)));
  return row ?? null;
}

/** The request's own column, qualified: a lookup's subquery would otherwise read a same-named column of its own table. */
const own = (column: AnyColumn) => sql.raw(`"trust_requests"."${column.name}"`) as unknown as AnyColumn;

const currencySymbolOf = sql<string>`coalesce((select currency.symbol from ${currencies} currency
  where currency.iso_code = (select account.currency_code from ${trustAccounts} account where account.id = "trust_requests"."trust_account_id")), '')`;

/** A request as the pages show it (names looked up per row). */
const columns = {
  id: trustRequests.id,
  requestNumber: trustRequests.requestNumber,
  trustAccountId: trustRequests.trustAccountId,
  trustAccountName: nameByKey<string>(trustAccounts, trustAccounts.name, own(trustRequests.trustAccountId)),
  currencySymbol: currencySymbolOf,
  currencyCode: sql<string>`(select account.currency_code from ${trustAccounts} account where account.id = "trust_requests"."trust_account_id")`,
  clientId: trustRequests.clientId,
  clientName: nameByKey<string>(clients, clients.displayName, own(trustRequests.clientId)),
  clientEmail: nameByKey<string | null>(clients, clients.email, own(trustRequests.clientId)),
  matterId: trustRequests.matterId,
  matterNumber: nameByKey<string | null>(matters, matters.matterNumber, own(trustRequests.matterId)),
  matterName: nameByKey<string | null>(matters, matters.matterName, own(trustRequests.matterId)),
  amount: trustRequests.amount,
  paidAmount: trustRequests.paidAmount,
  dueDate: trustRequests.dueDate,
  note: trustRequests.note,
  status: sql<TrustRequestStatus>`${trustRequests.status}`,
  approvedByUserId: trustRequests.approvedByUserId,
  isTopUp: trustRequests.isTopUp,
  assignedUserId: trustRequests.assignedUserId,
  assignedUserName: nameByKey<string | null>(users, users.name, own(trustRequests.assignedUserId)),
  sentToEmail: trustRequests.sentToEmail,
  sentAt: trustRequests.sentAt,
  approvedByUserName: nameByKey<string | null>(users, users.name, own(trustRequests.approvedByUserId)),
  cancelReason: trustRequests.cancelReason,
  createdByUserId: trustRequests.createdByUserId,
  createdByUserName: nameByKey<string>(users, users.name, own(trustRequests.createdByUserId)),
  createdAt: trustRequests.createdAt,
  updatedAt: trustRequests.updatedAt,
};

export type TrustRequestListFilters = {
  status?: TrustRequestStatus | undefined;
  clientId?: string | undefined;
  matterId?: string | undefined;
  trustAccountId?: string | undefined;
};
export type TrustRequestSortColumn = 'createdAt' | 'dueDate';
export type TrustRequestListRequest = ListRequest<TrustRequestListFilters, TrustRequestSortColumn>;

/** Trust requests, newest first; a search matches the number, the note or the client's name. */
export const trustRequestList = declareList({
  table: trustRequests,
  filters: {
    status: (status: TrustRequestStatus) => eq(trustRequests.status, status),
    clientId: (clientId: string) => eq(trustRequests.clientId, clientId),
    matterId: (matterId: string) => eq(trustRequests.matterId, matterId),
    trustAccountId: (trustAccountId: string) => eq(trustRequests.trustAccountId, trustAccountId),
  },
  search: [
    trustRequests.requestNumber,
    trustRequests.note,
    (pattern, firmId) =>
      sql`${trustRequests.clientId} = any(array(select searched.id from ${clients} searched
        where searched.firm_id = ${firmId} and searched.display_name ilike ${pattern}))`,
  ],
  sorts: {
    createdAt: { keys: [{ key: trustRequests.createdAt }] },
    dueDate: { keys: [{ key: trustRequests.dueDate }, { key: trustRequests.createdAt }] },
  },
  columns,
  isCountExact: true,
  isDescendingNullsLast: true,
});

export async function findTrustRequestDetail(tx: Tx, firmId: string, trustRequestId: string) {
  const [row] = await tx
    .select(columns)
    .from(trustRequests)
    .where(and(eq(trustRequests.firmId, firmId), eq(trustRequests.id, trustRequestId)));
  return row ?? null;
}

/** Identity lookup (before the firm is known): the request behind a public link's hash. */
export async function findTrustRequestBySlugHash(tx: Tx, slugHash: string) {
  const [row] = await tx
    .select({ firmId: trustRequests.firmId, id: trustRequests.id, status: trustRequests.status })
    .from(trustRequests)
    .where(eq(trustRequests.slugHash, slugHash));
  return row ?? null;
}

/** What the public page shows of the firm and of the account to pay into. */
export async function findPublicRequestContext(tx: Tx, firmId: string, trustAccountId: string) {
  const [firm] = await tx.select({ name: firms.name, logo: firms.logo }).from(firms).where(eq(firms.id, firmId));
  const [account] = await tx
    .select({
      name: trustAccounts.name,
      bankName: trustAccounts.bankName,
      last4: trustAccounts.accountNumberLast4,
      paymentInstructions: trustAccounts.paymentInstructions,
    })
    .from(trustAccounts)
    .where(and(eq(trustAccounts.firmId, firmId), eq(trustAccounts.id, trustAccountId)));
  return firm && account ? { firm, account } : null;
}

/** The client's balance in the trust account: one matter's ledger, or every ledger of the client when no matter is named. */
export async function sumClientTrustBalance(
  tx: Tx,
  firmId: string,
  ledger: { trustAccountId: string; clientId: string; matterId: string | null },
): Promise<string> {
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${trustLedgers.balance}), 0)::numeric(16, 2)::text` })
    .from(trustLedgers)
    .where(
      and(
        eq(trustLedgers.firmId, firmId),
        eq(trustLedgers.trustAccountId, ledger.trustAccountId),
        eq(trustLedgers.clientId, ledger.clientId),
        ledger.matterId ? eq(trustLedgers.matterId, ledger.matterId) : undefined,
      ),
    );
  return row?.balance ?? '0.00';
}

/** The statuses of a request that reached the client: sent, and not cancelled. */
const CLIENT_VISIBLE_STATUSES: TrustRequestStatus[] = ['Sent', 'PartlyPaid', 'Paid'];

/**
 * The client's requests that were sent to them (never drafts, unsent approvals or cancelled ones),
 * open ones first, then by due date; with the trust account's bank details. One request when named.
 */
export function findClientSentTrustRequests(tx: Tx, firmId: string, clientId: string, trustRequestId?: string) {
  return tx
    .select({
      ...columns,
      bankAccountName: trustAccounts.name,
      bankName: trustAccounts.bankName,
      accountNumberLast4: trustAccounts.accountNumberLast4,
      paymentInstructions: trustAccounts.paymentInstructions,
    })
    .from(trustRequests)
    .innerJoin(trustAccounts, and(eq(trustAccounts.firmId, trustRequests.firmId), eq(trustAccounts.id, trustRequests.trustAccountId)))
    .where(
      and(
        eq(trustRequests.firmId, firmId),
        eq(trustRequests.clientId, clientId),
        inArray(trustRequests.status, CLIENT_VISIBLE_STATUSES),
        isNotNull(trustRequests.sentAt),
        trustRequestId ? eq(trustRequests.id, trustRequestId) : undefined,
      ),
    )
    .orderBy(sql`${trustRequests.status} = 'Paid'`, trustRequests.dueDate, trustRequests.requestNumber)
    .limit(200);
}
