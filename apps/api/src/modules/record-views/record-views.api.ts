import type { Database } from '../../db/database.ts';
import { openRequestTransaction } from '../../db/request-transaction.ts';
import { insertRecordView, type ViewedRecord } from './record-views.repository.ts';

export type { ViewedRecord } from './record-views.repository.ts';

/**
 * "Who looked" (NDPA 2023, ADR 92): a team member viewed a client's matter, document, list of
 * documents or trust ledger. Called by the module that answered the view, after its read.
 *
 * In a request, the insert joins the request's transaction and is sent without waiting: it travels
 * with the commit (a GET's goes out beside its answer), so recording adds no round trip to the
 * page. Should it fail, the commit fails with it and the request's log says so (never silently).
 * Outside a request (the seed, a script) it is a transaction of its own, awaited.
 */
export function recordView(
  database: Database,
  viewer: { firmId: string; userId: string },
  view: ViewedRecord | null,
  viewedAt?: Date,
): Promise<void> {
  // Firm-wide documents and folders belong to no client; the portal reads a client's own records as no member.
  if (!view || !viewer.userId) return Promise.resolve();
  return database.withFirm(viewer.firmId, async (tx) => {
    const inserted = insertRecordView(tx, viewer.firmId, viewer.userId, view, viewedAt);
    const request = openRequestTransaction();
    if (request?.tx !== tx) {
      await inserted;
      return;
    }
    inserted.catch(() => undefined);
    request.pending.push(inserted);
  });
}

/** The view of a record that sits in a client's folder tree; null for the firm's own (no client). */
export const viewInClient = (
  recordType: ViewedRecord['recordType'],
  record: { id: string; clientId: string | null; matterId: string | null },
): ViewedRecord | null =>
  record.clientId ? { clientId: record.clientId, matterId: record.matterId, recordType, recordId: record.id } : null;
