import { describe, expect, it } from 'vitest';
import { DATE_FORMAT_CHOICES, hoursLabel, idleTimeoutChoices, maxSessionChoices, minutesLabel, namesWith } from './setting-choices.ts';

describe('lengths of time as people say them', () => {
  it.each([
    [15, '15 min'],
    [45, '45 min'],
    [60, '1 h'],
    [90, '90 min'],
    [480, '8 h'],
    [1440, '24 h'],
  ])('%i minutes read %s', (minutes, label) => {
    expect(minutesLabel(minutes)).toBe(label);
  });

  it.each([
    [1, '1 h'],
    [24, '24 h'],
    [36, '36 h'],
    [72, '3 days'],
    [720, '30 days'],
  ])('%i hours read %s', (hours, label) => {
    expect(hoursLabel(hours)).toBe(label);
  });
});

describe('the sign-in length choices', () => {
  it('mark the defaults and keep a listed stored value once', () => {
    expect(idleTimeoutChoices('480').map((choice) => choice.label)).toEqual([
      '15 min',
      '30 min',
      '1 h',
      '2 h',
      '4 h',
      '8 h (default)',
      '12 h',
      '24 h',
    ]);
    expect(maxSessionChoices('12').map((choice) => choice.label)).toEqual([
      '8 h',
      '12 h (default)',
      '24 h',
      '3 days',
      '7 days',
      '14 days',
      '30 days',
    ]);
  });

  it('put an unlisted stored value in its place', () => {
    expect(maxSessionChoices('1').slice(0, 2)).toEqual([
      { value: '1', label: '1 h' },
      { value: '8', label: '8 h' },
    ]);
    expect(maxSessionChoices('')).toHaveLength(7);
  });
});

describe('the other lists', () => {
  it('show what each document date format prints', () => {
    expect(DATE_FORMAT_CHOICES.map((choice) => choice.label)).toEqual([
      'DD/MM/YYYY (31/01/2026)',
      'MM/DD/YYYY (01/31/2026)',
      'YYYY-MM-DD (2026-01-31)',
      'D MMM YYYY (31 Jan 2026)',
    ]);
  });

  it('keep a stored name the list lacks', () => {
    expect(namesWith(['Ghana', 'Nigeria'], 'Nigeria')).toEqual(['Ghana', 'Nigeria']);
    expect(namesWith(['Ghana', 'Nigeria'], 'Atlantis')).toEqual(['Atlantis', 'Ghana', 'Nigeria']);
    expect(namesWith(['Ghana'], '')).toEqual(['Ghana']);
  });
});
