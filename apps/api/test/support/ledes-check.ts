import { expect } from 'vitest';
import {
  divideRounded,
  toCents,
  toScaled,
  UTBMS_ACTIVITY_CODES,
  UTBMS_EXPENSE_CODE_VALUES,
  UTBMS_TASK_CODE_VALUES,
} from '@matterhorn/shared';

/**
 * An e-billing portal's check of a LEDES 1998B file, written from the standard's field list and not
 * from the exporter (it imports nothing of it): the header and 24 field names; every line ending
 * `[]`; 24 values per record; printable ASCII; each field within its length; dates real YYYYMMDD;
 * amounts with at most 2 decimals (units 4); the line types F, E, IF, IE; UTBMS codes from their
 * lists; the required fields present; a timekeeper and its classification on every fee; and each
 * invoice's INVOICE_TOTAL equal to the sum of its LINE_ITEM_TOTALs, to the cent.
 */
const FIELDS: [name: string, maxLength: number, kind: keyof typeof PATTERNS, required: boolean][] = [
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
/** The 28 fields 1998BI V2 adds after 1998B's 24. */
const INTERNATIONAL_FIELDS: typeof FIELDS = [
  ['PO_NUMBER', 100, 'text', false],
  ['CLIENT_TAX_ID', 20, 'text', false],
  ['MATTER_NAME', 255, 'text', false],
  ['INVOICE_TAX_TOTAL', 17, 'money', true],
  ['INVOICE_NET_TOTAL', 17, 'money', true],
  ['INVOICE_CURRENCY', 3, 'currency', true],
  ['TIMEKEEPER_LAST_NAME', 30, 'text', false],
  ['TIMEKEEPER_FIRST_NAME', 30, 'text', false],
  ['ACCOUNT_TYPE', 1, 'text', true],
  ['LAW_FIRM_NAME', 60, 'text', true],
  ['LAW_FIRM_ADDRESS_1', 60, 'text', false],
  ['LAW_FIRM_ADDRESS_2', 60, 'text', false],
  ['LAW_FIRM_CITY', 30, 'text', false],
  ['LAW_FIRM_STATEorREGION', 30, 'text', false],
  ['LAW_FIRM_POSTCODE', 10, 'text', false],
  ['LAW_FIRM_COUNTRY', 3, 'text', false],
  ['CLIENT_NAME', 60, 'text', true],
  ['CLIENT_ADDRESS_1', 60, 'text', false],
  ['CLIENT_ADDRESS_2', 60, 'text', false],
  ['CLIENT_CITY', 30, 'text', false],
  ['CLIENT_STATEorREGION', 30, 'text', false],
  ['CLIENT_POSTCODE', 10, 'text', false],
  ['CLIENT_COUNTRY', 3, 'text', false],
  ['LINE_ITEM_TAX_RATE', 10, 'rate', true],
  ['LINE_ITEM_TAX_TOTAL', 15, 'money', true],
  ['LINE_ITEM_TAX_TYPE', 20, 'text', false],
  ['INVOICE_REPORTED_TAX_TOTAL', 17, 'money', true],
  ['INVOICE_TAX_CURRENCY', 3, 'currency', true],
];
const PATTERNS = {
  currency: /^[A-Z]{3}$/,
  rate: /^(0(\.\d{1,6})?|1)$/,
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
export const expectLedes1998B = (file: string) => expectLedes(file, 'LEDES1998B[]', FIELDS);

/**
 * Checks a whole LEDES 1998BI V2 file: 1998B's checks on its first 24 fields, the 28 more, and the
 * tax: each line's tax its amount × rate (to the cent), LINE_ITEM_TOTAL = units × unit cost +
 * adjustment + tax, INVOICE_TAX_TOTAL = Σ LINE_ITEM_TAX_TOTAL = INVOICE_REPORTED_TAX_TOTAL, and
 * INVOICE_NET_TOTAL = INVOICE_TOTAL − INVOICE_TAX_TOTAL.
 */
export const expectLedes1998BI = (file: string) => expectLedes(file, 'LEDES98BI V2[]', [...FIELDS, ...INTERNATIONAL_FIELDS]);

function expectLedes(file: string, header: string, fields: typeof FIELDS): void {
  const isInternational = fields.length > FIELDS.length;
  const problems: string[] = [];
  expect(/^[\t\r\n -~]*$/.test(file), 'the file is ASCII').toBe(true);
  const lines = file.split('\r\n');
  expect(lines.at(-1), 'the file ends with CRLF').toBe('');
  lines.pop();
  expect(lines[0]).toBe(header);
  expect(lines[1]).toBe(`${fields.map(([name]) => name).join('|')}[]`);
  const totals = new Map<string, { declared: Set<string>; lines: bigint; taxes: bigint; record: Record<string, string> }>();
  lines.slice(2).forEach((line, index) => {
    const at = `line ${index + 3}`;
    if (!line.endsWith('[]')) return problems.push(`${at}: does not end with []`);
    const values = line.slice(0, -2).split('|');
    if (values.length !== fields.length) return problems.push(`${at}: ${values.length} values, not ${fields.length}`);
    const record = Object.fromEntries(fields.map(([name], position) => [name, values[position]!]));
    fields.forEach(([name, maxLength, kind, required]) => {
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
    if ((type === 'F' || type === 'E') && record.LINE_ITEM_NUMBER_OF_UNITS && record.LINE_ITEM_UNIT_COST) {
      const units = toScaled(record.LINE_ITEM_NUMBER_OF_UNITS, 4);
      const cost = divideRounded(units * cents(record.LINE_ITEM_UNIT_COST), 10_000n);
      const total = cost + cents(record.LINE_ITEM_ADJUSTMENT_AMOUNT || '0') + cents(record.LINE_ITEM_TAX_TOTAL ?? '0');
      if (total !== cents(record.LINE_ITEM_TOTAL!)) problems.push(`${at}: units × unit cost + adjustment (+ tax) is not LINE_ITEM_TOTAL`);
    }
    if (isInternational) {
      const tax = cents(record.LINE_ITEM_TAX_TOTAL!);
      const base = cents(record.LINE_ITEM_TOTAL!) - tax;
      // The line's tax is its amount × the rate, to the cent (a shared rounding may move it by one).
      const exact = (base * toScaled(record.LINE_ITEM_TAX_RATE || '0', 6)) / 1_000_000n;
      if (tax - exact > 1n || exact - tax > 1n)
        problems.push(`${at}: tax ${record.LINE_ITEM_TAX_TOTAL} is not ${record.LINE_ITEM_TAX_RATE} of its amount`);
      if (type === 'F' && (!record.TIMEKEEPER_LAST_NAME || !record.TIMEKEEPER_FIRST_NAME))
        problems.push(`${at}: a fee without its timekeeper's names`);
      if (record.INVOICE_TAX_CURRENCY !== record.INVOICE_CURRENCY) problems.push(`${at}: the tax in another currency`);
    }
    const invoice = totals.get(record.INVOICE_NUMBER!) ?? { declared: new Set<string>(), lines: 0n, taxes: 0n, record };
    invoice.declared.add(record.INVOICE_TOTAL!);
    invoice.lines += cents(record.LINE_ITEM_TOTAL!);
    invoice.taxes += cents(record.LINE_ITEM_TAX_TOTAL ?? '0');
    totals.set(record.INVOICE_NUMBER!, invoice);
  });
  for (const [number, invoice] of totals) {
    if (invoice.declared.size !== 1) problems.push(`${number}: INVOICE_TOTAL differs between its lines`);
    const [declared] = [...invoice.declared];
    if (cents(declared!) !== invoice.lines) problems.push(`${number}: INVOICE_TOTAL ${declared} is not the sum of its LINE_ITEM_TOTALs`);
    if (isInternational) {
      const { INVOICE_TAX_TOTAL: taxTotal, INVOICE_NET_TOTAL: netTotal, INVOICE_REPORTED_TAX_TOTAL: reported } = invoice.record;
      if (cents(taxTotal!) !== invoice.taxes) problems.push(`${number}: INVOICE_TAX_TOTAL ${taxTotal} is not the sum of its lines' tax`);
      if (cents(netTotal!) !== cents(declared!) - cents(taxTotal!))
        problems.push(`${number}: INVOICE_NET_TOTAL ${netTotal} is not the total less the tax`);
      if (reported !== taxTotal) problems.push(`${number}: INVOICE_REPORTED_TAX_TOTAL ${reported} is not INVOICE_TAX_TOTAL`);
    }
  }
  expect(problems, `${header} problems`).toEqual([]);
}
