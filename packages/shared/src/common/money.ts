/**
 * Exact money arithmetic on decimal strings. Amounts are held as bigint hundredths (or finer,
 * for intermediate products) so no binary floating point ever touches a stored or summed amount.
 * The one rounding rule of the product: half-up (away from zero) to 2 decimals.
 */
const MONEY_PATTERN = /^-?\d+(\.\d+)?$/;

export const MONEY_DECIMALS = 2;

export function isMoneyText(text: string): boolean {
  return MONEY_PATTERN.test(text.trim());
}

/** A decimal text as an integer scaled by 10^scale, rounded half-up beyond that scale. */
export function toScaled(text: string, scale: number): bigint {
  const trimmed = text.trim();
  if (!isMoneyText(trimmed)) throw new Error(`Not a decimal number: ${text}`);
  const negative = trimmed.startsWith('-');
  const [whole = '0', fraction = ''] = trimmed.replace('-', '').split('.');
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  let scaled = BigInt(whole + kept);
  const firstDropped = fraction.charAt(scale);
  if (firstDropped !== '' && Number(firstDropped) >= 5) scaled += 1n;
  return negative ? -scaled : scaled;
}

export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative && value !== 0n ? '-' : ''}${whole}${fraction}`;
}

/** Divides with half-up rounding (away from zero). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

export function roundMoney(text: string): string {
  return fromScaled(toScaled(text, MONEY_DECIMALS), MONEY_DECIMALS);
}

/**
 * Money text as whole cents, rounded half-up beyond 2 decimals; empty or missing text is 0. Every
 * module that sums or compares amounts in bigint uses this pair, so there is one rounding rule.
 */
export function toCents(text: string | null | undefined): bigint {
  return text && text.trim() !== '' ? toScaled(text, MONEY_DECIMALS) : 0n;
}

/** Cents as money text with exactly 2 decimals ("-12.30"). */
export function fromCents(cents: bigint): string {
  return fromScaled(cents, MONEY_DECIMALS);
}

/** Decimal places an exchange rate is held to (journal_lines.exchange_rate is numeric(20, 10)). */
export const RATE_DECIMALS = 10;

/**
 * An amount in another currency converted at `rate` (home units per foreign unit), rounded once,
 * half-up, to 2 decimals: the home-currency figure a foreign-currency journal line records.
 */
export function convertMoney(amount: string, rate: string): string {
  const product = toScaled(amount, MONEY_DECIMALS) * toScaled(rate, RATE_DECIMALS);
  return fromCents(divideRounded(product, 10n ** BigInt(RATE_DECIMALS)));
}

export function addMoney(...amounts: string[]): string {
  const total = amounts.reduce((sum, amount) => sum + toScaled(amount, MONEY_DECIMALS), 0n);
  return fromScaled(total, MONEY_DECIMALS);
}

/**
 * A number as plain decimal text: the shortest text that reads back as the same number (so 1.005
 * is '1.005', not 1.00499999…), without exponent notation. Rounding it once, half-up, avoids the
 * double rounding of toFixed (1.0049501 -> '1.0050' -> '1.01').
 */
function numberToDecimalText(value: number): string {
  const text = String(value);
  if (!Number.isFinite(value) || !/e/i.test(text)) return text;
  // Exponent form only appears for |value| >= 1e21 (always an integer) or |value| < 1e-6 (rounds to 0).
  return Math.abs(value) >= 1 ? BigInt(value).toString() : '0';
}

/**
 * "1234567" → "1,234,567" (en-US). By hand rather than toLocaleString: the first Intl call of a page
 * loads its number data, tens of milliseconds on a slow phone before the first paint.
 */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** en-US, exactly 2 decimals, thousands separators (SPEC.md §9). */
export function formatMoney(text: string | number, currencySymbol = ''): string {
  const rounded = roundMoney(typeof text === 'number' ? numberToDecimalText(text) : text);
  const negative = rounded.startsWith('-');
  const [whole = '0', fraction = '00'] = rounded.replace('-', '').split('.');
  return `${negative ? '-' : ''}${currencySymbol}${groupThousands(whole)}.${fraction}`;
}

const symbols = new Map<string, string>();

/**
 * The sign people write for a currency ("₦" for NGN, "$" for USD), from the runtime's own currency
 * data and kept once read; a code the runtime does not know stands as itself. Not on a page's first
 * paint (see groupThousands): lists and summaries only.
 */
export function currencySymbolOf(currencyCode: string): string {
  const code = currencyCode.trim().toUpperCase();
  if (!code) return '';
  let symbol = symbols.get(code);
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
      symbol = parts.find((part) => part.type === 'currency')?.value ?? code;
    } catch {
      symbol = code;
    }
    symbols.set(code, symbol);
  }
  return symbol;
}

/** An amount with its currency's sign: "₦25,000.00", "$1,200.50", "CHF 80.00" (a sign that ends in a letter keeps a space). */
export function formatMoneyIn(amount: string | number, currencyCode: string): string {
  const symbol = currencySymbolOf(currencyCode);
  return formatMoney(amount, /\p{L}$/u.test(symbol) ? `${symbol} ` : symbol);
}

/**
 * The money input's rule (SPEC.md §5): thousands separators stripped, at most 2 decimals,
 * and an optional maximum. Returns null when the text is not acceptable.
 */
export function parseMoneyInput(text: string, max?: string): string | null {
  const stripped = text.replace(/,/g, '').trim();
  if (stripped === '') return '';
  if (!/^\d*(\.\d{0,2})?$/.test(stripped)) return null;
  if (max !== undefined && stripped !== '.' && toScaled(`0${stripped}`.replace(/\.$/, ''), 2) > toScaled(max, 2)) {
    return null;
  }
  return stripped;
}
