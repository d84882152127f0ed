import { INTAKE_FIELD_KEY_PATTERN, intakeFormInputSchema } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import {
  changeFieldType,
  intakeFormInputOf,
  moveField,
  newField,
  newFieldKey,
  newFormValues,
  removeField,
  ruleSources,
  slugFromName,
  type BuilderField,
} from '../utils/builder-fields.ts';

const field = (key: string, type: BuilderField['type'], showIfKey?: string): BuilderField => ({
  key,
  type,
  label: key,
  help: null,
  isRequired: false,
  options: type === 'choice' ? ['A', 'B'] : [],
  showIf: showIfKey ? { fieldKey: showIfKey, operator: 'equals', values: ['yes'] } : null,
  leadField: null,
});

const rulesOf = (fields: BuilderField[]) => fields.map((each) => [each.key, each.showIf?.fieldKey ?? null]);

describe('the builder’s field moves keep every show-if rule on a field above it', () => {
  const fields = [field('hasOffer', 'yesNo'), field('offerDate', 'date', 'hasOffer'), field('story', 'longText')];

  it.each([
    {
      case: 'moving the rule’s field below its source keeps the rule',
      index: 1,
      step: 1 as const,
      expected: [
        ['hasOffer', null],
        ['story', null],
        ['offerDate', 'hasOffer'],
      ],
    },
    {
      case: 'moving the source below the field that reads it drops the rule',
      index: 0,
      step: 1 as const,
      expected: [
        ['offerDate', null],
        ['hasOffer', null],
        ['story', null],
      ],
    },
    {
      case: 'moving the first field up changes nothing',
      index: 0,
      step: -1 as const,
      expected: [
        ['hasOffer', null],
        ['offerDate', 'hasOffer'],
        ['story', null],
      ],
    },
    {
      case: 'moving the last field down changes nothing',
      index: 2,
      step: 1 as const,
      expected: [
        ['hasOffer', null],
        ['offerDate', 'hasOffer'],
        ['story', null],
      ],
    },
  ])('$case', ({ index, step, expected }) => {
    expect(rulesOf(moveField(fields, index, step))).toEqual(expected);
  });

  it('removing a field drops the rules that read it', () => {
    expect(rulesOf(removeField(fields, 0))).toEqual([
      ['offerDate', null],
      ['story', null],
    ]);
  });

  it('a field turned into a type no rule can read drops the rules reading it, and a choice gets options', () => {
    expect(rulesOf(changeFieldType(fields, 0, 'file'))[1]).toEqual(['offerDate', null]);
    const choice = changeFieldType(fields, 2, 'choice')[2]!;
    expect(choice.options).toEqual(['', '']);
    expect(changeFieldType([choice], 0, 'text')[0]!.options).toEqual([]);
  });

  it('offers as rule sources only the fields above of a readable type', () => {
    const mixed = [field('papers', 'file'), field('kind', 'choice'), field('notes', 'longText'), field('date', 'date')];
    expect(ruleSources(mixed, 3).map((each) => each.key)).toEqual(['kind']);
  });
});

describe('new fields and forms', () => {
  it('makes a key of the server’s pattern no other field has', () => {
    let calls = 0;
    // The first key drawn is taken: the next is used.
    const random = () => (calls++ < 8 ? 0 : 0.5);
    const key = newFieldKey(new Set(['faaaaaaaa']), random);
    expect(key).not.toBe('faaaaaaaa');
    expect(INTAKE_FIELD_KEY_PATTERN.test(key)).toBe(true);
    expect(INTAKE_FIELD_KEY_PATTERN.test(newField('yesNo', []).key)).toBe(true);
  });

  it('starts a new form that the contract accepts once named, with the name and email a lead needs', () => {
    const values = { ...newFormValues('5b0c3f8e-6a55-4a3e-9c61-2f1a3b4c5d6e'), name: 'Contact us', slug: 'contact-us' };
    expect(intakeFormInputSchema.safeParse(intakeFormInputOf(values)).success).toBe(true);
  });

  it('sends a choice’s options without the blank lines typed between them, and empty texts as none', () => {
    const values = {
      ...newFormValues('5b0c3f8e-6a55-4a3e-9c61-2f1a3b4c5d6e'),
      introduction: '  ',
      fields: [{ ...field('kind', 'choice'), options: ['Flat', '', ' House ', ''], help: ' ' }],
    };
    const input = intakeFormInputOf(values);
    expect(input.fields[0]).toMatchObject({ options: ['Flat', 'House'], help: null });
    expect(input.introduction).toBeNull();
    expect(input.practiceAreaId).toBeNull();
  });

  it.each([
    ['General enquiry', 'general-enquiry'],
    ['  Property — purchase!  ', 'property-purchase'],
    ['Équipe 2026', 'equipe-2026'],
    ['---', ''],
  ])('makes the address of %j: %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});
