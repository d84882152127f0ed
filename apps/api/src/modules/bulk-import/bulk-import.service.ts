import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  BULK_IMPORT_FIELDS,
  BULK_IMPORT_MAX_ROWS,
  BULK_IMPORT_MESSAGES,
  type BulkImport,
  type BulkImportKind,
  suggestBulkImportMapping,
} from '@matterhorn/shared';
import { type Database, type Tx } from '../../db/database.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import { csvFileStart, csvLine } from '../../lib/csv.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { checkZipEntries } from '../../platform/files/zip-guard.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { importClient } from '../clients/clients.api.ts';
import { countNameMatchesOfRows, recordImportedRecordCheck } from '../conflict-checks/conflict-checks.api.ts';
import { importExpense, type ImportedExpense } from '../expenses/expenses.api.ts';
import { importOpeningInvoice, type OpeningInvoice } from '../invoices/invoices.api.ts';
import { importMatter } from '../matters/matters.api.ts';
import { importTimeEntries, type ImportedTimeEntry } from '../time-entries/time-entries.api.ts';
import { postOpeningTrustBalance } from '../trust/trust.api.ts';
import {
  claimForCheck,
  claimForRun,
  findImportedFingerprints,
  findImports,
  findReferences,
  findSavedMapping,
  type ImportRecord,
  insertImport,
  recordImportedRows,
  saveMapping,
  updateImport,
} from './bulk-import.repository.ts';
import { countRecords, importRows, type ImportRow, readHeaders } from './import-file.ts';
import { cellsByField, checkRow, type ClientRow, type MatterRow, nameKey, type RowValues } from './import-rules.ts';

/** Files up to 25 MB: 100,000 time entries of a typical export fit in about 12. */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
const BATCH_ROWS = 500;
const FINDINGS_KEPT = 500;

type Dependencies = { database: Database; files: FileStore; afterResponse: AfterResponse; logger?: Pick<FastifyBaseLogger, 'error'> };
type References = Awaited<ReturnType<typeof findReferences>>;
type MatterRowResolved = MatterRow & { clientId: string; feeEarner: { userId: string; hourlyRate: string } | null };
type OpeningTrustBalanceResolved = {
  trustAccountId: string;
  clientId: string;
  matterId: string | null;
  amount: string;
  date: string;
  reference: string;
};
type OpeningReceivableResolved = Omit<OpeningInvoice, 'feeEarnerId'>;
/** What a row creates, by kind: the record as the owning module imports it. */
type Records = {
  clients: ClientRow;
  matters: MatterRowResolved;
  timeEntries: ImportedTimeEntry;
  expenses: ImportedExpense;
  openingTrustBalances: OpeningTrustBalanceResolved;
  openingReceivables: OpeningReceivableResolved;
};
type Resolved<K extends BulkImportKind = BulkImportKind> =
  { outcome: 'create'; record: Records[K]; names: string[] } | { outcome: 'duplicate' | 'invalid'; errors: string[] };

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

const viewOf = (row: ImportRecord): BulkImport => ({
  id: row.id,
  kind: row.kind as BulkImportKind,
  fileName: row.fileName,
  headers: row.headers,
  mapping: row.mapping ?? suggestBulkImportMapping(row.kind as BulkImportKind, row.headers),
  status: row.status,
  totalRows: row.totalRows,
  processedRows: row.processedRows,
  progress: row.totalRows === 0 ? (row.status === 'done' ? 100 : 0) : Math.round((row.processedRows / row.totalRows) * 100),
  createdCount: row.createdCount,
  skippedCount: row.skippedCount,
  failedCount: row.failedCount,
  dryRun: (row.dryRun as BulkImport['dryRun']) ?? null,
  hasErrorFile: row.errorsKey !== null,
  failure: row.failure,
  createdAt: iso(row.createdAt)!,
  finishedAt: iso(row.finishedAt),
});

