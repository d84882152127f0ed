import { z } from 'zod';
import { optionalText, requiredText } from '../common/fields.ts';

/**
 * An intake form's fields (issue 45): what a prospective client fills in on the firm's public form.
 * A field may feed one of the lead's details (leadField); the rest are kept as the submission's answers.
 */
export const INTAKE_FIELD_TYPES = ['text', 'longText', 'email', 'phone', 'date', 'choice', 'yesNo', 'file'] as const;
export type IntakeFieldType = (typeof INTAKE_FIELD_TYPES)[number];

export const INTAKE_FIELD_TYPE_LABELS: Record<IntakeFieldType, string> = {
  text: 'Text',
  longText: 'Long text',
  email: 'Email',
  phone: 'Phone',
  date: 'Date',
  choice: 'Choice',
  yesNo: 'Yes/no',
  file: 'File upload',
};

/** The lead's details a field can fill; opposingParties takes one name a line (or comma-separated). */
export const INTAKE_LEAD_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'email',
  'phone',
  'address',
  'matterDescription',
  'opposingParties',
] as const;
export type IntakeLeadField = (typeof INTAKE_LEAD_FIELDS)[number];

export const INTAKE_LEAD_FIELD_LABELS: Record<IntakeLeadField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  matterDescription: 'Matter description',
  opposingParties: 'Opposing parties',
};

/** The answers of a yes/no field. */
export const YES_NO_ANSWERS = ['yes', 'no'] as const;

export const INTAKE_LIMITS = {
  maxFields: 60,
  maxOptions: 50,
  /** Files a file field takes, and their size: a public form is no file drop. */
  maxFilesPerField: 5,
  maxFilesPerSubmission: 10,
  maxFileBytes: 10 * 1024 * 1024,
  maxTextLength: 500,
  maxLongTextLength: 5000,
  /**
   * A public form mails whatever address is typed: one address gets at most this many confirmations
   * a day from the firm's forms, and one form takes at most this many enquiries an hour, whoever sends them.
   */
  confirmationsPerAddressPerDay: 5,
  submissionsPerFormPerHour: 30,
} as const;

/** The 429s of the public form's limits per recipient and per form. */
export const INTAKE_LIMIT_MESSAGES = {
  tooManyForAddress:
    'This email address has been sent enough enquiry confirmations for today. Please try again tomorrow or contact the firm directly.',
  tooManyForForm: 'This form has received too many enquiries in the last hour. Please try again later or contact the firm directly.',
} as const;

export const INTAKE_FIELD_KEY_PATTERN = /^[a-z][a-zA-Z0-9_-]{0,39}$/;

export const showIfRuleSchema = z.strictObject({
  fieldKey: z
    .string()
    .regex(INTAKE_FIELD_KEY_PATTERN, 'Choose the field the rule depends on')
    .describe('The key of an earlier field this field depends on (a choice, yes/no or text field).'),
  operator: z
    .enum(['equals', 'isOneOf'], { error: 'Choose equals or is one of' })
    .describe('equals: that field’s answer is values[0]; isOneOf: it is any of values (ignoring case).'),
  values: z
    .array(requiredText('An answer that shows the field', 200))
    .min(1, 'Give the answer that shows this field')
    .max(50)
    .describe('The answers that show this field (yes/no answers are "yes" or "no").'),
});
export type ShowIfRule = z.infer<typeof showIfRuleSchema>;

export const intakeFieldSchema = z.strictObject({
  key: z
    .string({ error: 'Field key is required' })
    .regex(INTAKE_FIELD_KEY_PATTERN, 'A field key starts with a small letter and has at most 40 letters, digits, - or _')
    .describe('The field’s key, unique in the form and kept across edits (the answers are keyed by it), e.g. "fullName".'),
  type: z
    .enum(INTAKE_FIELD_TYPES, { error: 'Field type is required' })
    .describe('text, longText, email, phone, date, choice, yesNo or file.'),
  label: requiredText('Field label', 200).describe('What the visitor reads above the field (at most 200 characters).'),
  help: optionalText('Help text', 500).describe('A hint under the label (at most 500 characters); null: none.'),
  isRequired: z.boolean().default(false).describe('True: the form is not sent without an answer (only while the field is shown).'),
  options: z
    .array(requiredText('An option', 200))
    .max(INTAKE_LIMITS.maxOptions)
    .default([])
    .describe('A choice field’s options (1 to 50, each at most 200 characters); empty for every other type.'),
  showIf: showIfRuleSchema.nullable().default(null).describe('Shown only when another field’s answer matches; null: always shown.'),
  leadField: z
    .enum(INTAKE_LEAD_FIELDS)
    .nullable()
    .default(null)
    .describe('Which of the lead’s details the answer fills (each at most once per form); null: kept only as an answer.'),
});
export type IntakeFieldInput = z.input<typeof intakeFieldSchema>;
export type IntakeField = z.output<typeof intakeFieldSchema>;

/** The fields as a form shows and stores them (output of intakeFieldSchema). */
export const intakeFieldViewSchema = z.object({
  key: z.string().describe('The field’s key: send its answer under it.'),
  type: z.enum(INTAKE_FIELD_TYPES).describe('text, longText, email, phone, date, choice, yesNo or file.'),
  label: z.string().describe('The field’s label.'),
  help: z.string().nullable().describe('A hint under the label; null: none.'),
  isRequired: z.boolean().describe('True: it must be answered while shown.'),
  options: z.array(z.string()).describe('A choice field’s options; empty for the others.'),
  showIf: z
    .object({
      fieldKey: z.string().describe('The field it depends on.'),
      operator: z.enum(['equals', 'isOneOf']).describe('equals or isOneOf.'),
      values: z.array(z.string()).describe('The answers that show it.'),
    })
    .nullable()
    .describe('When it is shown; null: always.'),
  leadField: z.enum(INTAKE_LEAD_FIELDS).nullable().describe('Which lead detail it fills; null: none.'),
});
export type IntakeFieldView = z.infer<typeof intakeFieldViewSchema>;
