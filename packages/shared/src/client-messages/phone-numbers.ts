import { getCountries, parsePhoneNumberFromString, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js';

export type PhoneNumberResult = { ok: true; e164: string; country: CountryCode | null } | { ok: false; reason: string };

// Built on first use: the web's pages that never read a phone number keep none of this.
let regionNames: Intl.DisplayNames | null = null;
const regionNamesOf = () => (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' }));
let countryByName: Map<string, CountryCode> | null = null;
const countryByNameOf = () =>
  (countryByName ??= new Map(
    getCountries().flatMap((code) => {
      const name = regionNamesOf().of(code);
      return name ? [[name.toLowerCase(), code] as const] : [];
    }),
  ));

/**
 * The calling-plan country of a firm's country as the firm wrote it ("Nigeria", "NG"): numbers
 * written without a + are read as that country's. Null when it names no country we know.
 */
export function phoneCountryOf(country: string | null | undefined): CountryCode | null {
  const text = country?.trim();
  if (!text) return null;
  const upper = text.toUpperCase();
  if ((getCountries() as string[]).includes(upper)) return upper as CountryCode;
  return countryByNameOf().get(text.toLowerCase()) ?? null;
}

const nameOf = (country: CountryCode | null) => (country ? (regionNamesOf().of(country) ?? country) : null);

/**
 * A phone number in E.164 (+2348031234567), the one form the SMS and WhatsApp providers take. A
 * number without + is read as the default country's; one that cannot be read says why, in words.
 */
export function normalisePhoneNumber(text: string, defaultCountry: CountryCode | null = null): PhoneNumberResult {
  const written = text.trim();
  if (!written) return { ok: false, reason: 'Enter a phone number.' };
  if (/[A-Za-z]/.test(written.replace(/^tel:/i, '').replace(/(ext\.?|x)\s*\d+$/i, '')))
    return { ok: false, reason: `“${written}” is not a phone number: it has letters in it.` };
  const options = defaultCountry ? { defaultCountry } : {};
  const country = written.startsWith('+') ? null : defaultCountry;
  const place = nameOf(country) ? ` for ${nameOf(country)}` : '';
  switch (validatePhoneNumberLength(written, options)) {
    case 'NOT_A_NUMBER':
      return { ok: false, reason: `“${written}” is not a phone number.` };
    case 'INVALID_COUNTRY':
      return {
        ok: false,
        reason: `“${written}” has no country code: write it with + and the country code (for example +234 803 123 4567).`,
      };
    case 'TOO_SHORT':
      return { ok: false, reason: `“${written}” is too short to be a phone number${place}.` };
    case 'TOO_LONG':
      return { ok: false, reason: `“${written}” is too long to be a phone number${place}.` };
    case 'INVALID_LENGTH':
      return { ok: false, reason: `“${written}” does not have the length of a phone number${place}.` };
    default:
      break;
  }
  const parsed = parsePhoneNumberFromString(written, options);
  if (!parsed?.isValid()) return { ok: false, reason: `“${written}” is not a valid phone number${place}.` };
  return { ok: true, e164: parsed.number, country: parsed.country ?? null };
}
