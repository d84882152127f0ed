import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { roles, users } from '../../db/schema/firms.ts';

/** A version that still needs its scan or its text, with what the processing needs to know of it. */
export type PendingVersion = {
  id: string;
  documentId: string;
  documentName: string;
  versionNumber: number;
  storageKey: string;
  fileName: string;
  contentType: string;
  scanStatus: 'scanning' | 'available' | 'quarantined';
  textStatus: 'pending' | 'extracted' | 'none' | 'failed';
  uploadedByUserId: string | null;
};

const PENDING_FIELDS = {
  id: documentVersions.id,
  documentId: documentVersions.documentId,
  documentName: documents.name,
  versionNumber: documentVersions.versionNumber,
  storageKey: documentVersions.storageKey,
  fileName: documentVersions.fileName,
  contentType: documentVersions.contentType,
  scanStatus: documentVersions.scanStatus,
  textStatus: documentVersions.textStatus,
  uploadedByUserId: documentVersions.uploadedByUserId,
};

const NEEDS_TEXT = and(eq(documentVersions.scanStatus, 'available'), eq(documentVersions.textStatus, 'pending'));

/** Identity lookup (no firm yet): every firm, for the job that visits each firm's pending versions. */

/** The firm's versions waiting to be read (and, withScanning, to be scanned), oldest first. */
export function findPendingVersions(
  tx: Tx,
  firmId: string,
  { limit, withScanning }: { limit: number; withScanning: boolean },
): Promise<PendingVersion[]> {
  return tx
    .select(PENDING_FIELDS)
    .from(documentVersions)
    .innerJoin(documents, and(eq(documents.firmId, documentVersions.firmId), eq(documents.id, documentVersions.documentId)))
    .where(
      and(eq(documentVersions.firmId, firmId), withScanning ? or(eq(documentVersions.scanStatus, 'scanning'), NEEDS_TEXT) : NEEDS_TEXT),
    )
    .orderBy(asc(documentVersions.createdAt), asc(documentVersions.id))
    .limit(limit);
}

/**
 * The scan's verdict, recorded only while the version is still Scanning: answers false when another
 * run already recorded one (so that run alone sends the alert).
 */
export async function recordScanVerdict(tx: Tx, firmId: string, versionId: string, signature: string | null): Promise<boolean> {
  const rows = await tx
    .update(documentVersions)
    .set({ scanStatus: signature ? 'quarantined' : 'available', scanSignature: signature, scannedAt: sql`now()` })
    .where(and(eq(documentVersions.firmId, firmId), eq(documentVersions.id, versionId), eq(documentVersions.scanStatus, 'scanning')))
    .returning({ id: documentVersions.id });
  return rows.length > 0;
}

/** The extraction's outcome, recorded once (while the text is still pending) for an available version. */
export async function recordExtractedText(
  tx: Tx,
  firmId: string,
  versionId: string,
  outcome: { status: 'extracted' | 'none' | 'failed'; text: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(documentVersions)
    .set({ textStatus: outcome.status, extractedText: outcome.text, extractedAt: sql`now()` })
    .where(
      and(
        eq(documentVersions.firmId, firmId),
        eq(documentVersions.id, versionId),
        eq(documentVersions.scanStatus, 'available'),
        eq(documentVersions.textStatus, 'pending'),
      ),
    )
    .returning({ id: documentVersions.id });
  return rows.length > 0;
}

/**
 * Counts a reading attempt before it starts (committed, so an attempt that takes the process down
 * still counts): answers its number, or null when the version is no longer waiting or has had its
 * attempts, in which case it is to be parked rather than read again.
 */
export async function startTextAttempt(tx: Tx, firmId: string, versionId: string, maxAttempts: number): Promise<number | null> {
  const rows = await tx
    .update(documentVersions)
    .set({ textAttempts: sql`${documentVersions.textAttempts} + 1` })
    .where(
      and(
        eq(documentVersions.firmId, firmId),
        eq(documentVersions.id, versionId),
        eq(documentVersions.scanStatus, 'available'),
        eq(documentVersions.textStatus, 'pending'),
        lt(documentVersions.textAttempts, maxAttempts),
      ),
    )
    .returning({ attempts: documentVersions.textAttempts });
  return rows[0]?.attempts ?? null;
}

/** An administrator's retry: the document's current version, if its text failed, waits to be read again with fresh attempts. */
export async function retryFailedText(tx: Tx, firmId: string, documentId: string): Promise<string | null> {
  const rows = await tx
    .update(documentVersions)
    .set({ textStatus: 'pending', textAttempts: 0, extractedAt: null })
    .from(documents)
    .where(
      and(
        eq(documents.firmId, firmId),
        eq(documents.id, documentId),
        eq(documentVersions.firmId, firmId),
        eq(documentVersions.documentId, documents.id),
        eq(documentVersions.versionNumber, documents.currentVersionNumber),
        eq(documentVersions.textStatus, 'failed'),
      ),
    )
    .returning({ id: documentVersions.id });
  return rows[0]?.id ?? null;
}

/** The document's searchable text, when this version is still its current one (a newer version's text wins). */
export async function setCurrentContentText(tx: Tx, firmId: string, documentId: string, versionNumber: number, text: string | null) {
  await tx
    .update(documents)
    .set({ contentText: text })
    .where(and(eq(documents.firmId, firmId), eq(documents.id, documentId), eq(documents.currentVersionNumber, versionNumber)));
}

/** The firm's active administrators with an e-mail address: who hears of a quarantined file. */
export function listAdministrators(tx: Tx, firmId: string) {
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.firmId, firmId),
        eq(users.isActive, true),
        sql`btrim(${users.email}) <> ''`,
        sql`'administrator' = any(${roles.permissions})`,
      ),
    )
    .orderBy(asc(users.email));
}