/** Lookups by the names a file uses: a client by name or number, its matters by name or number, members by email, … */
function lookupsOf(references: References) {
  const clients = new Map<string, string>();
  for (const client of references.clientRows) {
    clients.set(nameKey(client.name), client.id);
    if (client.number) clients.set(nameKey(client.number), client.id);
  }
  const matters = new Map<string, string>();
  for (const matter of references.matterRows) {
    matters.set(`${matter.clientId}:${nameKey(matter.name)}`, matter.id);
    if (matter.number) matters.set(`${matter.clientId}:${nameKey(matter.number)}`, matter.id);
  }
  const members = new Map(references.memberRows.map((member) => [nameKey(member.email), member]));
  const activities = new Map(references.activityRows.map((activity) => [nameKey(activity.name), activity.id]));
  const defaultActivity = [...references.activityRows].sort((left, right) => left.name.localeCompare(right.name))[0]?.id ?? null;
  const clientNames = new Set(references.clientRows.map((client) => `${nameKey(client.name)}|${nameKey(client.email)}`));
  const categories = new Map(references.categoryRows.map((category) => [nameKey(category.name), category.id]));
  const trustAccounts = new Map<string, string>();
  for (const account of references.trustAccountRows) {
    trustAccounts.set(nameKey(account.name), account.id);
    trustAccounts.set(nameKey(account.last4), account.id);
  }
  const homeTrustAccounts = references.trustAccountRows.filter((account) => account.currencyCode === references.homeCurrency);
  return { clients, matters, members, activities, defaultActivity, clientNames, categories, trustAccounts, homeTrustAccounts };
}
type Lookups = ReturnType<typeof lookupsOf>;

const assertNotChecking = (row: ImportRecord) => {
  if (row.status === 'checking') throw conflict(BULK_IMPORT_MESSAGES.alreadyChecking);
};

const invalid = (error: string): Resolved => ({ outcome: 'invalid', errors: [error] });

/** The row's client and its matter, by name or number, or the words for what is missing. */
function clientAndMatter(lookups: Lookups, clientName: string, matterName: string | null) {
  const clientId = lookups.clients.get(nameKey(clientName));
  if (!clientId) return { error: `No client named "${clientName}": import the clients first` };
  if (matterName === null) return { clientId, matterId: null };
  const matterId = lookups.matters.get(`${clientId}:${nameKey(matterName)}`);
  if (!matterId) return { error: `${clientName} has no matter "${matterName}": import the matters first` };
  return { clientId, matterId };
}

