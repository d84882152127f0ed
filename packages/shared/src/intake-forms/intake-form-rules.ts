import { z } from 'zod';
import { isValidIsoDate } from '../common/dates.ts';
import { isMultilineText, isSingleLineText } from '../common/text-characters.ts';
import {
  INTAKE_LEAD_FIELD_LABELS,
  INTAKE_LIMITS,
  YES_NO_ANSWERS,
  type IntakeFieldType,
  type IntakeLeadField,
  type ShowIfRule,
} from './intake-form-fields.schemas.ts';

/** What a rule needs of a field: the stored definition and the public form both have it. */
export type IntakeFieldRuleView = {
  key: string;
  type: IntakeFieldType;
  label: string;
  isRequired: boolean;
  options: readonly string[];
  showIf: ShowIfRule | null;
  leadField?: IntakeLeadField | null;
};

/** A visitor's answers by field key: text, or a file field's upload ids. */
export type IntakeAnswers = Record<string, string | string[]>;

/** A label that asks a question ("What happened?") is quoted inside a sentence, so the sentence still reads as one. */
const isQuestion = (label: string) => label.trim().endsWith('?');
const named = (label: string) => (isQuestion(label) ? `“${label.trim()}”` : label);

export const INTAKE_ANSWER_MESSAGES = {
  required: (label: string) => (isQuestion(label) ? `Answer ${named(label)}` : `${label} is required`),
  email: (label: string) => `${named(label)} must be a valid email address`,
  phone: (label: string) => `${named(label)} must be a phone number`,
  date: (label: string) => `${named(label)} must be a date (YYYY-MM-DD)`,
  choice: (label: string) => `Choose one of the options for ${named(label)}`,
  yesNo: (label: string) => `Answer yes or no to ${named(label)}`,
  tooLong: (label: string, max: number) => `${named(label)} must be at most ${max} characters`,
  characters: (label: string) => `${named(label)} has characters that cannot be kept`,
  files: (label: string) => `${named(label)} takes at most ${INTAKE_LIMITS.maxFilesPerField} files`,
  fileIds: (label: string) => `Upload the files for ${named(label)} again`,
  tooManyFiles: `A form takes at most ${INTAKE_LIMITS.maxFilesPerSubmission} files`,
} as const;

export const INTAKE_DEFINITION_MESSAGES = {
  noFields: 'Add at least one field',
  duplicateKey: (key: string) => `Two fields have the key "${key}": each field needs its own`,
  noOptions: (label: string) => `Give the options of ${label}`,
  optionsOnlyForChoice: (label: string) => `Only a choice field has options (${label})`,
  showIfUnknown: (label: string) => `${label} depends on a field that is not above it`,
  showIfNotComparable: (label: string) => `${label} can only depend on a text, choice or yes/no field`,
  leadFieldTwice: (leadField: IntakeLeadField) => `Only one field can fill the lead’s ${INTAKE_LEAD_FIELD_LABELS[leadField].toLowerCase()}`,
  leadFieldType: (label: string, leadField: IntakeLeadField) =>
    `${label} cannot fill the lead’s ${INTAKE_LEAD_FIELD_LABELS[leadField].toLowerCase()} (wrong field type)`,
  publishNeedsEmail: 'To publish, one field must fill the lead’s email (the confirmation is sent to it)',
  publishNeedsName: 'To publish, one field must fill the lead’s first name, last name or company name',
} as const;

const PHONE = /^\+?[0-9 ().-]{5,40}$/;
const COMPARABLE: readonly IntakeFieldType[] = ['text', 'choice', 'yesNo', 'email', 'phone', 'date'];
const LEAD_FIELD_TYPES: Record<IntakeLeadField, readonly IntakeFieldType[]> = {
  firstName: ['text'],
  lastName: ['text'],
  companyName: ['text'],
  email: ['email'],
  phone: ['phone', 'text'],
  address: ['text', 'longText'],
  matterDescription: ['text', 'longText'],
  opposingParties: ['text', 'longText'],
};

