import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { authTokens, clientContacts, clients, firms, portalAccounts, sessions } from '../../db/schema/index.ts';

export type PortalAccountState = (typeof portalAccounts.$inferSelect)['status'];

export function findPortalAccounts(tx: Tx, firmId: string, clientId: string) {
  return tx
    .select({
      id: portalAccounts.id,
      clientId: portalAccounts.clientId,
      email: portalAccounts.email,
      contactName: portalAccounts.contactName,
      status: portalAccounts.status,
      lastSignInAt: portalAccounts.lastSignInAt,
      totpEnabledAt: portalAccounts.totpEnabledAt,
      createdAt: portalAccounts.createdAt,
    })
    .from(portalAccounts)
    .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.clientId, clientId)))
    .orderBy(asc(portalAccounts.createdAt), asc(portalAccounts.email));
}

export async function findLiveClient(tx: Tx, firmId: string, clientId: string) {
  const [row] = await tx
    .select({ id: clients.id, email: clients.email, name: clients.displayName })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId), isNull(clients.deletedAt)));
  return row ?? null;
}

export async function findContact(tx: Tx, firmId: string, clientId: string, contactId: string) {
  const [row] = await tx
    .select({ name: clientContacts.name, email: clientContacts.email })
    .from(clientContacts)
    .where(
      and(
        eq(clientContacts.firmId, firmId),
        eq(clientContacts.clientId, clientId),
        eq(clientContacts.id, contactId),
        isNull(clientContacts.deletedAt),
      ),
    );
  return row ?? null;
}

export async function findFirmPortal(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({ name: firms.name, portalSlug: firms.portalSlug, portalRequiresTotp: firms.portalRequiresTotp })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}

export async function setPortalRequiresTotp(tx: Tx, firmId: string, requiresTotp: boolean) {
  await tx
    .update(firms)
    .set({ portalRequiresTotp: requiresTotp, updatedAt: sql`now()` })
    .where(eq(firms.id, firmId));
}

/** The account that holds this email in the firm (a removed one frees it). */
export async function findAccountByEmail(tx: Tx, firmId: string, email: string) {
  const [row] = await tx
    .select({ id: portalAccounts.id, clientId: portalAccounts.clientId, status: portalAccounts.status })
    .from(portalAccounts)
    .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.email, email), ne(portalAccounts.status, 'removed')));
  return row ?? null;
}

export async function lockAccount(tx: Tx, firmId: string, accountId: string) {
  const [row] = await tx
    .select({
      id: portalAccounts.id,
      clientId: portalAccounts.clientId,
      email: portalAccounts.email,
      status: portalAccounts.status,
      hasPassword: sql<boolean>`${portalAccounts.passwordHash} is not null`,
      hasAuthenticator: sql<boolean>`${portalAccounts.totpEnabledAt} is not null`,
    })
    .from(portalAccounts)
    .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.id, accountId)))
    .for('update');
  return row ?? null;
}

export async function insertInvitedAccount(
  tx: Tx,
  values: { firmId: string; clientId: string; email: string; contactName: string | null },
) {
  const [row] = await tx
    .insert(portalAccounts)
    .values({ ...values, status: 'invited' })
    .returning({ id: portalAccounts.id });
  return row!.id;
}

export async function setAccountStatus(tx: Tx, firmId: string, accountId: string, status: PortalAccountState) {
  await tx
    .update(portalAccounts)
    .set({ status })
    .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.id, accountId)));
}

/** Forgets the account's authenticator app: its next sign-in on a firm that requires one sets up a new one. */
export async function clearAuthenticator(tx: Tx, firmId: string, accountId: string) {
  await tx
    .update(portalAccounts)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.id, accountId)));
}

export async function markClientOnPortal(tx: Tx, firmId: string, clientId: string) {
  await tx
    .update(clients)
    .set({ isPortalEnabled: true, updatedAt: sql`now()` })
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
}

/** Ends the account's live sessions: its next request with an old token is refused. */
export async function revokeAccountSessions(tx: Tx, firmId: string, accountId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.firmId, firmId), eq(sessions.portalAccountId, accountId), isNull(sessions.revokedAt)));
}

/** Voids every link still outstanding for the account: invitation, reset, sign-in link, second-factor challenge. */
export async function retireAccountLinks(tx: Tx, firmId: string, account: { id: string; clientId: string; email: string }) {
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.firmId, firmId),
        isNull(authTokens.usedAt),
        sql`(${authTokens.portalAccountId} = ${account.id} or (${authTokens.clientId} = ${account.clientId} and ${authTokens.email} = ${account.email}))`,
        inArray(authTokens.purpose, ['portal_invitation', 'portal_reset', 'portal_sign_in_link', 'portal_second_factor']),
      ),
    );
}

/** A new invitation link for the account; only the newest works. The secret itself is never stored. */
export async function replaceInvitation(
  tx: Tx,
  firmId: string,
  values: { accountId: string; clientId: string; email: string; tokenHash: string; createdByUserId: string; lifetimeDays: number },
) {
  await retireAccountLinks(tx, firmId, { id: values.accountId, clientId: values.clientId, email: values.email });
  await tx.insert(authTokens).values({
    firmId,
    purpose: 'portal_invitation',
    tokenHash: values.tokenHash,
    email: values.email,
    clientId: values.clientId,
    portalAccountId: values.accountId,
    createdByUserId: values.createdByUserId,
    expiresAt: sql`now() + make_interval(days => ${values.lifetimeDays})`,
  });
}