const RESOLVERS: { [K in BulkImportKind]: (values: RowValues[K], lookups: Lookups) => Resolved } = {
  clients(client, lookups) {
    const name = client.companyName ?? [client.firstName, client.lastName].filter(Boolean).join(' ');
    if (lookups.clientNames.has(`${nameKey(name)}|${nameKey(client.email)}`))
      return { outcome: 'duplicate', errors: [`A client named ${name} is already in Matterhorn`] };
    return { outcome: 'create', record: client, names: [name, ...(client.contact ? [client.contact.name] : [])] };
  },
  matters(matter, lookups) {
    const clientId = lookups.clients.get(nameKey(matter.clientName));
    if (!clientId) return invalid(`No client named "${matter.clientName}": import the clients first`);
    if (lookups.matters.has(`${clientId}:${nameKey(matter.matterName)}`))
      return { outcome: 'duplicate', errors: [`${matter.clientName} already has a matter named ${matter.matterName}`] };
    let feeEarner: MatterRowResolved['feeEarner'] = null;
    if (matter.feeEarnerEmail) {
      const member = lookups.members.get(nameKey(matter.feeEarnerEmail));
      if (!member?.isActive) return invalid(`No active team member with the email ${matter.feeEarnerEmail}`);
      feeEarner = { userId: member.id, hourlyRate: matter.hourlyRate ?? member.rate ?? '0' };
    }
    return { outcome: 'create', record: { ...matter, clientId, feeEarner }, names: [matter.matterName] };
  },
  timeEntries(entry, lookups) {
    const found = clientAndMatter(lookups, entry.clientName, entry.matterName);
    if ('error' in found) return invalid(found.error!);
    const member = lookups.members.get(nameKey(entry.feeEarnerEmail));
    if (!member?.isActive) return invalid(`No active team member with the email ${entry.feeEarnerEmail}`);
    const activityTypeId = entry.activity ? lookups.activities.get(nameKey(entry.activity)) : lookups.defaultActivity;
    if (!activityTypeId) return invalid(`No activity type named "${entry.activity}"`);
    const record: ImportedTimeEntry = {
      clientId: found.clientId,
      matterId: found.matterId!,
      activityTypeId,
      userId: member.id,
      timeEntryDate: entry.date,
      duration: entry.hours,
      userRate: entry.rate,
      isBillable: entry.billable,
      description: entry.description,
    };
    return { outcome: 'create', record, names: [] };
  },
  expenses(expense, lookups) {
    const found = clientAndMatter(lookups, expense.clientName, expense.matterName);
    if ('error' in found) return invalid(found.error!);
    const categoryId = lookups.categories.get(nameKey(expense.category ?? 'Other'));
    if (!categoryId) return invalid(`No expense category named "${expense.category ?? 'Other'}"`);
    const record: ImportedExpense = {
      clientId: found.clientId,
      matterId: found.matterId!,
      expenseDate: expense.date,
      description: expense.description,
      categoryId,
      amount: expense.amount,
      isBillable: expense.billable,
    };
    return { outcome: 'create', record, names: [] };
  },
  openingTrustBalances(balance, lookups) {
    const found = clientAndMatter(lookups, balance.clientName, balance.matterName);
    if ('error' in found) return invalid(found.error!);
    let trustAccountId: string | undefined;
    if (balance.trustAccount) {
      trustAccountId = lookups.trustAccounts.get(nameKey(balance.trustAccount));
      if (!trustAccountId) return invalid(`No open trust account named "${balance.trustAccount}"`);
    } else if (lookups.homeTrustAccounts.length === 1) trustAccountId = lookups.homeTrustAccounts[0]!.id;
    else
      return invalid(
        lookups.homeTrustAccounts.length === 0
          ? 'The firm has no open trust account in its home currency: add one under Trust accounts first'
          : 'Name the trust account: the firm has more than one',
      );
    const record: OpeningTrustBalanceResolved = {
      trustAccountId,
      clientId: found.clientId,
      matterId: found.matterId,
      amount: balance.amount,
      date: balance.date,
      reference: balance.reference,
    };
    return { outcome: 'create', record, names: [] };
  },
  openingReceivables(receivable, lookups) {
    const found = clientAndMatter(lookups, receivable.clientName, receivable.matterName);
    if ('error' in found) return invalid(found.error!);
    const record: OpeningReceivableResolved = {
      clientId: found.clientId,
      matterId: found.matterId!,
      reference: receivable.invoiceNumber,
      issueDate: receivable.issueDate,
      dueDate: receivable.dueDate,
      amount: receivable.amount,
    };
    return { outcome: 'create', record, names: [] };
  },
};

const resolve = <K extends BulkImportKind>(kind: K, values: RowValues[K], lookups: Lookups): Resolved =>
  (RESOLVERS[kind] as (values: RowValues[K], lookups: Lookups) => Resolved)(values, lookups);

/**
 * Bulk import (issue 39, bulkImport): a CSV or .xlsx file of clients, matters, time entries,
 * expenses, opening trust balances or opening receivables is uploaded, its columns mapped (matched
 * by header, saved per firm), checked in a dry run that writes nothing, then imported in the
 * background a batch at a time with its progress recorded, the rows refused written to an error
 * CSV. Each record is created by the module that owns its rules (an opening balance is a trust
 * deposit, an opening receivable an issued invoice). Each row's fingerprint is kept, so the same
 * file imported again creates nothing twice; clients and matters get their conflict check recorded.
 */
