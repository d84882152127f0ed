import { displayFirmDateTime, formatMoneyIn, INVOICE_STATUS_LABELS, isoToDisplayDate } from '@matterhorn/shared';

/** Fields whose value is money in the record's "Currency". */
const AMOUNT_FIELDS = new Set(['Total', 'Balance due', 'Amount']);
/** Fields whose value is a stored code ("PartlyPaid", "deposit", "individual") rather than words. */
const CODE_FIELDS = new Set(['Status', 'Type', 'Movement', 'In / out']);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** "PartlyPaid" → "Partly paid", "deposit" → "Deposit": a stored code read as words. */
function wordsOf(code: string): string {
  const known = (INVOICE_STATUS_LABELS as Record<string, string>)[code];
  if (known) return known;
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field of the person's data as the PDF shows it to them: dates DD/MM/YYYY, moments on the firm's
 * clock, money with its currency's sign, stored codes in words. The JSON export keeps the values as
 * stored (ISO dates, decimal text, codes) for programs.
 */
export function displayValueOf(field: string, value: string, record: Record<string, string | null>, timeZone: string): string {
  if (ISO_DATE.test(value)) return isoToDisplayDate(value);
  if (ISO_MOMENT.test(value)) return displayFirmDateTime(value, timeZone);
  const currency = record.Currency;
  if (AMOUNT_FIELDS.has(field) && currency && /^-?\d+(\.\d+)?$/.test(value)) return formatMoneyIn(value, currency);
  if (CODE_FIELDS.has(field) && /^[A-Za-z][A-Za-z_-]*$/.test(value)) return wordsOf(value);
  return value;
}
