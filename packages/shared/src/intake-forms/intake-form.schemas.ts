import { z } from 'zod';
import { optionalMultilineText, optionalUuid, requiredMultilineText, requiredText, uuidField } from '../common/fields.ts';
import { SINGLE_LINE_PATTERN } from '../common/text-characters.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { INTAKE_LIMITS, intakeFieldSchema, intakeFieldViewSchema } from './intake-form-fields.schemas.ts';
import { intakeDefinitionProblems } from './intake-form-rules.ts';

export const INTAKE_FORM_MESSAGES = {
  created: 'Intake form created',
  updated: 'Intake form saved',
  published: 'Intake form published',
  unpublished: 'Intake form unpublished',
  deleted: 'Intake form deleted: it is in the recycle bin',
  slugTaken: 'Another intake form of the firm has this address',
  noPortalSlug: 'Set the firm’s portal address first: the public form lives under it',
  submitted: 'Thank you: your enquiry was sent',
  checkAnswers: 'Check the answers marked in the form',
} as const;

export const INTAKE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

export const intakeFormInputSchema = z
  .strictObject({
    name: requiredText('Form name', 120).describe('The form’s title, shown to visitors (at most 120 characters).'),
    slug: z
      .string({ error: 'Form address is required' })
      .trim()
      .toLowerCase()
      .regex(INTAKE_SLUG_PATTERN, 'A form address has 1 to 60 small letters, digits or hyphens (not at either end)')
      .describe('The last part of the public address /intake/{firm}/{slug}; unique among the firm’s forms.'),
    introduction: optionalMultilineText('Introduction', 2000).describe('Text above the fields (at most 2,000 characters); null: none.'),
    fields: z
      .array(intakeFieldSchema)
      .min(1, 'Add at least one field')
      .max(INTAKE_LIMITS.maxFields, `A form has at most ${INTAKE_LIMITS.maxFields} fields`)
      .describe('The fields in the order shown (1 to 60).'),
    thankYouText: requiredMultilineText('Thank-you text', 2000).describe(
      'What the visitor reads after sending, also in their confirmation email (at most 2,000 characters).',
    ),
    assigneeUserId: uuidField('Assignee').describe('The firm member each lead from this form is assigned to; they get an email for each.'),
    practiceAreaId: optionalUuid('Practice area').describe('The practice area a submission suggests for its lead; null: none.'),
  })
  .superRefine((form, context) => {
    for (const message of intakeDefinitionProblems(form.fields)) context.addIssue({ code: 'custom', path: ['fields'], message });
  });
export type IntakeFormInput = z.input<typeof intakeFormInputSchema>;

export const intakeFormSchema = z.object({
  id: z.uuid().describe('The form’s id.'),
  name: z.string().describe('The form’s title.'),
  slug: z.string().describe('Its part of the public address.'),
  introduction: z.string().nullable().describe('Text above the fields; null: none.'),
  fields: z.array(intakeFieldViewSchema).describe('The fields in order.'),
  thankYouText: z.string().describe('Shown after sending and in the confirmation email.'),
  assigneeUserId: z.string().describe('Who its leads are assigned to.'),
  assigneeName: z.string().describe('That member’s name.'),
  practiceAreaId: z.string().nullable().describe('The practice area its leads are given; null: none.'),
  practiceAreaName: z.string().nullable().describe('That practice area’s name; null: none.'),
  isPublished: z.boolean().describe('True: visitors can open and send it at its public address.'),
  publishedAt: z.string().nullable().describe('When it was last published (ISO 8601); null while unpublished.'),
  version: z.number().int().describe('1, then one more at each save: a lead keeps the version it was sent against.'),
  publicPath: z
    .string()
    .nullable()
    .describe('Its public address as a path (/intake/{firm}/{slug}); null while the firm has no portal address.'),
  submissionCount: z.number().int().describe('How many leads it brought in.'),
  createdAt: z.string().describe('When it was created (ISO 8601).'),
  updatedAt: z.string().describe('When it was last saved (ISO 8601).'),
});
export type IntakeForm = z.infer<typeof intakeFormSchema>;

export const intakeFormSummarySchema = intakeFormSchema.omit({ fields: true, introduction: true, thankYouText: true });
export type IntakeFormSummary = z.infer<typeof intakeFormSummarySchema>;

export const intakeFormListQuerySchema = pageQuerySchema.extend({
  isPublished: z.enum(['true', 'false']).optional().describe('true: only published forms; false: only unpublished; left out: all.'),
});
export const intakeFormPageSchema = pageSchema(intakeFormSummarySchema);

export const intakeFormEmbedSchema = z.object({
  publicUrl: z.string().describe('The form’s full public address (APP_URL/intake/{firm}/{slug}).'),
  iframeSnippet: z.string().describe('HTML to paste in the firm’s website: an iframe showing the form.'),
  linkSnippet: z.string().describe('HTML for a plain link to the form, for sites that do not allow iframes.'),
  isPublished: z.boolean().describe('False: the snippet shows "not found" until the form is published.'),
});
export type IntakeFormEmbed = z.infer<typeof intakeFormEmbedSchema>;

/** The public form's address parts: the firm's portal address and the form's. */
export const publicIntakeParamsSchema = z.object({
  company: z.string().max(100).describe('The firm’s portal address (its slug).'),
  form: z.string().max(100).describe('The form’s address (its slug).'),
});

/** What a visitor sees: no assignee, no ids but the fields' keys. */
export const publicIntakeFormSchema = z.object({
  firmName: z.string().describe('The firm’s name.'),
  name: z.string().describe('The form’s title.'),
  introduction: z.string().nullable().describe('Text above the fields; null: none.'),
  fields: z.array(intakeFieldViewSchema.omit({ leadField: true })).describe('The fields in order.'),
  maxFileBytes: z.number().int().describe('The largest file a file field takes, in bytes.'),
  maxFilesPerField: z.number().int().describe('How many files a file field takes.'),
});
export type PublicIntakeForm = z.infer<typeof publicIntakeFormSchema>;

export const publicIntakeSubmitSchema = z.strictObject({
  submissionKey: z
    .uuid({ error: 'Reload the form and send it again' })
    .describe('A UUID the page makes once per filled form: sending it again (a double click, a retry) brings in one lead.'),
  answers: z
    .record(
      z.string().max(40),
      z.union([z.string().max(INTAKE_LIMITS.maxLongTextLength + 100), z.array(z.uuid({ error: 'Upload the file again' })).max(20)]),
    )
    .describe('The answers by field key: text (yes/no as "yes"/"no", a date as YYYY-MM-DD), or a file field’s upload ids.'),
  website: z
    .string()
    .max(500)
    .regex(SINGLE_LINE_PATTERN, 'Leave this field empty')
    .optional()
    .describe('A field people never see (hidden by the page): leave it empty. Filled in, the form is taken as spam and nothing is kept.'),
});
export type PublicIntakeSubmit = z.input<typeof publicIntakeSubmitSchema>;

export const publicIntakeSubmittedSchema = z.object({
  thankYouText: z.string().describe('The form’s thank-you text, to show the visitor.'),
});

/** A file a visitor uploaded for a file field, before sending the form: send its id as the field’s answer. */
export const publicIntakeUploadSchema = z.object({
  uploadId: z.uuid().describe('The upload’s id: put it in the file field’s answer.'),
  fileName: z.string().describe('The file’s name as kept.'),
  sizeBytes: z.number().int().describe('Its size in bytes.'),
});
export type PublicIntakeUpload = z.infer<typeof publicIntakeUploadSchema>;
