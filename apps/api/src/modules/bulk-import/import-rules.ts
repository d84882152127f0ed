import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  BULK_IMPORT_FIELDS,
  type BulkImportKind,
  controlCharactersMessage,
  displayToIsoDate,
  isMultilineText,
  isSingleLineText,
  isValidIsoDate,
} from '@matterhorn/shared';
import type { ImportedClient } from '../clients/clients.api.ts';

/**
 * How one row of a file becomes a record's values (issue 39): the mapped cells read as the record
 * type wants them, every problem said in words, and a fingerprint of what the row says, so the same
 * row imported again is found and skipped.
 */

/** A client as the clients module imports it. */
export type ClientRow = ImportedClient;
export type MatterRow = {
  clientName: string;
  matterName: string;
  description: string;
  billingType: 'Hourly' | 'Flat Rate' | 'Contingency' | 'Retainer';
  openDate: string | null;
  feeEarnerEmail: string | null;
  hourlyRate: string | null;
};
export type TimeEntryRow = {
  clientName: string;
  matterName: string;
  date: string;
  feeEarnerEmail: string;
  hours: string;
  rate: string | null;
  description: string;
  billable: boolean;
  activity: string | null;
};
export type ExpenseRow = {
  clientName: string;
  matterName: string;
  date: string;
  description: string;
  amount: string;
  category: string | null;
  billable: boolean;
};
export type OpeningTrustBalanceRow = {
  clientName: string;
  matterName: string | null;
  trustAccount: string | null;
  date: string;
  amount: string;
  reference: string;
};
export type OpeningReceivableRow = {
  clientName: string;
  matterName: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string | null;
  amount: string;
};
export type RowValues = {
  clients: ClientRow;
  matters: MatterRow;
  timeEntries: TimeEntryRow;
  expenses: ExpenseRow;
  openingTrustBalances: OpeningTrustBalanceRow;
  openingReceivables: OpeningReceivableRow;
};

export type CheckedRow<K extends BulkImportKind> = { values: RowValues[K]; fingerprint: string } | { errors: string[] };

const BILLING_TYPES = ['Hourly', 'Flat Rate', 'Contingency', 'Retainer'] as const;
const email = z.email();
const orNull = (text: string) => (text === '' ? null : text);
const NO = ['no', 'n', 'false', '0'];
const YES_NO = ['yes', 'y', 'true', '1', ...NO];
const normal = (text: string | null) => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** A date as firms type it: DD/MM/YYYY (SPEC.md §2) or YYYY-MM-DD (and what Excel gives). */
export function importDate(text: string): string | null {
  if (isValidIsoDate(text)) return text;
  // A spreadsheet's date read without its format is its serial number: days since 30/12/1899.
  if (/^\d{5}(\.\d+)?$/.test(text))
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000).toISOString().slice(0, 10);
  const padded = text.replace(/^(\d)\//, '0$1/').replace(/\/(\d)\//, '/0$1/');
  return displayToIsoDate(padded);
}

/** A decimal with at most `places` decimals (thousands separators and a currency sign tolerated). */
export function importDecimal(text: string, places: number): string | null {
  const cleaned = text.replace(/[,\s₦$£€]/g, '');
  return new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(cleaned) ? cleaned : null;
}

const fingerprintOf = (kind: BulkImportKind, parts: (string | null | boolean)[]) =>
  createHash('sha256')
    .update([kind, ...parts.map((part) => normal(part === null ? '' : String(part)))].join('\u0001'))
    .digest('hex');

/** The row's cells by field, through the mapping (a field with no column reads as blank). */
export function cellsByField(kind: BulkImportKind, mapping: Record<string, string | null>, cells: Record<string, string>) {
  return Object.fromEntries(
    BULK_IMPORT_FIELDS[kind].map((field) => [field.name, (mapping[field.name] ? cells[mapping[field.name]!] : '') ?? '']),
  ) as Record<string, string>;
}

