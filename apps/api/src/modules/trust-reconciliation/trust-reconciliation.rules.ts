import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { daysBetween, displayToIsoDate, fromScaled, isValidIsoDate, TRUST_STATEMENT_MAX_LINES, toScaled } from '@matterhorn/shared';
import { badRequest } from '../../lib/errors.ts';

/** Pure rules of the reconciliation: reading a bank statement CSV and pairing its lines with movements. */

export type ParsedLine = { row: number; lineDate: string; description: string; amount: string; balance: string | null };

const COLUMNS = ['date', 'description', 'amount', 'balance'] as const;

/** Signed money text with at most 2 decimals; "1,200.50", "-45", "(45.00)" (a debit in brackets) accepted. */
export function parseSignedAmount(text: string): string | null {
  let value = text.trim().replace(/,/g, '').replace(/\s/g, '');
  const bracketed = /^\((.*)\)$/.exec(value);
  if (bracketed) value = `-${bracketed[1]}`;
  if (!/^[-+]?\d{1,12}(\.\d{1,2})?$/.test(value)) return null;
  return fromScaled(toScaled(value.replace(/^\+/, ''), 2), 2);
}

/**
 * What makes a bank line the same line when a statement is imported again (or an overlapping one is):
 * its date, amount, running balance and description (spaces collapsed), and which occurrence of that
 * same line it is in its file, so two identical deposits on one day stay two lines. Migration 0048
 * computes the same text in SQL for the lines imported before: keep the two in step.
 */
export function fingerprintLines(lines: readonly Omit<ParsedLine, 'row'>[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = [line.lineDate, line.amount, line.balance ?? '', line.description.replace(/\s+/g, ' ').trim()].join('|');
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return createHash('sha256').update(`${key}|${occurrence}`, 'utf8').digest('hex');
  });
}

/** ISO (YYYY-MM-DD) or the product's DD/MM/YYYY. */
export function parseStatementDate(text: string): string | null {
  const value = text.trim();
  if (isValidIsoDate(value)) return value;
  return displayToIsoDate(value);
}

/**
 * A statement CSV with a header row naming the columns date, description, amount and balance (any
 * order and case; balance may be left blank on a line). Refuses the whole file (400) at the first
 * bad row, naming its row number as a spreadsheet would (the header is row 1).
 */
export function parseStatementCsv(content: Buffer): ParsedLine[] {
  let records: string[][];
  try {
    records = parse(content, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(`The bank statement is not a readable CSV file${line ? ` (row ${line})` : ''}`);
  }
  const [header, ...rows] = records;
  if (!header) throw badRequest('The bank statement has no lines');
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw badRequest(
      `The bank statement's first row must name the columns date, description, amount and balance (missing: ${missing.join(', ')})`,
    );
  }
  if (rows.length === 0) throw badRequest('The bank statement has no lines');
  if (rows.length > TRUST_STATEMENT_MAX_LINES) {
    throw badRequest(`The bank statement has more than ${TRUST_STATEMENT_MAX_LINES.toLocaleString('en-US')} lines: import it in parts`);
  }
  const at = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<(typeof COLUMNS)[number], number>;
  return rows.map((cells, index) => {
    const row = index + 2;
    const cell = (column: (typeof COLUMNS)[number]) => (cells[at[column]] ?? '').trim();
    const lineDate = parseStatementDate(cell('date'));
    if (!lineDate) throw badRequest(`Row ${row}: the date "${cell('date')}" is not a date (YYYY-MM-DD or DD/MM/YYYY)`);
    const amount = parseSignedAmount(cell('amount'));
    if (amount === null) throw badRequest(`Row ${row}: the amount "${cell('amount')}" is not an amount with at most 2 decimals`);
    if (toScaled(amount, 2) === 0n) throw badRequest(`Row ${row}: the amount cannot be zero`);
    const balanceText = cell('balance');
    const balance = balanceText === '' ? null : parseSignedAmount(balanceText);
    if (balanceText !== '' && balance === null) {
      throw badRequest(`Row ${row}: the balance "${balanceText}" is not an amount with at most 2 decimals`);
    }
    const description = cell('description');
    if (description.length > 500) throw badRequest(`Row ${row}: the description is longer than 500 characters`);
    return { row, lineDate, description, amount, balance };
  });
}

