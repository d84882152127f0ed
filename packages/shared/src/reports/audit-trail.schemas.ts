import { z } from 'zod';
import { AUDIT_EVENTS, AUDIT_RECORD_TYPES } from '../audit/audit-events.ts';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** A choice of a list, or blank for all (a cleared filter arrives as ''). */
const optionalChoice = (choices: readonly string[], message: string) =>
  z
    .enum(['', ...choices] as [string, ...string[]], { error: message })
    .optional()
    .transform((value) => value || undefined);

export const AUDIT_TEXT_LIMIT = 200;

export const auditTrailQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Changes made from this day (YYYY-MM-DD), in the firm’s time zone.'),
    To: reportFilterFields.To.describe('Changes made up to this day, in the firm’s time zone.'),
    UserId: z
      .union([z.uuid({ error: 'UserId must be a valid id' }), z.literal('')])
      .optional()
      .transform((value) => value || undefined)
      .describe('Changes made by one team member (their user id).'),
    Action: optionalChoice(AUDIT_EVENTS, 'Action must be one of the audit trail’s actions').describe(
      'One action, e.g. client.updated (the catalogue entry lists them).',
    ),
    RecordType: optionalChoice(AUDIT_RECORD_TYPES, 'RecordType must be one of the audit trail’s record types').describe(
      'One kind of record, e.g. client, invoice, role (the catalogue entry lists them).',
    ),
    Text: z
      .string()
      .trim()
      .max(AUDIT_TEXT_LIMIT, `Text must be at most ${AUDIT_TEXT_LIMIT} characters`)
      .optional()
      .transform((value) => value || undefined)
      .describe('Events whose details, record (id or name), address or device contain this text, in any case.'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });

/** The first record of a firm's audit chain that does not hold (GET /api/admin/audit/verify). */
export const auditChainBreakSchema = z.object({
  id: z.string().describe('The audit record’s id.'),
  chainPosition: z.number().int().describe('Its place in the firm’s chain: 1 for the firm’s first record.'),
  action: z.string().describe('What it records, e.g. client.updated.'),
  createdAt: z.string().describe('When it says it was written (ISO 8601, UTC).'),
  reason: z
    .enum(['contentChanged', 'linkBroken'])
    .describe(
      'contentChanged: its content no longer matches its hash (edited); linkBroken: it does not follow the record before it (one removed, added or reordered).',
    ),
});

export const auditChainVerificationSchema = z.object({
  isIntact: z.boolean().describe('True when every record matches its hash and follows the one before it.'),
  recordsChecked: z.number().int().describe('The firm’s audit records walked, oldest first.'),
  lastHash: z
    .string()
    .nullable()
    .describe(
      'The newest record’s hash (hex SHA-256): kept elsewhere, it shows later that no record was cut from the end. Null with no records.',
    ),
  firstBreak: auditChainBreakSchema.nullable().describe('The first record that does not hold, or null when the chain is intact.'),
});
export type AuditChainVerification = z.infer<typeof auditChainVerificationSchema>;
