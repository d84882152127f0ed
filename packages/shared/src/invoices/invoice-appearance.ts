import { z } from 'zod';
import { optionalMultilineText } from '../common/fields.ts';

// How the firm's bills look (the PDF, the public page, the email): an accent colour and a footer,
// with the one contrast rule every surface uses for text drawn on the accent.

export const ACCENT_COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
export const ACCENT_COLOUR_MESSAGE = 'Accent colour must be a colour like #1F6FEB';
export const INVOICE_FOOTER_MAX_LENGTH = 500;

/** Text on the accent: white on a dark accent, near-black on a light one, black where neither reaches 4.5:1. */
export const ACCENT_TEXT_WHITE = '#FFFFFF';
export const ACCENT_TEXT_NEAR_BLACK = '#1A1B1E';
export const ACCENT_TEXT_BLACK = '#000000';
/** WCAG 2.1 AA for normal text (1.4.3). */
export const MINIMUM_TEXT_CONTRAST = 4.5;

/** The accent as the settings store it: #RRGGBB in capitals; blank or omitted: none (the product's own colours). */
export const accentColourInput = z
  .string({ error: ACCENT_COLOUR_MESSAGE })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || ACCENT_COLOUR_PATTERN.test(value), ACCENT_COLOUR_MESSAGE)
  .transform((value) => (value ? value.toUpperCase() : null));

export const invoiceFooterInput = optionalMultilineText('Invoice footer', INVOICE_FOOTER_MAX_LENGTH);

/** A #RRGGBB colour's channels, 0–255. */
export function rgbOf(hex: string): [number, number, number] {
  if (!ACCENT_COLOUR_PATTERN.test(hex)) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** WCAG 2.1 relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = rgbOf(hex).map((channel) => {
    const fraction = channel / 255;
    return fraction <= 0.04045 ? fraction / 12.92 : ((fraction + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2.1 contrast ratio of two colours, 1 (none) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The colour for text drawn on the accent: white when it reaches 4.5:1 (a dark accent), else
 * near-black when that does (a light one), else black (a mid tone, where only black reaches it).
 */
export function textColourOnAccent(accent: string): string {
  for (const colour of [ACCENT_TEXT_WHITE, ACCENT_TEXT_NEAR_BLACK]) {
    if (contrastRatio(colour, accent) >= MINIMUM_TEXT_CONTRAST) return colour;
  }
  return ACCENT_TEXT_BLACK;
}

/** The accent when it reads as text on white (4.5:1 or more); null when text should keep its usual colour. */
export function accentAsTextOnWhite(accent: string | null | undefined): string | null {
  if (!accent || !ACCENT_COLOUR_PATTERN.test(accent)) return null;
  return contrastRatio(accent, ACCENT_TEXT_WHITE) >= MINIMUM_TEXT_CONTRAST ? accent : null;
}