/** The statement's date and closing balance: those given, else its last line's (which then needs a balance). */
export function statementTotals(lines: ParsedLine[], given: { statementDate?: string; closingBalance?: string }) {
  const last = lines[lines.length - 1]!;
  const latest = lines.reduce((max, line) => (line.lineDate > max ? line.lineDate : max), last.lineDate);
  const statementDate = given.statementDate ?? latest;
  const closingBalance = given.closingBalance ?? last.balance;
  if (closingBalance === null || closingBalance === undefined) {
    throw badRequest(`Row ${last.row}: the last line needs its balance (the statement's closing balance), or enter the closing balance`);
  }
  const late = lines.find((line) => line.lineDate > statementDate);
  if (late) throw badRequest(`Row ${late.row}: the line is dated after the statement date ${statementDate}`);
  return { statementDate, closingBalance: fromScaled(toScaled(closingBalance, 2), 2) };
}

/** How many days apart a bank line and a movement may be for an automatic match. */
export const AUTO_MATCH_DAYS = 5;

export type MatchableLine = { id: string; lineDate: string; description: string; amount: string };
export type MatchableMovement = {
  transactionId: string;
  direction: 'in' | 'out';
  transactionDate: string;
  amount: string;
  reference: string | null;
};

/** The movement's amount signed as the bank shows it (in: positive). */
export const signedAmountOf = (movement: { direction: 'in' | 'out'; amount: string }) =>
  movement.direction === 'in' ? toScaled(movement.amount, 2) : -toScaled(movement.amount, 2);

const referenceIn = (description: string, reference: string | null) => {
  const wanted = reference?.trim().toLowerCase();
  return !!wanted && wanted.length >= 3 && description.toLowerCase().includes(wanted);
};

/**
 * Pairs lines with movements: the same signed amount, dated within AUTO_MATCH_DAYS; a movement
 * whose reference appears in the line's description first, then the nearest date, then the
 * oldest. Lines whose reference names a movement are served first, so a guess by date never takes
 * the movement a line names. Each movement is used once.
 */
export function autoMatch(lines: MatchableLine[], movements: MatchableMovement[]): Map<string, string> {
  const used = new Set<string>();
  const pairs = new Map<string, string>();
  const byAmount = new Map<bigint, MatchableMovement[]>();
  for (const movement of movements) {
    const key = signedAmountOf(movement);
    const same = byAmount.get(key);
    if (same) same.push(movement);
    else byAmount.set(key, [movement]);
  }
  const bestFor = (line: MatchableLine, namedOnly: boolean) => {
    let best: { movement: MatchableMovement; named: boolean; distance: number } | null = null;
    for (const movement of byAmount.get(toScaled(line.amount, 2)) ?? []) {
      if (used.has(movement.transactionId)) continue;
      const distance = Math.abs(daysBetween(line.lineDate, movement.transactionDate));
      if (distance > AUTO_MATCH_DAYS) continue;
      const named = referenceIn(line.description, movement.reference);
      if (namedOnly && !named) continue;
      // Movements arrive oldest first: a later one wins only by being named or nearer.
      if (!best || (named && !best.named) || (named === best.named && distance < best.distance)) best = { movement, named, distance };
    }
    return best;
  };
  for (const namedOnly of [true, false]) {
    for (const line of lines) {
      if (pairs.has(line.id)) continue;
      const best = bestFor(line, namedOnly);
      if (!best) continue;
      used.add(best.movement.transactionId);
      pairs.set(line.id, best.movement.transactionId);
    }
  }
  return pairs;
}
