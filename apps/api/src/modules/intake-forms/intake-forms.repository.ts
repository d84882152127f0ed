import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { IntakeFieldView } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firms, intakeForms } from '../../db/schema/index.ts';

export type FormValues = {
  name: string;
  slug: string;
  introduction: string | null;
  fields: IntakeFieldView[];
  thankYouText: string;
  assigneeUserId: string;
  practiceAreaId: string | null;
};

export type FormRow = FormValues & {
  id: string;
  isPublished: boolean;
  publishedAt: Date | string | null;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  assigneeName: string;
  practiceAreaName: string | null;
  submissionCount: number;
  firmSlug: string | null;
};

const FORM_COLUMNS = sql`f.id, f.name, f.slug, f.introduction, f.fields, f.thank_you_text as "thankYouText",
  f.assignee_user_id as "assigneeUserId", f.practice_area_id as "practiceAreaId", f.is_published as "isPublished",
  f.published_at as "publishedAt", f.version, f.created_at as "createdAt", f.updated_at as "updatedAt",
  coalesce(assignee.name, '') as "assigneeName", area.name as "practiceAreaName", firm.portal_slug as "firmSlug",
  (select count(*)::int from leads l where l.firm_id = f.firm_id and l.intake_form_id = f.id and l.deleted_at is null) as "submissionCount"`;
const FORM_JOINS = sql`join firms firm on firm.id = f.firm_id
  left join users assignee on assignee.firm_id = f.firm_id and assignee.id = f.assignee_user_id
  left join practice_areas area on area.firm_id = f.firm_id and area.id = f.practice_area_id`;

/** The firm's form (not deleted), locked FOR UPDATE when asked. */
export async function findForm(tx: Tx, firmId: string, formId: string, isLocked = false): Promise<FormRow | null> {
  const [row] = await rowsOf<FormRow>(
    tx.execute(sql`select ${FORM_COLUMNS} from intake_forms f ${FORM_JOINS}
      where f.firm_id = ${firmId} and f.id = ${formId} and f.deleted_at is null ${isLocked ? sql`for update of f` : sql``}`),
  );
  return row ?? null;
}

/** The firm's published form at this address, or null. */
export async function findPublishedForm(tx: Tx, firmId: string, slug: string): Promise<FormRow | null> {
  const [row] = await rowsOf<FormRow>(
    tx.execute(sql`select ${FORM_COLUMNS} from intake_forms f ${FORM_JOINS}
      where f.firm_id = ${firmId} and f.slug = ${slug} and f.deleted_at is null and f.is_published`),
  );
  return row ?? null;
}

export async function findFormPage(
  tx: Tx,
  firmId: string,
  query: { page: number; size: number; isPublished?: 'true' | 'false' },
): Promise<{ rows: FormRow[]; totalCount: number }> {
  const published = query.isPublished ? sql`and f.is_published = ${query.isPublished === 'true'}` : sql``;
  const rows = await rowsOf<FormRow>(
    tx.execute(sql`select ${FORM_COLUMNS} from intake_forms f ${FORM_JOINS}
      where f.firm_id = ${firmId} and f.deleted_at is null ${published}
      order by f.name, f.id limit ${query.size} offset ${(query.page - 1) * query.size}`),
  );
  const [count] = await rowsOf<{ count: number }>(
    tx.execute(sql`select count(*)::int as count from intake_forms f where f.firm_id = ${firmId} and f.deleted_at is null ${published}`),
  );
  return { rows, totalCount: count?.count ?? 0 };
}

export async function isSlugTaken(tx: Tx, firmId: string, slug: string, exceptFormId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: intakeForms.id })
    .from(intakeForms)
    .where(
      and(
        eq(intakeForms.firmId, firmId),
        eq(intakeForms.slug, slug),
        isNull(intakeForms.deletedAt),
        exceptFormId ? ne(intakeForms.id, exceptFormId) : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertForm(tx: Tx, values: FormValues & { firmId: string; createdByUserId: string }): Promise<string> {
  const [row] = await tx.insert(intakeForms).values(values).returning({ id: intakeForms.id });
  return row!.id;
}

/** Saves the definition as the next version. */
export async function updateForm(tx: Tx, firmId: string, formId: string, values: FormValues): Promise<void> {
  await tx
    .update(intakeForms)
    .set({ ...values, version: sql`${intakeForms.version} + 1`, updatedAt: new Date() })
    .where(and(eq(intakeForms.firmId, firmId), eq(intakeForms.id, formId)));
}

export async function setPublished(tx: Tx, firmId: string, formId: string, isPublished: boolean): Promise<void> {
  await tx
    .update(intakeForms)
    .set({ isPublished, publishedAt: isPublished ? new Date() : null })
    .where(and(eq(intakeForms.firmId, firmId), eq(intakeForms.id, formId)));
}

export async function softDeleteForm(tx: Tx, firmId: string, formId: string, userId: string): Promise<void> {
  await tx
    .update(intakeForms)
    .set({ deletedAt: new Date(), deletedByUserId: userId, isPublished: false, publishedAt: null })
    .where(and(eq(intakeForms.firmId, firmId), eq(intakeForms.id, formId)));
}

export async function findFirmPortalSlug(tx: Tx, firmId: string): Promise<string | null> {
  const [row] = await tx.select({ slug: firms.portalSlug }).from(firms).where(eq(firms.id, firmId));
  return row?.slug ?? null;
}

/** A member's email and name (the form's assignee, who is told of each lead). */
export async function findUserEmail(tx: Tx, firmId: string, userId: string) {
  const rows = await rowsOf<{ email: string; name: string; isActive: boolean }>(
    tx.execute(sql`select email, name, is_active as "isActive" from users where firm_id = ${firmId} and id = ${userId}`),
  );
  return rows[0] ?? null;
}

/** A deleted form's address, or null when the form is not in the bin. */
export async function findDeletedFormSlug(tx: Tx, firmId: string, formId: string): Promise<string | null> {
  const [row] = await tx
    .select({ slug: intakeForms.slug })
    .from(intakeForms)
    .where(and(eq(intakeForms.firmId, firmId), eq(intakeForms.id, formId), isNotNull(intakeForms.deletedAt)))
    .for('update');
  return row?.slug ?? null;
}

/** Puts a deleted form back among the firm's forms, unpublished (as its deletion left it). */
export async function restoreDeletedForm(tx: Tx, firmId: string, formId: string): Promise<void> {
  await tx
    .update(intakeForms)
    .set({ deletedAt: null, deletedByUserId: null, updatedAt: new Date() })
    .where(and(eq(intakeForms.firmId, firmId), eq(intakeForms.id, formId)));
}

/** The firm's form, deleted or not, locked FOR UPDATE: whether it is in the bin, or null when it is not the firm's. */
export async function lockFormForRemoval(tx: Tx, firmId: string, formId: string): Promise<{ isDeleted: boolean } | null> {
  const [row] = await tx
    .select({ deletedAt: intakeForms.deletedAt })
    .from(intakeForms)
    .where(and(eq(intakeForms.firmId, firmId), eq(intakeForms.id, formId)))
    .for('update');
  return row ? { isDeleted: row.deletedAt !== null } : null;
}

/** One submission of a form at a time counts against its limits: two sent at once cannot both slip under them. */
export async function lockFormSubmissions(tx: Tx, firmId: string, formId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`intake-submit:${firmId}:${formId}`}, 0))`);
}
