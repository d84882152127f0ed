import type { z } from 'zod';
import { JOURNAL_MESSAGES, type journalEntryInputSchema, type journalEntryReversalSchema, type JournalEntryView } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { homeCurrencyOf, postJournalEntry, reverseJournalEntry } from '../../platform/ledger/ledger.ts';
import { entryViews } from './accounting.service.ts';
import * as repository from './accounting.repository.ts';
import * as chart from './chart-of-accounts.repository.ts';

async function viewOf(tx: Tx, firmId: string, id: string): Promise<JournalEntryView> {
  const [view] = await entryViews(tx, firmId, [(await repository.findEntry(tx, firmId, id))!]);
  return view!;
}

/**
 * Each line's account is the firm's, active, and not one a module keeps (accounts receivable, the
 * trust accounts, unapplied cash): their balances must keep equalling their sub-ledgers (ADR 0046).
 */
async function checkAccounts(tx: Tx, firmId: string, accountIds: string[]): Promise<void> {
  for (const [index, accountId] of accountIds.entries()) {
    const account = await chart.findAccount(tx, firmId, accountId);
    if (!account) throw notFound('Account');
    const name = `Line ${index + 1}: account ${account.number} ${account.name}`;
    if (account.ownedByModule) throw badRequest(`${name} ${JOURNAL_MESSAGES.ownedAccount}`);
    if (!account.isActive) throw badRequest(`${name} ${JOURNAL_MESSAGES.inactiveAccount}`);
  }
}

export function createJournalEntryService(database: Database) {
  return {
    /** A manual entry (sourceType manual), balanced in each currency; the ledger checks the rest. */
    create(principal: FirmPrincipal, input: z.output<typeof journalEntryInputSchema>): Promise<JournalEntryView> {
      return database.withFirm(principal.firmId, async (tx) => {
        await checkAccounts(
          tx,
          principal.firmId,
          input.lines.map((line) => line.accountId),
        );
        const home = await homeCurrencyOf(tx, principal.firmId);
        const id = await postJournalEntry(tx, principal, {
          entryDate: input.entryDate,
          memo: input.memo,
          reference: input.reference,
          sourceType: 'manual',
          sourceId: null,
          dateField: 'entryDate',
          currency: home,
          lines: input.lines.map((line) => ({
            accountId: line.accountId,
            ...(line.debit !== null ? { debit: line.debit } : {}),
            ...(line.credit !== null ? { credit: line.credit } : {}),
            ...(line.currencyCode ? { currency: line.currencyCode } : {}),
            clientId: line.clientId,
            matterId: line.matterId,
            ...(line.memo ? { memo: line.memo } : {}),
          })),
        });
        return viewOf(tx, principal.firmId, id);
      });
    },

    /** Posts the mirror of a manual entry, linked both ways; an entry is reversed once, a reversal never. */
    reverse(principal: FirmPrincipal, id: string, input: z.output<typeof journalEntryReversalSchema>): Promise<JournalEntryView> {
      return database.withFirm(principal.firmId, async (tx) => {
        const original = await repository.findEntry(tx, principal.firmId, id);
        if (!original) throw notFound('Journal entry');
        if (original.sourceType !== 'manual') throw conflict(JOURNAL_MESSAGES.notManual);
        if (original.reversesEntryId) throw conflict(JOURNAL_MESSAGES.isReversal);
        const reversalId = await reverseJournalEntry(tx, principal, id, {
          entryDate: input.entryDate ?? (await findFirmToday(tx, principal.firmId)),
          memo: input.memo ?? `Reversal of: ${original.memo}`,
          reference: original.reference,
          sourceType: 'manual',
          sourceId: null,
          dateField: 'entryDate',
        });
        return viewOf(tx, principal.firmId, reversalId);
      });
    },
  };
}
