import { describe, expect, it } from 'vitest';
import { openMattersText, timerDurationText } from './hand-over-text.ts';

describe('timerDurationText', () => {
  it.each([
    [1, 'less than a minute'],
    [59, 'less than a minute'],
    [60, '0 h 01 min'],
    [3_900, '1 h 05 min'],
    [3_959, '1 h 05 min'],
    [36_000, '10 h 00 min'],
    [97_260, '27 h 01 min'],
  ])('%i seconds read %s', (seconds, expected) => {
    expect(timerDurationText(seconds)).toBe(expected);
  });
});

describe('openMattersText', () => {
  it.each([
    [0, 'They are on no open matters.'],
    [1, 'They are on 1 open matter.'],
    [12, 'They are on 12 open matters.'],
  ])('%i reads %s', (count, expected) => {
    expect(openMattersText(count)).toBe(expected);
  });
});
