import { toCents, fromCents, toScaled, fromScaled } from '@matterhorn/shared';
import {
  creditedOf,
  LEDES_FIELDS,
  LEDES_LINE_END,
  ledesRecords,
  ledesText,
  timekeeperName,
  toAscii,
  trimUnits,
  type LedesInvoice,
  type LedesOptions,
} from './ledes.ts';

/**
 * LEDES 1998BI V2, the international variant, for clients whose portals take tax: the 24 fields of
 * 1998B and 28 more (the parties' names and addresses, currencies, and tax on every line). Where
 * 1998B folds an invoice's VAT into adjustment lines, 1998BI puts each line's share of it on the
 * line: LINE_ITEM_TOTAL = units × unit cost + adjustment + LINE_ITEM_TAX_TOTAL, and the shares,
 * rounded to the cent by largest remainder, add up to the invoice's tax exactly, so INVOICE_TOTAL
 * is still the invoice's total. A discount (IF/IE) line carries its negative share.
 */
export const LEDES_BI_HEADER = 'LEDES98BI V2[]';
export const LEDES_BI_FIELDS = [
  ...LEDES_FIELDS,
  'PO_NUMBER',
  'CLIENT_TAX_ID',
  'MATTER_NAME',
  'INVOICE_TAX_TOTAL',
  'INVOICE_NET_TOTAL',
  'INVOICE_CURRENCY',
  'TIMEKEEPER_LAST_NAME',
  'TIMEKEEPER_FIRST_NAME',
  'ACCOUNT_TYPE',
  'LAW_FIRM_NAME',
  'LAW_FIRM_ADDRESS_1',
  'LAW_FIRM_ADDRESS_2',
  'LAW_FIRM_CITY',
  'LAW_FIRM_STATEorREGION',
  'LAW_FIRM_POSTCODE',
  'LAW_FIRM_COUNTRY',
  'CLIENT_NAME',
  'CLIENT_ADDRESS_1',
  'CLIENT_ADDRESS_2',
  'CLIENT_CITY',
  'CLIENT_STATEorREGION',
  'CLIENT_POSTCODE',
  'CLIENT_COUNTRY',
  'LINE_ITEM_TAX_RATE',
  'LINE_ITEM_TAX_TOTAL',
  'LINE_ITEM_TAX_TYPE',
  'INVOICE_REPORTED_TAX_TOTAL',
  'INVOICE_TAX_CURRENCY',
] as const;
export type LedesBiField = (typeof LEDES_BI_FIELDS)[number];
export type LedesBiRecord = Record<LedesBiField, string>;

export type LedesAddress = {
  address: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country: string | null;
};
export type LedesBiClient = LedesAddress & { name: string; taxNumber: string | null };

/** What 1998BI adds to 1998B's options: the firm's name and address, and each client's. */
export interface LedesBiOptions extends LedesOptions {
  firm: LedesAddress & { name: string };
  clients: ReadonlyMap<string, LedesBiClient>;
}

export type LedesBiInvoice = LedesInvoice & { currencyCode: string | null };

/** English country names to their ISO 3166 alpha-2 codes, from the runtime's own region names. */
let countryCodes: Map<string, string> | null = null;
function countryCodeOf(country: string | null): string {
  const name = country?.trim() ?? '';
  if (/^[A-Za-z]{2}$/.test(name)) return name.toUpperCase();
  if (!countryCodes) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countryCodes = new Map();
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const regionName = names.of(code);
        // The first code for a name wins: GB before UK, the assigned code before an exceptionally reserved one.
        if (regionName && regionName !== code && !countryCodes.has(regionName.toLowerCase()))
          countryCodes.set(regionName.toLowerCase(), code);
      }
    }
  }
  return countryCodes.get(name.toLowerCase()) ?? ledesText(name, 3);
}

