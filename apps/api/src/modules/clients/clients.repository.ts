import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { cappedCountColumn, countLimit, countMatching } from '../../lib/capped-total.ts';
import { givenParams, runShapedPage, type PageWindow, type Param } from '../../db/query-shapes.ts';
import {
  liveAndSearched,
  searchedParams,
  searchParams,
  type SearchedList,
  type SearchRoute,
  type SearchRoutes,
  type SearchValues,
} from '../../lib/substring-search.ts';
import {
  clientContacts,
  clients,
  conflictChecks,
  customFieldDefinitions,
  firms,
  matters,
  portalAccounts,
  sessions,
} from '../../db/schema/index.ts';

export type ClientFilters = { search?: string; clientType?: 'individual' | 'company'; status?: 'active' | 'archived' };
export type ClientSort = { column: 'name' | 'clientType' | 'status' | 'createdAt'; direction: 'asc' | 'desc' };
export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'firmId' | 'displayName' | 'searchText'>;
export type ContactValues = { name: string; jobTitle: string | null; email: string | null; phone: string | null };

const summaryColumns = {
  id: clients.id,
  clientType: clients.clientType,
  name: clients.displayName,
  email: clients.email,
  phone: clients.phone,
  status: clients.status,
  isPortalEnabled: clients.isPortalEnabled,
  createdAt: clients.createdAt,
};

type ListParams = {
  firmId: Param<string>;
  clientType?: Param<'individual' | 'company'> | undefined;
  status?: Param<'active' | 'archived'> | undefined;
} & SearchValues;

const listParams = (firmId: string, filters: ClientFilters): ListParams =>
  givenParams({
    firmId,
    ...searchParams(filters.search),
    clientType: filters.clientType,
    status: filters.status,
  });

/**
 * Live clients, worded so that the live-clients index (partial on deleted_at is null) cannot be
 * proved to serve it: a search through the trigram index cannot turn into a walk of the live index.
 * With a search's small count limit the planner, when its sample overestimates a term's matches,
 * preferred that walk (for "okonk", 565 matches among 100,000 clients, half the throughput).
 */
const isLiveForTrigramIndex = sql`num_nulls(${clients.deletedAt}) = 1`;
const isLive = isNull(clients.deletedAt);
const clientList: SearchedList = { name: 'clients', table: clients, live: isLive, liveOffIndex: isLiveForTrigramIndex };

/** The list's filter, its search found on `route` (SearchRoute): walking the live-clients index in list order, or through the trigram index. */
function listConditions(params: ListParams, route: SearchRoute): SQL | undefined {
  return and(
    eq(clients.firmId, params.firmId),
    ...liveAndSearched(clientList, params, route),
    params.clientType ? eq(clients.clientType, params.clientType) : undefined,
    params.status ? eq(clients.status, params.status) : undefined,
  );
}

const sortColumns = { name: clients.displayName, clientType: clients.clientType, status: clients.status, createdAt: clients.createdAt };

/** The matching clients, up to the count's limit (the list shows a capped total), found on `route`. */
const matchingClients = (tx: Tx, params: ListParams, route: SearchRoute) =>
  tx
    .select({ one: sql`1`.as('one') })
    .from(clients)
    .where(listConditions(params, route))
    .limit(countLimit(params.searchText !== undefined));

/** The filter's capped count on its own: for a page past the end, which has no row to carry it. */
export async function countClients(tx: Tx, firmId: string, filters: ClientFilters) {
  const { params, routes } = await searchedListParams(tx, firmId, filters);
  return countMatching(tx, matchingClients(tx, params, routes.count));
}

/**
 * The filter's values with the search's narrowing, and the routes of its page and count
 * (substring-search.ts): the live-clients index is in the list's newest-first order, which a search
 * may walk when its text is common.
 */
const searchedListParams = (tx: Tx, firmId: string, filters: ClientFilters, sort?: ClientSort) =>
  searchedParams(tx, clientList, firmId, listParams(firmId, filters), sort?.column === 'createdAt');

/** A page's window, and how its search finds the page's rows and the count's. */
type ClientWindow = { limit: Param<number>; offset: Param<number>; withCount?: boolean; routes: SearchRoutes };

function selectClientPage(tx: Tx, params: ListParams, sort: ClientSort, window: ClientWindow) {
  const order = sort.direction === 'asc' ? asc : desc;
  const orderBy = [order(sortColumns[sort.column]), order(clients.id)];
  // The ids first: only the id is read, so the newest-first page (searched or filtered by type and
  // status) is an index-only scan of the live-clients index, which carries those columns.
  const pageIds = tx
    .select({ id: clients.id })
    .from(clients)
    .where(listConditions(params, window.routes.page))
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset)
    .as('page_ids');
  return tx
    .select({
      ...summaryColumns,
      openMatterCount: sql<number>`(select count(*)::int from ${matters} m
        where m.firm_id = ${params.firmId} and m.client_id = "clients"."id" and m.status = 'Open' and m.deleted_at is null)`,
      matchingCount: window.withCount ? cappedCountColumn(matchingClients(tx, params, window.routes.count)) : sql<null>`null::int`,
    })
    .from(clients)
    .innerJoin(pageIds, and(eq(clients.firmId, params.firmId), eq(clients.id, pageIds.id)))
    .orderBy(...orderBy);
}

/**
 * A page of clients, each with its count of open, live matters (one statement, no query per client);
 * with `withCount`, each row also carries the filter's capped count (cappedCountColumn). Its SQL is
 * built once per shape (runShaped).
 */
