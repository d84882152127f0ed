import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme, variantColorResolver } from './providers.tsx';

/** WCAG 2 contrast ratio of two hex colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA_TEXT = 4.5;
const WHITE = '#ffffff';

describe('the theme meets WCAG AA for text', () => {
  const colors = Object.entries(theme.colors ?? {}).filter(([name]) => name !== 'dark');

  it('fills buttons with the primary shade 8', () => {
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
  });

  it.each(colors.map(([name, palette]) => [name, palette!] as const))(
    '%s: filled and coloured text on white, light text on light',
    (_name, palette) => {
      // Filled buttons with white text (light hues get black text through autoContrast) and c="<colour>" text.
      if (luminance(palette[8]) < 0.3) expect(contrast(palette[8], WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
      // Light badges and alerts: shade 9 text on shade 1.
      expect(contrast(palette[9], palette[1])).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('dims text with a grey that reads on white', () => {
    const variables = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    expect(variables.light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(contrast(theme.colors!.gray![7], WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('writes light buttons and badges in shade 9, which reads on their tint', () => {
    const variables = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    for (const name of ['blue', 'red', 'green', 'orange', 'gray']) {
      expect(variables.light[`--mantine-color-${name}-light-color`]).toBe(`var(--mantine-color-${name}-9)`);
    }
  });

  it('makes a light variant with a shade the tint of its hue, not a fill of that shade', () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const shaded = variantColorResolver({ color: 'green.9', theme: merged, variant: 'light' });
    expect(shaded).toEqual(variantColorResolver({ color: 'green', theme: merged, variant: 'light' }));
    expect(shaded.background).toBe('var(--mantine-color-green-light)');
    expect(shaded.color).toBe('var(--mantine-color-green-light-color)');
    // Other variants keep the shade they are given.
    expect(variantColorResolver({ color: 'green.9', theme: merged, variant: 'filled' }).background).toBe('var(--mantine-color-green-9)');
  });

  it('writes placeholders in a grey that reads on white', () => {
    const variables = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    expect(contrast(variables.light['--mantine-color-placeholder']!, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
