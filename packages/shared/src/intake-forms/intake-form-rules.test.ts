import { describe, expect, it } from 'vitest';
import { intakeFieldSchema, type IntakeFieldInput } from './intake-form-fields.schemas.ts';
import {
  checkIntakeAnswers,
  INTAKE_ANSWER_MESSAGES,
  INTAKE_DEFINITION_MESSAGES,
  intakeDefinitionProblems,
  intakePublishRefusal,
} from './intake-form-rules.ts';

const fieldsOf = (inputs: IntakeFieldInput[]) => inputs.map((input) => intakeFieldSchema.parse(input));

const form = fieldsOf([
  { key: 'name', type: 'text', label: 'Your name', isRequired: true, leadField: 'firstName' },
  { key: 'email', type: 'email', label: 'Email', isRequired: true, leadField: 'email' },
  { key: 'kind', type: 'choice', label: 'Kind of matter', options: ['Property', 'Family'] },
  { key: 'buying', type: 'yesNo', label: 'Are you buying?', showIf: { fieldKey: 'kind', operator: 'equals', values: ['Property'] } },
  { key: 'price', type: 'text', label: 'Price', isRequired: true, showIf: { fieldKey: 'buying', operator: 'isOneOf', values: ['yes'] } },
  { key: 'papers', type: 'file', label: 'Papers' },
]);

describe('an intake form’s answers', () => {
  it('keeps the shown fields’ answers and drops hidden and unknown ones', () => {
    const checked = checkIntakeAnswers(form, { name: ' Ada ', email: 'ADA@x.ng', kind: 'Family', price: '1', other: 'x' });
    expect(checked).toEqual({ answers: { name: 'Ada', email: 'ada@x.ng', kind: 'Family' }, errors: {} });
  });

  it('requires a field only while its rule shows it, following the rule’s chain', () => {
    const base = { name: 'Ada', email: 'ada@x.ng', kind: 'Property' };
    expect(checkIntakeAnswers(form, { ...base, buying: 'no' }).errors).toEqual({});
    expect(checkIntakeAnswers(form, { ...base, buying: 'yes' }).errors).toEqual({ price: INTAKE_ANSWER_MESSAGES.required('Price') });
    expect(checkIntakeAnswers(form, { ...base, kind: 'Family', buying: 'yes' }).errors).toEqual({});
  });

  it('refuses answers of the wrong kind', () => {
    const { errors } = checkIntakeAnswers(form, { name: '', email: 'not-an-email', kind: 'Tax', papers: ['nope'] });
    expect(errors).toEqual({
      name: INTAKE_ANSWER_MESSAGES.required('Your name'),
      email: INTAKE_ANSWER_MESSAGES.email('Email'),
      kind: INTAKE_ANSWER_MESSAGES.choice('Kind of matter'),
      papers: INTAKE_ANSWER_MESSAGES.fileIds('Papers'),
    });
  });
});

describe('an intake form’s messages', () => {
  it('read as sentences whether the label names a field or asks a question', () => {
    const asked = fieldsOf([{ key: 'story', type: 'longText', label: 'What happened?', isRequired: true }]);
    expect(checkIntakeAnswers(asked, { story: ' ' }).errors).toEqual({ story: 'Answer “What happened?”' });
    expect(INTAKE_ANSWER_MESSAGES.required('Your name')).toBe('Your name is required');
    expect(INTAKE_ANSWER_MESSAGES.yesNo('Are you buying?')).toBe('Answer yes or no to “Are you buying?”');
    expect(INTAKE_ANSWER_MESSAGES.tooLong('What happened?', 4000)).toBe('“What happened?” must be at most 4000 characters');
  });
});

describe('an intake form’s definition', () => {
  it('is published only with fields for the lead’s email and name', () => {
    expect(intakePublishRefusal(form)).toBeNull();
    expect(intakePublishRefusal(form.slice(1))).toBe(INTAKE_DEFINITION_MESSAGES.publishNeedsName);
    expect(intakePublishRefusal([form[0]!])).toBe(INTAKE_DEFINITION_MESSAGES.publishNeedsEmail);
  });

  it('finds repeated keys, rules on later fields, options on non-choices and a lead detail filled twice', () => {
    const broken = fieldsOf([
      { key: 'a', type: 'text', label: 'A', showIf: { fieldKey: 'b', operator: 'equals', values: ['x'] }, leadField: 'email' },
      { key: 'b', type: 'text', label: 'B', options: ['x'], leadField: 'firstName' },
      { key: 'b', type: 'choice', label: 'C', leadField: 'firstName' },
    ]);
    expect(intakeDefinitionProblems(broken)).toEqual([
      INTAKE_DEFINITION_MESSAGES.showIfUnknown('A'),
      INTAKE_DEFINITION_MESSAGES.leadFieldType('A', 'email'),
      INTAKE_DEFINITION_MESSAGES.optionsOnlyForChoice('B'),
      INTAKE_DEFINITION_MESSAGES.duplicateKey('b'),
      INTAKE_DEFINITION_MESSAGES.noOptions('C'),
      INTAKE_DEFINITION_MESSAGES.leadFieldTwice('firstName'),
      INTAKE_DEFINITION_MESSAGES.leadFieldType('C', 'firstName'),
    ]);
  });
});
