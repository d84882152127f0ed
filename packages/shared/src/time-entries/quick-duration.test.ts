import { describe, expect, it } from 'vitest';
import { describeHours, durationToSend, readQuickDuration } from './quick-duration.ts';

describe('readQuickDuration', () => {
  it.each([
    ['1h20m', '1.3333'],
    ['1h 20', '1.3333'],
    ['1h20', '1.3333'],
    ['1 h 20 min', '1.3333'],
    ['1:20', '1.3333'],
    ['80m', '1.3333'],
    ['80 mins', '1.3333'],
    ['2h', '2.0000'],
    ['1.5h', '1.5000'],
    ['2 hours 5 minutes', '2.0833'],
    ['0:45', '0.7500'],
    [':40', '0.6667'],
    ['40m', '0.6667'],
    ['1M', '0.0167'],
    ['10:00', '10.0000'],
    ['  1H30M  ', '1.5000'],
  ])('reads %j as %s hours', (typed, hours) => {
    expect(readQuickDuration(typed)).toEqual({ hours, isShorthand: true });
  });

  it.each([
    ['1.5', '1.5'],
    ['90', '90'],
    ['.25', '0.25'],
    ['1.33333', '1.33333'],
  ])('keeps the plain decimal %j as typed (%s), for SPEC.md’s checks to judge', (typed, hours) => {
    expect(readQuickDuration(typed)).toEqual({ hours, isShorthand: false });
  });

  it.each([
    ['90', '1.5000'],
    ['80', '1.3333'],
    ['1', '0.0167'],
  ])('reads the whole number %j as minutes for a fee earner who counts in minutes: %s hours', (typed, hours) => {
    expect(readQuickDuration(typed, 'minutes')).toEqual({ hours, isShorthand: true });
  });

  it('reads a decimal as hours even for a fee earner who counts in minutes', () => {
    expect(readQuickDuration('1.5', 'minutes')).toEqual({ hours: '1.5', isShorthand: false });
  });

  it.each(['2h-5m', 'abc', '', 'h', '1h70m', '1:75', '1:5', '-1', '1,5', '1h 20h', '1.5m', '2 days', '1h20m5s'])(
    'cannot read %j',
    (typed) => {
      expect(readQuickDuration(typed)).toBeNull();
    },
  );
});

describe('durationToSend', () => {
  it('sends the decimal hours read, or the text as typed so SPEC’s "Duration must be number" names it', () => {
    expect(durationToSend('1h20m')).toBe('1.3333');
    expect(durationToSend('90', 'minutes')).toBe('1.5000');
    expect(durationToSend(' abc ')).toBe('abc');
  });
});

describe('describeHours', () => {
  it.each([
    ['1.3333', '1 h 20 min'],
    ['0.75', '45 min'],
    ['2', '2 h'],
    ['0.0167', '1 min'],
    ['24', '24 h'],
  ])('says %s hours as %j', (hours, words) => {
    expect(describeHours(hours)).toBe(words);
  });
});
