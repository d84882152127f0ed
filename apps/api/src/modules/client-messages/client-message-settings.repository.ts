import { and, eq, sql } from 'drizzle-orm';
import type { ClientMessageChannel, ClientMessageTemplateKey } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { clientMessageOptIns, clientMessageTemplates } from '../../db/schema/index.ts';

/** A null contact (the client itself) compared as one value. */
const NO_CONTACT = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`);

export type OptInRow = {
  id: string;
  clientContactId: string | null;
  channel: ClientMessageChannel;
  isOptedIn: boolean;
  phoneNumber: string | null;
  recordedAt: Date | string;
  recordedByName: string;
  recordedBy: 'firm' | 'client';
};

const optInColumns = sql`o.id, o.client_contact_id as "clientContactId", o.channel, o.is_opted_in as "isOptedIn",
  o.phone_number as "phoneNumber", o.recorded_at as "recordedAt",
  case when o.recorded_by_user_id is not null then 'firm' else 'client' end as "recordedBy",
  coalesce(u.name, pa.contact_name, pa.email, '') as "recordedByName"`;
const optInJoins = sql`left join users u on u.id = o.recorded_by_user_id
  left join portal_accounts pa on pa.id = o.recorded_by_portal_account_id and pa.firm_id = o.firm_id`;

/** The newest choice per contact and channel: the one that counts. */
export function findCurrentOptIns(tx: Tx, firmId: string, clientId: string) {
  return rowsOf<OptInRow>(
    tx.execute(sql`select distinct on (coalesce(o.client_contact_id, ${NO_CONTACT}), o.channel) ${optInColumns}
      from client_message_opt_ins o ${optInJoins}
      where o.firm_id = ${firmId} and o.client_id = ${clientId}
      order by coalesce(o.client_contact_id, ${NO_CONTACT}), o.channel, o.sequence desc`),
  );
}

export function findOptInChanges(tx: Tx, firmId: string, clientId: string, limit: number) {
  return rowsOf<OptInRow>(
    tx.execute(sql`select ${optInColumns} from client_message_opt_ins o ${optInJoins}
      where o.firm_id = ${firmId} and o.client_id = ${clientId} order by o.sequence desc limit ${limit}`),
  );
}

export type OptInSubject = { clientContactId: string | null; name: string; phone: string | null; email: string | null };

/** The client itself, then its live contact people. Null when the client is not the firm's (or deleted). */
export async function findOptInSubjects(tx: Tx, firmId: string, clientId: string): Promise<OptInSubject[] | null> {
  const [client] = await rowsOf<OptInSubject>(
    tx.execute(sql`select null as "clientContactId", display_name as name, phone, email from clients
      where firm_id = ${firmId} and id = ${clientId} and deleted_at is null`),
  );
  if (!client) return null;
  const contacts = await rowsOf<OptInSubject>(
    tx.execute(sql`select id as "clientContactId", name, phone, email from client_contacts
      where firm_id = ${firmId} and client_id = ${clientId} and deleted_at is null order by name, id`),
  );
  return [client, ...contacts];
}

export async function insertOptIn(
  tx: Tx,
  firmId: string,
  values: {
    clientId: string;
    clientContactId: string | null;
    channel: ClientMessageChannel;
    isOptedIn: boolean;
    phoneNumber: string | null;
    recordedByUserId?: string | null;
    recordedByPortalAccountId?: string | null;
  },
) {
  await tx.insert(clientMessageOptIns).values({
    firmId,
    clientId: values.clientId,
    clientContactId: values.clientContactId,
    channel: values.channel,
    isOptedIn: values.isOptedIn,
    phoneNumber: values.phoneNumber,
    recordedByUserId: values.recordedByUserId ?? null,
    recordedByPortalAccountId: values.recordedByPortalAccountId ?? null,
  });
}

/** The portal account's email, to find which of the client's contacts the signed-in person is. */
export async function findPortalAccountEmail(tx: Tx, firmId: string, portalAccountId: string) {
  const [row] = await rowsOf<{ email: string }>(
    tx.execute(sql`select email from portal_accounts where firm_id = ${firmId} and id = ${portalAccountId}`),
  );
  return row?.email ?? null;
}

export type Recipient = { clientContactId: string | null; channel: ClientMessageChannel; phoneNumber: string };

/** Who takes a client's updates: each live contact (or the client itself) whose newest choice on a channel is in. */
export function findOptedInRecipients(tx: Tx, firmId: string, clientId: string) {
  return rowsOf<Recipient>(
    tx.execute(sql`select "clientContactId", channel, "phoneNumber" from (
        select distinct on (coalesce(o.client_contact_id, ${NO_CONTACT}), o.channel)
          o.client_contact_id as "clientContactId", o.channel, o.phone_number as "phoneNumber", o.is_opted_in
        from client_message_opt_ins o
        where o.firm_id = ${firmId} and o.client_id = ${clientId}
        order by coalesce(o.client_contact_id, ${NO_CONTACT}), o.channel, o.sequence desc) latest
      where latest.is_opted_in
        and ("clientContactId" is null or exists (select 1 from client_contacts c
          where c.firm_id = ${firmId} and c.id = "clientContactId" and c.deleted_at is null))
        and exists (select 1 from clients where firm_id = ${firmId} and id = ${clientId} and deleted_at is null)`),
  );
}

/** Whether a contact's newest choice on a channel is in, for this number (a retry asks again). */
export async function isOptedIn(
  tx: Tx,
  firmId: string,
  recipient: { clientId: string; clientContactId: string | null; channel: ClientMessageChannel; phoneNumber: string },
) {
  const [row] = await rowsOf<{ isOptedIn: boolean; phoneNumber: string | null }>(
    tx.execute(sql`select o.is_opted_in as "isOptedIn", o.phone_number as "phoneNumber" from client_message_opt_ins o
      where o.firm_id = ${firmId} and o.client_id = ${recipient.clientId} and o.channel = ${recipient.channel}
        and coalesce(o.client_contact_id, ${NO_CONTACT}) = coalesce(${recipient.clientContactId}::uuid, ${NO_CONTACT})
      order by o.sequence desc limit 1`),
  );
  return Boolean(row?.isOptedIn && row.phoneNumber === recipient.phoneNumber);
}

export type TemplateRow = { templateKey: string; body: string; updatedAt: Date | string; updatedByName: string | null };

export function findTemplates(tx: Tx, firmId: string) {
  return rowsOf<TemplateRow>(
    tx.execute(sql`select t.template_key as "templateKey", t.body, t.updated_at as "updatedAt", u.name as "updatedByName"
      from client_message_templates t left join users u on u.id = t.updated_by_user_id where t.firm_id = ${firmId}`),
  );
}

export async function findTemplateBody(tx: Tx, firmId: string, templateKey: ClientMessageTemplateKey) {
  const [row] = await tx
    .select({ body: clientMessageTemplates.body })
    .from(clientMessageTemplates)
    .where(and(eq(clientMessageTemplates.firmId, firmId), eq(clientMessageTemplates.templateKey, templateKey)));
  return row?.body ?? null;
}

export async function upsertTemplate(tx: Tx, firmId: string, templateKey: ClientMessageTemplateKey, body: string, userId: string) {
  await tx
    .insert(clientMessageTemplates)
    .values({ firmId, templateKey, body, updatedByUserId: userId })
    .onConflictDoUpdate({
      target: [clientMessageTemplates.firmId, clientMessageTemplates.templateKey],
      set: { body, updatedByUserId: userId, updatedAt: sql`now()` },
    });
}

export async function deleteTemplate(tx: Tx, firmId: string, templateKey: ClientMessageTemplateKey) {
  await tx
    .delete(clientMessageTemplates)
    .where(and(eq(clientMessageTemplates.firmId, firmId), eq(clientMessageTemplates.templateKey, templateKey)));
}

export type UpdateContext = {
  clientId: string;
  clientName: string;
  matterId: string | null;
  matterName: string | null;
  firmName: string;
  portalSlug: string | null;
};

/**
 * The names a client update is filled with: the client (given, or the matter's, or the invoice's),
 * the matter (given, or the invoice's first), the firm's name and portal.
 */
export async function findUpdateContext(
  tx: Tx,
  firmId: string,
  target: { matterId?: string | null; clientId?: string | null; invoiceId?: string | null },
): Promise<UpdateContext | null> {
  const invoiceId = target.invoiceId ?? null;
  const [row] = await rowsOf<UpdateContext>(
    tx.execute(sql`with wanted as (
        select coalesce(${target.clientId ?? null}::uuid,
            (select client_id from matters where firm_id = ${firmId} and id = ${target.matterId ?? null}::uuid),
            (select client_id from invoices where firm_id = ${firmId} and id = ${invoiceId}::uuid)) as client_id,
          coalesce(${target.matterId ?? null}::uuid,
            (select matter_id from invoice_matters where firm_id = ${firmId} and invoice_id = ${invoiceId}::uuid order by matter_id limit 1)) as matter_id)
      select c.id as "clientId", c.display_name as "clientName", m.id as "matterId", m.matter_name as "matterName",
        f.name as "firmName", f.portal_slug as "portalSlug"
      from wanted w
      join clients c on c.firm_id = ${firmId} and c.id = w.client_id and c.deleted_at is null
      join firms f on f.id = c.firm_id
      left join matters m on m.firm_id = c.firm_id and m.id = w.matter_id`),
  );
  return row ?? null;
}
