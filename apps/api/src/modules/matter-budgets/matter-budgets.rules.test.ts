import { describe, expect, it } from 'vitest';
import { changedMeasures, measuresOf, percentUsed, thresholdsReached, timePastBudget, usedOf } from './matter-budgets.rules.ts';

const limits = { total: null, hours: '10.00', fees: '500000.00', expenses: null };

describe('percentUsed', () => {
  it.each([
    ['0', '10', 0],
    ['7.9999', '10', 79.9],
    ['8', '10', 80],
    ['8.25', '10', 82.5],
    ['15', '10', 150],
    ['333333.33', '1000000.00', 33.3],
  ])('%s of %s is %s%', (used, limit, percent) => expect(percentUsed(used, limit)).toBe(percent));
});

describe('thresholdsReached', () => {
  it.each([
    ['79.99', '100', []],
    ['80', '100', [80]],
    ['99.99', '100', [80]],
    ['100', '100', [80, 100]],
    ['8.0001', '10', [80]],
    ['150', '100', [80, 100]],
  ])('%s of %s reaches %j', (used, limit, reached) => expect(thresholdsReached(used, limit)).toEqual(reached));
});

describe('measuresOf', () => {
  it('lists the limits set, in order, with their use', () => {
    const used = usedOf({ hours: '8.5000', fees: '100000.00', expenses: '25000.00' });
    expect(measuresOf({ ...limits, total: '150000' }, used)).toEqual([
      { measure: 'total', limit: '150000', used: '125000.00', percentUsed: 83.3, thresholdsReached: [80] },
      { measure: 'hours', limit: '10.00', used: '8.5000', percentUsed: 85, thresholdsReached: [80] },
      { measure: 'fees', limit: '500000.00', used: '100000.00', percentUsed: 20, thresholdsReached: [] },
    ]);
  });
});

describe('changedMeasures', () => {
  it.each([
    [null, limits, ['hours', 'fees']],
    [limits, limits, []],
    [limits, { ...limits, hours: '10' }, []],
    [limits, { ...limits, hours: '12' }, ['hours']],
    [limits, { ...limits, fees: null, expenses: '1' }, ['fees', 'expenses']],
    [limits, null, ['hours', 'fees']],
  ])('%j → %j changes %j', (before, after, changed) => expect(changedMeasures(before, after)).toEqual(changed));
});

describe('timePastBudget', () => {
  const used = (hours: string, fees: string, expenses = '0') => usedOf({ hours, fees, expenses });
  it.each([
    ['up to the limit passes', used('10', '500000'), { hours: '1', fees: '50000' }, null],
    ['past the hours limit is refused', used('10.1', '400000'), { hours: '1', fees: '50000' }, 'hours'],
    ['past the fees limit is refused', used('9', '500000.01'), { hours: '1', fees: '50000' }, 'fees'],
    ['non-billable time past the fees limit adds no fees', used('9', '600000'), { hours: '1', fees: '0' }, null],
    ['time that lowers the use passes on a matter already over', used('12', '600000'), { hours: '-1', fees: '-50000' }, null],
  ] as const)('%s', (_case, after, added, refused) => expect(timePastBudget(limits, after, added)).toBe(refused));

  it('counts fees toward the total, with the expenses already spent', () => {
    const total = { total: '100000', hours: null, fees: null, expenses: null };
    expect(timePastBudget(total, used('1', '60000', '40001'), { hours: '1', fees: '10000' })).toBe('total');
    expect(timePastBudget(total, used('1', '60000', '40000'), { hours: '1', fees: '10000' })).toBeNull();
  });
});
