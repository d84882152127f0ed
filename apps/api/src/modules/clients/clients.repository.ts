import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { authTokens, clientContacts, clients, customFieldDefinitions, matters, portalAccounts, sessions } from '../../db/schema/index.ts';

export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'firmId' | 'displayName' | 'searchText'>;
export type ContactValues = { name: string; jobTitle: string | null; email: string | null; phone: string | null };

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
    .where(and(eq(clientContacts.firmId, firmId), eq(clientContacts.clientId, clientId), isNull(clientContacts.deletedAt)))
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
    .where(
      and(
        eq(portalAccounts.firmId, firmId),
        eq(portalAccounts.clientId, clientId),
        isNotNull(portalAccounts.passwordHash),
        ne(portalAccounts.status, 'removed'),
      ),
    )
    .limit(1);
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

export async function insertContacts(tx: Tx, firmId: string, clientId: string, contacts: ContactValues[]) {
  if (contacts.length === 0) return;
  await tx
    .insert(clientContacts)
    .values(contacts.map(({ name, jobTitle, email, phone }) => ({ name, jobTitle, email, phone, firmId, clientId })));
}

const sameContact = (left: ContactValues, right: ContactValues) =>
  left.name.trim().toLowerCase() === right.name.trim().toLowerCase() && (left.email ?? '') === (right.email ?? '');

/**
 * Saves the client's contacts as the form sends them: one with the id of a live contact of this
 * client changes it (one sent without an id that matches a live one by name and email keeps it); any
 * other is added; a live contact left out goes to the recycle bin, by `userId`, to be restored.
 */
export async function saveContacts(
  tx: Tx,
  firmId: string,
  clientId: string,
  contacts: (ContactValues & { id?: string | undefined })[],
  userId: string,
) {
  const live = await findContacts(tx, firmId, clientId);
  const unclaimed = new Map(live.map((contact) => [contact.id, contact]));
  const added: ContactValues[] = [];
  for (const { id, ...values } of contacts) {
    const match = (id ? unclaimed.get(id) : undefined) ?? [...unclaimed.values()].find((contact) => !id && sameContact(contact, values));
    if (!match) {
      added.push(values);
      continue;
    }
    unclaimed.delete(match.id);
    await tx
      .update(clientContacts)
      .set(values)
      .where(and(eq(clientContacts.firmId, firmId), eq(clientContacts.id, match.id)));
  }
  await insertContacts(tx, firmId, clientId, added);
  if (unclaimed.size > 0)
    await tx
      .update(clientContacts)
      .set({ deletedAt: sql`now()`, deletedByUserId: userId })
      .where(and(eq(clientContacts.firmId, firmId), inArray(clientContacts.id, [...unclaimed.keys()])));
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

export async function retirePortalInvitations(tx: Tx, firmId: string, clientId: string) {
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.firmId, firmId),
        eq(authTokens.clientId, clientId),
        eq(authTokens.purpose, 'portal_invitation'),
        isNull(authTokens.usedAt),
      ),
    );
}
