import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { commitBeforeAnswering } from '../../db/request-transaction.ts';
import { clients, customFieldDefinitions } from '../../db/schema/clients.ts';
import { documentFolders, documents, documentVersions } from '../../db/schema/documents.ts';
import { firms, users } from '../../db/schema/firms.ts';
import { matterAssignees, matters } from '../../db/schema/matters.ts';
import { currencies } from '../../db/schema/reference.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';

export const TEMPLATES_FOLDER_NAME = 'Templates';

/**
 * The firm's Templates folder, made the first time it is needed (no trigger makes it: a firm is
 * created before any firm scope exists). Null only when a folder the firm made already holds the
 * name at the top level. Made by a GET (the documents' top level, the templates list), whose
 * commit would otherwise go out after its answer: the answer names the folder, so the request
 * commits first and the user's next request, on another connection, finds it. Two first uses at
 * once: the second insert waits for the first's commit, does nothing, and then reads its row.
 */
export async function ensureTemplatesFolder(tx: Tx, firmId: string): Promise<string | null> {
  const [made] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into document_folders (firm_id, kind, name)
      values (${firmId}, 'templates', ${TEMPLATES_FOLDER_NAME}) on conflict do nothing returning id`),
  );
  if (made) {
    commitBeforeAnswering();
    return made.id;
  }
  const [row] = await tx
    .select({ id: documentFolders.id })
    .from(documentFolders)
    .where(and(eq(documentFolders.firmId, firmId), eq(documentFolders.kind, 'templates')));
  return row?.id ?? null;
}

const currentVersion = (firmId: string) =>
  and(
    eq(documentVersions.firmId, firmId),
    eq(documentVersions.documentId, documents.id),
    eq(documentVersions.versionNumber, documents.currentVersionNumber),
  );

/** The live Word documents in the Templates folder, by name. */
export async function findTemplateDocuments(tx: Tx, firmId: string, folderId: string, contentType: string) {
  return tx
    .select({
      documentId: documents.id,
      name: documents.name,
      versionNumber: documents.currentVersionNumber,
      updatedAt: documents.updatedAt,
    })
    .from(documents)
    .innerJoin(documentVersions, currentVersion(firmId))
    .where(
      and(
        eq(documents.firmId, firmId),
        eq(documents.folderId, folderId),
        isNull(documents.deletedAt),
        eq(documentVersions.contentType, contentType),
      ),
    )
    .orderBy(asc(documents.name), asc(documents.id));
}

/** A live document of the firm with the kind of folder it is in and its newest version's type. */
export async function findTemplateCandidate(tx: Tx, firmId: string, documentId: string) {
  const [row] = await tx
    .select({
      documentId: documents.id,
      name: documents.name,
      folderKind: documentFolders.kind,
      contentType: documentVersions.contentType,
    })
    .from(documents)
    .innerJoin(documentFolders, and(eq(documentFolders.firmId, documents.firmId), eq(documentFolders.id, documents.folderId)))
    .innerJoin(documentVersions, currentVersion(firmId))
    .where(and(eq(documents.firmId, firmId), eq(documents.id, documentId), isNull(documents.deletedAt)));
  return row ?? null;
}

/** The live matter with its client's details: what the client.* and matter.* fields are made of. */
export async function findMatterForMerge(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({
      matterId: matters.id,
      matterName: matters.matterName,
      matterNumber: matters.matterNumber,
      description: matters.description,
      openDate: matters.matterOpenDate,
      billingType: matters.billingType,
      matterCustomFields: matters.customFields,
      clientId: clients.id,
      clientName: clients.displayName,
      clientEmail: clients.email,
      clientPhone: clients.phone,
      clientAddress: clients.address,
      clientCity: clients.city,
      clientState: clients.state,
      clientPostalCode: clients.postalCode,
      clientCountry: clients.country,
      clientCustomFields: clients.customFields,
    })
    .from(matters)
    .innerJoin(clients, and(eq(clients.firmId, matters.firmId), eq(clients.id, matters.clientId)))
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId), isNull(matters.deletedAt)));
  return row ?? null;
}
export type MatterForMerge = NonNullable<Awaited<ReturnType<typeof findMatterForMerge>>>;

/** The matter's fee earners by name (the matters schema names no responsible one: the first stands for it). */
export async function findMatterFeeEarnerNames(tx: Tx, firmId: string, matterId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: users.name })
    .from(matterAssignees)
    .innerJoin(users, and(eq(users.firmId, matterAssignees.firmId), eq(users.id, matterAssignees.userId)))
    .where(and(eq(matterAssignees.firmId, firmId), eq(matterAssignees.matterId, matterId)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => row.name);
}

/** The firm's profile, its home currency's symbol and today's date in its time zone. */
export async function findFirmForMerge(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      name: firms.name,
      address: firms.address,
      email: firms.email,
      phone: firms.phone,
      currencySymbol: sql<string>`coalesce((select c.symbol from ${currencies} c where c.id = ${firms.homeCurrencyId}), '')`,
      today: firmTodayText(firms.timeZone),
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row!;
}

/** The firm's live client and matter custom fields. */
export async function findCustomFieldDefinitions(tx: Tx, firmId: string) {
  return tx
    .select({
      id: customFieldDefinitions.id,
      entityType: customFieldDefinitions.entityType,
      label: customFieldDefinitions.label,
      fieldType: customFieldDefinitions.fieldType,
    })
    .from(customFieldDefinitions)
    .where(
      and(
        eq(customFieldDefinitions.firmId, firmId),
        isNull(customFieldDefinitions.deletedAt),
        inArray(customFieldDefinitions.entityType, ['client', 'matter']),
      ),
    )
    .orderBy(asc(customFieldDefinitions.sortOrder), desc(customFieldDefinitions.createdAt));
}
export type CustomFieldDefinition = Awaited<ReturnType<typeof findCustomFieldDefinitions>>[number];