/** An address's first line and the rest, as LEDES's ADDRESS_1 and ADDRESS_2. */
function addressLines(address: string | null): [string, string] {
  const [first = '', ...rest] = (address ?? '')
    .split(/\r?\n|,\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
  return [ledesText(first, 60), ledesText(rest.join(', '), 60)];
}

/** 7.5 (percent) → "0.075": LEDES's tax rate is a fraction. */
const taxRateOf = (taxPercent: string) => trimUnits(fromScaled(toScaled(taxPercent, 4), 6));

const taxTypeOf = (taxName: string | null) => {
  const name = toAscii(taxName ?? '').toUpperCase();
  return ['VAT', 'GST', 'HST', 'PST'].find((type) => name.includes(type)) ?? 'Other';
};

const floorDivide = (value: bigint, by: bigint) => (value >= 0n ? value / by : -((-value + by - 1n) / by));

/**
 * Each taxable line's share of the invoice's tax, in cents: its amount × the rate, rounded down,
 * then the cents still missing to the largest remainders, so the shares add up to `taxCents`.
 */
function taxShares(bases: bigint[], isTaxable: boolean[], rateMillionths: bigint, taxCents: bigint): bigint[] {
  const exact = bases.map((base, index) => (isTaxable[index] ? base * rateMillionths : 0n));
  const shares = exact.map((value) => floorDivide(value, 1_000_000n));
  const remainders = exact.map((value, index) => value - shares[index]! * 1_000_000n);
  let missing = taxCents - shares.reduce((sum, share) => sum + share, 0n);
  const order = remainders.map((_, index) => index).filter((index) => isTaxable[index]);
  order.sort((left, right) => (remainders[right]! > remainders[left]! ? 1 : remainders[right]! < remainders[left]! ? -1 : left - right));
  for (let turn = 0; missing > 0n && order.length > 0; turn = (turn + 1) % order.length, missing--) shares[order[turn]!]! += 1n;
  for (let turn = 0; missing < 0n && order.length > 0; turn = (turn + 1) % order.length, missing++) shares[order[turn]!]! -= 1n;
  return shares;
}

/** The records of one invoice in 1998BI. */
export function ledesBiRecords(invoice: LedesBiInvoice, options: LedesBiOptions): LedesBiRecord[] {
  const records = ledesRecords(invoice, options, { taxAsLines: false });
  const appliesTo = invoice.taxAppliesTo;
  const isTaxable = records.map((record) => {
    const part = record['EXP/FEE/INV_ADJ_TYPE'] === 'E' || record['EXP/FEE/INV_ADJ_TYPE'] === 'IE' ? 'expenses' : 'fees';
    return appliesTo === 'both' || appliesTo === part;
  });
  const bases = records.map((record) => toCents(record.LINE_ITEM_TOTAL));
  // What credit notes took back is off the invoice's tax and total, as it is off its records.
  const credited = creditedOf(invoice);
  const taxCents = toCents(invoice.totals.taxAmount) - credited.tax;
  const rateMillionths = toScaled(invoice.taxPercent ?? '0', 4);
  const shares = taxShares(bases, isTaxable, rateMillionths, taxCents);
  const rate = taxRateOf(invoice.taxPercent ?? '0');
  const total = toCents(invoice.totals.total) - credited.total;
  const client = options.clients.get(invoice.clientId);
  const [firmAddress1, firmAddress2] = addressLines(options.firm.address);
  const [clientAddress1, clientAddress2] = addressLines(client?.address ?? null);
  const matterNames = new Map(invoice.matters.map((matter) => [matter.id, matter.name]));
  const currency = ledesText(invoice.currencyCode, 3);
  // The records name a fee's timekeeper by code: its names are looked up once per invoice, not per line.
  const timekeeperByCode = new Map([...options.timekeepers.values()].map((timekeeper) => [ledesText(timekeeper.code, 20), timekeeper]));
  return records.map((record, index) => {
    const timekeeper = timekeeperByCode.get(record.TIMEKEEPER_ID);
    const [lastName, firstNames] = timekeeper ? timekeeperName(timekeeper.name).split(', ') : ['', ''];
    const matterId = invoice.matters.find((matter) => ledesText(matter.matterNumber, 20) === record.LAW_FIRM_MATTER_ID)?.id;
    return {
      ...record,
      LINE_ITEM_TOTAL: fromCents(bases[index]! + shares[index]!),
      PO_NUMBER: '',
      CLIENT_TAX_ID: ledesText(client?.taxNumber, 20),
      MATTER_NAME: ledesText(matterNames.get(matterId ?? invoice.matters[0]?.id ?? ''), 255),
      INVOICE_TAX_TOTAL: fromCents(taxCents),
      INVOICE_NET_TOTAL: fromCents(total - taxCents),
      INVOICE_CURRENCY: currency,
      TIMEKEEPER_LAST_NAME: lastName ?? '',
      TIMEKEEPER_FIRST_NAME: firstNames ?? '',
      ACCOUNT_TYPE: 'O',
      LAW_FIRM_NAME: ledesText(options.firm.name, 60),
      LAW_FIRM_ADDRESS_1: firmAddress1,
      LAW_FIRM_ADDRESS_2: firmAddress2,
      LAW_FIRM_CITY: ledesText(options.firm.city, 30),
      LAW_FIRM_STATEorREGION: ledesText(options.firm.state, 30),
      LAW_FIRM_POSTCODE: ledesText(options.firm.postalCode, 10),
      LAW_FIRM_COUNTRY: countryCodeOf(options.firm.country),
      CLIENT_NAME: ledesText(client?.name, 60),
      CLIENT_ADDRESS_1: clientAddress1,
      CLIENT_ADDRESS_2: clientAddress2,
      CLIENT_CITY: ledesText(client?.city, 30),
      CLIENT_STATEorREGION: ledesText(client?.state, 30),
      CLIENT_POSTCODE: ledesText(client?.postalCode, 10),
      CLIENT_COUNTRY: countryCodeOf(client?.country ?? null),
      LINE_ITEM_TAX_RATE: isTaxable[index] ? rate : '0',
      LINE_ITEM_TAX_TOTAL: fromCents(shares[index]!),
      LINE_ITEM_TAX_TYPE: isTaxable[index] && rateMillionths > 0n ? taxTypeOf(invoice.taxName) : '',
      INVOICE_REPORTED_TAX_TOTAL: fromCents(taxCents),
      INVOICE_TAX_CURRENCY: currency,
    };
  });
}

/** The LEDES 1998BI V2 file of one or several invoices. */
export function formatLedesInternational(invoices: readonly LedesBiInvoice[], options: LedesBiOptions): string {
  const lines = [LEDES_BI_HEADER, `${LEDES_BI_FIELDS.join('|')}${LEDES_LINE_END}`];
  for (const invoice of invoices) {
    for (const record of ledesBiRecords(invoice, options))
      lines.push(`${LEDES_BI_FIELDS.map((field) => record[field]).join('|')}${LEDES_LINE_END}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}