function checkClient(cells: Record<string, string>): CheckedRow<'clients'> {
  const errors: string[] = [];
  const type = normal(cells.clientType!);
  const companyName = orNull(cells.companyName!);
  const isCompany =
    ['company', 'business', 'organisation', 'organization', 'corporate'].includes(type) || (type === '' && companyName !== null);
  if (type !== '' && !isCompany && !['person', 'individual', 'private'].includes(type)) errors.push('Type must be Person or Company');
  const firstName = orNull(cells.firstName!);
  const lastName = orNull(cells.lastName!);
  if (isCompany && !companyName) errors.push('A company needs its company name');
  if (!isCompany && !firstName && !lastName) errors.push('A person needs a first or last name');
  const mail = orNull(cells.email!.toLowerCase());
  if (mail && !email.safeParse(mail).success) errors.push(`Email "${cells.email}" is not an email address`);
  const contactName = orNull(cells.contactName!);
  const contactEmail = orNull(cells.contactEmail!.toLowerCase());
  if (contactEmail && !email.safeParse(contactEmail).success) errors.push(`Contact email "${cells.contactEmail}" is not an email address`);
  if (errors.length > 0) return { errors };
  const values: ClientRow = {
    clientType: isCompany ? 'company' : 'individual',
    firstName: isCompany ? null : firstName,
    lastName: isCompany ? null : lastName,
    companyName: isCompany ? companyName : null,
    email: mail,
    phone: orNull(cells.phone!),
    address: orNull(cells.address!),
    city: orNull(cells.city!),
    contact: contactName ? { name: contactName, email: contactEmail, phone: orNull(cells.contactPhone!) } : null,
  };
  return {
    values,
    fingerprint: fingerprintOf('clients', [values.clientType, values.companyName, values.firstName, values.lastName, values.email]),
  };
}

function checkMatter(cells: Record<string, string>): CheckedRow<'matters'> {
  const errors: string[] = [];
  if (!cells.clientName) errors.push('Client is required');
  if (!cells.matterName) errors.push('Matter name is required');
  const billingType = cells.billingType ? BILLING_TYPES.find((type) => normal(type) === normal(cells.billingType!)) : 'Hourly';
  if (!billingType) errors.push('Billing type must be Hourly, Flat Rate, Contingency or Retainer');
  const openDate = cells.openDate ? importDate(cells.openDate) : null;
  if (cells.openDate && !openDate) errors.push(`Open date "${cells.openDate}" is not a date (DD/MM/YYYY)`);
  const hourlyRate = cells.hourlyRate ? importDecimal(cells.hourlyRate, 2) : null;
  if (cells.hourlyRate && !hourlyRate) errors.push(`Hourly rate "${cells.hourlyRate}" is not an amount`);
  const feeEarnerEmail = orNull(cells.feeEarnerEmail!.toLowerCase());
  if (errors.length > 0) return { errors };
  const values: MatterRow = {
    clientName: cells.clientName!,
    matterName: cells.matterName!,
    description: cells.description ?? '',
    billingType: billingType!,
    openDate,
    feeEarnerEmail,
    hourlyRate,
  };
  return { values, fingerprint: fingerprintOf('matters', [values.clientName, values.matterName]) };
}

function checkTimeEntry(cells: Record<string, string>): CheckedRow<'timeEntries'> {
  const errors: string[] = [];
  for (const field of BULK_IMPORT_FIELDS.timeEntries) if (field.required && !cells[field.name]) errors.push(`${field.label} is required`);
  const date = cells.date ? importDate(cells.date) : null;
  if (cells.date && !date) errors.push(`Date "${cells.date}" is not a date (DD/MM/YYYY)`);
  const hours = cells.hours ? importDecimal(cells.hours, 4) : null;
  if (cells.hours && (!hours || Number(hours) <= 0 || Number(hours) > 24))
    errors.push(`Hours "${cells.hours}" must be more than 0 and at most 24`);
  const rate = cells.rate ? importDecimal(cells.rate, 2) : null;
  if (cells.rate && !rate) errors.push(`Rate "${cells.rate}" is not an amount`);
  const billable = normal(cells.billable!);
  if (billable && !YES_NO.includes(billable)) errors.push('Billable must be Yes or No');
  if (errors.length > 0) return { errors };
  const values: TimeEntryRow = {
    clientName: cells.clientName!,
    matterName: cells.matterName!,
    date: date!,
    feeEarnerEmail: cells.feeEarnerEmail!.toLowerCase(),
    hours: hours!,
    rate,
    description: cells.description ?? '',
    billable: !NO.includes(billable),
    activity: orNull(cells.activity!),
  };
  return {
    values,
    fingerprint: fingerprintOf('timeEntries', [
      values.clientName,
      values.matterName,
      values.date,
      values.feeEarnerEmail,
      values.hours,
      values.rate,
      values.description,
      values.billable,
      values.activity,
    ]),
  };
}

