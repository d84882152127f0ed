import { z } from 'zod';
import { controlCharactersMessage, SINGLE_LINE_PATTERN } from '../common/text-characters.ts';

export const PORTAL_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
/** Logos travel as data URLs; 512 KiB of image is plenty for a letterhead. */
export const LOGO_MAX_LENGTH = 700_000;

export const firmSetupRequestSchema = z.strictObject({
  firmName: z
    .string({ error: 'Firm name is required' })
    .trim()
    .min(1, 'Firm name is required')
    .max(160)
    .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Firm name'))
    .describe('The firm’s name (at most 160 characters).'),
  portalSlug: z
    .string({ error: 'Portal address is required' })
    .trim()
    .toLowerCase()
    .regex(PORTAL_SLUG_PATTERN, 'Portal address must be 3–40 lowercase letters, digits or hyphens')
    .describe(
      'The portal address clients sign in under: 3–40 lowercase letters, digits or hyphens, not starting or ending with a hyphen; unique across firms (409 when taken).',
    ),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .min(2, 'Country is required')
    .max(80)
    .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Country'))
    .describe('The firm’s country (2–80 characters).'),
  homeCurrencyId: z.coerce
    .number({ error: 'Home currency is required' })
    .int()
    .positive('Home currency is required')
    .describe(
      'The currency the firm keeps its books in (a currency id from get-currency-list); it cannot change once time or money is recorded (409).',
    ),
  multicurrency: z.boolean().describe('True: entries may be billed in currencies other than the home one, at the firm’s exchange rates.'),
  timeZone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .min(1, 'Time zone is required')
    .max(64)
    .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Time zone'))
    .describe('An IANA time zone name (e.g. Africa/Lagos) or UTC: what "today" means for the firm’s dates.'),
  logo: z
    .string()
    .max(LOGO_MAX_LENGTH, 'Logo must be smaller than 500 KB')
    .regex(/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'Logo must be a PNG, JPEG, GIF, WebP or SVG image')
    .nullable()
    .optional()
    .describe(
      'The logo as a base64 data URL of a PNG, JPEG, GIF, WebP or SVG image under 500 KB; null removes it; left out: none at set-up, unchanged on a profile update.',
    ),
});
export type FirmSetupRequest = z.input<typeof firmSetupRequestSchema>;
