import { describe, expect, it } from 'vitest';
import { emptyOptionsText, filterSelectOptions, groupSelectOptions, type SelectOption } from './select-options.ts';

const options: SelectOption[] = [
  { value: '', label: 'Everyone' },
  { value: 'p1', label: 'Ada Lovelace', group: 'Individual' },
  { value: 'c1', label: 'Acme Ltd', group: 'Company' },
  { value: 'p2', label: 'Alan Turing', group: 'Individual' },
];

describe('select option rules', () => {
  it('names the empty state after the entity', () => {
    expect(emptyOptionsText('client')).toBe('No client found.');
    expect(emptyOptionsText('matter')).toBe('No matter found.');
  });

  it('filters by label, ignoring case and surrounding spaces', () => {
    expect(filterSelectOptions(options, '  ACME ').map((option) => option.value)).toEqual(['c1']);
    expect(filterSelectOptions(options, 'a').map((option) => option.value)).toEqual(['p1', 'c1', 'p2']);
    expect(filterSelectOptions(options, '')).toEqual(options);
    expect(filterSelectOptions(options, 'zzz')).toEqual([]);
  });

  it('puts ungrouped options first, then groups in the order they first appear', () => {
    expect(groupSelectOptions(options).map((section) => [section.group, section.options.map((option) => option.value)])).toEqual([
      [null, ['']],
      ['Individual', ['p1', 'p2']],
      ['Company', ['c1']],
    ]);
    expect(groupSelectOptions([])).toEqual([]);
  });
});
