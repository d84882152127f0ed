import type { z } from 'zod';
import {
  RECYCLE_BIN_KIND_LABELS,
  RECYCLE_BIN_MESSAGES,
  type RecycleBinEntry,
  type RecycleBinEntryPage,
  type RecycleBinKind,
  type recycleBinQuerySchema,
} from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { type AfterResponse } from '../../lib/after-response.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FileStore } from '../../platform/files/files.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import { restoreIntakeForm } from '../intake-forms/intake-forms.api.ts';
import { restoreDraftInvoice } from '../invoices/invoices.api.ts';
import { restoreDeletedLead } from '../leads/leads.api.ts';
import {
  type BinItemRow,
  findBinItem,
  findExpiredItems,
  findFileKeys,
  findLeafParents,
  hasIntakeFormLeads,
  holdsLeadHistory,
  holdsMoneyHistory,
  isMattersClientDeleted,
  listBinItems,
  purgeRecord,
  restoreChildrenOf,
  restoreLeaf,
  restoreOwn,
} from './recycle-bin.repository.ts';

/** Restores that belong to the documents module (its folder and name rules), handed in by app.ts. */
export type DocumentRestores = {
  restoreDocument(principal: FirmPrincipal, id: string): Promise<unknown>;
  restoreFolder(principal: FirmPrincipal, id: string): Promise<unknown>;
};

type Dependencies = { database: Database; files: FileStore; documents: DocumentRestores; afterResponse: AfterResponse };

const iso = (value: string | Date) => new Date(value).toISOString();

const entryOf = (row: BinItemRow): RecycleBinEntry => ({
  id: row.id,
  kind: row.kind,
  kindLabel: RECYCLE_BIN_KIND_LABELS[row.kind],
  name: row.name,
  belongsTo: row.belongsTo,
  deletedAt: iso(row.deletedAt),
  deletedBy: row.deletedBy,
  purgeAfter: iso(row.purgeAfter),
  daysLeft: Number(row.daysLeft),
});

/**
 * The firm's recycle bin (issue 39): every deleted client, matter, time entry, expense, flat fee,
 * progress note, court update, document, folder, draft invoice, lead and intake form, for the firm's retention (Settings ›
 * General), restorable with what was deleted with it, or deleted for good by typing its name. A job
 * purges what has stayed past the retention.
 */
