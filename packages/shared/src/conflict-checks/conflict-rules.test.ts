import { describe, expect, it } from 'vitest';
import {
  clientConflictNames,
  CONFLICT_RULE_MESSAGES,
  decisionRefusal,
  matterConflictNames,
  namesNotSearched,
  namesToCheck,
} from './conflict-rules.ts';

describe('the names a conflict check must search', () => {
  it.each([
    [['Ada Obi', ' ada obi ', 'X', 'Bola Ade'], [], ['Ada Obi', 'Bola Ade']],
    [['Ada Obi', 'Bola Ade'], ['ADA OBI'], ['Bola Ade']],
    [['  ', 'Q'], [], []],
    [Array.from({ length: 25 }, (_, index) => `Party ${index}`), [], Array.from({ length: 20 }, (_, index) => `Party ${index}`)],
  ])('namesToCheck(%j, known %j) is %j', (candidates, known, expected) => {
    expect(namesToCheck(candidates, known)).toEqual(expected);
  });

  it("takes a person's full name, and a company's name with its contact people", () => {
    expect(clientConflictNames({ clientType: 'individual', firstName: ' Ada ', lastName: 'Obi', contacts: [{ name: 'Ignored' }] })).toEqual(
      ['Ada Obi'],
    );
    expect(clientConflictNames({ clientType: 'company', companyName: 'Acme Ltd', contacts: [{ name: 'Bola Ade' }] })).toEqual([
      'Acme Ltd',
      'Bola Ade',
    ]);
    expect(clientConflictNames({ clientType: 'company', companyName: 'Acme Ltd', contacts: [{ name: 'Bola Ade' }] }, ['acme ltd'])).toEqual(
      ['Bola Ade'],
    );
  });

  it("takes a matter's parties and its name, without those already saved", () => {
    const matter = { matterName: 'Share purchase', parties: [{ name: 'Okafor Holdings Ltd' }, { name: 'Harbour Agents Ltd' }] };
    expect(matterConflictNames(matter)).toEqual(['Okafor Holdings Ltd', 'Harbour Agents Ltd', 'Share purchase']);
    expect(matterConflictNames(matter, ['Share purchase', 'Okafor Holdings Ltd'])).toEqual(['Harbour Agents Ltd']);
  });

  it('finds the names a check did not search, ignoring case', () => {
    expect(namesNotSearched(['ADA OBI'], ['Ada Obi', 'Bola Ade'])).toEqual(['Bola Ade']);
  });
});

describe('whether a decision lets a record be saved', () => {
  it.each([
    ['no_conflict', null, null],
    ['proceed_despite_conflict', 'Consent on file', null],
    ['proceed_despite_conflict', '   ', CONFLICT_RULE_MESSAGES.notesRequired],
    ['proceed_despite_conflict', null, CONFLICT_RULE_MESSAGES.notesRequired],
    ['declined', 'Too close', CONFLICT_RULE_MESSAGES.declined],
    [null, null, CONFLICT_RULE_MESSAGES.undecided],
  ])('%s with notes %j: %s', (decision, notes, refusal) => {
    expect(decisionRefusal(decision, notes)).toBe(refusal);
  });
});
