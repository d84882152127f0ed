import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { engagements } from '../../db/schema/index.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';

/** The engagements module's SQL (the only file with it); every function takes the firm first. */

export type EngagementRow = typeof engagements.$inferSelect;
export type EngagementTermsValues = Pick<
  typeof engagements.$inferInsert,
  | 'practiceAreaId'
  | 'responsibleUserId'
  | 'matterName'
  | 'matterDescription'
  | 'billingType'
  | 'hourlyRate'
  | 'flatRate'
  | 'contingencyPercentage'
  | 'retainerAmount'
  | 'retainerCurrencyCode'
  | 'templateDocumentId'
>;

/** The lead's engagement, locked FOR UPDATE when asked (after the lead's own row: the conversion's order). */
export async function findEngagement(tx: Tx, firmId: string, leadId: string, isLocked = false): Promise<EngagementRow | null> {
  const query = tx
    .select()
    .from(engagements)
    .where(and(eq(engagements.firmId, firmId), eq(engagements.leadId, leadId)));
  const [row] = await (isLocked ? query.for('update') : query);
  return row ?? null;
}

export async function findEngagementBySignatureRequest(tx: Tx, firmId: string, signatureRequestId: string): Promise<EngagementRow | null> {
  const [row] = await tx
    .select()
    .from(engagements)
    .where(and(eq(engagements.firmId, firmId), eq(engagements.signatureRequestId, signatureRequestId)));
  return row ?? null;
}

/** Saves the terms, making the engagement the first time. */
export async function saveTerms(tx: Tx, firmId: string, leadId: string, terms: EngagementTermsValues): Promise<void> {
  await tx
    .insert(engagements)
    .values({ firmId, leadId, ...terms })
    .onConflictDoUpdate({ target: [engagements.firmId, engagements.leadId], set: { ...terms, updatedAt: new Date() } });
}

export async function updateEngagement(
  tx: Tx,
  firmId: string,
  leadId: string,
  values: Partial<typeof engagements.$inferInsert>,
): Promise<void> {
  await tx
    .update(engagements)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(engagements.firmId, firmId), eq(engagements.leadId, leadId)));
}

export type FirmFacts = {
  name: string;
  address: string | null;
  email: string | null;
  phone: string | null;
  homeCurrencyCode: string;
  today: string;
};

/** The firm's name and contact details, its home currency and today in its time zone. */
export async function findFirmFacts(tx: Tx, firmId: string): Promise<FirmFacts> {
  const [row] = await rowsOf<FirmFacts>(
    tx.execute(sql`select f.name, f.address, f.email, f.phone, coalesce(c.iso_code, '') as "homeCurrencyCode",
        ${firmTodayText(sql`f.time_zone`)} as today
      from firms f left join currencies c on c.id = f.home_currency_id where f.id = ${firmId}`),
  );
  return row!;
}

/** Names for the view: the practice area, the fee earner, the template, the letter's documents; each null when not the firm's. */
export async function findNames(
  tx: Tx,
  firmId: string,
  ids: { practiceAreaId: string | null; userId: string | null; documentIds: string[] },
): Promise<{ practiceAreaName: string | null; userName: string | null; documentNames: Map<string, string> }> {
  const [names] = await rowsOf<{ practiceAreaName: string | null; userName: string | null }>(
    tx.execute(sql`select
      (select name from practice_areas where firm_id = ${firmId} and id = ${ids.practiceAreaId} and deleted_at is null) as "practiceAreaName",
      (select name from users where firm_id = ${firmId} and id = ${ids.userId}) as "userName"`),
  );
  const documents = ids.documentIds.length
    ? await rowsOf<{ id: string; name: string }>(
        tx.execute(sql`select id, name from documents where firm_id = ${firmId} and deleted_at is null
          and id in (${sql.join(
            ids.documentIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
      )
    : [];
  return {
    practiceAreaName: names?.practiceAreaName ?? null,
    userName: names?.userName ?? null,
    documentNames: new Map(documents.map((document) => [document.id, document.name])),
  };
}

/** An active member of the firm (a responsible fee earner). */
export async function isActiveMember(tx: Tx, firmId: string, userId: string): Promise<boolean> {
  const rows = await rowsOf(tx.execute(sql`select 1 from users where firm_id = ${firmId} and id = ${userId} and is_active`));
  return rows.length > 0;
}

export async function isLivePracticeArea(tx: Tx, firmId: string, practiceAreaId: string): Promise<boolean> {
  const rows = await rowsOf(
    tx.execute(sql`select 1 from practice_areas where firm_id = ${firmId} and id = ${practiceAreaId} and deleted_at is null`),
  );
  return rows.length > 0;
}

/** A Word document of the firm's Templates folder (a template), or false. */
export async function isWordTemplate(tx: Tx, firmId: string, documentId: string, contentType: string): Promise<boolean> {
  const rows = await rowsOf(
    tx.execute(sql`select 1 from documents d
      join document_folders f on f.firm_id = d.firm_id and f.id = d.folder_id
      join document_versions v on v.firm_id = d.firm_id and v.document_id = d.id and v.version_number = d.current_version_number
      where d.firm_id = ${firmId} and d.id = ${documentId} and d.deleted_at is null and f.kind = 'templates' and v.content_type = ${contentType}`),
  );
  return rows.length > 0;
}

/** A fee earner's default hourly rate (their rate on the matter opened for them), '0.00' when they have none. */
export async function findDefaultRate(tx: Tx, firmId: string, userId: string): Promise<string> {
  const [row] = await rowsOf<{ rate: string | null }>(
    tx.execute(sql`select default_hourly_rate::text as rate from users where firm_id = ${firmId} and id = ${userId}`),
  );
  return row?.rate ?? '0.00';
}

/** The converted client's name and the matter's number, for the view's links. */
export async function findConvertedNames(
  tx: Tx,
  firmId: string,
  ids: { clientId: string; matterId: string | null },
): Promise<{ clientName: string | null; matterNumber: string | null }> {
  const [row] = await rowsOf<{ clientName: string | null; matterNumber: string | null }>(
    tx.execute(sql`select (select display_name from clients where firm_id = ${firmId} and id = ${ids.clientId}) as "clientName",
      (select matter_number from matters where firm_id = ${firmId} and id = ${ids.matterId}) as "matterNumber"`),
  );
  return row ?? { clientName: null, matterNumber: null };
}

/**
 * The sweep's work: engagements whose letter was signed (its request Completed) since `signedSince`
 * and whose lead, not deleted, is not converted yet — the follow-up after sealing failed or never ran.
 */
export async function findSignedUnconverted(
  tx: Tx,
  firmId: string,
  signedSince: Date,
  limit: number,
): Promise<{ leadId: string; signatureRequestId: string }[]> {
  return rowsOf<{ leadId: string; signatureRequestId: string }>(
    tx.execute(sql`select e.lead_id as "leadId", e.signature_request_id as "signatureRequestId"
      from engagements e
      join signature_requests r on r.firm_id = e.firm_id and r.id = e.signature_request_id
      join leads l on l.firm_id = e.firm_id and l.id = e.lead_id
      where e.firm_id = ${firmId} and e.client_id is null and r.status = 'Completed' and r.ended_at >= ${signedSince.toISOString()}
        and l.deleted_at is null
      order by r.ended_at limit ${limit}`),
  );
}
