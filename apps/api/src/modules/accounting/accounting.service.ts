import type { JournalEntryPage, JournalEntryView, TrialBalance, TrialBalanceQuery, journalEntryListQuerySchema } from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './accounting.repository.ts';
import { buildTrialBalance } from './trial-balance.ts';

export function createAccountingService(database: Database) {
  return {
    /** Every account's debits, credits and balance (debit − credit), the totals, whether they agree, and the books' tie-outs. */
    trialBalance(principal: FirmPrincipal, query: TrialBalanceQuery): Promise<TrialBalance & { firmName: string }> {
      return database.withFirm(principal.firmId, (tx) => buildTrialBalance(tx, principal.firmId, query.AsOfDate ?? null), {
        ...READ_ONLY,
        isolation: 'repeatable read',
      });
    },

    /** Journal entries with their lines, newest posted first. */
    journalEntries(principal: FirmPrincipal, query: z.output<typeof journalEntryListQuerySchema>): Promise<JournalEntryPage> {
      const { page, size } = query;
      const filter = { sourceType: query.sourceType, sourceId: query.sourceId, fromDate: query.FromDate, toDate: query.ToDate };
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const totalCount = await repository.countEntries(tx, principal.firmId, filter);
          const entries = await repository.pageOfEntries(tx, principal.firmId, filter, size, (page - 1) * size);
          return { page, size, totalCount, data: await entryViews(tx, principal.firmId, entries) };
        },
        READ_ONLY,
      );
    },
  };
}

/** Entries as the API answers them: with their lines (debits first) and the entry reversing each. */
export async function entryViews(tx: Tx, firmId: string, entries: NonNullable<repository.EntryRow>[]): Promise<JournalEntryView[]> {
  const ids = entries.map((entry) => entry.id);
  const lines = ids.length ? await repository.linesOfEntries(tx, firmId, ids) : [];
  const reversals = ids.length ? await repository.reversalsOf(tx, firmId, ids) : [];
  const reversedBy = new Map(reversals.map((reversal) => [reversal.reversesEntryId!, reversal.id]));
  const attachments = ids.length ? await repository.attachmentsOfEntries(tx, firmId, ids) : [];
  return entries.map((entry) => ({
    ...entry,
    sourceType: entry.sourceType as JournalEntryView['sourceType'],
    createdAt: entry.createdAt.toISOString(),
    reversedByEntryId: reversedBy.get(entry.id) ?? null,
    lines: lines
      .filter((line) => line.entryId === entry.id)
      .map(({ entryId: _entryId, ...line }) => ({
        ...line,
        accountCode: line.accountCode as JournalEntryView['lines'][number]['accountCode'],
      })),
    attachments: attachments
      .filter((attachment) => attachment.entryId === entry.id)
      .map(({ entryId: _entryId, ...attachment }) => ({ ...attachment, uploadedAt: attachment.uploadedAt.toISOString() })),
  }));
}
