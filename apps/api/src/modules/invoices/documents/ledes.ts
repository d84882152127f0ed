import { divideRounded, fromCents, toCents, type Invoice, type InvoiceLine } from '@matterhorn/shared';

/**
 * LEDES 1998B (PRODUCT.md "LEDES 1998B in brief"): line 1 `LEDES1998B[]`, line 2 the 24 field names,
 * then one record per line item; every line pipe-delimited and ending `[]`; dates YYYYMMDD; ASCII
 * only; identifiers at most 20 characters (the firm's invoice, client, matter and timekeeper
 * numbers, never a UUID); TIMEKEEPER_NAME "Last, First" in at most 30.
 *
 * - Each invoice line is one record: F for professional fees and flat fees, E for expenses, with the
 *   line's write-down or write-up in LINE_ITEM_ADJUSTMENT_AMOUNT and its billed amount in
 *   LINE_ITEM_TOTAL.
 * - LEDES 1998B has no invoice-level discount or tax fields, so both are invoice-level adjustment
 *   records: IF for the part on fees (fees + flat fees), IE for the part on expenses. The discount is
 *   split by each part's share of the subtotal (half-up, the remainder on expenses) and the tax by
 *   each part's share of the taxable amount, so the parts add up to the invoice's figures exactly.
 * - A credit note against the invoice is an IF and an IE adjustment record (negative, on its date)
 *   of what it credited on fees and on expenses, its discount and tax shared the same way.
 * - INVOICE_TOTAL is the invoice's total less its credit notes and equals the sum of LINE_ITEM_TOTAL
 *   to the cent.
 */
export const LEDES_FIELDS = [
  'INVOICE_DATE',
  'INVOICE_NUMBER',
  'CLIENT_ID',
  'LAW_FIRM_MATTER_ID',
  'INVOICE_TOTAL',
  'BILLING_START_DATE',
  'BILLING_END_DATE',
  'INVOICE_DESCRIPTION',
  'LINE_ITEM_NUMBER',
  'EXP/FEE/INV_ADJ_TYPE',
  'LINE_ITEM_NUMBER_OF_UNITS',
  'LINE_ITEM_ADJUSTMENT_AMOUNT',
  'LINE_ITEM_TOTAL',
  'LINE_ITEM_DATE',
  'LINE_ITEM_TASK_CODE',
  'LINE_ITEM_EXPENSE_CODE',
  'LINE_ITEM_ACTIVITY_CODE',
  'TIMEKEEPER_ID',
  'LINE_ITEM_DESCRIPTION',
  'LAW_FIRM_ID',
  'LINE_ITEM_UNIT_COST',
  'TIMEKEEPER_NAME',
  'TIMEKEEPER_CLASSIFICATION',
  'CLIENT_MATTER_ID',
] as const;
export type LedesField = (typeof LEDES_FIELDS)[number];
export type LedesRecord = Record<LedesField, string>;

export const LEDES_HEADER = 'LEDES1998B[]';
export const LEDES_LINE_END = '[]';

/** The invoice fields the export reads (the invoice detail, or the public view of it). */
export type LedesInvoice = Pick<
  Invoice,
  | 'id'
  | 'invoiceNumber'
  | 'clientId'
  | 'matters'
  | 'issueDate'
  | 'notes'
  | 'fees'
  | 'expenses'
  | 'flatFees'
  | 'totals'
  | 'taxAppliesTo'
  | 'taxName'
  | 'taxPercent'
> & {
  creditNotes?: Pick<
    Invoice['creditNotes'][number],
    'creditNoteNumber' | 'creditDate' | 'reason' | 'feesAmount' | 'expensesAmount' | 'discountAmount' | 'taxAmount' | 'total'
  >[];
};

export type LedesMatter = { matterNumber: string | null; clientMatterReference: string | null };
export type LedesTimekeeper = { code: string; name: string; classification: string | null };

/** What the records name beside the invoice: the firm, and its numbers for clients, matters and fee earners. */
export interface LedesOptions {
  /** LAW_FIRM_ID: the firm's tax number when it fits, else its short name (see ledes.ts's callers). */
  lawFirmId: string;
  /** CLIENT_ID: the firm's number for each invoice's client, by client id. */
  clientNumbers: ReadonlyMap<string, string>;
  /** LAW_FIRM_MATTER_ID and CLIENT_MATTER_ID, by matter id. */
  matters: ReadonlyMap<string, LedesMatter>;
  /** TIMEKEEPER_ID, _NAME and _CLASSIFICATION, by user id. */
  timekeepers: ReadonlyMap<string, LedesTimekeeper>;
}

