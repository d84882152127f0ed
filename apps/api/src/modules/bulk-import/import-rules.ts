import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BULK_IMPORT_FIELDS, type BulkImportKind, displayToIsoDate, isValidIsoDate } from '@matterhorn/shared';
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
export type RowValues = { clients: ClientRow; matters: MatterRow; timeEntries: TimeEntryRow };

export type CheckedRow<K extends BulkImportKind> = { values: RowValues[K]; fingerprint: string } | { errors: string[] };

const BILLING_TYPES = ['Hourly', 'Flat Rate', 'Contingency', 'Retainer'] as const;
const email = z.email();
const orNull = (text: string) => (text === '' ? null : text);
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
  if (billable && !['yes', 'no', 'y', 'n', 'true', 'false', '1', '0'].includes(billable)) errors.push('Billable must be Yes or No');
  if (errors.length > 0) return { errors };
  const values: TimeEntryRow = {
    clientName: cells.clientName!,
    matterName: cells.matterName!,
    date: date!,
    feeEarnerEmail: cells.feeEarnerEmail!.toLowerCase(),
    hours: hours!,
    rate,
    description: cells.description ?? '',
    billable: !['no', 'n', 'false', '0'].includes(billable),
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

export function checkRow<K extends BulkImportKind>(kind: K, cells: Record<string, string>): CheckedRow<K> {
  const checked = kind === 'clients' ? checkClient(cells) : kind === 'matters' ? checkMatter(cells) : checkTimeEntry(cells);
  return checked as CheckedRow<K>;
}

export const nameKey = normal;
