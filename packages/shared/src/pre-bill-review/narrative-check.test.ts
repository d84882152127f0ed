import { describe, expect, it } from 'vitest';
import { checkNarratives, isBlockBilled, tasksIn, type CheckedLine } from './narrative-check.ts';

const options = { today: '2026-11-28', staleWorkDays: 90 };
let next = 0;
const line = (overrides: Partial<CheckedLine>): CheckedLine => ({
  id: `line-${++next}`,
  itemType: 'fee',
  matterId: 'matter-1',
  lineDate: '2026-11-20',
  feeEarnerId: 'user-1',
  description: 'Drafted the statement of claim',
  hours: '1.5',
  ...overrides,
});
const codesOf = (lines: CheckedLine[]) => {
  const flags = checkNarratives(lines, options);
  return lines.map((entry) => flags.get(entry.id)!.map((flag) => flag.code));
};

describe('the narrative check', () => {
  it('passes a clear narrative of one task', () => {
    expect(codesOf([line({})])).toEqual([[]]);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['--', 'empty'],
    ['Call', 'short'],
    ['Review file', 'short'],
  ])('flags %j as %s', (description, code) => {
    expect(codesOf([line({ description })])).toEqual([[code]]);
  });

  it.each([
    ['Drafted letter; reviewed reply', true],
    ['Drafted letter to client\nAttended hearing', true],
    ['Reviewed and revised the lease', true],
    ['Attended court, drafted order and emailed client', true],
    ['Telephoned client and called the registry', false],
    ['Reviewed email from opposing counsel about the lease', false],
    ['Drafted statement of claim;', false],
    ['Meeting with client about settlement terms', false],
  ])('block billing in %j: %s', (description, expected) => {
    expect(isBlockBilled(description)).toBe(expected);
  });

  it('names the distinct tasks by their verbs, not nouns', () => {
    expect(tasksIn('Reviewed the call notes and drafted a reply; reviewed again')).toEqual(['review', 'draft']);
    expect(tasksIn('Email and call with client')).toEqual([]);
  });

  it('flags block billing on time only, not on an expense’s description', () => {
    const expense = line({ itemType: 'expense', hours: null, description: 'Courier; filing fees; photocopies' });
    expect(codesOf([expense])).toEqual([[]]);
  });

  it('flags both lines of the same matter, date, person and narrative (case and spacing aside)', () => {
    const first = line({ description: 'Drafted the statement of claim' });
    const second = line({ description: '  drafted THE statement of claim.' });
    const otherDay = line({ lineDate: '2026-11-21' });
    const otherPerson = line({ feeEarnerId: 'user-2' });
    expect(codesOf([first, second, otherDay, otherPerson])).toEqual([['duplicate'], ['duplicate'], [], []]);
  });

  it('flags every line of a person’s day over 10 hours, counted exactly', () => {
    const day = [
      line({ hours: '6.0000', description: 'Drafted the witness statement' }),
      line({ hours: '4.0001', description: 'Prepared the trial bundle' }),
    ];
    const flags = checkNarratives(day, options);
    expect([...flags.values()].map((list) => list.map((flag) => flag.code))).toEqual([['overTenHours'], ['overTenHours']]);
    expect(flags.get(day[0]!.id)![0]!.message).toBe('10.0001 hours by one person on 20/11/2026: over 10 in a day');
    expect(
      codesOf([
        line({ hours: '6', description: 'Drafted the witness statement' }),
        line({ hours: '4', description: 'Prepared the trial bundle' }),
      ]),
    ).toEqual([[], []]);
  });

  it('flags work older than the firm’s limit, not work on the limit', () => {
    expect(codesOf([line({ lineDate: '2026-08-30' }), line({ lineDate: '2026-08-29' })])).toEqual([[], ['oldWork']]);
    expect(codesOf([line({ lineDate: '2026-11-01' })]).flat()).toEqual([]);
    const strict = checkNarratives([line({ id: 'recent', lineDate: '2026-11-01' })], { today: '2026-11-28', staleWorkDays: 7 });
    expect(strict.get('recent')).toEqual([{ code: 'oldWork', message: 'Work older than the firm’s limit of 7 days' }]);
  });

  it('gives several flags to one line in the rules’ order', () => {
    expect(codesOf([line({ description: 'Call; email', lineDate: '2026-01-02' })])).toEqual([['short', 'blockBilling', 'oldWork']]);
  });
});