export function createRecycleBin({ database, files, documents, afterResponse }: Dependencies) {
  async function itemOrNotFound(tx: Tx, firmId: string, id: string) {
    const item = await findBinItem(tx, firmId, id);
    if (!item) throw notFound('Item in the recycle bin');
    return item;
  }

  /** Removes the record and its files: the rows in the caller's transaction, the files once it has committed. */
  async function purge(tx: Tx, actor: { firmId: string; userId: string | null }, item: BinItemRow) {
    if ((item.kind === 'client' || item.kind === 'matter') && (await holdsMoneyHistory(tx, actor.firmId, { kind: item.kind, id: item.id })))
      throw conflict(RECYCLE_BIN_MESSAGES.holdsMoney);
    if (item.kind === 'lead' && (await holdsLeadHistory(tx, actor.firmId, item.id))) throw conflict(RECYCLE_BIN_MESSAGES.leadHasHistory);
    if (item.kind === 'intakeForm' && (await hasIntakeFormLeads(tx, actor.firmId, item.id)))
      throw conflict(RECYCLE_BIN_MESSAGES.formHasLeads);
    const keys = await findFileKeys(tx, actor.firmId, item);
    await purgeRecord(tx, actor.firmId, item.kind, item.id);
    if (actor.userId)
      await recordAuditEvent(tx, { firmId: actor.firmId, userId: actor.userId }, 'recycleBin.purged', item.id, {
        kind: item.kind,
        name: item.name,
        files: keys.length,
      });
    return keys;
  }

  const removeFiles = (keys: string[]) => {
    if (keys.length > 0) afterResponse.run(async () => void (await Promise.allSettled(keys.map((key) => files.remove(key)))));
  };

  async function restoreLeafOrRefuse(tx: Tx, firmId: string, item: BinItemRow) {
    const parents = await findLeafParents(tx, firmId, item.kind, item.id);
    if (parents?.clientDeleted) throw conflict(RECYCLE_BIN_MESSAGES.restoreClientFirst);
    if (parents?.matterDeleted) throw conflict(RECYCLE_BIN_MESSAGES.restoreMatterFirst);
    await restoreLeaf(tx, firmId, item.kind, item.id);
  }

  return {
    async list(principal: FirmPrincipal, query: z.output<typeof recycleBinQuerySchema>): Promise<RecycleBinEntryPage> {
      const rows = await database.withFirm(principal.firmId, (tx) =>
        listBinItems(
          tx,
          principal.firmId,
          { kind: query.Kind, search: query.Search || undefined, deletedBy: query.DeletedBy },
          { limit: query.size, offset: (query.page - 1) * query.size },
        ),
      );
      return { data: rows.map(entryOf), page: query.page, size: query.size, totalCount: rows[0]?.totalCount ?? 0 };
    },

    /** Puts the record back where it was, with what was deleted with it (a client's matters, a matter's time…). */
    async restore(principal: FirmPrincipal, id: string): Promise<{ kind: RecycleBinKind; id: string }> {
      const item = await database.withFirm(principal.firmId, (tx) => itemOrNotFound(tx, principal.firmId, id));
      if (item.kind === 'document') await documents.restoreDocument(principal, id);
      else if (item.kind === 'folder') await documents.restoreFolder(principal, id);
      else
        await database.withFirm(principal.firmId, async (tx) => {
          const firmId = principal.firmId;
          if (item.kind === 'client' || item.kind === 'matter') {
            if (item.kind === 'matter' && (await isMattersClientDeleted(tx, firmId, id)))
              throw conflict(RECYCLE_BIN_MESSAGES.restoreClientFirst);
            await restoreChildrenOf(tx, firmId, { kind: item.kind, id });
            await restoreOwn(tx, firmId, { kind: item.kind, id });
          } else if (item.kind === 'invoice') await restoreDraftInvoice(tx, firmId, id);
          else if (item.kind === 'lead') await restoreDeletedLead(tx, firmId, id);
          else if (item.kind === 'intakeForm') await restoreIntakeForm(tx, firmId, id);
          else await restoreLeafOrRefuse(tx, firmId, item);
        });
      await database.withFirm(principal.firmId, (tx) =>
        recordAuditEvent(tx, principal, 'recycleBin.restored', id, { kind: item.kind, name: item.name }),
      );
      return { kind: item.kind, id };
    },

    async purge(principal: FirmPrincipal, id: string, confirmName: string): Promise<void> {
      const keys = await database.withFirm(principal.firmId, async (tx) => {
        const item = await itemOrNotFound(tx, principal.firmId, id);
        if (confirmName.trim() !== item.name.trim())
          throw badRequest(RECYCLE_BIN_MESSAGES.confirmName, { confirmName: RECYCLE_BIN_MESSAGES.confirmName });
        return purge(tx, principal, item);
      });
      removeFiles(keys);
    },

    /**
     * The purge job: each firm's items past its retention, a batch per firm per run. An item that
     * cannot go (money history recorded after it was deleted) stays, and the next run tries again.
     */
    async purgeExpired(batch = 50): Promise<number> {
      let purged = 0;
      for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
        const items = await database.withFirm(firmId, (tx) => findExpiredItems(tx, firmId, batch));
        for (const item of items) {
          const keys = await database.withFirm(firmId, (tx) => purge(tx, { firmId, userId: null }, item)).catch(() => null);
          if (keys === null) continue;
          await Promise.allSettled(keys.map((key) => files.remove(key)));
          purged += 1;
        }
      }
      return purged;
    },
  };
}

export type RecycleBin = ReturnType<typeof createRecycleBin>;

export const RECYCLE_BIN_PURGE_JOB = 'recycle-bin-purge';

/** Every hour, what has stayed in a firm's bin past its retention is deleted for good. */
export const recycleBinJobs = (
  bin: Pick<RecycleBin, 'purgeExpired'>,
  logger?: { info(details: object, message: string): void },
): PeriodicJob[] => [
  {
    name: RECYCLE_BIN_PURGE_JOB,
    everyMinutes: 60,
    run: async () => {
      const purged = await bin.purgeExpired();
      if (purged > 0) logger?.info({ purged }, 'recycle bin purged');
    },
  },
];
