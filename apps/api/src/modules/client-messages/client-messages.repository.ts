import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { ClientMessage, ClientMessageChannel, ClientMessageProvider, ClientMessageStatus } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { clientMessages, firms } from '../../db/schema/index.ts';

export type NewClientMessage = {
  matterId?: string | null;
  clientId?: string | null;
  clientContactId?: string | null;
  /** The event it tells of (a hearing's reminder, an invoice sent): one message per event, channel and number. */
  eventKey?: string | null;
  channel: ClientMessageChannel;
  to: string;
  templateKey: string;
  body: string;
  provider: ClientMessageProvider;
  createdByUserId?: string | null;
};

const view = {
  id: clientMessages.id,
  matterId: clientMessages.matterId,
  clientContactId: clientMessages.clientContactId,
  channel: clientMessages.channel,
  to: clientMessages.toNumber,
  templateKey: clientMessages.templateKey,
  body: clientMessages.body,
  provider: clientMessages.provider,
  providerMessageId: clientMessages.providerMessageId,
  status: clientMessages.status,
  attempts: clientMessages.attempts,
  lastError: clientMessages.lastError,
  nextAttemptAt: clientMessages.nextAttemptAt,
  createdAt: clientMessages.createdAt,
  sentAt: clientMessages.sentAt,
  statusAt: clientMessages.statusAt,
};
type ViewRow = { [K in keyof typeof view]: (typeof view)[K]['_']['data'] | null };

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const toView = (row: ViewRow): ClientMessage =>
  ({
    ...row,
    nextAttemptAt: iso(row.nextAttemptAt as Date | null),
    createdAt: iso(row.createdAt as Date | null) ?? '',
    sentAt: iso(row.sentAt as Date | null),
    statusAt: iso(row.statusAt as Date | null),
  }) as ClientMessage;

export async function findFirmCountry(tx: Tx, firmId: string): Promise<string | null> {
  const [row] = await tx.select({ country: firms.country }).from(firms).where(eq(firms.id, firmId));
  return row?.country ?? null;
}

/**
 * Written in the caller's (business) transaction: it is sent only if that transaction commits.
 * Null when the event already has its message for this channel and number (it is never sent twice).
 */
export async function insertClientMessage(tx: Tx, firmId: string, message: NewClientMessage): Promise<ClientMessage | null> {
  const [row] = await tx
    .insert(clientMessages)
    .values({
      firmId,
      matterId: message.matterId ?? null,
      clientId: message.clientId ?? null,
      clientContactId: message.clientContactId ?? null,
      eventKey: message.eventKey ?? null,
      channel: message.channel,
      toNumber: message.to,
      templateKey: message.templateKey,
      body: message.body,
      provider: message.provider,
      createdByUserId: message.createdByUserId ?? null,
    })
    .onConflictDoNothing()
    .returning(view);
  return row ? toView(row as ViewRow) : null;
}

export type RetryableMessage = {
  id: string;
  status: ClientMessageStatus;
  channel: ClientMessageChannel;
  to: string;
  clientId: string | null;
  clientContactId: string | null;
};

export async function lockClientMessage(tx: Tx, firmId: string, id: string): Promise<RetryableMessage | null> {
  const [row] = await rowsOf<RetryableMessage>(
    tx.execute(sql`select id, status, channel, to_number as "to", client_id as "clientId", client_contact_id as "clientContactId"
      from client_messages where firm_id = ${firmId} and id = ${id} for update`),
  );
  return row ?? null;
}

/** A failed message queued again, with a fresh allowance of attempts (what went wrong stays until the next answer). */
export async function requeueClientMessage(tx: Tx, firmId: string, id: string): Promise<ClientMessage> {
  const [row] = await tx
    .update(clientMessages)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, providerMessageId: null, statusAt: null, sentAt: null })
    .where(and(eq(clientMessages.firmId, firmId), eq(clientMessages.id, id)))
    .returning(view);
  return toView(row as ViewRow);
}

