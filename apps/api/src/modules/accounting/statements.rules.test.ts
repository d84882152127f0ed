import { describe, expect, it } from 'vitest';
import { accountLines, budgetForPeriod, previousPeriod, sameDayLastYear, variancePercent, type ChartAccount } from './statements.rules.ts';

const account = (id: string, number: string, parentId: string | null = null): ChartAccount => ({
  id,
  number,
  name: `Account ${number}`,
  type: 'income',
  parentId,
  code: null,
  ownedByModule: null,
});

describe('a variance as a percentage', () => {
  it.each([
    { variance: 50n, comparison: 200n, expected: '25.0' },
    { variance: -100n, comparison: 300n, expected: '-33.3' },
    { variance: 200n, comparison: -300n, expected: '66.7' },
    { variance: 1n, comparison: 2000n, expected: '0.1' },
    { variance: 1n, comparison: 20000n, expected: '0.0' },
    { variance: 100n, comparison: 0n, expected: null },
    { variance: 100n, comparison: null, expected: null },
  ])('$variance of $comparison is $expected', ({ variance, comparison, expected }) => {
    expect(variancePercent(variance, comparison)).toBe(expected);
  });
});

describe('comparison periods', () => {
  it.each([
    { from: '2026-04-01', to: '2026-06-30', previous: ['2026-01-01', '2026-03-31'] },
    { from: '2026-03-01', to: '2026-03-31', previous: ['2026-02-01', '2026-02-28'] },
    { from: '2026-01-01', to: '2026-12-31', previous: ['2025-01-01', '2025-12-31'] },
    { from: '2026-03-10', to: '2026-03-19', previous: ['2026-02-28', '2026-03-09'] },
  ])('the period before $from–$to', ({ from, to, previous }) => {
    expect(previousPeriod(from, to)).toEqual({ fromDate: previous[0], toDate: previous[1] });
  });

  it.each([
    ['2026-06-30', '2025-06-30'],
    ['2024-02-29', '2023-02-28'],
    ['2025-02-28', '2024-02-29'],
    ['2026-02-10', '2025-02-10'],
  ])('the same day a year before %s is %s', (date, expected) => {
    expect(sameDayLastYear(date)).toBe(expected);
  });
});

describe('a budget’s share of a period', () => {
  const amounts = [
    { accountId: 'a', month: '2026-01-01', amount: 3100n },
    { accountId: 'a', month: '2026-02-01', amount: 2800n },
    { accountId: 'b', month: '2026-03-01', amount: 100n },
  ];
  it.each([
    { from: '2026-01-01', to: '2026-03-31', a: 5900n, b: 100n },
    { from: '2026-01-16', to: '2026-02-14', a: 1600n + 1400n, b: undefined },
    { from: '2026-03-01', to: '2026-03-01', a: undefined, b: 3n },
  ])('$from to $to', ({ from, to, a, b }) => {
    const result = budgetForPeriod(amounts, from, to);
    expect(result.get('a')).toBe(a);
    expect(result.get('b')).toBe(b);
  });
});

describe('the lines of a section', () => {
  it('shows a parent with its shown sub-accounts and a total, and leaves out what is zero in both columns', () => {
    const accounts = [
      account('p', '4000'),
      account('c1', '4010', 'p'),
      account('c2', '4020', 'p'),
      account('x', '4200'),
      account('z', '4300'),
    ];
    const { lines, amount, comparison } = accountLines(
      accounts,
      new Map([
        ['p', 100n],
        ['c1', 50n],
        ['x', 7n],
      ]),
      new Map([['c2', 0n]]),
    );
    expect(lines.map((line) => [line.kind, line.number, line.depth, line.amount, line.comparison])).toEqual([
      ['account', '4000', 0, '1.00', '0.00'],
      ['account', '4010', 1, '0.50', '0.00'],
      ['total', '4000', 0, '1.50', '0.00'],
      ['account', '4200', 0, '0.07', '0.00'],
    ]);
    expect([amount, comparison]).toEqual([157n, 0n]);
  });
});
