import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { customFieldDefinitions } from '../../db/schema/index.ts';

export type CustomFieldValues = {
  entityType: 'client' | 'matter';
  label: string;
  fieldType: 'text' | 'number' | 'date' | 'select';
  options: string[];
  isRequired: boolean;
  sortOrder: number;
};

const columns = {
  id: customFieldDefinitions.id,
  entityType: customFieldDefinitions.entityType,
  label: customFieldDefinitions.label,
  fieldType: customFieldDefinitions.fieldType,
  options: customFieldDefinitions.options,
  isRequired: customFieldDefinitions.isRequired,
  sortOrder: customFieldDefinitions.sortOrder,
};

const live = (firmId: string) => and(eq(customFieldDefinitions.firmId, firmId), isNull(customFieldDefinitions.deletedAt));

export function findCustomFields(tx: Tx, firmId: string, entityType?: 'client' | 'matter') {
  return tx
    .select(columns)
    .from(customFieldDefinitions)
    .where(and(live(firmId), entityType ? eq(customFieldDefinitions.entityType, entityType) : undefined))
    .orderBy(
      asc(customFieldDefinitions.entityType),
      asc(customFieldDefinitions.sortOrder),
      asc(customFieldDefinitions.label),
      asc(customFieldDefinitions.id),
    );
}

export async function findCustomField(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(customFieldDefinitions)
    .where(and(live(firmId), eq(customFieldDefinitions.id, id)));
  return row ?? null;
}

/** Another live field of the same record type with this label, ignoring case. */
export async function hasFieldLabelled(tx: Tx, firmId: string, entityType: string, label: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: customFieldDefinitions.id })
    .from(customFieldDefinitions)
    .where(
      and(
        live(firmId),
        eq(customFieldDefinitions.entityType, entityType as 'client'),
        sql`lower(${customFieldDefinitions.label}) = lower(${label})`,
        exceptId ? ne(customFieldDefinitions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertCustomField(tx: Tx, firmId: string, values: CustomFieldValues) {
  const [row] = await tx
    .insert(customFieldDefinitions)
    .values({ ...values, firmId })
    .returning(columns);
  return row!;
}

export async function updateCustomField(tx: Tx, firmId: string, id: string, values: CustomFieldValues) {
  const [row] = await tx
    .update(customFieldDefinitions)
    .set(values)
    .where(and(live(firmId), eq(customFieldDefinitions.id, id)))
    .returning(columns);
  return row ?? null;
}

export async function softDeleteCustomField(tx: Tx, firmId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(customFieldDefinitions)
    .set({ deletedAt: sql`now()` })
    .where(and(live(firmId), eq(customFieldDefinitions.id, id)))
    .returning({ id: customFieldDefinitions.id });
  return rows.length > 0;
}
