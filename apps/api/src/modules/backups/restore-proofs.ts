import { compareMoney } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { buildTrialBalance } from '../accounting/accounting.api.ts';
import { verifyAuditChain } from '../reports/reports.api.ts';
import { findTrustLedgerTotals } from '../trust/trust.api.ts';
import type { BackupManifest } from './backup-archive.ts';
import { measure } from './backup-destination.ts';
import { countRowsPerFirm, queryOn, storedFilesWithHashes } from './backups.repository.ts';

/** One proof of a restored copy (issue 65 §2), with what it checked or the first thing it found wrong. */
export type RestoreProof = { name: string; passed: boolean; detail: string };

const MOST_NAMED = 5;
const listed = (items: readonly string[]) =>
  items.slice(0, MOST_NAMED).join('; ') + (items.length > MOST_NAMED ? `; and ${items.length - MOST_NAMED} more` : '');

/**
 * Proves a restored copy whole: the record counts per firm equal the manifest's, each firm's audit
 * chain verifies, every trust account reconciles three ways (its cash book, its client ledgers and
 * the general ledger's trust bank), the trial balance balances in each currency, and every stored
 * file's SHA-256 is the one its record keeps.
 */
export async function proveRestoredCopy(database: Database, fileStore: FileStore, manifest: BackupManifest): Promise<RestoreProof[]> {
  const firmIds = Object.keys(manifest.counts);
  // Built once per firm: read by two proofs, and the heaviest read of them all on a large firm.
  const trialBalances = new Map<string, ReturnType<typeof buildTrialBalance>>();
  const trialBalanceOf = (tx: Tx, firmId: string) => {
    if (!trialBalances.has(firmId)) trialBalances.set(firmId, buildTrialBalance(tx, firmId, null));
    return trialBalances.get(firmId)!;
  };
  return [
    await proveCounts(database, manifest),
    await perFirm('Audit trail verifies', firmIds, database, async (tx, firmId) => {
      const chain = await verifyAuditChain(tx, firmId);
      return chain.firstBreak
        ? [`firm ${firmId}: record ${chain.firstBreak.chainPosition} (${chain.firstBreak.action}) ${chain.firstBreak.reason}`]
        : { checked: chain.recordsChecked };
    }),
    await perFirm('Trust accounts reconcile three ways', firmIds, database, async (tx, firmId) => {
      const misses: string[] = [];
      const accounts = await findTrustLedgerTotals(tx, firmId);
      for (const account of accounts)
        if (compareMoney(account.register, account.ledgers) !== 0)
          misses.push(`trust account ${account.trustAccountId}: cash book ${account.register} ≠ client ledgers ${account.ledgers}`);
      const books = await trialBalanceOf(tx, firmId);
      for (const tieOut of books.tieOuts.filter((check) => /trust/i.test(check.check) && !check.passes))
        misses.push(`${tieOut.check} in ${tieOut.currencyCode}: ${tieOut.actual} ≠ ${tieOut.expected}`);
      return misses.length ? misses : { checked: accounts.length };
    }),
    await perFirm('Trial balance balances in each currency', firmIds, database, async (tx, firmId) => {
      const books = await trialBalanceOf(tx, firmId);
      const misses = books.currencies
        .filter((currency) => !currency.isBalanced)
        .map((currency) => `firm ${firmId} ${currency.currencyCode}: debits ${currency.totalDebit} ≠ credits ${currency.totalCredit}`);
      return misses.length ? misses : { checked: books.currencies.length };
    }),
    await perFirm('Every stored file matches its SHA-256', firmIds, database, async (tx, firmId) => {
      const misses: string[] = [];
      const files = await storedFilesWithHashes(tx, firmId);
      for (const file of files) {
        const content = await fileStore.read(file.storageKey);
        if (!content) {
          misses.push(`${file.table} ${file.id}: its file is missing`);
          continue;
        }
        if ((await measure(content)).sha256 !== file.sha256) misses.push(`${file.table} ${file.id}: its file's SHA-256 differs`);
      }
      return misses.length ? misses : { checked: files.length };
    }),
  ];
}

/** Runs a check in each firm's own scope and adds up what it checked, or collects what it found wrong. */
async function perFirm(
  name: string,
  firmIds: readonly string[],
  database: Database,
  check: (tx: Tx, firmId: string) => Promise<string[] | { checked: number }>,
): Promise<RestoreProof> {
  const misses: string[] = [];
  let checked = 0;
  for (const firmId of firmIds) {
    const result = await database.withFirm(firmId, (tx) => check(tx, firmId), { isolation: 'repeatable read' });
    if (Array.isArray(result)) misses.push(...result);
    else checked += result.checked;
  }
  return misses.length
    ? { name, passed: false, detail: listed(misses) }
    : { name, passed: true, detail: `${checked} checked across ${firmIds.length} firm${firmIds.length === 1 ? '' : 's'}` };
}

async function proveCounts(database: Database, manifest: BackupManifest): Promise<RestoreProof> {
  const name = 'Records per firm equal the manifest';
  const restored = await countRowsPerFirm(queryOn(database.db));
  const misses: string[] = [];
  let records = 0;
  for (const [firmId, tables] of Object.entries(manifest.counts)) {
    for (const [table, expected] of Object.entries(tables)) {
      records += expected;
      const actual = restored[firmId]?.[table] ?? 0;
      if (actual !== expected) misses.push(`firm ${firmId} ${table}: ${actual} of ${expected}`);
    }
  }
  return misses.length ? { name, passed: false, detail: listed(misses) } : { name, passed: true, detail: `${records} records` };
}
