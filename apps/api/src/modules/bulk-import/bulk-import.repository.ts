import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BULK_IMPORT_MESSAGES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import {
  activityTypes,
  bulkImportMappings,
  bulkImportRows,
  bulkImports,
  clients,
  currencies,
  expenseCategories,
  firms,
  matters,
  trustAccounts,
  users,
} from '../../db/schema/index.ts';

export type ImportRecord = typeof bulkImports.$inferSelect;

export async function insertImport(tx: Tx, values: typeof bulkImports.$inferInsert): Promise<ImportRecord> {
  const [row] = await tx.insert(bulkImports).values(values).returning();
  return row!;
}

/**
 * The firm's imports, newest first. Work whose process ended without saying so (a crash): a run
 * silent for 15 minutes is answered as failed, a dry run silent for 2 (a batch takes seconds) as
 * not yet checked.
 */
export async function findImports(tx: Tx, firmId: string, id?: string): Promise<ImportRecord[]> {
  await tx
    .update(bulkImports)
    .set({ status: 'failed', failure: BULK_IMPORT_MESSAGES.runStopped })
    .where(
      and(eq(bulkImports.firmId, firmId), eq(bulkImports.status, 'running'), sql`${bulkImports.updatedAt} < now() - interval '15 minutes'`),
    );
  await tx
    .update(bulkImports)
    .set({ status: 'uploaded', failure: BULK_IMPORT_MESSAGES.checkStopped })
    .where(
      and(eq(bulkImports.firmId, firmId), eq(bulkImports.status, 'checking'), sql`${bulkImports.updatedAt} < now() - interval '2 minutes'`),
    );
  return tx
    .select()
    .from(bulkImports)
    .where(and(eq(bulkImports.firmId, firmId), id ? eq(bulkImports.id, id) : undefined))
    .orderBy(desc(bulkImports.createdAt))
    .limit(20);
}

export async function updateImport(tx: Tx, firmId: string, id: string, values: Partial<typeof bulkImports.$inferInsert>) {
  await tx
    .update(bulkImports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(bulkImports.firmId, firmId), eq(bulkImports.id, id)));
}

/** Claims an import for its dry run, once: false while it is being checked or run, or once done. */
export async function claimForCheck(tx: Tx, firmId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(bulkImports)
    .set({ status: 'checking', processedRows: 0, dryRun: null, failure: null, updatedAt: sql`now()` })
    .where(and(eq(bulkImports.firmId, firmId), eq(bulkImports.id, id), inArray(bulkImports.status, ['uploaded', 'checked', 'failed'])))
    .returning({ id: bulkImports.id });
  return rows.length === 1;
}

/** Claims a checked import for its run, once: false when it is already running or done. */
export async function claimForRun(tx: Tx, firmId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(bulkImports)
    .set({ status: 'running', processedRows: 0, createdCount: 0, skippedCount: 0, failedCount: 0, failure: null, updatedAt: sql`now()` })
    .where(and(eq(bulkImports.firmId, firmId), eq(bulkImports.id, id), inArray(bulkImports.status, ['checked', 'failed'])))
    .returning({ id: bulkImports.id });
  return rows.length === 1;
}

export async function findSavedMapping(tx: Tx, firmId: string, kind: string) {
  const [row] = await tx
    .select({ mapping: bulkImportMappings.mapping })
    .from(bulkImportMappings)
    .where(and(eq(bulkImportMappings.firmId, firmId), eq(bulkImportMappings.kind, kind)));
  return row?.mapping ?? null;
}

export async function saveMapping(tx: Tx, firmId: string, kind: string, mapping: Record<string, string | null>) {
  await tx
    .insert(bulkImportMappings)
    .values({ firmId, kind, mapping })
    .onConflictDoUpdate({ target: [bulkImportMappings.firmId, bulkImportMappings.kind], set: { mapping } });
}

/** Which of these fingerprints were imported before (by any file). */
export async function findImportedFingerprints(tx: Tx, firmId: string, kind: string, fingerprints: string[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await tx
    .select({ fingerprint: bulkImportRows.fingerprint })
    .from(bulkImportRows)
    .where(and(eq(bulkImportRows.firmId, firmId), eq(bulkImportRows.kind, kind), inArray(bulkImportRows.fingerprint, fingerprints)));
  return new Set(rows.map((row) => row.fingerprint));
}

export async function recordImportedRows(
  tx: Tx,
  firmId: string,
  importId: string,
  kind: string,
  rows: { fingerprint: string; recordId: string }[],
) {
  if (rows.length > 0)
    await tx
      .insert(bulkImportRows)
      .values(rows.map((row) => ({ firmId, kind, importId, ...row })))
      .onConflictDoNothing();
}

/**
 * The names a file's rows refer to, resolved once per run: live clients, matters, members,
 * activities, expense categories and open trust accounts, and the firm's home currency.
 */
export async function findReferences(tx: Tx, firmId: string) {
  const [clientRows, matterRows, memberRows, activityRows, categoryRows, trustAccountRows, homeRows] = await Promise.all([
    tx
      .select({ id: clients.id, name: clients.displayName, number: clients.clientNumber, email: clients.email })
      .from(clients)
      .where(and(eq(clients.firmId, firmId), isNull(clients.deletedAt))),
    tx
      .select({ id: matters.id, clientId: matters.clientId, name: matters.matterName, number: matters.matterNumber })
      .from(matters)
      .where(and(eq(matters.firmId, firmId), isNull(matters.deletedAt))),
    tx
      .select({ id: users.id, email: users.email, isActive: users.isActive, rate: users.defaultHourlyRate })
      .from(users)
      .where(eq(users.firmId, firmId)),
    tx
      .select({ id: activityTypes.id, name: activityTypes.activityType })
      .from(activityTypes)
      .where(and(eq(activityTypes.firmId, firmId), isNull(activityTypes.deletedAt))),
    tx
      .select({ id: expenseCategories.id, name: expenseCategories.name })
      .from(expenseCategories)
      .where(and(eq(expenseCategories.firmId, firmId), isNull(expenseCategories.deletedAt))),
    tx
      .select({
        id: trustAccounts.id,
        name: trustAccounts.name,
        last4: trustAccounts.accountNumberLast4,
        currencyCode: trustAccounts.currencyCode,
      })
      .from(trustAccounts)
      .where(and(eq(trustAccounts.firmId, firmId), eq(trustAccounts.isActive, true))),
    tx
      .select({ code: currencies.isoCode })
      .from(firms)
      .innerJoin(currencies, eq(currencies.id, firms.homeCurrencyId))
      .where(eq(firms.id, firmId)),
  ]);
  return { clientRows, matterRows, memberRows, activityRows, categoryRows, trustAccountRows, homeCurrency: homeRows[0]?.code ?? 'NGN' };
}
