import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { receivesEmail } from '../../platform/notifications/email-opt-outs.ts';

export type MessageRow = {
  id: string;
  matterId: string;
  senderKind: 'firm' | 'client';
  senderName: string;
  body: string;
  createdAt: string;
  readAt: string | null;
};

/** The matter (live) with its client, or null: the thread belongs to the matter's client. */
export async function findMessageMatter(tx: Tx, firmId: string, matterId: string) {
  const [row] = await rowsOf<{ id: string; clientId: string; matterName: string }>(
    tx.execute(sql`select id, client_id as "clientId", matter_name as "matterName" from matters
      where firm_id = ${firmId} and id = ${matterId} and deleted_at is null`),
  );
  return row ?? null;
}

/** The newest `limit` messages of the matter's thread, returned oldest first; one more is read to tell whether older ones exist. */
export async function findThread(tx: Tx, firmId: string, matterId: string, limit: number) {
  const rows = await rowsOf<MessageRow>(
    tx.execute(sql`select m.id, m.matter_id as "matterId", m.sender_kind as "senderKind",
        coalesce(u.name, c.display_name, '') as "senderName", m.body, to_json(m.created_at) #>> '{}' as "createdAt",
        to_json(m.read_at) #>> '{}' as "readAt"
      from portal_messages m
        left join users u on u.id = m.sender_user_id
        left join clients c on c.firm_id = m.firm_id and c.id = m.client_id and m.sender_kind = 'client'
      where m.firm_id = ${firmId} and m.matter_id = ${matterId}
      order by m.created_at desc, m.id desc
      limit ${limit + 1}`),
  );
  return { messages: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
}

export async function insertMessage(
  tx: Tx,
  message: {
    firmId: string;
    clientId: string;
    matterId: string;
    senderKind: 'firm' | 'client';
    senderUserId: string | null;
    senderPortalAccountId: string | null;
    body: string;
  },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into portal_messages (firm_id, client_id, matter_id, sender_kind, sender_user_id, sender_portal_account_id, body)
      values (${message.firmId}, ${message.clientId}, ${message.matterId}, ${message.senderKind}, ${message.senderUserId},
        ${message.senderPortalAccountId}, ${message.body})
      returning id`),
  );
  return row!.id;
}

/** Stamps the read receipt on the other side's unread messages of the matter; answers how many. */
export async function markThreadRead(tx: Tx, firmId: string, matterId: string, sentBy: 'firm' | 'client', readByUserId: string | null) {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`update portal_messages set read_at = now(), read_by_user_id = ${readByUserId}
      where firm_id = ${firmId} and matter_id = ${matterId} and sender_kind = ${sentBy} and read_at is null
      returning id`),
  );
  return rows.length;
}

/** Unread messages nobody has been told of yet, locked for this run (another run skips them). */
export function lockUnnotifiedMessages(tx: Tx, firmId: string) {
  return rowsOf<{ id: string; senderKind: 'firm' | 'client'; clientId: string; matterId: string }>(
    tx.execute(sql`select id, sender_kind as "senderKind", client_id as "clientId", matter_id as "matterId" from portal_messages
      where firm_id = ${firmId} and read_at is null and notified_at is null
      for update skip locked`),
  );
}

/** The active fee earners of the matters who want the digest, with the matters each is on: who hears of the client's messages. */
export function findFeeEarnersOf(tx: Tx, firmId: string, matterIds: string[]) {
  return rowsOf<{ userId: string; name: string; email: string; matterId: string; matterName: string }>(
    tx.execute(sql`select u.id as "userId", u.name, u.email, m.id as "matterId", m.matter_name as "matterName"
      from matter_assignees a join users u on u.id = a.user_id and u.is_active and ${receivesEmail('u', 'portalMessages')}
      join matters m on m.id = a.matter_id
      where a.firm_id = ${firmId} and a.matter_id in (${sql.join(
        matterIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
}

/** The clients' portal e-mail addresses and the firm's portal address: who hears of the firm's messages. */
export function findPortalRecipients(tx: Tx, firmId: string, clientIds: string[]) {
  return rowsOf<{ clientId: string; name: string; email: string; slug: string; firmName: string }>(
    tx.execute(sql`select p.client_id as "clientId", c.display_name as name, p.email, coalesce(f.portal_slug, '') as slug, f.name as "firmName"
      from portal_accounts p join clients c on c.id = p.client_id join firms f on f.id = p.firm_id
      where p.firm_id = ${firmId} and p.client_id in (${sql.join(
        clientIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
}

export async function markNotified(tx: Tx, firmId: string, messageIds: string[]) {
  await tx.execute(sql`update portal_messages set notified_at = now()
    where firm_id = ${firmId} and id in (${sql.join(
      messageIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}

/** Every firm's id, read as the identity-lookup role (the digest job goes firm by firm). */

/**
 * Of the documents named, those that may go on a message of the matter, at their current version:
 * live documents of that matter; for the client, only files their own portal account uploaded.
 */
export function findAttachableDocuments(tx: Tx, firmId: string, matterId: string, documentIds: string[], portalAccountId: string | null) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return rowsOf<{ id: string; versionNumber: number }>(
    tx.execute(sql`select d.id, d.current_version_number as "versionNumber" from documents d
      where d.firm_id = ${firmId} and d.matter_id = ${matterId} and d.deleted_at is null
        and d.id in (${sql.join(
          documentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        and (${portalAccountId}::uuid is null or exists (select 1 from document_versions v where v.firm_id = d.firm_id
          and v.document_id = d.id and v.version_number = d.current_version_number and v.uploaded_by_portal_account_id = ${portalAccountId}))`),
  );
}

export async function insertAttachments(
  tx: Tx,
  firmId: string,
  messageId: string,
  attachments: readonly { documentId: string; versionNumber: number }[],
) {
  for (const [position, attachment] of attachments.entries()) {
    await tx.execute(sql`insert into portal_message_attachments (firm_id, message_id, document_id, version_number, position)
      values (${firmId}, ${messageId}, ${attachment.documentId}, ${attachment.versionNumber}, ${position})`);
  }
}

export type AttachmentRow = {
  id: string;
  messageId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  scanStatus: 'scanning' | 'available' | 'quarantined';
};

const attachmentColumns = sql`a.id, a.message_id as "messageId", v.file_name as "fileName", v.content_type as "contentType",
  v.size_bytes::float8 as "sizeBytes", v.scan_status as "scanStatus"`;

/** The attachments of the messages, in the order they were attached. */
export function findAttachmentsOf(tx: Tx, firmId: string, messageIds: string[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return rowsOf<AttachmentRow>(
    tx.execute(sql`select ${attachmentColumns}
      from portal_message_attachments a
        join document_versions v on v.firm_id = a.firm_id and v.document_id = a.document_id and v.version_number = a.version_number
      where a.firm_id = ${firmId} and a.message_id in (${sql.join(
        messageIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by a.message_id, a.position`),
  );
}

/** One attachment with where its file is and whose thread it is on, or null. */
export async function findAttachment(tx: Tx, firmId: string, attachmentId: string) {
  const [row] = await rowsOf<AttachmentRow & { clientId: string; matterId: string; storageKey: string }>(
    tx.execute(sql`select ${attachmentColumns}, m.client_id as "clientId", m.matter_id as "matterId", v.storage_key as "storageKey"
      from portal_message_attachments a
        join portal_messages m on m.firm_id = a.firm_id and m.id = a.message_id
        join matters t on t.firm_id = m.firm_id and t.id = m.matter_id and t.deleted_at is null
        join document_versions v on v.firm_id = a.firm_id and v.document_id = a.document_id and v.version_number = a.version_number
      where a.firm_id = ${firmId} and a.id = ${attachmentId}`),
  );
  return row ?? null;
}
