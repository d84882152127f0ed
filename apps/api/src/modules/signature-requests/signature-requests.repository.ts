import { sql, type SQL } from 'drizzle-orm';
import type { AdoptedMark, SignatureFieldKind, SignatureRequestStatus, SignerKind, SignerStatus, SigningOrder } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { timeZoneOfFirm } from '../../platform/firm-clock.ts';

/** The sealing job's attempts at a request before it stops and tells the sender and the firm's administrators. */
export const SEALING_ATTEMPTS = 5;

export type RequestRow = {
  id: string;
  documentId: string;
  documentName: string;
  matterId: string | null;
  clientId: string | null;
  documentVersionNumber: number;
  documentSha256: string;
  title: string;
  message: string | null;
  signingOrder: SigningOrder;
  status: SignatureRequestStatus;
  /** Past its expiry while still Sent: treated as Expired before the job marks it. */
  isPastExpiry: boolean;
  /** Sealing, and the job failed at each of its attempts (none under way): it waits for Try again. */
  isSealingFailed: boolean;
  expiresAt: Date | string;
  /** The last day it can be signed, DD/MM/YYYY in the firm's time zone, as emails say it. */
  expiresOnText: string;
  createdByUserId: string;
  createdByName: string;
  createdAt: Date | string;
  endedAt: Date | string | null;
  voidReason: string | null;
  signedDocumentSha256: string | null;
  signedVersionNumber: number | null;
};

const requestColumns = sql`r.id, r.document_id as "documentId", d.name as "documentName", d.matter_id as "matterId", d.client_id as "clientId",
  r.document_version_number as "documentVersionNumber", r.document_sha256 as "documentSha256", r.title, r.message,
  r.signing_order as "signingOrder", r.status, (r.status = 'Sent' and r.expires_at <= now()) as "isPastExpiry", r.expires_at as "expiresAt",
  to_char((r.expires_at - interval '1 second') at time zone ${timeZoneOfFirm(sql`r.firm_id`)}, 'DD/MM/YYYY') as "expiresOnText",
  r.created_by_user_id as "createdByUserId", coalesce(u.name, '') as "createdByName", r.created_at as "createdAt", r.ended_at as "endedAt",
  r.void_reason as "voidReason", r.signed_document_sha256 as "signedDocumentSha256", r.signed_version_number as "signedVersionNumber",
  (r.status = 'Sealing' and r.sealing_attempts >= ${SEALING_ATTEMPTS} and coalesce(r.sealing_lease_until, '-infinity') <= now()) as "isSealingFailed"`;

const requestFrom = sql`from signature_requests r
  join documents d on d.firm_id = r.firm_id and d.id = r.document_id
  left join users u on u.firm_id = r.firm_id and u.id = r.created_by_user_id`;

/** The request, locked FOR UPDATE when asked: every signer's step and the firm's actions take turns on this row. */
export async function findRequest(tx: Tx, firmId: string, requestId: string, isLocked = false): Promise<RequestRow | null> {
  const [row] = await rowsOf<RequestRow>(
    tx.execute(
      sql`select ${requestColumns} ${requestFrom} where r.firm_id = ${firmId} and r.id = ${requestId} ${isLocked ? sql`for update of r` : sql``}`,
    ),
  );
  return row ?? null;
}

export type RequestListRow = RequestRow & { signerCount: number; signedCount: number; signerNames: string[]; totalCount: number };

export type RequestFilters = { status?: SignatureRequestStatus; matterId?: string; documentId?: string };

export function findRequestPage(tx: Tx, firmId: string, filters: RequestFilters, limit: number, offset: number) {
  const where: SQL[] = [sql`r.firm_id = ${firmId}`];
  // Expired is what the request is once its expiry passed, whether or not the job has marked it yet.
  if (filters.status === 'Expired') where.push(sql`(r.status = 'Expired' or (r.status = 'Sent' and r.expires_at <= now()))`);
  else if (filters.status === 'Sent') where.push(sql`r.status = 'Sent' and r.expires_at > now()`);
  else if (filters.status) where.push(sql`r.status = ${filters.status}`);
  if (filters.matterId) where.push(sql`d.matter_id = ${filters.matterId}`);
  if (filters.documentId) where.push(sql`r.document_id = ${filters.documentId}`);
  return rowsOf<RequestListRow>(
    tx.execute(sql`select ${requestColumns}, count(*) over ()::int as "totalCount",
        (select count(*)::int from signature_request_signers s where s.firm_id = r.firm_id and s.request_id = r.id) as "signerCount",
        (select count(*)::int from signature_request_signers s where s.firm_id = r.firm_id and s.request_id = r.id and s.status = 'Signed') as "signedCount",
        coalesce((select array_agg(s.name order by s.position) from signature_request_signers s where s.firm_id = r.firm_id and s.request_id = r.id), '{}') as "signerNames"
      ${requestFrom} where ${sql.join(where, sql` and `)}
      order by r.created_at desc, r.id limit ${limit} offset ${offset}`),
  );
}

export type NewRequest = {
  firmId: string;
  documentId: string;
  documentVersionNumber: number;
  documentSha256: string;
  title: string;
  message: string | null;
  signingOrder: SigningOrder;
  expiresOn: string;
  createdByUserId: string;
};