/** The kind's required cells present, and its dates and amounts readable: the problems in words. */
function commonErrors(kind: BulkImportKind, cells: Record<string, string>, dates: string[], amounts: string[]) {
  const errors: string[] = [];
  for (const field of BULK_IMPORT_FIELDS[kind]) if (field.required && !cells[field.name]) errors.push(`${field.label} is required`);
  const labelOf = (name: string) => BULK_IMPORT_FIELDS[kind].find((field) => field.name === name)!.label;
  for (const name of dates)
    if (cells[name] && !importDate(cells[name])) errors.push(`${labelOf(name)} "${cells[name]}" is not a date (DD/MM/YYYY)`);
  for (const name of amounts) {
    const amount = cells[name] ? importDecimal(cells[name], 2) : null;
    if (cells[name] && (!amount || Number(amount) <= 0)) errors.push(`${labelOf(name)} "${cells[name]}" must be an amount more than 0`);
  }
  return errors;
}

function checkExpense(cells: Record<string, string>): CheckedRow<'expenses'> {
  const errors = commonErrors('expenses', cells, ['date'], ['amount']);
  const billable = normal(cells.billable!);
  if (billable && !YES_NO.includes(billable)) errors.push('Billable must be Yes or No');
  if (errors.length > 0) return { errors };
  const values: ExpenseRow = {
    clientName: cells.clientName!,
    matterName: cells.matterName!,
    date: importDate(cells.date!)!,
    description: cells.description!,
    amount: importDecimal(cells.amount!, 2)!,
    category: orNull(cells.category!),
    billable: !NO.includes(billable),
  };
  return { values, fingerprint: fingerprintOf('expenses', Object.values(values)) };
}

function checkOpeningTrustBalance(cells: Record<string, string>): CheckedRow<'openingTrustBalances'> {
  const errors = commonErrors('openingTrustBalances', cells, ['date'], ['amount']);
  if (errors.length > 0) return { errors };
  const values: OpeningTrustBalanceRow = {
    clientName: cells.clientName!,
    matterName: orNull(cells.matterName!),
    trustAccount: orNull(cells.trustAccount!),
    date: importDate(cells.date!)!,
    amount: importDecimal(cells.amount!, 2)!,
    reference: cells.reference || 'Opening balance',
  };
  return { values, fingerprint: fingerprintOf('openingTrustBalances', Object.values(values)) };
}

function checkOpeningReceivable(cells: Record<string, string>): CheckedRow<'openingReceivables'> {
  const errors = commonErrors('openingReceivables', cells, ['issueDate', 'dueDate'], ['amount']);
  const issueDate = cells.issueDate ? importDate(cells.issueDate) : null;
  const dueDate = cells.dueDate ? importDate(cells.dueDate) : null;
  if (issueDate && dueDate && dueDate < issueDate) errors.push('Due date is before the invoice date');
  if (errors.length > 0) return { errors };
  const values: OpeningReceivableRow = {
    clientName: cells.clientName!,
    matterName: cells.matterName!,
    invoiceNumber: cells.invoiceNumber!,
    issueDate: issueDate!,
    dueDate,
    amount: importDecimal(cells.amount!, 2)!,
  };
  // One opening invoice per client and previous number, whatever its amount says the second time.
  return { values, fingerprint: fingerprintOf('openingReceivables', [values.clientName, values.invoiceNumber]) };
}

const CHECKS: { [K in BulkImportKind]: (cells: Record<string, string>) => CheckedRow<K> } = {
  clients: checkClient,
  matters: checkMatter,
  timeEntries: checkTimeEntry,
  expenses: checkExpense,
  openingTrustBalances: checkOpeningTrustBalance,
  openingReceivables: checkOpeningReceivable,
};

/** Cells whose text may run over lines, as the form's field for it does; every other cell is one line, as a name is. */
const MULTILINE_FIELDS = new Set(['address', 'description']);

/** A cell holding what the form would refuse (a line break in a name, a direction override anywhere), said as the form says it. */
function characterErrors(kind: BulkImportKind, cells: Record<string, string>): string[] {
  return BULK_IMPORT_FIELDS[kind]
    .filter((field) => !(MULTILINE_FIELDS.has(field.name) ? isMultilineText : isSingleLineText)(cells[field.name] ?? ''))
    .map((field) => controlCharactersMessage(field.label));
}

export function checkRow<K extends BulkImportKind>(kind: K, cells: Record<string, string>): CheckedRow<K> {
  const checked = CHECKS[kind](cells);
  const unsafe = characterErrors(kind, cells);
  return unsafe.length === 0 ? checked : { errors: [...unsafe, ...('errors' in checked ? checked.errors : [])] };
}

export const nameKey = normal;
