import { luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
// The app's theme (its darkened shades), which the calendar's colour variables come from.
import { theme } from '../../../app/providers.tsx';
import { ITEM_COLOURS, type ThemeShade } from './item-colours.ts';

const AA_TEXT = 4.5;
const WHITE = '#ffffff';

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const hex = ([hue, shade]: ThemeShade) => {
  const colour = theme.colors?.[hue]?.[shade];
  if (!colour) throw new Error(`No ${hue}.${shade} in the theme`);
  return colour;
};

describe('the calendar’s colours meet WCAG AA for text', () => {
  it.each(Object.entries(ITEM_COLOURS))('%s: its text on its fill is at least 4.5:1', (_kind, colours) => {
    const text = colours.text === 'white' ? WHITE : hex(colours.text);
    expect(contrast(text, hex(colours.fill))).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