/** The longest value each length-limited field may hold (LEDES 1998B's field list). */
export const LEDES_FIELD_LENGTHS: Partial<Record<LedesField, number>> = {
  INVOICE_DATE: 8,
  INVOICE_NUMBER: 20,
  CLIENT_ID: 20,
  LAW_FIRM_MATTER_ID: 20,
  BILLING_START_DATE: 8,
  BILLING_END_DATE: 8,
  INVOICE_DESCRIPTION: 2000,
  LINE_ITEM_NUMBER: 20,
  'EXP/FEE/INV_ADJ_TYPE': 2,
  LINE_ITEM_DATE: 8,
  LINE_ITEM_TASK_CODE: 20,
  LINE_ITEM_EXPENSE_CODE: 20,
  LINE_ITEM_ACTIVITY_CODE: 20,
  TIMEKEEPER_ID: 20,
  LINE_ITEM_DESCRIPTION: 2000,
  LAW_FIRM_ID: 20,
  TIMEKEEPER_NAME: 30,
  TIMEKEEPER_CLASSIFICATION: 10,
  CLIENT_MATTER_ID: 20,
};

/** YYYY-MM-DD (or an ISO timestamp) → YYYYMMDD. */
export function ledesDate(text: string | null | undefined): string {
  if (!text) return '';
  return text.slice(0, 10).replace(/-/g, '');
}

/** Letters and signs that do not come apart into a base letter and marks, spelt in ASCII. */
const ASCII_SPELLING: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  Ŋ: 'N',
  ŋ: 'n',
  Þ: 'Th',
  þ: 'th',
  '₦': 'NGN',
  '€': 'EUR',
  '£': 'GBP',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '\u00a0': ' ',
};

/**
 * Text in printable ASCII, as LEDES requires: "Adébáyọ̀" → "Adebayo" (the marks split off and
 * dropped), a few letters and signs spelt out, anything else a question mark.
 */
export function toAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\t\r\n -~]/gu, (character) => ASCII_SPELLING[character] ?? '?');
}

/** A field's text: ASCII, no pipes, no `[]` line-end marker, no line breaks, trimmed. */
export function ledesText(text: string | null | undefined, maxLength = 0): string {
  if (text === null || text === undefined) return '';
  const clean = toAscii(text)
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\|/g, '/')
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return maxLength > 0 ? clean.slice(0, maxLength) : clean;
}

/** "Ada N. Okafor" → "Okafor, Ada N.": LEDES's TIMEKEEPER_NAME, at most 30 characters. */
export function timekeeperName(name: string): string {
  const words = ledesText(name).split(' ').filter(Boolean);
  const last = words.pop();
  return (words.length > 0 ? `${last}, ${words.join(' ')}` : (last ?? '')).slice(0, 30);
}

/** Units without needless trailing zeros (also the 1998BI tax rate's). */
export const trimUnits = (text: string | null | undefined) => units(text);

/** Units without needless trailing zeros: 1.5000 → 1.5, 2.0000 → 2. */
function units(text: string | null | undefined): string {
  if (!text) return '';
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return '';
  const [whole, fraction = ''] = text.trim().split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : (whole ?? '');
}

function splitShare(whole: bigint, part: bigint, base: bigint): [bigint, bigint] {
  if (whole === 0n || base === 0n) return [0n, whole];
  const first = divideRounded(whole * part, base);
  return [first, whole - first];
}

/**
 * Figures on fees and on expenses, in cents: each part's amount less its share of the discount, and
 * its share of the tax (by what tax applies to, else by the taxable amounts).
 */
export function feeAndExpenseParts(
  figures: { fees: bigint; expenses: bigint; discount: bigint; tax: bigint },
  appliesTo: Invoice['taxAppliesTo'],
) {
  const [feeDiscount, expenseDiscount] = splitShare(figures.discount, figures.fees, figures.fees + figures.expenses);
  const feeTaxable = appliesTo === 'expenses' ? 0n : figures.fees - feeDiscount;
  const expenseTaxable = appliesTo === 'fees' ? 0n : figures.expenses - expenseDiscount;
  const [feeTax, expenseTax] =
    appliesTo === 'fees'
      ? [figures.tax, 0n]
      : appliesTo === 'expenses'
        ? [0n, figures.tax]
        : splitShare(figures.tax, feeTaxable, feeTaxable + expenseTaxable);
  return { feeDiscount, expenseDiscount, feeTax, expenseTax };
}

