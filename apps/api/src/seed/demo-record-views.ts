import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { documents, matters } from '../db/schema/index.ts';
import { recordView, type ViewedRecord } from '../modules/record-views/record-views.api.ts';
import type { SeededFirm } from './seeded-firm.ts';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/**
 * "Who looked" in the demo (ADR 92): over the last week the fee earner opened the portal client's
 * matter, read and downloaded its documents; billing looked at its trust ledger; the administrator
 * at the matter and the client's ledger. An administrator sees them on the client's page link and in
 * Reports › Audit trail › Who looked.
 */
export async function seedDemoRecordViews(database: Database, firm: SeededFirm): Promise<void> {
  const clientId = firm.portalClient.clientId;
  const { matter, files } = await database.withFirm(firm.firmId, async (tx) => {
    const [matter] = await tx
      .select({ id: matters.id })
      .from(matters)
      .where(and(eq(matters.firmId, firm.firmId), eq(matters.clientId, clientId), isNull(matters.deletedAt)))
      .orderBy(asc(matters.matterNumber))
      .limit(1);
    const files = await tx
      .select({ id: documents.id, matterId: documents.matterId, folderId: documents.folderId })
      .from(documents)
      .where(and(eq(documents.firmId, firm.firmId), eq(documents.clientId, clientId), isNull(documents.deletedAt)))
      .orderBy(asc(documents.name))
      .limit(2);
    return { matter, files };
  });
  if (!matter) return;
  const matterView: ViewedRecord = { clientId, matterId: matter.id, recordType: 'matter', recordId: matter.id };
  const views: { who: keyof SeededFirm['users']; hours: number; view: ViewedRecord }[] = [
    { who: 'feeEarner', hours: 150, view: matterView },
    ...files.flatMap((file, index) => [
      {
        who: 'feeEarner' as const,
        hours: 149 - index,
        view: { clientId, matterId: file.matterId, recordType: 'documentList' as const, recordId: file.folderId },
      },
      {
        who: 'feeEarner' as const,
        hours: 148 - index,
        view: { clientId, matterId: file.matterId, recordType: 'document' as const, recordId: file.id },
      },
    ]),
    { who: 'billing', hours: 50, view: { clientId, matterId: null, recordType: 'trustLedger', recordId: clientId } },
    { who: 'billing', hours: 49, view: { clientId, matterId: matter.id, recordType: 'trustLedger', recordId: matter.id } },
    { who: 'admin', hours: 26, view: matterView },
    { who: 'admin', hours: 3, view: { clientId, matterId: null, recordType: 'trustLedger', recordId: clientId } },
    { who: 'feeEarner', hours: 2, view: matterView },
  ];
  for (const { who, hours, view } of views)
    await recordView(database, { firmId: firm.firmId, userId: firm.users[who].id }, view, hoursAgo(hours));
}