export function createBulkImport({ database, files, afterResponse, logger }: Dependencies) {
  const importOf = async (principal: FirmPrincipal, id: string) => {
    const [row] = await database.withFirm(principal.firmId, (tx) => findImports(tx, principal.firmId, id));
    if (!row) throw notFound('Import');
    return row;
  };

  /** The file's records a batch at a time, each with its cells by field through the mapping. */
  async function* batchesOf(row: ImportRecord): AsyncGenerator<{ rows: ImportRow[] }> {
    const content = await files.read(row.storageKey);
    if (!content) throw new AppError(409, BULK_IMPORT_MESSAGES.unreadable);
    let batch: ImportRow[] = [];
    for await (const item of importRows(content, row.fileType)) {
      if ('headers' in item) continue;
      batch.push(item);
      if (batch.length === BATCH_ROWS) {
        yield { rows: batch };
        batch = [];
      }
    }
    if (batch.length > 0) yield { rows: batch };
  }

  /** A batch's rows checked: what each would do (create, duplicate, invalid), without writing. */
  async function checkBatch(tx: Tx, row: ImportRecord, rows: ImportRow[], lookups: Lookups, seen: Set<string>) {
    const kind = row.kind as BulkImportKind;
    const checked = rows.map((item) => ({ item, checked: checkRow(kind, cellsByField(kind, row.mapping!, item.cells)) }));
    const fingerprints = checked.flatMap(({ checked }) => ('fingerprint' in checked ? [checked.fingerprint] : []));
    const imported = await findImportedFingerprints(tx, row.firmId, kind, fingerprints);
    return checked.map(({ item, checked }) => {
      if ('errors' in checked) return { item, resolved: { outcome: 'invalid', errors: checked.errors } as Resolved, fingerprint: null };
      if (imported.has(checked.fingerprint))
        return { item, resolved: { outcome: 'duplicate', errors: ['Imported before'] } as Resolved, fingerprint: null };
      if (seen.has(checked.fingerprint))
        return { item, resolved: { outcome: 'duplicate', errors: ['The same row is in the file twice'] } as Resolved, fingerprint: null };
      seen.add(checked.fingerprint);
      return { item, resolved: resolve(kind, checked.values, lookups), fingerprint: checked.fingerprint };
    });
  }

  /** One row's record, created by the module that owns its rules, in the caller's transaction. */
  async function createRecord(tx: Tx, principal: FirmPrincipal, kind: BulkImportKind, resolved: Resolved, today: string) {
    const { record, names } = resolved as { record: Records[BulkImportKind]; names: string[] };
    const { firmId, userId } = principal;
    switch (kind) {
      case 'clients': {
        const id = await importClient(tx, firmId, userId, record as ClientRow);
        await recordImportedRecordCheck(tx, firmId, userId, names, { clientId: id });
        return id;
      }
      case 'matters': {
        const matter = record as MatterRowResolved;
        const id = await importMatter(tx, firmId, userId, { ...matter, openDate: matter.openDate ?? today });
        await recordImportedRecordCheck(tx, firmId, userId, names, { matterId: id });
        return id;
      }
      case 'expenses':
        return importExpense(tx, principal, record as ImportedExpense);
      case 'openingTrustBalances':
        return (await postOpeningTrustBalance(tx, principal, record as OpeningTrustBalanceResolved)).id;
      case 'openingReceivables':
        return importOpeningInvoice(tx, principal, { ...(record as OpeningReceivableResolved), feeEarnerId: userId });
      default:
        throw new Error(`${kind} rows are created a batch at a time`);
    }
  }

  /** Creates a batch's valid rows in one transaction; answers the created rows' fingerprints and the refused rows. */
  async function createBatch(tx: Tx, row: ImportRecord, principal: FirmPrincipal, rows: Awaited<ReturnType<typeof checkBatch>>) {
    const kind = row.kind as BulkImportKind;
    const created: { fingerprint: string; recordId: string }[] = [];
    const refused: { item: ImportRow; error: string }[] = [];
    const valid = rows.filter((entry) => entry.resolved.outcome === 'create');
    // Each row in its own savepoint: a rule's refusal of one row (a closed period, no rate on the
    // matter) is that row's error, and must not abort the batch's transaction.
    const eachAlone = async (create: (savepoint: Tx, entry: (typeof valid)[number]) => Promise<string>) => {
      for (const entry of valid) {
        try {
          created.push({ fingerprint: entry.fingerprint!, recordId: await tx.transaction((savepoint) => create(savepoint, entry)) });
        } catch (error) {
          refused.push({ item: entry.item, error: error instanceof Error ? error.message : 'Refused' });
        }
      }
    };
    const timeEntryOf = (entry: (typeof valid)[number]) => (entry.resolved as { record: ImportedTimeEntry }).record;
    if (kind === 'timeEntries') {
      // One insert for the batch; when a rule refuses a row, each row alone.
      const ids = await tx
        .transaction((savepoint) => importTimeEntries(savepoint, row.firmId, principal.userId, valid.map(timeEntryOf)))
        .catch(() => null);
      if (ids) ids.forEach((id, index) => created.push({ fingerprint: valid[index]!.fingerprint!, recordId: id }));
      else
        await eachAlone(
          async (savepoint, entry) => (await importTimeEntries(savepoint, row.firmId, principal.userId, [timeEntryOf(entry)]))[0]!,
        );
    } else if (kind === 'clients' || kind === 'matters') {
      const today = kind === 'matters' ? await findFirmToday(tx, row.firmId) : '';
      for (const entry of valid)
        created.push({ fingerprint: entry.fingerprint!, recordId: await createRecord(tx, principal, kind, entry.resolved, today) });
    } else await eachAlone((savepoint, entry) => createRecord(savepoint, principal, kind, entry.resolved, ''));
    await recordImportedRows(tx, row.firmId, row.id, kind, created);
    return { created: created.length, refused };
  }

  /**
   * The dry run, in the background a batch at a time (issue 64): each batch's checks and its rows'
   * conflict searches are one short transaction, so no request waits long for the connection, and
   * the progress is kept as it goes. Stopped by a shutdown, it goes back to be run again.
   */
  async function check(principal: FirmPrincipal, row: ImportRecord) {
    const { firmId } = principal;
    const backToUploaded = (failure: string) =>
      database.withFirm(firmId, (tx) => updateImport(tx, firmId, row.id, { status: 'uploaded', failure }));
    try {
      const lookups = lookupsOf(await database.withFirm(firmId, (tx) => findReferences(tx, firmId)));
      const seen = new Set<string>();
      const report = { valid: 0, duplicates: 0, invalid: 0, findings: [] as NonNullable<BulkImport['dryRun']>['findings'] };
      let total = 0;
      for await (const { rows } of batchesOf(row)) {
        if (afterResponse.stopping.aborted) return await backToUploaded(BULK_IMPORT_MESSAGES.checkStopped);
        const checked = await database.withFirm(firmId, async (tx) => {
          const entries = await checkBatch(tx, row, rows, lookups, seen);
          const names = entries.map(({ resolved }) => (resolved.outcome === 'create' ? resolved.names : []));
          const conflicts = await countNameMatchesOfRows(tx, firmId, names);
          await updateImport(tx, firmId, row.id, { processedRows: total + rows.length });
          return entries.map((entry, index) => ({ ...entry, conflicts: conflicts[index]! }));
        });
        for (const { conflicts, ...entry } of checked) {
          total += 1;
          const { outcome } = entry.resolved;
          if (outcome === 'create') report.valid += 1;
          else if (outcome === 'duplicate') report.duplicates += 1;
          else report.invalid += 1;
          if ((outcome !== 'create' || conflicts > 0) && report.findings.length < FINDINGS_KEPT)
            report.findings.push({
              row: entry.item.row,
              outcome,
              errors: 'errors' in entry.resolved ? entry.resolved.errors : [],
              ...(conflicts > 0 ? { conflicts } : {}),
            });
        }
      }
      if (total === 0) return await backToUploaded(BULK_IMPORT_MESSAGES.noRows);
      await database.withFirm(firmId, (tx) => updateImport(tx, firmId, row.id, { status: 'checked', dryRun: report, totalRows: total }));
    } catch (error) {
      logger?.error({ err: error, importId: row.id }, 'bulk import dry run failed');
      await backToUploaded(BULK_IMPORT_MESSAGES.checkStopped);
    }
  }

  async function run(principal: FirmPrincipal, row: ImportRecord) {
    const { firmId } = principal;
    const failedLines: string[] = [];
    const errorLine = (item: ImportRow, error: string) => csvLine([...row.headers.map((header) => item.cells[header] ?? ''), error]);
    const counts = { processed: 0, created: 0, skipped: 0, failed: 0 };
    try {
      const lookups = lookupsOf(await database.withFirm(firmId, (tx) => findReferences(tx, firmId)));
      const seen = new Set<string>();
      for await (const { rows } of batchesOf(row)) {
        // Shutting down: what is imported stays (each batch committed), the rest waits to be run again.
        if (afterResponse.stopping.aborted) throw new Error('stopped by a shutdown');
        await database.withFirm(firmId, async (tx) => {
          const checked = await checkBatch(tx, row, rows, lookups, seen);
          for (const entry of checked) {
            if (entry.resolved.outcome === 'duplicate') counts.skipped += 1;
            if (entry.resolved.outcome === 'invalid') {
              counts.failed += 1;
              failedLines.push(errorLine(entry.item, entry.resolved.errors.join('; ')));
            }
          }
          const outcome = await createBatch(tx, row, principal, checked);
          counts.created += outcome.created;
          counts.failed += outcome.refused.length;
          for (const refused of outcome.refused) failedLines.push(errorLine(refused.item, refused.error));
          counts.processed += rows.length;
          await updateImport(tx, firmId, row.id, {
            processedRows: counts.processed,
            createdCount: counts.created,
            skippedCount: counts.skipped,
            failedCount: counts.failed,
          });
        });
      }
      let errorsKey: string | null = null;
      if (failedLines.length > 0) {
        errorsKey = `imports/${firmId}/${row.id}-errors.csv`;
        await files.write(errorsKey, Readable.from([Buffer.from(csvFileStart([...row.headers, 'error']) + failedLines.join(''))]));
      }
      await database.withFirm(firmId, async (tx) => {
        await updateImport(tx, firmId, row.id, { status: 'done', errorsKey, finishedAt: new Date(), totalRows: counts.processed });
        await recordAuditEvent(tx, principal, 'bulkImport.completed', row.id, { kind: row.kind, ...counts });
      });
    } catch (error) {
      logger?.error({ err: error, importId: row.id }, 'bulk import failed');
      await database.withFirm(firmId, (tx) =>
        updateImport(tx, firmId, row.id, {
          status: 'failed',
          failure: BULK_IMPORT_MESSAGES.runStopped,
          finishedAt: new Date(),
        }),
      );
    }
  }

  return {
    list: async (principal: FirmPrincipal) =>
      (await database.withFirm(principal.firmId, (tx) => findImports(tx, principal.firmId))).map((row) => viewOf(row)),

    status: async (principal: FirmPrincipal, id: string) => viewOf(await importOf(principal, id)),

    /** Stores the file and reads its header row; the firm's saved mapping (or a match by header) is offered. */
    async upload(
      principal: FirmPrincipal,
      kind: BulkImportKind,
      file: { path: string; fileName: string; sha256: string },
    ): Promise<BulkImport> {
      const bytes = await readFile(file.path);
      const isXlsx = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      if (!isXlsx && bytes.includes(0)) throw badRequest(BULK_IMPORT_MESSAGES.unreadable);
      // An .xlsx is a zip: one that would inflate past the limits is refused before it is read.
      if (isXlsx) await checkZipEntries(bytes).catch(() => Promise.reject(badRequest(BULK_IMPORT_MESSAGES.unreadable)));
      const fileType = isXlsx ? 'xlsx' : 'csv';
      const headers = await readHeaders(Readable.from([bytes]), fileType).catch(() => null);
      if (!headers || headers.length === 0) throw badRequest(BULK_IMPORT_MESSAGES.unreadable);
      const totalRows = await countRecords(Readable.from([bytes]), fileType, BULK_IMPORT_MAX_ROWS).catch(() =>
        Promise.reject(badRequest(BULK_IMPORT_MESSAGES.unreadable)),
      );
      if (totalRows === 0) throw badRequest(BULK_IMPORT_MESSAGES.noRows);
      if (totalRows > BULK_IMPORT_MAX_ROWS) throw new AppError(413, BULK_IMPORT_MESSAGES.tooManyRows);
      const storageKey = `imports/${principal.firmId}/${file.sha256}-${Date.now()}.${fileType}`;
      await files.write(storageKey, createReadStream(file.path));
      return database.withFirm(principal.firmId, async (tx) => {
        const saved = await findSavedMapping(tx, principal.firmId, kind);
        const suggested = suggestBulkImportMapping(kind, headers);
        // The saved mapping where its headers are in this file, the match by header for the rest.
        const mapping = Object.fromEntries(
          Object.entries(suggested).map(([field, header]) => [
            field,
            saved?.[field] && headers.includes(saved[field]!) ? saved[field]! : header,
          ]),
        );
        const row = await insertImport(tx, {
          firmId: principal.firmId,
          kind,
          mapping,
          fileName: file.fileName,
          fileType,
          storageKey,
          fileSha256: file.sha256,
          headers,
          totalRows,
          createdByUserId: principal.userId,
        });
        await recordAuditEvent(tx, principal, 'bulkImport.uploaded', row.id, { kind, fileName: file.fileName });
        return viewOf(row);
      });
    },

    /** Saves the mapping (for this file and the firm's next of its kind); every required field needs a column. */
    async map(principal: FirmPrincipal, id: string, mapping: Record<string, string | null>): Promise<BulkImport> {
      const row = await importOf(principal, id);
      assertNotChecking(row);
      if (row.status === 'running' || row.status === 'done') throw conflict(BULK_IMPORT_MESSAGES.alreadyRunning);
      const fields = BULK_IMPORT_FIELDS[row.kind as BulkImportKind];
      const clean = Object.fromEntries(
        fields.map((field) => [
          field.name,
          mapping[field.name] && row.headers.includes(mapping[field.name]!) ? mapping[field.name]! : null,
        ]),
      );
      const missing = fields.find((field) => field.required && !clean[field.name]);
      if (missing)
        throw badRequest(BULK_IMPORT_MESSAGES.requiredField(missing.label), {
          [missing.name]: BULK_IMPORT_MESSAGES.requiredField(missing.label),
        });
      return database.withFirm(principal.firmId, async (tx) => {
        await updateImport(tx, principal.firmId, id, { mapping: clean, status: 'uploaded', dryRun: null });
        await saveMapping(tx, principal.firmId, row.kind, clean);
        return viewOf((await findImports(tx, principal.firmId, id))[0]!);
      });
    },

    /**
     * Starts the dry run in the background: every row checked (within the file and against the
     * firm's records), none written; followed with status/{id} until it is checked.
     */
    async dryRun(principal: FirmPrincipal, id: string): Promise<BulkImport> {
      const row = await importOf(principal, id);
      if (!row.mapping)
        throw badRequest(
          BULK_IMPORT_MESSAGES.requiredField(
            BULK_IMPORT_FIELDS[row.kind as BulkImportKind].find((field) => field.required)?.label ?? 'each field',
          ),
        );
      assertNotChecking(row);
      const claimed = await database.withFirm(principal.firmId, (tx) => claimForCheck(tx, principal.firmId, id));
      if (!claimed) throw conflict(BULK_IMPORT_MESSAGES.alreadyRunning);
      afterResponse.run(() => check(principal, row));
      return viewOf(await importOf(principal, id));
    },

    /** Starts the import in the background (after a dry run); the same file run again skips what it created. */
    async run(principal: FirmPrincipal, id: string): Promise<BulkImport> {
      const row = await importOf(principal, id);
      if (row.status === 'uploaded') throw badRequest(BULK_IMPORT_MESSAGES.dryRunFirst);
      assertNotChecking(row);
      const claimed = await database.withFirm(principal.firmId, (tx) => claimForRun(tx, principal.firmId, id));
      if (!claimed) throw conflict(BULK_IMPORT_MESSAGES.alreadyRunning);
      afterResponse.run(() => run(principal, row));
      return viewOf(await importOf(principal, id));
    },

    /** The rows the run refused, as CSV: the file's columns and the reason. */
    async errors(principal: FirmPrincipal, id: string) {
      const row = await importOf(principal, id);
      const content = row.errorsKey ? await files.read(row.errorsKey) : null;
      if (!content) throw notFound('Error file');
      return { content, fileName: `${row.fileName.replace(/\.(csv|xlsx)$/i, '')}-errors.csv` };
    },
  };
}

export type BulkImportService = ReturnType<typeof createBulkImport>;