/** What the invoice's credit notes credited in all, in cents: their totals and their tax. */
export function creditedOf(invoice: Pick<LedesInvoice, 'creditNotes'>) {
  const notes = invoice.creditNotes ?? [];
  return {
    total: notes.reduce((sum, note) => sum + toCents(note.total), 0n),
    tax: notes.reduce((sum, note) => sum + toCents(note.taxAmount), 0n),
  };
}

/** The records of one invoice. */
export function ledesRecords(invoice: LedesInvoice, options: LedesOptions, { taxAsLines = true } = {}): LedesRecord[] {
  const allLines: InvoiceLine[] = [...invoice.fees, ...invoice.flatFees, ...invoice.expenses];
  const firstMatterId = invoice.matters[0]?.id;
  const matterFields = (matterId: string | undefined) => {
    const matter = options.matters.get(matterId ?? firstMatterId ?? '');
    return {
      LAW_FIRM_MATTER_ID: ledesText(matter?.matterNumber, 20),
      CLIENT_MATTER_ID: ledesText(matter?.clientMatterReference, 20),
    };
  };
  const timekeeperFields = (userId: string | null) => {
    const timekeeper = userId ? options.timekeepers.get(userId) : undefined;
    return {
      TIMEKEEPER_ID: ledesText(timekeeper?.code, 20),
      TIMEKEEPER_NAME: timekeeper ? timekeeperName(timekeeper.name) : '',
      TIMEKEEPER_CLASSIFICATION: timekeeper?.classification ?? '',
    };
  };
  const noTimekeeper = timekeeperFields(null);
  const dates = allLines.map((line) => line.lineDate.slice(0, 10)).sort();
  const startDate = dates[0] ?? invoice.issueDate;
  const endDate = dates[dates.length - 1] ?? invoice.issueDate;
  const invoiceDescription = ledesText(invoice.notes, 2000) || 'Legal services';
  const common = {
    INVOICE_DATE: ledesDate(invoice.issueDate),
    INVOICE_NUMBER: ledesText(invoice.invoiceNumber, 20),
    CLIENT_ID: ledesText(options.clientNumbers.get(invoice.clientId), 20),
    INVOICE_TOTAL: fromCents(toCents(invoice.totals.total) - creditedOf(invoice).total),
    BILLING_START_DATE: ledesDate(startDate),
    BILLING_END_DATE: ledesDate(endDate),
    INVOICE_DESCRIPTION: invoiceDescription,
    LAW_FIRM_ID: ledesText(options.lawFirmId, 20),
  };

  const records: LedesRecord[] = [];
  const push = (fields: Omit<LedesRecord, keyof typeof common | 'LINE_ITEM_NUMBER'>) => {
    records.push({ ...common, ...fields, LINE_ITEM_NUMBER: String(records.length + 1) });
  };

  for (const line of allLines) {
    const isExpense = line.itemType === 'expense';
    const numberOfUnits = line.itemType === 'fee' ? units(line.hours) : line.itemType === 'expense' ? units(line.quantity) : '1';
    const unitCost = line.itemType === 'flatFee' ? fromCents(toCents(line.itemAmount)) : line.rate ? fromCents(toCents(line.rate)) : '';
    push({
      ...matterFields(line.matterId),
      ...(isExpense ? noTimekeeper : timekeeperFields(line.feeEarnerId)),
      'EXP/FEE/INV_ADJ_TYPE': isExpense ? 'E' : 'F',
      LINE_ITEM_NUMBER_OF_UNITS: numberOfUnits,
      LINE_ITEM_ADJUSTMENT_AMOUNT: fromCents(toCents(line.adjustment)),
      LINE_ITEM_TOTAL: fromCents(toCents(line.amount)),
      LINE_ITEM_DATE: ledesDate(line.lineDate),
      LINE_ITEM_TASK_CODE: isExpense ? '' : ledesText(line.utbmsTaskCode),
      LINE_ITEM_EXPENSE_CODE: isExpense ? ledesText(line.utbmsExpenseCode) : '',
      LINE_ITEM_ACTIVITY_CODE: isExpense ? '' : ledesText(line.utbmsActivityCode),
      // The amount of an adjustment is the client's to see (LINE_ITEM_ADJUSTMENT_AMOUNT); its reason is the firm's internal note (issue 64).
      LINE_ITEM_DESCRIPTION: ledesText(line.description, 2000),
      LINE_ITEM_UNIT_COST: unitCost,
    });
  }

  // Invoice-level adjustments: the discount (negative) and the tax (positive), each split IF / IE.
  const feePart = toCents(invoice.totals.feesSubtotal) + toCents(invoice.totals.flatFeesSubtotal);
  const expensePart = toCents(invoice.totals.expensesSubtotal);
  const { feeDiscount, expenseDiscount, feeTax, expenseTax } = feeAndExpenseParts(
    { fees: feePart, expenses: expensePart, discount: toCents(invoice.totals.discountAmount), tax: toCents(invoice.totals.taxAmount) },
    invoice.taxAppliesTo,
  );
  const taxLabel = `${invoice.taxName?.trim() || 'Tax'} ${units(invoice.taxPercent)}%`;
  const adjustment = (type: 'IF' | 'IE', amount: bigint, description: string, date = invoice.issueDate) => {
    if (amount === 0n) return;
    push({
      ...matterFields(undefined),
      ...noTimekeeper,
      'EXP/FEE/INV_ADJ_TYPE': type,
      LINE_ITEM_NUMBER_OF_UNITS: '',
      LINE_ITEM_ADJUSTMENT_AMOUNT: fromCents(amount),
      LINE_ITEM_TOTAL: fromCents(amount),
      LINE_ITEM_DATE: ledesDate(date),
      LINE_ITEM_TASK_CODE: '',
      LINE_ITEM_EXPENSE_CODE: '',
      LINE_ITEM_ACTIVITY_CODE: '',
      LINE_ITEM_DESCRIPTION: ledesText(description),
      LINE_ITEM_UNIT_COST: '',
    });
  };
  adjustment('IF', -feeDiscount, 'Discount on fees');
  adjustment('IE', -expenseDiscount, 'Discount on expenses');
  // 1998BI carries the tax on each line instead (ledes-international.ts).
  if (taxAsLines) {
    adjustment('IF', feeTax, `${taxLabel} on fees`);
    adjustment('IE', expenseTax, `${taxLabel} on expenses`);
  }
  for (const note of invoice.creditNotes ?? []) {
    const fees = toCents(note.feesAmount);
    const expenses = toCents(note.expensesAmount);
    const parts = feeAndExpenseParts(
      { fees, expenses, discount: toCents(note.discountAmount), tax: toCents(note.taxAmount) },
      invoice.taxAppliesTo,
    );
    const description = `Credit note ${note.creditNoteNumber}: ${note.reason}`;
    adjustment('IF', -(fees - parts.feeDiscount + (taxAsLines ? parts.feeTax : 0n)), description, note.creditDate);
    adjustment('IE', -(expenses - parts.expenseDiscount + (taxAsLines ? parts.expenseTax : 0n)), description, note.creditDate);
  }
  return records;
}

