import { describe, expect, it } from 'vitest';
import { sizeText } from './export-display.ts';

describe('an export’s size as people say it', () => {
  it.each([
    [null, '—'],
    [0, '0 B'],
    [840, '840 B'],
    [1024, '1.0 KB'],
    [350_000, '341.8 KB'],
    [1_048_524, '1023.9 KB'],
    [1_048_550, '1.0 MB'],
    [13_002_342, '12.4 MB'],
    [1_395_864_371, '1.3 GB'],
  ])('%s bytes read %s', (bytes, expected) => {
    expect(sizeText(bytes)).toBe(expected);
  });
});
