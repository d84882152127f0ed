import { describe, expect, it } from 'vitest';
import {
  ACCENT_COLOUR_MESSAGE,
  accentAsTextOnWhite,
  accentColourInput,
  contrastRatio,
  invoiceFooterInput,
  relativeLuminance,
  textColourOnAccent,
} from './invoice-appearance.ts';

describe('the accent colour', () => {
  it.each([
    ['#1F6FEB', '#1F6FEB'],
    [' #1f4e79 ', '#1F4E79'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('takes %j as %j', (input, stored) => {
    expect(accentColourInput.parse(input)).toBe(stored);
  });

  it.each(['navy', '#abc', '#1F4E7', '#1F4E79FF', '1F4E79', '#GGGGGG', 'rgb(0, 0, 0)', 7])('refuses %j with the one message', (input) => {
    const parsed = accentColourInput.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(ACCENT_COLOUR_MESSAGE);
  });

  it.each([
    ['#000000', 0],
    ['#FFFFFF', 1],
    ['#808080', 0.2158605],
    ['#1F6FEB', 0.1766],
  ])('has WCAG relative luminance: %s → %f', (colour, luminance) => {
    expect(relativeLuminance(colour)).toBeCloseTo(luminance, 3);
  });

  it('measures contrast as WCAG does, either way round', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#1F4E79', '#1F4E79')).toBe(1);
  });

  it.each([
    ['#1F4E79', '#FFFFFF'],
    ['#1F6FEB', '#FFFFFF'],
    ['#000000', '#FFFFFF'],
    ['#FFD43B', '#1A1B1E'],
    ['#FFFFFF', '#1A1B1E'],
    ['#EEEEEE', '#1A1B1E'],
    // Mid tones where white and near-black both fall short of 4.5:1: black still reaches it.
    ['#777777', '#000000'],
    ['#808080', '#000000'],
    ['#E03131', '#FFFFFF'],
  ])('sets text on %s in %s, at 4.5:1 or more', (accent, text) => {
    expect(textColourOnAccent(accent)).toBe(text);
    expect(contrastRatio(accent, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every #RRGGBB accent a text colour that reaches 4.5:1', () => {
    for (let value = 0; value <= 0xffffff; value += 0x010307) {
      const accent = `#${value.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(accent, textColourOnAccent(accent)), accent).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('uses the accent as text on white only where it reads (4.5:1)', () => {
    expect(accentAsTextOnWhite('#1F4E79')).toBe('#1F4E79');
    expect(accentAsTextOnWhite('#FFD43B')).toBeNull();
    expect(accentAsTextOnWhite(null)).toBeNull();
    expect(accentAsTextOnWhite('navy')).toBeNull();
  });
});

describe('the invoice footer', () => {
  it('is trimmed, blank is none, and at most 500 characters', () => {
    expect(invoiceFooterInput.parse('  Regulated by the NBA.  ')).toBe('Regulated by the NBA.');
    expect(invoiceFooterInput.parse('  ')).toBeNull();
    expect(invoiceFooterInput.parse('F'.repeat(500))).toHaveLength(500);
    expect(invoiceFooterInput.safeParse('F'.repeat(501)).error?.issues[0]?.message).toBe('Invoice footer must be at most 500 characters');
  });
});
