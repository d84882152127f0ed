import { fromCents, toCents } from '@matterhorn/shared';
import type {
  CurrencyTrialBalance,
  JournalEntryPage,
  JournalEntryView,
  TrialBalance,
  TrialBalanceQuery,
  journalEntryListQuerySchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import * as repository from './accounting.repository.ts';

export function createAccountingService(database: Database) {
  return {
    /** Every account's debits, credits and balance (debit − credit), the totals, and whether they agree. */
    trialBalance(principal: FirmPrincipal, query: TrialBalanceQuery): Promise<TrialBalance> {
      const asOfDate = query.AsOfDate ?? null;
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const rows = await repository.accountTotals(tx, principal.firmId, asOfDate);
          const home = await homeCurrencyOf(tx, principal.firmId);
          const codes = [...new Set(rows.map((row) => row.currencyCode ?? home))].sort((a, b) =>
            a === home ? -1 : b === home ? 1 : a.localeCompare(b),
          );
          if (!codes.includes(home)) codes.unshift(home);
          const accountsOf = (row: (typeof rows)[number]) => ({
            id: row.id,
            number: row.number,
            code: row.code as TrialBalance['accounts'][number]['code'],
            name: row.name,
            type: row.type as TrialBalance['accounts'][number]['type'],
            normalBalance: row.normalBalance as 'debit' | 'credit',
          });
          // Each currency lists the whole chart (zero where it has no lines), totalled on its own.
          const chart = [...new Map(rows.map((row) => [row.id, accountsOf(row)])).values()].sort((a, b) =>
            a.number.localeCompare(b.number),
          );
          const currencies: CurrencyTrialBalance[] = codes.map((currencyCode) => {
            let totalDebit = 0n;
            let totalCredit = 0n;
            const accounts = chart.map((account) => {
              const row = rows.find((candidate) => candidate.id === account.id && (candidate.currencyCode ?? home) === currencyCode);
              const debit = toCents(row?.totalDebit ?? '0');
              const credit = toCents(row?.totalCredit ?? '0');
              totalDebit += debit;
              totalCredit += credit;
              return { ...account, totalDebit: fromCents(debit), totalCredit: fromCents(credit), balance: fromCents(debit - credit) };
            });
            return {
              currencyCode,
              accounts,
              totalDebit: fromCents(totalDebit),
              totalCredit: fromCents(totalCredit),
              isBalanced: totalDebit === totalCredit,
            };
          });
          const homeBalance = currencies[0]!;
          return {
            asOfDate,
            currencyCode: home,
            accounts: homeBalance.accounts,
            totalDebit: homeBalance.totalDebit,
            totalCredit: homeBalance.totalCredit,
            isBalanced: currencies.every((currency) => currency.isBalanced),
            currencies,
          };
        },
        READ_ONLY,
      );
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
