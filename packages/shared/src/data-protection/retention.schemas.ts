import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

/** What a retention review lists: a client past every retention period, or a closed matter's files. */
export const RETENTION_RECORD_TYPES = ['client', 'matterFiles'] as const;
export const RETENTION_RECORD_TYPE_LABELS = { client: 'Client (anonymise)', matterFiles: 'Closed matter’s files (remove)' } as const;
export const RETENTION_OUTCOME_LABELS = { anonymised: 'Anonymised', filesRemoved: 'Files removed', kept: 'Kept (no longer due)' } as const;

export const retentionReviewItemSchema = z.object({
  id: z.string().describe('The item’s id.'),
  recordType: z.enum(RETENTION_RECORD_TYPES).describe('A client, or a closed matter’s files.'),
  recordId: z.string().describe('The client’s or the matter’s id.'),
  recordName: z.string().describe('Its name when the review found it.'),
  reason: z.string().describe('Why it is due, in words.'),
  dueSince: z.string().describe('The date its retention ran from (YYYY-MM-DD).'),
  outcome: z.enum(['anonymised', 'filesRemoved', 'kept']).nullable().describe('What approval did; null while pending.'),
});

export const retentionReviewSchema = z.object({
  id: z.string().describe('The review’s id.'),
  period: z.string().describe('The month reviewed (YYYY-MM).'),
  status: z.enum(['pending', 'approved']).describe('Pending until an administrator approves it.'),
  createdAt: z.string().describe('When the monthly job found it (ISO 8601).'),
  approvedAt: z.string().nullable().describe('When it was approved (ISO 8601).'),
  approvedBy: z.string().nullable().describe('Who approved it.'),
  items: z.array(retentionReviewItemSchema).describe('What was due.'),
});
export type RetentionReview = z.infer<typeof retentionReviewSchema>;

const idParams = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The review’s id.') });
const base = '/api/admin/data-protection/retention-reviews';

export const retentionContracts = {
  list: defineRoute({ method: 'GET', path: base, response: z.array(retentionReviewSchema) }),
  findNow: defineRoute({ method: 'POST', path: `${base}/find-now`, response: retentionReviewSchema }),
  approve: defineRoute({ method: 'POST', path: `${base}/:id/approve`, params: idParams, response: retentionReviewSchema }),
};
