import { z } from 'zod';
import { controlCharactersMessage, MULTILINE_PATTERN } from '../common/text-characters.ts';

/**
 * The client updates a firm sends by SMS and WhatsApp (ADR 90), one template each. A message says
 * only that something waits and where (a link): the placeholders offer names, a date and a link,
 * never the text of a note, update, invoice or message, so no template can carry privileged content.
 */
export const CLIENT_MESSAGE_TEMPLATE_KEYS = [
  'hearing-reminder',
  'hearing-adjourned',
  'court-update-shared',
  'invoice-sent',
  'invoice-due',
  'invoice-overdue',
  'trust-request',
  'portal-message',
] as const;
export type ClientMessageTemplateKey = (typeof CLIENT_MESSAGE_TEMPLATE_KEYS)[number];

export const CLIENT_MESSAGE_PLACEHOLDERS = ['clientName', 'matterName', 'date', 'link', 'firmName'] as const;
export type ClientMessagePlaceholder = (typeof CLIENT_MESSAGE_PLACEHOLDERS)[number];
/** What a message may be filled with: names, a date and a link, nothing else. */
export type ClientMessageValues = Partial<Record<ClientMessagePlaceholder, string | null>>;

/** A template fits in two SMS segments' worth of text before its placeholders are filled. */
export const CLIENT_MESSAGE_TEMPLATE_MAX = 300;

export const CLIENT_MESSAGE_TEMPLATE_DEFAULTS: Record<ClientMessageTemplateKey, { label: string; body: string }> = {
  'hearing-reminder': {
    label: 'Hearing tomorrow',
    body: '{{firmName}}: a reminder that {{matterName}} is in court tomorrow, {{date}}. Details: {{link}}',
  },
  'hearing-adjourned': {
    label: 'Next adjourned date',
    body: '{{firmName}}: {{matterName}} has a new court date, {{date}}. Details: {{link}}',
  },
  'court-update-shared': {
    label: 'Court update shared',
    body: '{{firmName}}: a court update on {{matterName}} is waiting for you in your client portal: {{link}}',
  },
  'invoice-sent': {
    label: 'Invoice sent',
    body: '{{firmName}}: a new invoice is waiting for you. See and pay it here: {{link}}',
  },
  'invoice-due': {
    label: 'Invoice due',
    body: '{{firmName}}: your invoice is due on {{date}}. See and pay it here: {{link}}',
  },
  'invoice-overdue': {
    label: 'Invoice overdue',
    body: '{{firmName}}: your invoice was due on {{date}} and is overdue. See and pay it here: {{link}}',
  },
  'trust-request': {
    label: 'Request for funds',
    body: '{{firmName}}: a request for funds is waiting for you, due {{date}}. See it here: {{link}}',
  },
  'portal-message': {
    label: 'New portal message',
    body: '{{firmName}}: a new message about {{matterName}} is waiting for you in your client portal: {{link}}',
  },
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a template names that are not offered (each once, as written). */
export function unknownPlaceholdersOf(body: string): string[] {
  const known = new Set<string>(CLIENT_MESSAGE_PLACEHOLDERS);
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').filter((name) => !known.has(name)))];
}

/** Why a template cannot be saved, or null: an unknown placeholder, a stray brace, or no {{link}} to say where. */
export function templateProblemOf(body: string): string | null {
  const unknown = unknownPlaceholdersOf(body);
  if (unknown.length)
    return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `{{${name}}}`).join(', ')}: use ${CLIENT_MESSAGE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}`;
  if (/[{}]/.test(body.replace(PLACEHOLDER, ''))) return 'A placeholder is written {{name}}, with two braces on each side';
  if (!/\{\{\s*link\s*\}\}/.test(body)) return 'The message must say where to look: include {{link}}';
  return null;
}

/** The template filled in: a placeholder without a value is left out; spaces are tidied. */
export const renderClientMessage = (body: string, values: ClientMessageValues) =>
  body
    .replace(PLACEHOLDER, (_match, name: string) => values[name as ClientMessagePlaceholder] ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([.,:;!?])/g, '$1')
    .trim();

export const clientMessageTemplateKeySchema = z.enum(CLIENT_MESSAGE_TEMPLATE_KEYS).describe('Which client update the template is for.');

export const clientMessageTemplateBodySchema = z
  .string({ error: 'The message is required' })
  .trim()
  .min(1, 'The message is required')
  .max(CLIENT_MESSAGE_TEMPLATE_MAX, `The message must be at most ${CLIENT_MESSAGE_TEMPLATE_MAX} characters`)
  .regex(MULTILINE_PATTERN, controlCharactersMessage('The message'))
  .superRefine((body, context) => {
    const problem = templateProblemOf(body);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .describe('The text, with {{clientName}}, {{matterName}}, {{date}}, {{link}} and {{firmName}}; {{link}} required.');

export const clientMessageTemplateSchema = z.object({
  templateKey: clientMessageTemplateKeySchema,
  label: z.string().describe('What the message is, in words.'),
  body: z.string().describe('The firm’s text, or the default when it has none.'),
  isDefault: z.boolean().describe('True when the firm has not changed the default text.'),
  defaultBody: z.string().describe('The default text (to go back to).'),
  updatedAt: z.string().nullable().describe('When the firm last saved it (ISO 8601), or null.'),
  updatedByName: z.string().nullable().describe('Who last saved it, or null.'),
});
export type ClientMessageTemplate = z.infer<typeof clientMessageTemplateSchema>;

export const clientMessageTemplateListSchema = z.object({
  templates: z.array(clientMessageTemplateSchema).describe('Every client update, in a fixed order.'),
  placeholders: z.array(z.string()).describe('The placeholders a template may use.'),
});
export type ClientMessageTemplateList = z.infer<typeof clientMessageTemplateListSchema>;

export const saveClientMessageTemplateSchema = z.object({
  templateKey: clientMessageTemplateKeySchema,
  body: clientMessageTemplateBodySchema.nullable().describe('The new text; null goes back to the default.'),
});
export type SaveClientMessageTemplate = z.infer<typeof saveClientMessageTemplateSchema>;
