import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

export type MessageAbout = { kind: OutgoingMessageKind; id: string };
/** What an email may be about, for the screens that show its delivery and offer a retry. */
export type OutgoingMessageKind = 'invoice' | 'trustRequest' | 'teamInvitation';

export type QueuedMessage = { firmId: string; recipient: string; subject: string; sealedContent: string; about?: MessageAbout };

export async function insertOutgoingMessage(tx: Tx, message: QueuedMessage): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into outgoing_messages (firm_id, recipient, subject, sealed_content, about_kind, about_id)
      values (${message.firmId}, ${message.recipient}, ${message.subject}, ${message.sealedContent},
        ${message.about?.kind ?? null}, ${message.about?.id ?? null})
      returning id`),
  );
  return row!.id;
}

/** Many messages of one firm in one statement, each with the id its caller chose (so the caller knows which is which). */
export async function insertOutgoingMessages(tx: Tx, messages: (QueuedMessage & { id: string })[]): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map((message) => ({
    id: message.id,
    firm_id: message.firmId,
    recipient: message.recipient,
    subject: message.subject,
    sealed_content: message.sealedContent,
    about_kind: message.about?.kind ?? null,
    about_id: message.about?.id ?? null,
  }));
  await tx.execute(sql`insert into outgoing_messages (id, firm_id, recipient, subject, sealed_content, about_kind, about_id)
    select id, firm_id, recipient, subject, sealed_content, about_kind, about_id
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as m(id uuid, firm_id uuid, recipient text, subject text, sealed_content text, about_kind text, about_id uuid)`);
}

/** Identity lookup (before a firm is known): the firms with a message due now. */
export async function findFirmsWithDueMessages(tx: Tx, now: Date): Promise<string[]> {
  const rows = await rowsOf<{ firmId: string }>(
    tx.execute(sql`select distinct firm_id as "firmId" from outgoing_messages
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz`),
  );
  return rows.map((row) => row.firmId);
}

export type ClaimedMessage = { id: string; recipient: string; subject: string; sealedContent: string | null; attempts: number };

/**
 * Takes up to `limit` due messages for one sender: each attempt is counted and the message is set
 * aside for `leaseMs`, so another sender (replica) skips it, and a sender that dies mid-send leaves
 * it to be tried again once the lease runs out.
 */
export function claimDueMessages(tx: Tx, firmId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
  return rowsOf<ClaimedMessage>(
    tx.execute(sql`update outgoing_messages m set attempts = m.attempts + 1,
        next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${leaseMs / 1000})
      from (select id from outgoing_messages
        where firm_id = ${firmId} and status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, created_at limit ${limit} for update skip locked) due
      where m.id = due.id and m.firm_id = ${firmId}
      returning m.id, m.recipient, m.subject, m.sealed_content as "sealedContent", m.attempts`),
  );
}

/** Sent: what it said is no longer kept (it may hold a one-time link), only to whom and when. */
export async function markMessageSent(tx: Tx, firmId: string, id: string, now: Date): Promise<void> {
  await tx.execute(sql`update outgoing_messages set status = 'sent', sent_at = ${now.toISOString()}::timestamptz,
      sealed_content = null, last_error = null
    where firm_id = ${firmId} and id = ${id}`);
}

/** Not sent: tried again at `retryAt`, or failed for good when there is none. */
export async function markMessageNotSent(tx: Tx, firmId: string, id: string, error: string, retryAt: Date | null): Promise<void> {
  await tx.execute(sql`update outgoing_messages set last_error = ${error.slice(0, 500)},
      status = case when ${retryAt === null}::boolean then 'failed' else 'pending' end,
      next_attempt_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at)
    where firm_id = ${firmId} and id = ${id}`);
}

export type MessageDelivery = {
  id: string;
  aboutId: string;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** The latest email about each of the given things (an invoice's last send, an invitation's). */
export function findLatestDeliveries(tx: Tx, firmId: string, kind: OutgoingMessageKind, aboutIds: string[]): Promise<MessageDelivery[]> {
  return rowsOf<MessageDelivery>(
    tx.execute(sql`select distinct on (about_id) id, about_id as "aboutId", recipient, status, attempts,
        last_error as "lastError", created_at as "createdAt", sent_at as "sentAt"
      from outgoing_messages
      where firm_id = ${firmId} and about_kind = ${kind} and about_id = any(${`{${aboutIds.join(',')}}`}::uuid[])
      order by about_id, created_at desc, id desc`),
  );
}

/** The failed latest email about one thing, put back in line with a fresh count of attempts. */
export async function requeueFailedMessage(tx: Tx, firmId: string, kind: OutgoingMessageKind, aboutId: string): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`update outgoing_messages set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
      where id = (select id from outgoing_messages where firm_id = ${firmId} and about_kind = ${kind} and about_id = ${aboutId}
          order by created_at desc, id desc limit 1 for update)
        and firm_id = ${firmId} and status = 'failed'
      returning id`),
  );
  return row?.id ?? null;
}

export type FirmLetterhead = { name: string; logo: string | null; address: string | null; accentColour: string | null };

/**
 * What a firm's emails carry: its name and logo, and the address replies go to — the firm's email
 * from its profile, else its owner's (a firm without one should not send replies to nobody).
 */
export async function findFirmLetterhead(tx: Tx, firmId: string): Promise<FirmLetterhead | null> {
  const [row] = await rowsOf<FirmLetterhead>(
    tx.execute(sql`select firms.name, firms.logo, coalesce(nullif(trim(firms.email), ''), owner.email) as address,
        firms.invoice_accent_colour as "accentColour"
      from firms left join users owner on owner.firm_id = firms.id and owner.id = firms.owner_user_id
      where firms.id = ${firmId}`),
  );
  return row ?? null;
}

/** The name of the team member an email names as its sender. */
export async function findUserName(tx: Tx, firmId: string, userId: string): Promise<string | null> {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select name from users where firm_id = ${firmId} and id = ${userId}`));
  return row?.name ?? null;
}
