import { sql } from 'drizzle-orm';
import { ADMINISTRATOR, type AdoptedMark, type SignatureRequestStatus, type SignerStatus } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { SEALING_ATTEMPTS } from './signature-requests.repository.ts';

/** The signer behind a link's token hash, before the firm is known (the identity-lookup role reads only these columns). */
export async function findSignerByTokenHash(tx: Tx, tokenHash: string) {
  const [row] = await rowsOf<{ firmId: string; signerId: string; requestId: string }>(
    tx.execute(sql`select firm_id as "firmId", id as "signerId", request_id as "requestId"
      from signature_request_signers where token_hash = ${tokenHash}`),
  );
  return row ?? null;
}

export type SignerStep =
  | { status: 'Sent' }
  | { status: 'Viewed' }
  | { status: 'Consented' }
  | { status: 'Signed'; signature: AdoptedMark; initials: AdoptedMark | null }
  | { status: 'Declined'; reason: string };

/** A signer's step: its status and the time of the step (a first view or consent keeps its first time). */
export async function recordSignerStep(tx: Tx, firmId: string, signerId: string, step: SignerStep): Promise<void> {
  const times: Record<SignerStep['status'], ReturnType<typeof sql>> = {
    Sent: sql`sent_at = coalesce(sent_at, now())`,
    Viewed: sql`viewed_at = coalesce(viewed_at, now())`,
    Consented: sql`viewed_at = coalesce(viewed_at, now()), consented_at = coalesce(consented_at, now())`,
    Signed: sql`signed_at = now()`,
    Declined: sql`declined_at = now()`,
  };
  const extra =
    step.status === 'Signed'
      ? sql`, signature_mark = ${JSON.stringify(step.signature)}::jsonb, initials_mark = ${step.initials ? JSON.stringify(step.initials) : null}::jsonb`
      : step.status === 'Declined'
        ? sql`, decline_reason = ${step.reason}`
        : sql``;
  await tx.execute(sql`update signature_request_signers set status = ${step.status}, ${times[step.status]} ${extra}
    where firm_id = ${firmId} and id = ${signerId}`);
}

/** The view keeps a signer who already consented Consented: only the first view moves Sent to Viewed. */
export async function recordFirstView(tx: Tx, firmId: string, signerId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`update signature_request_signers set viewed_at = now(), status = case when status = 'Sent' then 'Viewed' else status end
      where firm_id = ${firmId} and id = ${signerId} and viewed_at is null returning id`),
  );
  return rows.length > 0;
}

export async function recordReminded(tx: Tx, firmId: string, signerIds: string[]): Promise<void> {
  if (signerIds.length === 0) return;
  await tx.execute(sql`update signature_request_signers set last_reminded_at = now(), reminder_count = reminder_count + 1
    where firm_id = ${firmId} and id in ${sql`(${sql.join(
      signerIds.map((id) => sql`${id}`),
      sql`, `,
    )})`}`);
}

export async function endRequest(
  tx: Tx,
  firmId: string,
  requestId: string,
  status: Extract<SignatureRequestStatus, 'Sealing' | 'Declined' | 'Voided' | 'Expired'>,
  voided?: { userId: string; reason: string },
): Promise<void> {
  await tx.execute(sql`update signature_requests set status = ${status}, ended_at = case when ${status} = 'Sealing' then null else now() end,
      voided_by_user_id = ${voided?.userId ?? null}, void_reason = ${voided?.reason ?? null}
    where firm_id = ${firmId} and id = ${requestId}`);
}

export async function completeRequest(
  tx: Tx,
  firmId: string,
  requestId: string,
  sealed: { signedDocumentSha256: string; signedVersionNumber: number },
): Promise<void> {
  await tx.execute(sql`update signature_requests set status = 'Completed', ended_at = now(), sealing_lease_until = null,
      signed_document_sha256 = ${sealed.signedDocumentSha256}, signed_version_number = ${sealed.signedVersionNumber}
    where firm_id = ${firmId} and id = ${requestId}`);
}

export async function findFirmName(tx: Tx, firmId: string): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select name from firms where id = ${firmId}`));
  return row?.name ?? '';
}

/** The client a contact belongs to; null when the firm has no such live contact. */
export async function findContactClientId(tx: Tx, firmId: string, contactId: string): Promise<string | null> {
  const [row] = await rowsOf<{ clientId: string }>(
    tx.execute(
      sql`select client_id as "clientId" from client_contacts where firm_id = ${firmId} and id = ${contactId} and deleted_at is null`,
    ),
  );
  return row?.clientId ?? null;
}

export async function isFirmUser(tx: Tx, firmId: string, userId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(tx.execute(sql`select id from users where firm_id = ${firmId} and id = ${userId}`));
  return rows.length > 0;
}

export async function findUserName(tx: Tx, firmId: string, userId: string): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select name from users where firm_id = ${firmId} and id = ${userId}`));
  return row?.name ?? '';
}

export async function findUserEmail(tx: Tx, firmId: string, userId: string): Promise<string | null> {
  const [row] = await rowsOf<{ email: string }>(tx.execute(sql`select email from users where firm_id = ${firmId} and id = ${userId}`));
  return row?.email ?? null;
}

/** Requests of the firm still Sent whose expiry has passed, locked, skipping any a signer holds now. */
export function lockRequestsToExpire(tx: Tx, firmId: string) {
  return rowsOf<{ id: string }>(
    tx.execute(sql`select id from signature_requests where firm_id = ${firmId} and status = 'Sent' and expires_at <= now()
      order by expires_at limit 200 for update skip locked`),
  );
}

