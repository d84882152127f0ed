import { accentAsTextOnWhite, ACCENT_COLOUR_PATTERN, textColourOnAccent } from '@matterhorn/shared';
import type { CSSProperties } from 'react';

/**
 * The firm's accent as CSS variables for the bar and the table headings: --invoice-accent-text is
 * white or near-black by contrast (4.5:1, the PDF's rule), --invoice-accent-ink the accent only where it
 * reads as text on white (the heading takes it then). Undefined: the page's own colours.
 */
export function accentStyleOf(accent: string | null): CSSProperties | undefined {
  if (!accent || !ACCENT_COLOUR_PATTERN.test(accent)) return undefined;
  const ink = accentAsTextOnWhite(accent);
  return {
    '--invoice-accent': accent,
    '--invoice-accent-text': textColourOnAccent(accent),
    ...(ink ? { '--invoice-accent-ink': ink } : {}),
  } as CSSProperties;
}

/** The table headings' band: the accent, its text white or near-black by contrast. */
export const ACCENT_BAND: CSSProperties = { backgroundColor: 'var(--invoice-accent)', color: 'var(--invoice-accent-text)' };