const textOf = (value: string | string[] | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** Whether a field is shown for these answers: its rule's field is shown and answered as the rule says. */
export function isFieldShown(fields: readonly IntakeFieldRuleView[], field: IntakeFieldRuleView, answers: IntakeAnswers): boolean {
  const seen = new Set<string>();
  let current: IntakeFieldRuleView | undefined = field;
  while (current?.showIf) {
    // A rule pointing back at itself through others would never settle: such a field is hidden.
    if (seen.has(current.key)) return false;
    seen.add(current.key);
    const rule: ShowIfRule = current.showIf;
    const answer = textOf(answers[rule.fieldKey]).toLowerCase();
    const wanted = rule.operator === 'equals' ? rule.values.slice(0, 1) : rule.values;
    if (!wanted.some((value) => value.trim().toLowerCase() === answer)) return false;
    current = fields.find((candidate) => candidate.key === rule.fieldKey);
  }
  return true;
}

function textRefusal(field: IntakeFieldRuleView, text: string): string | null {
  const { label } = field;
  switch (field.type) {
    case 'email':
      return z.email().safeParse(text).success && text.length <= 254 ? null : INTAKE_ANSWER_MESSAGES.email(label);
    case 'phone':
      return PHONE.test(text) ? null : INTAKE_ANSWER_MESSAGES.phone(label);
    case 'date':
      return isValidIsoDate(text) ? null : INTAKE_ANSWER_MESSAGES.date(label);
    case 'choice':
      return field.options.includes(text) ? null : INTAKE_ANSWER_MESSAGES.choice(label);
    case 'yesNo':
      return (YES_NO_ANSWERS as readonly string[]).includes(text) ? null : INTAKE_ANSWER_MESSAGES.yesNo(label);
    case 'longText':
      if (text.length > INTAKE_LIMITS.maxLongTextLength) return INTAKE_ANSWER_MESSAGES.tooLong(label, INTAKE_LIMITS.maxLongTextLength);
      return isMultilineText(text) ? null : INTAKE_ANSWER_MESSAGES.characters(label);
    default:
      if (text.length > INTAKE_LIMITS.maxTextLength) return INTAKE_ANSWER_MESSAGES.tooLong(label, INTAKE_LIMITS.maxTextLength);
      return isSingleLineText(text) ? null : INTAKE_ANSWER_MESSAGES.characters(label);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The answers the form keeps, and what is wrong with them by field key (the first problem of each).
 * Only shown fields count: a hidden field's answer is dropped, and its "required" does not apply;
 * answers to fields the form does not have are dropped. The server and the public page use this one rule.
 */
export function checkIntakeAnswers(
  fields: readonly IntakeFieldRuleView[],
  answers: IntakeAnswers,
): { answers: IntakeAnswers; errors: Record<string, string> } {
  const kept: IntakeAnswers = {};
  const errors: Record<string, string> = {};
  let fileCount = 0;
  for (const field of fields) {
    if (!isFieldShown(fields, field, answers)) continue;
    const value = answers[field.key];
    if (field.type === 'file') {
      const ids = Array.isArray(value) ? value : [];
      if (ids.length === 0) {
        if (field.isRequired) errors[field.key] = INTAKE_ANSWER_MESSAGES.required(field.label);
        continue;
      }
      if (ids.length > INTAKE_LIMITS.maxFilesPerField) errors[field.key] = INTAKE_ANSWER_MESSAGES.files(field.label);
      else if (!ids.every((id) => UUID.test(id))) errors[field.key] = INTAKE_ANSWER_MESSAGES.fileIds(field.label);
      else if ((fileCount += ids.length) > INTAKE_LIMITS.maxFilesPerSubmission) errors[field.key] = INTAKE_ANSWER_MESSAGES.tooManyFiles;
      else kept[field.key] = [...new Set(ids)];
      continue;
    }
    const text = textOf(value);
    if (!text) {
      if (field.isRequired) errors[field.key] = INTAKE_ANSWER_MESSAGES.required(field.label);
      continue;
    }
    const refusal = textRefusal(field, text);
    if (refusal) errors[field.key] = refusal;
    else kept[field.key] = field.type === 'email' ? text.toLowerCase() : text;
  }
  return { answers: kept, errors };
}

/** What is wrong with a form's fields as a definition (saved drafts too); empty when nothing. */
export function intakeDefinitionProblems(fields: readonly IntakeFieldRuleView[]): string[] {
  const problems: string[] = [];
  if (fields.length === 0) problems.push(INTAKE_DEFINITION_MESSAGES.noFields);
  const keys = new Set<string>();
  const leadFields = new Set<IntakeLeadField>();
  fields.forEach((field, index) => {
    if (keys.has(field.key)) problems.push(INTAKE_DEFINITION_MESSAGES.duplicateKey(field.key));
    keys.add(field.key);
    if (field.type === 'choice' && field.options.length === 0) problems.push(INTAKE_DEFINITION_MESSAGES.noOptions(field.label));
    if (field.type !== 'choice' && field.options.length > 0) problems.push(INTAKE_DEFINITION_MESSAGES.optionsOnlyForChoice(field.label));
    if (field.showIf) {
      const target = fields.slice(0, index).find((candidate) => candidate.key === field.showIf!.fieldKey);
      if (!target) problems.push(INTAKE_DEFINITION_MESSAGES.showIfUnknown(field.label));
      else if (!COMPARABLE.includes(target.type)) problems.push(INTAKE_DEFINITION_MESSAGES.showIfNotComparable(field.label));
    }
    if (field.leadField) {
      if (leadFields.has(field.leadField)) problems.push(INTAKE_DEFINITION_MESSAGES.leadFieldTwice(field.leadField));
      leadFields.add(field.leadField);
      if (!LEAD_FIELD_TYPES[field.leadField].includes(field.type))
        problems.push(INTAKE_DEFINITION_MESSAGES.leadFieldType(field.label, field.leadField));
    }
  });
  return problems;
}

/** Why a form cannot be published (its definition's problems, then what a lead needs), or null when it can. */
export function intakePublishRefusal(fields: readonly IntakeFieldRuleView[]): string | null {
  const problems = intakeDefinitionProblems(fields);
  if (problems.length > 0) return problems[0]!;
  const filled = new Set(fields.map((field) => field.leadField));
  if (!filled.has('email')) return INTAKE_DEFINITION_MESSAGES.publishNeedsEmail;
  if (!filled.has('firstName') && !filled.has('lastName') && !filled.has('companyName')) return INTAKE_DEFINITION_MESSAGES.publishNeedsName;
  return null;
}
