import { expect } from 'vitest';
import { toCents, UTBMS_ACTIVITY_CODES, UTBMS_EXPENSE_CODE_VALUES, UTBMS_TASK_CODE_VALUES } from '@matterhorn/shared';

/**
 * An e-billing portal's check of a LEDES 1998B file, written from the standard's field list and not
 * from the exporter (it imports nothing of it): the header and 24 field names; every line ending
 * `[]`; 24 values per record; printable ASCII; each field within its length; dates real YYYYMMDD;
 * amounts with at most 2 decimals (units 4); the line types F, E, IF, IE; UTBMS codes from their
 * lists; the required fields present; a timekeeper and its classification on every fee; and each
 * invoice's INVOICE_TOTAL equal to the sum of its LINE_ITEM_TOTALs, to the cent.
 */
const FIELDS: [name: string, maxLength: number, kind: 'text' | 'date' | 'money' | 'units' | 'integer', required: boolean][] = [
  ['INVOICE_DATE', 8, 'date', true],
  ['INVOICE_NUMBER', 20, 'text', true],
  ['CLIENT_ID', 20, 'text', true],
  ['LAW_FIRM_MATTER_ID', 20, 'text', true],
  ['INVOICE_TOTAL', 17, 'money', true],
  ['BILLING_START_DATE', 8, 'date', true],
  ['BILLING_END_DATE', 8, 'date', true],
  ['INVOICE_DESCRIPTION', 15_360, 'text', false],
  ['LINE_ITEM_NUMBER', 20, 'integer', true],
  ['EXP/FEE/INV_ADJ_TYPE', 2, 'text', true],
  ['LINE_ITEM_NUMBER_OF_UNITS', 15, 'units', false],
  ['LINE_ITEM_ADJUSTMENT_AMOUNT', 15, 'money', false],
  ['LINE_ITEM_TOTAL', 15, 'money', true],
  ['LINE_ITEM_DATE', 8, 'date', true],
  ['LINE_ITEM_TASK_CODE', 20, 'text', false],
  ['LINE_ITEM_EXPENSE_CODE', 20, 'text', false],
  ['LINE_ITEM_ACTIVITY_CODE', 20, 'text', false],
  ['TIMEKEEPER_ID', 20, 'text', false],
  ['LINE_ITEM_DESCRIPTION', 15_360, 'text', true],
  ['LAW_FIRM_ID', 20, 'text', true],
  ['LINE_ITEM_UNIT_COST', 15, 'money', false],
  ['TIMEKEEPER_NAME', 30, 'text', false],
  ['TIMEKEEPER_CLASSIFICATION', 10, 'text', false],
  ['CLIENT_MATTER_ID', 20, 'text', false],
];
const PATTERNS = {
  text: /^[ -~]*$/,
  date: /^\d{8}$/,
  money: /^-?\d+(\.\d{1,2})?$/,
  units: /^-?\d+(\.\d{1,4})?$/,
  integer: /^\d+$/,
};
const CLASSIFICATIONS = ['PT', 'AS', 'OC', 'LA', 'OT'];

const isRealDate = (value: string) => {
  const date = new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8))));
  return date.toISOString().slice(0, 10).replaceAll('-', '') === value;
};
const cents = (value: string) => toCents(value || '0');

/** Checks a whole LEDES 1998B file; each problem is reported with its line and field. */
export function expectLedes1998B(file: string): void {
  const problems: string[] = [];
  expect(/^[\t\r\n -~]*$/.test(file), 'the file is ASCII').toBe(true);
  const lines = file.split('\r\n');
  expect(lines.at(-1), 'the file ends with CRLF').toBe('');
  lines.pop();
  expect(lines[0]).toBe('LEDES1998B[]');
  expect(lines[1]).toBe(`${FIELDS.map(([name]) => name).join('|')}[]`);
  const totals = new Map<string, { declared: Set<string>; lines: bigint }>();
  lines.slice(2).forEach((line, index) => {
    const at = `line ${index + 3}`;
    if (!line.endsWith('[]')) return problems.push(`${at}: does not end with []`);
    const values = line.slice(0, -2).split('|');
    if (values.length !== FIELDS.length) return problems.push(`${at}: ${values.length} values, not ${FIELDS.length}`);
    const record = Object.fromEntries(FIELDS.map(([name], position) => [name, values[position]!]));
    FIELDS.forEach(([name, maxLength, kind, required]) => {
      const value = record[name]!;
      if (value === '') {
        if (required) problems.push(`${at}: ${name} is required`);
        return;
      }
      if (value.length > maxLength) problems.push(`${at}: ${name} "${value}" is over ${maxLength} characters`);
      if (!PATTERNS[kind].test(value)) problems.push(`${at}: ${name} "${value}" is not ${kind}`);
      if (kind === 'date' && !isRealDate(value)) problems.push(`${at}: ${name} "${value}" is not a date`);
    });
    const type = record['EXP/FEE/INV_ADJ_TYPE']!;
    if (!['F', 'E', 'IF', 'IE'].includes(type)) problems.push(`${at}: line type "${type}"`);
    const task = record.LINE_ITEM_TASK_CODE!;
    if (task && !(UTBMS_TASK_CODE_VALUES as readonly string[]).includes(task)) problems.push(`${at}: task code "${task}"`);
    const activity = record.LINE_ITEM_ACTIVITY_CODE!;
    if (activity && !(UTBMS_ACTIVITY_CODES as readonly string[]).includes(activity)) problems.push(`${at}: activity code "${activity}"`);
    const expense = record.LINE_ITEM_EXPENSE_CODE!;
    if (expense && !UTBMS_EXPENSE_CODE_VALUES.includes(expense)) problems.push(`${at}: expense code "${expense}"`);
    if (type === 'F') {
      if (!record.TIMEKEEPER_ID || !record.TIMEKEEPER_NAME) problems.push(`${at}: a fee without its timekeeper`);
      if (!CLASSIFICATIONS.includes(record.TIMEKEEPER_CLASSIFICATION!))
        problems.push(`${at}: classification "${record.TIMEKEEPER_CLASSIFICATION}"`);
    }
    if (type === 'E' && task) problems.push(`${at}: an expense with a task code`);
    const invoice = totals.get(record.INVOICE_NUMBER!) ?? { declared: new Set<string>(), lines: 0n };
    invoice.declared.add(record.INVOICE_TOTAL!);
    invoice.lines += cents(record.LINE_ITEM_TOTAL!);
    totals.set(record.INVOICE_NUMBER!, invoice);
  });
  for (const [number, invoice] of totals) {
    if (invoice.declared.size !== 1) problems.push(`${number}: INVOICE_TOTAL differs between its lines`);
    const [declared] = [...invoice.declared];
    if (cents(declared!) !== invoice.lines) problems.push(`${number}: INVOICE_TOTAL ${declared} is not the sum of its LINE_ITEM_TOTALs`);
  }
  expect(problems, 'LEDES 1998B problems').toEqual([]);
}