/** Signers whose turn it is, who have not answered, not reminded (or sent their link) in the last `everyDays` days, on live requests. */
export function findSignersToRemind(tx: Tx, firmId: string, everyDays: number) {
  return rowsOf<{ requestId: string }>(
    tx.execute(sql`select distinct s.request_id as "requestId" from signature_request_signers s
      join signature_requests r on r.firm_id = s.firm_id and r.id = s.request_id
      where s.firm_id = ${firmId} and r.status = 'Sent' and r.expires_at > now() and s.status in ('Sent', 'Viewed', 'Consented')
        and greatest(s.sent_at, s.last_reminded_at) <= now() - make_interval(days => ${everyDays})
      limit 500`),
  );
}

/** One request waiting to be sealed, claimed for `leaseMinutes` (another run leaves it alone meanwhile); null when none. */
export async function claimRequestToSeal(tx: Tx, firmId: string, leaseMinutes: number) {
  const [row] = await rowsOf<{ id: string; attempts: number }>(
    tx.execute(sql`update signature_requests set sealing_lease_until = now() + make_interval(mins => ${leaseMinutes}),
        sealing_attempts = sealing_attempts + 1
      where firm_id = ${firmId} and id = (select id from signature_requests where firm_id = ${firmId} and status = 'Sealing'
        and coalesce(sealing_lease_until, '-infinity') <= now() and sealing_attempts < ${SEALING_ATTEMPTS} order by created_at limit 1 for update skip locked)
      returning id, sealing_attempts as "attempts"`),
  );
  return row ?? null;
}

/** The last attempt failed: its lease ends now, so the request shows as failed at once. */
export async function endSealingLease(tx: Tx, firmId: string, requestId: string) {
  await tx.execute(
    sql`update signature_requests set sealing_lease_until = null where firm_id = ${firmId} and id = ${requestId} and status = 'Sealing'`,
  );
}

/** Try again: the attempts counted afresh and no lease, so the next sealing run takes it. */
export async function resetSealingAttempts(tx: Tx, firmId: string, requestId: string) {
  await tx.execute(
    sql`update signature_requests set sealing_attempts = 0, sealing_lease_until = null where firm_id = ${firmId} and id = ${requestId} and status = 'Sealing'`,
  );
}

/** The firm's active administrators' emails (the role holding the administrator permission). */
export async function findAdministratorEmails(tx: Tx, firmId: string): Promise<string[]> {
  const rows = await rowsOf<{ email: string }>(
    tx.execute(sql`select u.email from users u join roles ro on ro.firm_id = u.firm_id and ro.id = u.role_id
      where u.firm_id = ${firmId} and u.is_active and ${ADMINISTRATOR} = any(ro.permissions) order by u.email`),
  );
  return rows.map((row) => row.email);
}

/** Firms with a request to expire, remind or seal: what the jobs visit (the identity-lookup role reads these columns). */
export function findFirmsWithOpenRequests(tx: Tx) {
  return rowsOf<{ firmId: string }>(
    tx.execute(sql`select distinct firm_id as "firmId" from signature_requests where status in ('Sent', 'Sealing')`),
  );
}

export async function findFirmCertificate(tx: Tx, firmId: string) {
  const [row] = await rowsOf<{ p12Sealed: string; fingerprintSha256: string }>(
    tx.execute(
      sql`select p12_sealed as "p12Sealed", fingerprint_sha256 as "fingerprintSha256" from firm_signing_certificates where firm_id = ${firmId}`,
    ),
  );
  return row ?? null;
}

/** Keeps the firm's first certificate: two jobs making one at once keep one (the other's is dropped). */
export async function insertFirmCertificate(
  tx: Tx,
  firmId: string,
  certificate: { p12Sealed: string; certificatePem: string; fingerprintSha256: string; notAfter: Date },
): Promise<void> {
  await tx.execute(sql`insert into firm_signing_certificates (firm_id, p12_sealed, certificate_pem, fingerprint_sha256, not_after)
    values (${firmId}, ${certificate.p12Sealed}, ${certificate.certificatePem}, ${certificate.fingerprintSha256}, ${certificate.notAfter.toISOString()})
    on conflict (firm_id) do nothing`);
}

export type PortalSignerRow = {
  requestId: string;
  title: string;
  documentName: string;
  requestStatus: SignatureRequestStatus;
  isPastExpiry: boolean;
  signerStatus: SignerStatus;
  tokenSealed: string;
  sentAt: Date | string;
  expiresAt: Date | string;
  signedAt: Date | string | null;
};

/** The requests where the signed-in portal account is a signer for its client: the same email, on the client's documents or as its contact. */
export function findPortalSignerRows(tx: Tx, firmId: string, clientId: string, portalAccountId: string) {
  return rowsOf<PortalSignerRow>(
    tx.execute(sql`select r.id as "requestId", r.title, d.name as "documentName", r.status as "requestStatus",
        (r.status = 'Sent' and r.expires_at <= now()) as "isPastExpiry", s.status as "signerStatus", s.token_sealed as "tokenSealed",
        r.created_at as "sentAt", r.expires_at as "expiresAt", s.signed_at as "signedAt"
      from signature_request_signers s
      join signature_requests r on r.firm_id = s.firm_id and r.id = s.request_id
      join documents d on d.firm_id = r.firm_id and d.id = r.document_id
      join portal_accounts a on a.firm_id = s.firm_id and a.id = ${portalAccountId} and lower(a.email) = lower(s.email)
      where s.firm_id = ${firmId} and s.client_id = ${clientId}
      order by r.created_at desc limit 100`),
  );
}