export async function findClientPage(tx: Tx, firmId: string, filters: ClientFilters, sort: ClientSort, window: PageWindow) {
  const { params, routes } = await searchedListParams(tx, firmId, filters, sort);
  return runShapedPage(tx, { name: `client-page:${routes.page}:${routes.count}`, sort, params, window }, (shapedParams, shaped) =>
    selectClientPage(tx, shapedParams, sort, { ...shaped, routes }),
  );
}

export function findActiveClientNames(tx: Tx, firmId: string) {
  return tx
    .select({ id: clients.id, clientType: clients.clientType, name: clients.displayName })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), isNull(clients.deletedAt), eq(clients.status, 'active')))
    .orderBy(asc(clients.displayName), asc(clients.id));
}

export async function findClient(tx: Tx, firmId: string, clientId: string, { deleted = false } = {}) {
  const [row] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId), deleted ? isNotNull(clients.deletedAt) : isNull(clients.deletedAt)));
  return row ?? null;
}

export function findContacts(tx: Tx, firmId: string, clientId: string) {
  return tx
    .select({
      id: clientContacts.id,
      name: clientContacts.name,
      jobTitle: clientContacts.jobTitle,
      email: clientContacts.email,
      phone: clientContacts.phone,
    })
    .from(clientContacts)
    .where(and(eq(clientContacts.firmId, firmId), eq(clientContacts.clientId, clientId)))
    .orderBy(asc(clientContacts.createdAt), asc(clientContacts.name));
}

export function findClientMatters(tx: Tx, firmId: string, clientId: string) {
  return tx
    .select({
      id: matters.id,
      matterNumber: matters.matterNumber,
      matterName: matters.matterName,
      matterRate: matters.billingType,
      status: matters.status,
    })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.clientId, clientId), isNull(matters.deletedAt)))
    .orderBy(desc(matters.createdAt), asc(matters.id));
}

export async function hasPortalAccount(tx: Tx, firmId: string, clientId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: portalAccounts.id })
    .from(portalAccounts)
    .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.clientId, clientId)));
  return Boolean(row);
}

export function findClientFieldDefinitions(tx: Tx, firmId: string) {
  return tx
    .select({
      id: customFieldDefinitions.id,
      label: customFieldDefinitions.label,
      fieldType: customFieldDefinitions.fieldType,
      options: customFieldDefinitions.options,
      isRequired: customFieldDefinitions.isRequired,
    })
    .from(customFieldDefinitions)
    .where(
      and(
        eq(customFieldDefinitions.firmId, firmId),
        eq(customFieldDefinitions.entityType, 'client'),
        isNull(customFieldDefinitions.deletedAt),
      ),
    )
    .orderBy(asc(customFieldDefinitions.sortOrder), asc(customFieldDefinitions.label));
}

/** Locks the conflict check so two saves cannot both claim it. */
export async function findConflictCheckForUpdate(tx: Tx, firmId: string, conflictCheckId: string) {
  const [row] = await tx
    .select({ id: conflictChecks.id, clientId: conflictChecks.clientId })
    .from(conflictChecks)
    .where(and(eq(conflictChecks.firmId, firmId), eq(conflictChecks.id, conflictCheckId)))
    .for('update');
  return row ?? null;
}

export async function linkConflictCheck(tx: Tx, firmId: string, conflictCheckId: string, clientId: string) {
  await tx
    .update(conflictChecks)
    .set({ clientId })
    .where(and(eq(conflictChecks.firmId, firmId), eq(conflictChecks.id, conflictCheckId)));
}

export async function insertClient(tx: Tx, firmId: string, values: ClientValues): Promise<string> {
  const [row] = await tx
    .insert(clients)
    .values({ ...values, firmId })
    .returning({ id: clients.id });
  return row!.id;
}

export async function updateClient(tx: Tx, firmId: string, clientId: string, values: Partial<ClientValues>) {
  await tx
    .update(clients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
}

export async function replaceContacts(tx: Tx, firmId: string, clientId: string, contacts: ContactValues[]) {
  await tx.delete(clientContacts).where(and(eq(clientContacts.firmId, firmId), eq(clientContacts.clientId, clientId)));
  if (contacts.length === 0) return;
  await tx.insert(clientContacts).values(contacts.map((contact) => ({ ...contact, firmId, clientId })));
}

export async function softDeleteClient(tx: Tx, firmId: string, clientId: string, userId: string) {
  await tx
    .update(clients)
    .set({ deletedAt: sql`now()`, deletedByUserId: userId, isPortalEnabled: false, updatedAt: sql`now()` })
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
}

export async function restoreClient(tx: Tx, firmId: string, clientId: string) {
  await tx
    .update(clients)
    .set({ deletedAt: null, deletedByUserId: null, updatedAt: sql`now()` })
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
}

/** Ends every live portal session of the client's portal account. */
export async function revokePortalSessions(tx: Tx, firmId: string, clientId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.firmId, firmId),
        isNull(sessions.revokedAt),
        inArray(
          sessions.portalAccountId,
          tx
            .select({ id: portalAccounts.id })
            .from(portalAccounts)
            .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.clientId, clientId))),
        ),
      ),
    );
}

export async function findFirmPortal(tx: Tx, firmId: string) {
  const [row] = await tx.select({ name: firms.name, portalSlug: firms.portalSlug }).from(firms).where(eq(firms.id, firmId));
  return row ?? null;
}