/** The LEDES 1998B file of one or several invoices (one header, the records of each in turn). */
export function formatLedes(invoices: readonly LedesInvoice[], options: LedesOptions): string {
  const lines = [LEDES_HEADER, `${LEDES_FIELDS.join('|')}${LEDES_LINE_END}`];
  for (const invoice of invoices) {
    for (const record of ledesRecords(invoice, options)) {
      lines.push(`${LEDES_FIELDS.map((field) => record[field]).join('|')}${LEDES_LINE_END}`);
    }
  }
  // LEDES files are conventionally CRLF-separated.
  return `${lines.join('\r\n')}\r\n`;
}

/** Reads a LEDES 1998B file back into records (for tests and for checking an export). */
export function parseLedes(text: string): LedesRecord[] {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  if (lines[0] !== LEDES_HEADER) throw new Error('Not a LEDES 1998B file');
  const header = lines[1];
  if (header !== `${LEDES_FIELDS.join('|')}${LEDES_LINE_END}`) throw new Error('Unexpected LEDES 1998B field list');
  return lines.slice(2).map((line, index) => {
    if (!line.endsWith(LEDES_LINE_END)) throw new Error(`Line ${index + 3} does not end with []`);
    const values = line.slice(0, -LEDES_LINE_END.length).split('|');
    if (values.length !== LEDES_FIELDS.length) throw new Error(`Line ${index + 3} has ${values.length} fields, not 24`);
    return Object.fromEntries(LEDES_FIELDS.map((field, position) => [field, values[position] ?? ''])) as LedesRecord;
  });
}