/** A new request; it expires at the end of its expiry date in the firm's time zone. Null when that date is not after the firm's today or past a year. */
export async function insertRequest(tx: Tx, request: NewRequest): Promise<{ id: string } | { problem: 'tooSoon' | 'tooLate' }> {
  const [check] = await rowsOf<{ today: string; isTooSoon: boolean; isTooLate: boolean }>(
    tx.execute(sql`select ${request.expiresOn}::date <= (now() at time zone ${timeZoneOfFirm(request.firmId)})::date as "isTooSoon",
      ${request.expiresOn}::date > (now() at time zone ${timeZoneOfFirm(request.firmId)})::date + 365 as "isTooLate"`),
  );
  if (check!.isTooSoon) return { problem: 'tooSoon' };
  if (check!.isTooLate) return { problem: 'tooLate' };
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into signature_requests (firm_id, document_id, document_version_number, document_sha256, title, message,
        signing_order, status, expires_at, created_by_user_id)
      values (${request.firmId}, ${request.documentId}, ${request.documentVersionNumber}, ${request.documentSha256}, ${request.title},
        ${request.message}, ${request.signingOrder}, 'Sent',
        ((${request.expiresOn}::date + 1)::timestamp at time zone ${timeZoneOfFirm(request.firmId)}), ${request.createdByUserId})
      returning id`),
  );
  return { id: row!.id };
}

export type NewSigner = {
  position: number;
  name: string;
  email: string;
  kind: SignerKind;
  clientContactId: string | null;
  clientId: string | null;
  leadId: string | null;
  userId: string | null;
  status: SignerStatus;
  tokenHash: string;
  tokenSealed: string;
};

export async function insertSigners(tx: Tx, firmId: string, requestId: string, signers: NewSigner[]): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into signature_request_signers (firm_id, request_id, position, name, email, kind, client_contact_id, client_id,
        lead_id, user_id, status, token_hash, token_sealed, sent_at)
      values ${sql.join(
        signers.map(
          (s) => sql`(${firmId}, ${requestId}, ${s.position}, ${s.name}, ${s.email}, ${s.kind}, ${s.clientContactId}, ${s.clientId},
            ${s.leadId}, ${s.userId}, ${s.status}, ${s.tokenHash}, ${s.tokenSealed}, ${s.status === 'Sent' ? sql`now()` : sql`null`})`,
        ),
        sql`, `,
      )}
      returning id`),
  );
  return rows.map((row) => row.id);
}

export type NewField = {
  signerId: string;
  position: number;
  kind: SignatureFieldKind;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export async function insertFields(tx: Tx, firmId: string, requestId: string, fields: NewField[]): Promise<void> {
  await tx.execute(sql`insert into signature_request_fields (firm_id, request_id, signer_id, position, kind, page, x, y, width, height)
    values ${sql.join(
      fields.map(
        (f) => sql`(${firmId}, ${requestId}, ${f.signerId}, ${f.position}, ${f.kind}, ${f.page}, ${f.x}, ${f.y}, ${f.width}, ${f.height})`,
      ),
      sql`, `,
    )}`);
}

export type SignerRow = {
  id: string;
  position: number;
  name: string;
  email: string;
  kind: SignerKind;
  clientContactId: string | null;
  clientId: string | null;
  leadId: string | null;
  userId: string | null;
  status: SignerStatus;
  tokenSealed: string;
  sentAt: Date | string | null;
  viewedAt: Date | string | null;
  consentedAt: Date | string | null;
  signedAt: Date | string | null;
  declinedAt: Date | string | null;
  declineReason: string | null;
  lastRemindedAt: Date | string | null;
  reminderCount: number;
  signatureMark: AdoptedMark | null;
  initialsMark: AdoptedMark | null;
};

export function findSigners(tx: Tx, firmId: string, requestId: string) {
  return rowsOf<SignerRow>(
    tx.execute(sql`select id, position, name, email, kind, client_contact_id as "clientContactId", client_id as "clientId", lead_id as "leadId",
        user_id as "userId", status, token_sealed as "tokenSealed", sent_at as "sentAt", viewed_at as "viewedAt",
        consented_at as "consentedAt", signed_at as "signedAt", declined_at as "declinedAt", decline_reason as "declineReason",
        last_reminded_at as "lastRemindedAt", reminder_count as "reminderCount", signature_mark as "signatureMark",
        initials_mark as "initialsMark"
      from signature_request_signers where firm_id = ${firmId} and request_id = ${requestId} order by position`),
  );
}

export type FieldRow = NewField & { id: string };

export function findFields(tx: Tx, firmId: string, requestId: string) {
  return rowsOf<FieldRow>(
    tx.execute(sql`select id, signer_id as "signerId", position, kind, page, x, y, width, height
      from signature_request_fields where firm_id = ${firmId} and request_id = ${requestId} order by position`),
  );
}

export type EventRow = {
  at: Date | string;
  kind: string;
  signerId: string | null;
  actorName: string;
  ipAddress: string | null;
  userAgent: string | null;
  detail: string | null;
};

export function findEvents(tx: Tx, firmId: string, requestId: string) {
  return rowsOf<EventRow>(
    tx.execute(sql`select at, kind, signer_id as "signerId", actor_name as "actorName", ip_address as "ipAddress", user_agent as "userAgent", detail
      from signature_request_events where firm_id = ${firmId} and request_id = ${requestId} order by at, id`),
  );
}

export type NewEvent = {
  requestId: string;
  signerId: string | null;
  kind: string;
  actorUserId: string | null;
  actorName: string;
  ipAddress: string | null;
  userAgent: string | null;
  detail?: string | null;
};

/** Events of one step; clock_timestamp() so steps of one transaction (sign, then the next signer sent) keep their order. */
export async function insertEvents(tx: Tx, firmId: string, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`insert into signature_request_events (firm_id, request_id, signer_id, kind, at, actor_user_id, actor_name, ip_address, user_agent, detail)
    values ${sql.join(
      events.map(
        (e) => sql`(${firmId}, ${e.requestId}, ${e.signerId}, ${e.kind}, clock_timestamp(), ${e.actorUserId}, ${e.actorName},
          ${e.ipAddress}, ${e.userAgent}, ${e.detail ?? null})`,
      ),
      sql`, `,
    )}`);
}
