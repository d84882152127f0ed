import type { z } from 'zod';
import { CHART_MESSAGES, type accountInputSchema, type ChartImportResult, type LedgerAccount } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { normalBalanceOf } from '../../platform/ledger/default-chart.ts';
import { chartCsv, parseChartCsv } from './chart-of-accounts.csv.ts';
import * as repository from './chart-of-accounts.repository.ts';
import { chartRuleBroken, deleteRuleBroken } from './chart-of-accounts.rules.ts';

type AccountChange = z.output<typeof accountInputSchema>;

const viewOf = (row: repository.AccountRow): LedgerAccount => row as LedgerAccount;

/** Writes `change` to a new account (existing null) or an existing one, after the chart's rules; answers its id. */
async function saveAccount(tx: Tx, firmId: string, existing: repository.AccountRow | null, change: AccountChange): Promise<string> {
  const parent = change.parentId ? await repository.findAccount(tx, firmId, change.parentId) : null;
  if (change.parentId && !parent) throw badRequest('Parent account not found');
  const withChildren = existing ? { ...existing, hasSubAccounts: await repository.hasSubAccounts(tx, firmId, existing.id) } : null;
  const broken = chartRuleBroken(
    withChildren as Parameters<typeof chartRuleBroken>[0],
    change,
    parent as Parameters<typeof chartRuleBroken>[2],
  );
  if (broken) throw badRequest(broken);
  const holder = await repository.findAccountByNumber(tx, firmId, change.number);
  if (holder && holder.id !== existing?.id) throw conflict(CHART_MESSAGES.numberTaken);
  const values = {
    number: change.number,
    name: change.name,
    type: change.type,
    // A system account keeps its side; the firm's own take their type's.
    normalBalance: existing?.isSystem ? (existing.normalBalance as 'debit' | 'credit') : normalBalanceOf(change.type),
    parentId: change.parentId,
    description: change.description,
    isActive: change.isActive,
  };
  try {
    // A savepoint, so a concurrent taker of the number leaves the transaction usable for the 409.
    return await tx.transaction(async (inner) => {
      if (!existing) return repository.insertAccount(inner as Tx, firmId, values);
      await repository.updateAccount(inner as Tx, firmId, existing.id, values);
      return existing.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CHART_MESSAGES.numberTaken);
    throw error;
  }
}

const unchanged = (row: repository.AccountRow, change: AccountChange) =>
  row.number === change.number &&
  row.name === change.name &&
  row.type === change.type &&
  row.parentId === change.parentId &&
  (row.description ?? null) === change.description &&
  row.isActive === change.isActive;

export function createChartOfAccountsService(database: Database) {
  return {
    chart(principal: FirmPrincipal): Promise<{ accounts: LedgerAccount[] }> {
      return database.withFirm(
        principal.firmId,
        async (tx) => ({ accounts: (await repository.findAccounts(tx, principal.firmId)).map(viewOf) }),
        READ_ONLY,
      );
    },

    async csv(principal: FirmPrincipal): Promise<string> {
      const { accounts } = await this.chart(principal);
      return chartCsv(accounts);
    },

    create(principal: FirmPrincipal, input: AccountChange): Promise<LedgerAccount> {
      return database.withFirm(principal.firmId, async (tx) => {
        const id = await saveAccount(tx, principal.firmId, null, input);
        const account = viewOf((await repository.findAccount(tx, principal.firmId, id))!);
        await recordAuditEvent(tx, principal, 'ledgerAccount.created', id, { after: account });
        return account;
      });
    },

    update(principal: FirmPrincipal, id: string, input: AccountChange): Promise<LedgerAccount> {
      return database.withFirm(principal.firmId, async (tx) => {
        const existing = await repository.findAccount(tx, principal.firmId, id, { lock: true });
        if (!existing) throw notFound('Account');
        await saveAccount(tx, principal.firmId, existing, input);
        const account = viewOf((await repository.findAccount(tx, principal.firmId, id))!);
        await recordAuditEvent(tx, principal, 'ledgerAccount.updated', id, { before: viewOf(existing), after: account });
        return account;
      });
    },

    remove(principal: FirmPrincipal, id: string): Promise<void> {
      return database.withFirm(principal.firmId, async (tx) => {
        const existing = await repository.findAccount(tx, principal.firmId, id, { lock: true });
        if (!existing) throw notFound('Account');
        const broken = deleteRuleBroken(existing, await repository.hasSubAccounts(tx, principal.firmId, id));
        if (broken) throw conflict(broken);
        await repository.deleteAccount(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'ledgerAccount.deleted', id, { before: viewOf(existing) });
      });
    },

    /**
     * Adds the file's new numbers and changes the accounts whose number it names (name, type, parent,
     * description, active), under the same rules as one by one; all or nothing, parents first.
     */
    importCsv(principal: FirmPrincipal, text: string): Promise<ChartImportResult> {
      const rows = parseChartCsv(text);
      return database.withFirm(principal.firmId, async (tx) => {
        const result = { created: 0, updated: 0, unchanged: 0 };
        const ordered = [...rows].sort((a, b) => Number(a.parentNumber !== null) - Number(b.parentNumber !== null));
        for (const row of ordered) {
          try {
            const parent = row.parentNumber ? await repository.findAccountByNumber(tx, principal.firmId, row.parentNumber) : null;
            if (row.parentNumber && !parent) throw badRequest(`Parent account ${row.parentNumber} not found`);
            const change: AccountChange = { ...row.account, parentId: parent?.id ?? null };
            const holder = await repository.findAccountByNumber(tx, principal.firmId, row.account.number);
            const existing = holder ? await repository.findAccount(tx, principal.firmId, holder.id, { lock: true }) : null;
            if (existing && unchanged(existing, change)) {
              result.unchanged += 1;
              continue;
            }
            await saveAccount(tx, principal.firmId, existing, change);
            result[existing ? 'updated' : 'created'] += 1;
          } catch (error) {
            if (error instanceof AppError) throw badRequest(`Row ${row.line}: ${error.message}`);
            throw error;
          }
        }
        await recordAuditEvent(tx, principal, 'ledgerAccount.imported', principal.firmId, result);
        return result;
      });
    },
  };
}
