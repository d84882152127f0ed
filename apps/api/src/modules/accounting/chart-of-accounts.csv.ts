import { parse } from 'csv-parse/sync';
import { accountInputSchema, ACCOUNT_TYPE_LABELS, CHART_CSV_HEADER, LEDGER_ACCOUNT_TYPES, type LedgerAccount } from '@matterhorn/shared';
import type { z } from 'zod';
import { csvFileStart, csvLine } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';

/** The chart as the export writes it and the import reads it back (CHART_CSV_HEADER). */
export function chartCsv(accounts: readonly LedgerAccount[]): string {
  const numberOf = new Map(accounts.map((account) => [account.id, account.number]));
  return (
    csvFileStart(CHART_CSV_HEADER) +
    accounts
      .map((account) =>
        csvLine([
          account.number,
          account.name,
          account.type,
          account.parentId ? numberOf.get(account.parentId) : '',
          account.description ?? '',
          account.isActive ? 'Yes' : 'No',
          account.code ?? '',
        ]),
      )
      .join('')
  );
}

export type ChartCsvRow = {
  /** The row's line in the file (the header is line 1). */
  line: number;
  parentNumber: string | null;
  account: Omit<z.output<typeof accountInputSchema>, 'parentId'>;
};

const typeOf = (text: string): string => {
  const lower = text.trim().toLowerCase();
  const byLabel = LEDGER_ACCOUNT_TYPES.find((type) => ACCOUNT_TYPE_LABELS[type].toLowerCase() === lower);
  return byLabel ?? lower;
};

const ACTIVE = new Set(['', 'yes', 'y', 'true', '1', 'active']);
const INACTIVE = new Set(['no', 'n', 'false', '0', 'inactive']);

/** The file's rows checked one by one: a 400 names every bad row (up to ten) and writes nothing. */
export function parseChartCsv(text: string): ChartCsvRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch {
    throw badRequest('The file is not a CSV file this import can read');
  }
  const [header, ...body] = records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = (name: (typeof CHART_CSV_HEADER)[number]) => columns.indexOf(name.toLowerCase());
  const missing = (['Number', 'Name', 'Type'] as const).filter((name) => at(name) === -1);
  if (missing.length)
    throw badRequest(`The CSV file needs the columns ${CHART_CSV_HEADER.slice(0, 6).join(', ')}; missing: ${missing.join(', ')}`);
  if (!body.length) throw badRequest('The CSV file has no accounts');
  const errors: string[] = [];
  const rows: ChartCsvRow[] = [];
  const seen = new Set<string>();
  body.forEach((record, index) => {
    const line = index + 2;
    const cell = (name: (typeof CHART_CSV_HEADER)[number]) => (at(name) === -1 ? '' : (record[at(name)] ?? '').trim());
    // A cell the export neutralised for spreadsheets ('=…) reads back as written.
    const unquoted = (value: string) => (value.startsWith("'") ? value.slice(1) : value);
    const active = cell('Active').toLowerCase();
    if (!ACTIVE.has(active) && !INACTIVE.has(active)) return void errors.push(`Row ${line}: Active must be Yes or No`);
    const parsed = accountInputSchema.safeParse({
      number: cell('Number'),
      name: unquoted(cell('Name')),
      type: typeOf(cell('Type')),
      description: unquoted(cell('Description')),
      isActive: ACTIVE.has(active),
    });
    if (!parsed.success) return void errors.push(`Row ${line}: ${parsed.error.issues[0]!.message}`);
    if (seen.has(parsed.data.number)) return void errors.push(`Row ${line}: account number ${parsed.data.number} appears twice`);
    seen.add(parsed.data.number);
    const { parentId: _parentId, ...account } = parsed.data;
    rows.push({ line, parentNumber: cell('Parent number') || null, account });
  });
  if (errors.length) throw badRequest(errors.slice(0, 10).join('; '));
  return rows;
}
