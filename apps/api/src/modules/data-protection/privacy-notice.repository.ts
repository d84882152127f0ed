import { sql } from 'drizzle-orm';
import type { PrivacyConsentAccount, PrivacyNoticeVersion, PrivacyOfficer } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';

/** The privacy notice's SQL (ADR 92): the officer on the firm's settings row, versions numbered per firm, consents once per account and version. */

const iso = (value: string | Date) => new Date(value).toISOString();

export type CurrentNotice = { id: string; version: number; body: string; publishedAt: string };

export async function findOfficer(tx: Tx, firmId: string): Promise<PrivacyOfficer | null> {
  const [row] = await rowsOf<{ name: string | null; email: string | null; phone: string | null }>(
    tx.execute(sql`select officer_name as name, officer_email as email, officer_phone as phone
      from data_protection_settings where firm_id = ${firmId}`),
  );
  return row?.name && row.email ? { name: row.name, email: row.email, phone: row.phone } : null;
}

export async function saveOfficer(tx: Tx, firmId: string, userId: string, officer: PrivacyOfficer) {
  await tx.execute(sql`insert into data_protection_settings (firm_id, officer_name, officer_email, officer_phone, updated_by_user_id)
    values (${firmId}, ${officer.name}, ${officer.email}, ${officer.phone}, ${userId})
    on conflict (firm_id) do update set officer_name = excluded.officer_name, officer_email = excluded.officer_email,
      officer_phone = excluded.officer_phone, updated_by_user_id = excluded.updated_by_user_id, updated_at = now()`);
}

/** Takes the firm's settings row for the transaction, so two publications cannot take the same number. */
export async function lockNoticeNumbering(tx: Tx, firmId: string) {
  await tx.execute(sql`insert into data_protection_settings (firm_id) values (${firmId}) on conflict (firm_id) do nothing`);
  await tx.execute(sql`select 1 from data_protection_settings where firm_id = ${firmId} for update`);
}

export async function insertVersion(tx: Tx, firmId: string, userId: string, body: string) {
  const [row] = await rowsOf<{ id: string; version: number }>(
    tx.execute(sql`insert into privacy_notice_versions (firm_id, version, body, published_by_user_id)
      values (${firmId}, (select coalesce(max(version), 0) + 1 from privacy_notice_versions where firm_id = ${firmId}), ${body}, ${userId})
      returning id, version`),
  );
  return row!;
}

export async function findVersions(tx: Tx, firmId: string): Promise<PrivacyNoticeVersion[]> {
  const rows = await rowsOf<Omit<PrivacyNoticeVersion, 'publishedAt'> & { publishedAt: string | Date }>(
    tx.execute(sql`select v.id, v.version, v.body, v.published_at as "publishedAt", u.name as "publishedBy",
        (select count(*)::int from privacy_notice_consents c where c.firm_id = v.firm_id and c.version_id = v.id) as "consentCount"
        from privacy_notice_versions v left join users u on u.id = v.published_by_user_id
       where v.firm_id = ${firmId} order by v.version desc`),
  );
  return rows.map((row) => ({ ...row, publishedAt: iso(row.publishedAt) }));
}

export async function findCurrentNotice(tx: Tx, firmId: string): Promise<CurrentNotice | null> {
  const [row] = await rowsOf<Omit<CurrentNotice, 'publishedAt'> & { publishedAt: string | Date }>(
    tx.execute(sql`select id, version, body, published_at as "publishedAt" from privacy_notice_versions
      where firm_id = ${firmId} order by version desc limit 1`),
  );
  return row ? { ...row, publishedAt: iso(row.publishedAt) } : null;
}

export async function findConsentedAt(tx: Tx, firmId: string, portalAccountId: string, versionId: string) {
  const [row] = await rowsOf<{ consentedAt: string | Date }>(
    tx.execute(sql`select consented_at as "consentedAt" from privacy_notice_consents
      where firm_id = ${firmId} and portal_account_id = ${portalAccountId} and version_id = ${versionId}`),
  );
  return row ? iso(row.consentedAt) : null;
}

/** Once per account and version: a second submit (a double click, a retry) keeps the first moment. */
export async function insertConsent(tx: Tx, firmId: string, portalAccountId: string, versionId: string) {
  await tx.execute(sql`insert into privacy_notice_consents (firm_id, version_id, portal_account_id)
    values (${firmId}, ${versionId}, ${portalAccountId}) on conflict do nothing`);
}

export async function isFirmClient(tx: Tx, firmId: string, clientId: string) {
  const rows = await rowsOf(tx.execute(sql`select 1 from clients where firm_id = ${firmId} and id = ${clientId}`));
  return rows.length > 0;
}

export async function findClientConsents(tx: Tx, firmId: string, clientId: string): Promise<PrivacyConsentAccount[]> {
  const rows = await rowsOf<Omit<PrivacyConsentAccount, 'consents'> & { consents: { version: number; consentedAt: string | Date }[] }>(
    tx.execute(sql`select a.id as "portalAccountId", a.email, a.contact_name as name, a.status,
        coalesce((select json_agg(json_build_object('version', v.version, 'consentedAt', c.consented_at) order by v.version desc)
          from privacy_notice_consents c join privacy_notice_versions v on v.firm_id = c.firm_id and v.id = c.version_id
         where c.firm_id = a.firm_id and c.portal_account_id = a.id), '[]') as consents
        from portal_accounts a where a.firm_id = ${firmId} and a.client_id = ${clientId}
       order by a.status = 'removed', a.email`),
  );
  return rows.map((row) => ({
    ...row,
    consents: row.consents.map((consent) => ({ version: consent.version, consentedAt: iso(consent.consentedAt) })),
  }));
}
