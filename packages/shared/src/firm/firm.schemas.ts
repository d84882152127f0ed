import { z } from 'zod';

export const PORTAL_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
/** Logos travel as data URLs; 512 KiB of image is plenty for a letterhead. */
export const LOGO_MAX_LENGTH = 700_000;

export const firmSetupRequestSchema = z.strictObject({
  firmName: z.string({ error: 'Firm name is required' }).trim().min(1, 'Firm name is required').max(160),
  portalSlug: z
    .string({ error: 'Portal address is required' })
    .trim()
    .toLowerCase()
    .regex(PORTAL_SLUG_PATTERN, 'Portal address must be 3–40 lowercase letters, digits or hyphens'),
  country: z.string({ error: 'Country is required' }).trim().min(2, 'Country is required').max(80),
  homeCurrencyId: z.coerce.number({ error: 'Home currency is required' }).int().positive('Home currency is required'),
  multicurrency: z.boolean(),
  timeZone: z.string({ error: 'Time zone is required' }).trim().min(1, 'Time zone is required').max(64),
  logo: z
    .string()
    .max(LOGO_MAX_LENGTH, 'Logo must be smaller than 500 KB')
    .regex(/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'Logo must be a PNG, JPEG, GIF, WebP or SVG image')
    .nullable()
    .optional(),
});
export type FirmSetupRequest = z.input<typeof firmSetupRequestSchema>;
