import { describe, expect, it } from 'vitest';
import {
  countMatchingEqually,
  findMatterNumber,
  isClearWinner,
  matchableWords,
  narrativeAfter,
  noDurationMessage,
  QUICK_LINE_MESSAGES,
  readQuickLine,
} from './quick-line.ts';
import { TIME_ENTRY_RULE_MESSAGES } from './time-entry-input.schemas.ts';

const REST = 'Adeyemi v Bello drafted statement of claim';

describe('readQuickLine', () => {
  it.each([
    ['1h20m', '1.3333', true],
    ['1h 20', '1.3333', true],
    ['1h 20m', '1.3333', true],
    ['1 h 20 min', '1.3333', true],
    ['1:20', '1.3333', true],
    ['80m', '1.3333', true],
    ['80 min', '1.3333', true],
    ['2 hours 5 minutes', '2.0833', true],
    ['1.5h', '1.5000', true],
    ['1.5', '1.5', false],
    ['.25', '0.25', false],
    ['2', '2', false],
  ])('reads %j before the matter and narrative as %s hours', (duration, hours, isShorthand) => {
    expect(readQuickLine(`${duration} ${REST}`)).toEqual({
      isRead: true,
      line: { durationText: duration, hours, isShorthand, rest: REST },
    });
  });

  it('reads a bare whole number in the member’s unit: "90" is an hour and a half to one who counts in minutes', () => {
    expect(readQuickLine(`90 ${REST}`, 'minutes')).toEqual({
      isRead: true,
      line: { durationText: '90', hours: '1.5000', isShorthand: true, rest: REST },
    });
    expect(readQuickLine(`90 ${REST}`, 'hours')).toEqual({ isRead: false, message: TIME_ENTRY_RULE_MESSAGES.durationTooLong });
  });

  it('keeps a matter number in the rest, for the server to match exactly', () => {
    expect(readQuickLine('1h20m MAT-00012 drafted statement of claim')).toEqual({
      isRead: true,
      line: { durationText: '1h20m', hours: '1.3333', isShorthand: true, rest: 'MAT-00012 drafted statement of claim' },
    });
  });

  it('collapses the spaces between words and trims the line', () => {
    expect(readQuickLine('   45m   Lease   dispute  ')).toMatchObject({ isRead: true, line: { hours: '0.7500', rest: 'Lease dispute' } });
  });

  it.each([
    ['', QUICK_LINE_MESSAGES.empty],
    ['   ', QUICK_LINE_MESSAGES.empty],
    [REST, noDurationMessage('Adeyemi')],
    ['abc drafted', noDurationMessage('abc')],
    ['2h-5m Adeyemi v Bello', noDurationMessage('2h-5m')],
    ['1h70m Adeyemi', noDurationMessage('1h70m')],
    ['1h20m', QUICK_LINE_MESSAGES.noMatterWords],
    ['1 h 20 min', QUICK_LINE_MESSAGES.noMatterWords],
    ['0 Adeyemi', TIME_ENTRY_RULE_MESSAGES.durationPositive],
    ['0:00 Adeyemi', TIME_ENTRY_RULE_MESSAGES.durationPositive],
    ['25h Adeyemi', TIME_ENTRY_RULE_MESSAGES.durationTooLong],
    ['1.33333 Adeyemi', TIME_ENTRY_RULE_MESSAGES.durationDecimals],
    [`1h ${'x'.repeat(500)}`, QUICK_LINE_MESSAGES.tooLong],
  ])('refuses %j with a clear message', (typed, message) => {
    expect(readQuickLine(typed)).toEqual({ isRead: false, message });
  });

  it('says what could not be read as a duration, with the forms it reads', () => {
    expect(noDurationMessage('abc')).toBe('Start with the time spent (1.5, 1h20m, 1:20 or 80m): "abc" cannot be read as a duration');
  });
});

describe('findMatterNumber', () => {
  it.each([
    ['MAT-00012 drafted statement of claim', 'MAT-00012', 'MAT-00012', 'drafted statement of claim'],
    ['drafted claim on mat-12', 'MAT-00012', 'mat-12', 'drafted claim on'],
    ['(MAT00012), drafted', 'MAT-00012', '(MAT00012),', 'drafted'],
    ['Bello MAT-123456 call', 'MAT-123456', 'MAT-123456', 'Bello call'],
  ])('finds the matter number in %j', (text, matterNumber, typed, remainingText) => {
    expect(findMatterNumber(text)).toEqual({ matterNumber, typed, remainingText });
  });

  it.each(['Adeyemi v Bello', 'matter 12 drafted', 'MAT-', 'format-12'])('finds none in %j', (text) => {
    expect(findMatterNumber(text)).toBeNull();
  });
});

describe('the matter’s words and the narrative', () => {
  it('matches on lower-case words without punctuation, remembering where each stands', () => {
    expect(matchableWords('Adeyemi v. Bello – drafted', 4)).toEqual([
      { word: 'adeyemi', at: 0 },
      { word: 'v', at: 1 },
      { word: 'bello', at: 2 },
      { word: 'drafted', at: 4 },
    ]);
  });

  it.each([
    [REST, 3, 'Adeyemi v Bello', 'drafted statement of claim'],
    ['Adeyemi v Bello – drafted the claim', 3, 'Adeyemi v Bello', 'drafted the claim'],
    ['Bello: call with client', 1, 'Bello:', 'call with client'],
    ['Lease dispute "without prejudice" letter', 2, 'Lease dispute', '"without prejudice" letter'],
    [REST, 0, '', REST],
    ['Adeyemi v Bello', 3, 'Adeyemi v Bello', ''],
  ])('in %j, %i words are the matter’s', (text, matched, matterWords, narrative) => {
    expect(narrativeAfter(text, matched)).toEqual({ matterWords, narrative });
  });
});

describe('a clear winner', () => {
  it.each([
    [[], 0, false],
    [[1], 1, true],
    [[1, 0.94], 1, true],
    [[1, 0.96], 2, false],
    [[1, 1, 1, 0.5], 3, false],
  ])('among scores %j, %i match as well as the best', (scores, equal, isClear) => {
    const candidates = scores.map((score) => ({ score }));
    expect(countMatchingEqually(candidates)).toBe(equal);
    expect(isClearWinner(candidates)).toBe(isClear);
  });
});
