import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { intakeUploads } from '../../db/schema/index.ts';

export type ScanStatus = 'scanning' | 'available' | 'quarantined';

export async function insertUpload(
  tx: Tx,
  values: {
    firmId: string;
    intakeFormId: string;
    fieldKey: string;
    storageKey: string;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    scanStatus: ScanStatus;
  },
): Promise<string> {
  const [row] = await tx.insert(intakeUploads).values(values).returning({ id: intakeUploads.id });
  return row!.id;
}

/**
 * Gives the lead the uploads its form's answers name: only the form's own, for that field, not yet
 * another lead's and not refused by the scanner. Answers how many it took.
 */
export async function attachUploads(
  tx: Tx,
  firmId: string,
  input: { leadId: string; intakeFormId: string; fieldKey: string; uploadIds: string[] },
): Promise<number> {
  if (input.uploadIds.length === 0) return 0;
  const rows = await tx
    .update(intakeUploads)
    .set({ leadId: input.leadId })
    .where(
      and(
        eq(intakeUploads.firmId, firmId),
        eq(intakeUploads.intakeFormId, input.intakeFormId),
        eq(intakeUploads.fieldKey, input.fieldKey),
        inArray(intakeUploads.id, input.uploadIds),
        isNull(intakeUploads.leadId),
        sql`${intakeUploads.scanStatus} <> 'quarantined'`,
      ),
    )
    .returning({ id: intakeUploads.id });
  return rows.length;
}

export function findLeadUploads(tx: Tx, firmId: string, leadId: string) {
  return tx
    .select({
      id: intakeUploads.id,
      fieldKey: intakeUploads.fieldKey,
      fileName: intakeUploads.fileName,
      contentType: intakeUploads.contentType,
      sizeBytes: intakeUploads.sizeBytes,
      scanStatus: intakeUploads.scanStatus,
      storageKey: intakeUploads.storageKey,
    })
    .from(intakeUploads)
    .where(and(eq(intakeUploads.firmId, firmId), eq(intakeUploads.leadId, leadId)))
    .orderBy(asc(intakeUploads.createdAt), asc(intakeUploads.id));
}

export async function findUpload(tx: Tx, firmId: string, uploadId: string) {
  const [row] = await tx
    .select()
    .from(intakeUploads)
    .where(and(eq(intakeUploads.firmId, firmId), eq(intakeUploads.id, uploadId)));
  return row ?? null;
}

/** The uploads still waiting for the scanner, oldest first. */
export function findScanningUploads(tx: Tx, firmId: string, limit: number) {
  return tx
    .select({ id: intakeUploads.id, storageKey: intakeUploads.storageKey })
    .from(intakeUploads)
    .where(and(eq(intakeUploads.firmId, firmId), eq(intakeUploads.scanStatus, 'scanning')))
    .orderBy(asc(intakeUploads.createdAt))
    .limit(limit);
}

/** The verdict, recorded once: false when another run already recorded one. */
export async function recordUploadVerdict(tx: Tx, firmId: string, uploadId: string, isInfected: boolean): Promise<boolean> {
  const rows = await tx
    .update(intakeUploads)
    .set({ scanStatus: isInfected ? 'quarantined' : 'available', scannedAt: new Date() })
    .where(and(eq(intakeUploads.firmId, firmId), eq(intakeUploads.id, uploadId), eq(intakeUploads.scanStatus, 'scanning')))
    .returning({ id: intakeUploads.id });
  return rows.length > 0;
}

/** Which of these uploads a form's field may still take (its own, unattached, not refused). */
export async function findAttachableUploadIds(
  tx: Tx,
  firmId: string,
  input: { intakeFormId: string; fieldKey: string; uploadIds: string[] },
): Promise<string[]> {
  if (input.uploadIds.length === 0) return [];
  const rows = await tx
    .select({ id: intakeUploads.id })
    .from(intakeUploads)
    .where(
      and(
        eq(intakeUploads.firmId, firmId),
        eq(intakeUploads.intakeFormId, input.intakeFormId),
        eq(intakeUploads.fieldKey, input.fieldKey),
        inArray(intakeUploads.id, input.uploadIds),
        isNull(intakeUploads.leadId),
        sql`${intakeUploads.scanStatus} <> 'quarantined'`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Uploads no form was ever sent with, older than the cutoff: a visitor who gave up. */
export function findAbandonedUploads(tx: Tx, firmId: string, before: Date, limit: number) {
  return tx
    .select({ id: intakeUploads.id, storageKey: intakeUploads.storageKey })
    .from(intakeUploads)
    .where(and(eq(intakeUploads.firmId, firmId), isNull(intakeUploads.leadId), lt(intakeUploads.createdAt, before)))
    .orderBy(asc(intakeUploads.createdAt))
    .limit(limit);
}

export async function deleteUnattachedUpload(tx: Tx, firmId: string, uploadId: string): Promise<boolean> {
  const rows = await tx
    .delete(intakeUploads)
    .where(and(eq(intakeUploads.firmId, firmId), eq(intakeUploads.id, uploadId), isNull(intakeUploads.leadId)))
    .returning({ id: intakeUploads.id });
  return rows.length > 0;
}