export async function findClientMessages(
  tx: Tx,
  firmId: string,
  filter: { matterId?: string; status?: ClientMessageStatus; page: number; size: number },
) {
  const conditions: SQL[] = [eq(clientMessages.firmId, firmId)];
  if (filter.matterId) conditions.push(eq(clientMessages.matterId, filter.matterId));
  if (filter.status) conditions.push(eq(clientMessages.status, filter.status));
  const where = and(...conditions);
  const rows = await tx
    .select(view)
    .from(clientMessages)
    .where(where)
    .orderBy(desc(clientMessages.createdAt), desc(clientMessages.id))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  const [total] = await tx.select({ value: count() }).from(clientMessages).where(where);
  return { data: rows.map((row) => toView(row as ViewRow)), totalCount: total?.value ?? 0 };
}

/** The firms with messages due, in the identity-lookup scope (the job runs for no firm). */
export async function findFirmsWithDueMessages(tx: Tx, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ firmId: string }>(
    tx.execute(sql`select distinct firm_id as "firmId" from client_messages
      where status = 'queued' and next_attempt_at <= now() limit ${limit}`),
  );
  return rows.map((row) => row.firmId);
}

export type ClaimedMessage = {
  id: string;
  channel: ClientMessageChannel;
  to: string;
  body: string;
  provider: ClientMessageProvider;
  attempts: number;
};

/**
 * Takes up to `limit` due messages for one attempt each: counted and moved out of reach for
 * `leaseSeconds` in this short transaction, so that two workers never hand one over twice and a
 * worker that dies mid-way leaves them to be tried again after the lease.
 */
export async function claimDueMessages(tx: Tx, firmId: string, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  return rowsOf<ClaimedMessage>(
    tx.execute(sql`update client_messages set attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      where id in (select id from client_messages where firm_id = ${firmId} and status = 'queued' and next_attempt_at <= now()
        order by next_attempt_at limit ${limit} for update skip locked)
      returning id, channel, to_number as "to", body, provider, attempts`),
  );
}

export async function recordHandedOver(tx: Tx, firmId: string, id: string, providerMessageId: string) {
  await tx
    .update(clientMessages)
    .set({ status: 'sent', providerMessageId, sentAt: new Date(), nextAttemptAt: null, lastError: null })
    .where(and(eq(clientMessages.firmId, firmId), eq(clientMessages.id, id), eq(clientMessages.status, 'queued')));
}

/** A failed hand-over: tried again after retryInSeconds, or failed for good (null). */
export async function recordAttemptFailed(tx: Tx, firmId: string, id: string, error: string, retryInSeconds: number | null) {
  await tx
    .update(clientMessages)
    .set(
      retryInSeconds === null
        ? { status: 'failed', lastError: error, nextAttemptAt: null, statusAt: new Date() }
        : { lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` },
    )
    .where(and(eq(clientMessages.firmId, firmId), eq(clientMessages.id, id), eq(clientMessages.status, 'queued')));
}

/** Whose message a provider's id is, in the identity-lookup scope (the callback names no firm). */
export async function findMessageOwner(tx: Tx, provider: ClientMessageProvider, providerMessageId: string) {
  const [row] = await rowsOf<{ firmId: string }>(
    tx.execute(sql`select firm_id as "firmId" from client_messages
      where provider = ${provider} and provider_message_id = ${providerMessageId}`),
  );
  return row?.firmId ?? null;
}

export async function lockMessageByProviderId(tx: Tx, firmId: string, provider: ClientMessageProvider, providerMessageId: string) {
  const [row] = await rowsOf<{ id: string; status: ClientMessageStatus }>(
    tx.execute(sql`select id, status from client_messages
      where firm_id = ${firmId} and provider = ${provider} and provider_message_id = ${providerMessageId} for update`),
  );
  return row ?? null;
}

export async function recordDeliveryStatus(tx: Tx, firmId: string, id: string, status: ClientMessageStatus, error: string | null) {
  await tx
    .update(clientMessages)
    .set({ status, statusAt: new Date(), nextAttemptAt: null, ...(status === 'delivered' ? {} : { lastError: error }) })
    .where(and(eq(clientMessages.firmId, firmId), eq(clientMessages.id, id)));
}
