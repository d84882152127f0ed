import { describe, expect, it } from 'vitest';
import {
  addMonths,
  allocateInstalments,
  equalMonthlyInstalments,
  instalmentDateProblem,
  instalmentOverdueText,
  isInstalmentMissed,
  nextInstalmentDue,
  planDifferenceMessage,
  sumInstalments,
} from './payment-plan-rules.ts';

describe('equal parts, every month', () => {
  it.each([
    ['100000.00', 4, ['25000.00', '25000.00', '25000.00', '25000.00']],
    ['100.00', 3, ['33.33', '33.33', '33.34']],
    ['0.05', 3, ['0.01', '0.01', '0.03']],
    ['1000.01', 2, ['500.00', '500.01']],
  ])('splits %s into %i parts with the remainder on the last', (total, count, amounts) => {
    const parts = equalMonthlyInstalments(total, count, '2027-01-15');
    expect(parts.map((part) => part.amount)).toEqual(amounts);
    expect(sumInstalments(parts)).toBe(Number(total).toFixed(2));
  });

  it('falls due a calendar month apart, on the month’s last day when it is shorter', () => {
    expect(equalMonthlyInstalments('400', 4, '2027-01-31').map((part) => part.dueDate)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2027-12-05', 1)).toBe('2028-01-05');
  });

  it('gives nothing for no parts', () => {
    expect(equalMonthlyInstalments('100', 0, '2027-01-01')).toEqual([]);
  });
});

describe('the difference from the balance', () => {
  it('is said in words, with the gap', () => {
    expect(planDifferenceMessage([{ amount: '45000' }, { amount: '45000' }], '100000.00')).toBe(
      'The instalments add up to 90,000.00, 10,000.00 less than the balance of 100,000.00',
    );
    expect(planDifferenceMessage([{ amount: '60000' }, { amount: '40000.01' }], '100000')).toBe(
      'The instalments add up to 100,000.01, 0.01 more than the balance of 100,000.00',
    );
  });
  it('is null when they add up exactly', () => {
    expect(planDifferenceMessage([{ amount: '33.33' }, { amount: '66.67' }], '100.00')).toBeNull();
  });
});

describe('due dates', () => {
  it('must increase strictly and not be in the past', () => {
    expect(instalmentDateProblem([{ dueDate: '2027-01-10' }, { dueDate: '2027-02-10' }], '2027-01-10')).toBeNull();
    expect(instalmentDateProblem([{ dueDate: '2027-01-09' }, { dueDate: '2027-02-10' }], '2027-01-10')?.number).toBe(1);
    expect(instalmentDateProblem([{ dueDate: '2027-02-10' }, { dueDate: '2027-02-10' }], '2027-01-10')).toEqual({
      number: 2,
      message: 'Instalment 2 must fall due after instalment 1',
    });
  });
});

describe('payments applied to the instalments', () => {
  const plan = [
    { dueDate: '2027-03-01', amount: '300.00' },
    { dueDate: '2027-01-01', amount: '100.00' },
    { dueDate: '2027-02-01', amount: '200.00' },
  ];

  it('pay the earliest instalment first, each in full before the next', () => {
    const allocated = allocateInstalments(plan, '150.00', '2026-12-01');
    expect(allocated.map((row) => [row.number, row.dueDate, row.paidAmount, row.remainingAmount, row.state])).toEqual([
      [1, '2027-01-01', '100.00', '0.00', 'paid'],
      [2, '2027-02-01', '50.00', '150.00', 'partlyPaid'],
      [3, '2027-03-01', '0.00', '300.00', 'due'],
    ]);
    expect(nextInstalmentDue(allocated)?.remainingAmount).toBe('150.00');
  });

  it('flag an instalment past its due date and not fully paid as missed', () => {
    const allocated = allocateInstalments(plan, '150.00', '2027-02-02');
    expect(allocated.map((row) => row.state)).toEqual(['paid', 'missed', 'due']);
    expect(allocateInstalments(plan, '150.00', '2027-02-01').map((row) => row.state)).toEqual(['paid', 'partlyPaid', 'due']);
  });

  it('flag nothing missed once the invoice asks for no money', () => {
    expect(allocateInstalments(plan, '0', '2027-06-01', false).map((row) => row.state)).toEqual(['due', 'due', 'due']);
  });

  it('read a reversal below the plan’s start as nothing paid, and all paid once covered', () => {
    expect(allocateInstalments(plan, '-20.00', '2026-12-01').every((row) => row.paidAmount === '0.00')).toBe(true);
    const all = allocateInstalments(plan, '600.00', '2027-12-01');
    expect(all.every((row) => row.state === 'paid')).toBe(true);
    expect(nextInstalmentDue(all)).toBeNull();
  });
});

describe('a missed instalment', () => {
  it.each([
    ['due yesterday, unpaid', { dueDate: '2026-11-14', remainingAmount: '500.00' }, true, true],
    ['due yesterday, a part unpaid', { dueDate: '2026-11-14', remainingAmount: '0.01' }, true, true],
    ['due yesterday, paid', { dueDate: '2026-11-14', remainingAmount: '0.00' }, true, false],
    ['due today', { dueDate: '2026-11-15', remainingAmount: '500.00' }, true, false],
    ['due yesterday on an invoice no longer collecting', { dueDate: '2026-11-14', remainingAmount: '500.00' }, false, false],
  ])('%s', (_case, instalment, isCollecting, expected) => {
    expect(isInstalmentMissed(instalment, '2026-11-15', isCollecting)).toBe(expected);
  });

  it('reads “Overdue since” its due date', () => {
    expect(instalmentOverdueText('2026-11-15')).toBe('Overdue since 15/11/2026');
  });
});
