import { z } from 'zod';
import { uuidField } from '../common/fields.ts';

// What the matter pickers need, apart from the matter schemas: a page with a matter dropdown then
// carries this small file, not every matter request and answer.

/** SPEC.md §3 calls a matter's billing type its matterRate. */
export const MATTER_RATES = ['Hourly', 'Flat Rate', 'Contingency', 'Retainer'] as const;
export const MATTER_STATUSES = ['Open', 'Closed'] as const;

/** GET /api/admin/matter-master/get-matter-name-using-client: a client's matters for dropdowns. */
export const matterNameSchema = z.object({
  id: z.string(),
  matterName: z.string(),
  matterNumber: z.string().nullable(),
  matterRate: z.enum(MATTER_RATES),
  status: z.enum(MATTER_STATUSES),
});
export type MatterName = z.infer<typeof matterNameSchema>;

/** GET /api/admin/matter-master/get-matter-name-using-client (SPEC.md §7: AdminUserId, BusinessId, ClientId). */
export const matterNamesQuerySchema = z.object({
  ClientId: uuidField('Client'),
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
});
