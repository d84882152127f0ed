import { z } from 'zod';
import { isValidIsoDate } from './dates.ts';
import { controlCharactersMessage, MULTILINE_PATTERN, SINGLE_LINE_PATTERN } from './text-characters.ts';

/**
 * The rule for what characters a field may hold: a name or other one-line value, or text that keeps
 * its line breaks. A pattern, so the API document states it.
 */
type Lines = 'single' | 'multiple';
const textCheck = (label: string, lines: Lines) =>
  [lines === 'single' ? SINGLE_LINE_PATTERN : MULTILINE_PATTERN, controlCharactersMessage(label)] as const;

/** Optional one-line text (a name, a reference, a phone number): trimmed, blank becomes null. */
export const optionalText = (label: string, max = 500, lines: Lines = 'single') =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(...textCheck(label, lines))
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional text that keeps its line breaks (notes, descriptions, reasons, messages). */
export const optionalMultilineText = (label: string, max = 500) => optionalText(label, max, 'multiple');

/** Required one-line text (a name, a title) with the product's "X is required" message. */
export const requiredText = (label: string, max = 160, lines: Lines = 'single') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(...textCheck(label, lines));

/** Required text that keeps its line breaks (a reason, a description). */
export const requiredMultilineText = (label: string, max = 160) => requiredText(label, max, 'multiple');

/** `.meta` here is no description: it gives the API document the format (the check is lenient on case and spaces). */
export const optionalEmail = (label = 'Email') =>
  // eslint-disable-next-line no-restricted-syntax
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(254, `${label} is too long`)
    .meta({ format: 'email' })
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine((value) => value === null || z.email().safeParse(value).success, `Enter a valid ${label.toLowerCase()}`);

/** Plain decimal text: up to 12 whole digits and at most 2 decimals, no sign, exponent or separators. */
export const MONEY_TEXT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const MONEY_NUMBER_MAX = 999_999_999_999.99;

/**
 * A non-negative amount of money as text with at most 2 decimals ("1500", "1500.5", "1500.50"). A
 * number is still read (older callers send one), within the same bounds, so the API document states
 * the format and a value like 1e94 is refused as the field's own 400, never reaching the arithmetic.
 */
const moneyValue = (label: string, text: z.ZodString) => {
  const message = `${label} must be an amount with at most 2 decimals`;
  return z.union(
    [text.regex(MONEY_TEXT_PATTERN, message), z.number().min(0, message).max(MONEY_NUMBER_MAX, message).multipleOf(0.01, message)],
    {
      error: `${label} is required`,
    },
  );
};

export const moneyText = (label: string) =>
  moneyValue(label, z.string().trim())
    .transform((value) => String(value).trim())
    .refine((value) => MONEY_TEXT_PATTERN.test(value), `${label} must be an amount with at most 2 decimals`);

/** As moneyText, or blank, null or left out for none (answered as null). */
export const optionalMoneyText = (label: string) =>
  z
    .union([z.literal(''), moneyValue(label, z.string().trim())])
    .nullish()
    .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
    .refine((value) => value === null || MONEY_TEXT_PATTERN.test(value), `${label} must be an amount with at most 2 decimals`);

/** A calendar date as YYYY-MM-DD: the pattern for the API document, the check for days that exist. */
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const calendarDate = (text: z.ZodString, label: string) =>
  text.regex(ISO_DATE_PATTERN, `${label} must be a date (YYYY-MM-DD)`).refine(isValidIsoDate, `${label} must be a date (YYYY-MM-DD)`);

export const isoDate = (label: string) => calendarDate(z.string({ error: `${label} is required` }).trim(), label);

/** A date a form must fill: blank or missing is `requiredMessage` (SPEC's "Date is required"), else as isoDate. */
export const requiredIsoDate = (label: string, requiredMessage = `${label} is required`) =>
  calendarDate(z.string({ error: requiredMessage }).trim().min(1, requiredMessage), label);

/** An optional reference to a record: an id, or blank / null / absent for none (answered as null). */
export const optionalUuid = (label: string) =>
  z
    .union([z.uuid({ error: `${label} must be a valid id` }), z.literal('')])
    .nullish()
    .transform((value) => (value ? value : null));

export const uuidField = (label: string) => z.uuid({ error: `${label} is required` });

/** The `:id` of a route that names one record. */
export const idParamsSchema = z.object({ id: uuidField('Id').describe('The record’s id (a UUID).') });

/** A required id chosen in a form: blank, missing or not an id all read as the field's "X is required". */
export const requiredId = (message: string) => z.uuid({ error: message });

/** Query-string booleans: "true"/"1" are true, anything else false. */
export const queryBoolean = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');

export const sortTypeSchema = z.enum(['asc', 'desc']).default('desc').describe('Ascending or descending (the default).');

/** The AdminUserId/BusinessId pair SPEC.md's calls carry; checked against the token, never trusted (spread into each list's query). */
export const firmScopeQuerySchema = z.object({
  AdminUserId: z
    .string()
    .optional()
    .describe(
      'SPEC’s firm scope, kept for compatibility: when sent it must be the firm owner’s user id (else 403); the firm is always the caller’s own.',
    ),
  BusinessId: z
    .string()
    .optional()
    .describe(
      'SPEC’s firm scope, kept for compatibility: when sent it must be the caller’s firm id (else 403); the firm is always the caller’s own.',
    ),
});
