import { describe, expect, it } from 'vitest';
import { countOf } from './counts.ts';

describe('countOf', () => {
  it.each([
    [0, 'item', undefined, '0 items'],
    [1, 'item', undefined, '1 item'],
    [2, 'matter', undefined, '2 matters'],
    [1250, 'record', undefined, '1,250 records'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
  ])('%i %s -> %s', (count, one, many, expected) => {
    expect(countOf(count, one, many)).toBe(expected);
  });
});
