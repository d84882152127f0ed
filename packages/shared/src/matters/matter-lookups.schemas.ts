import { z } from 'zod';
import { uuidField, firmScopeQuerySchema } from '../common/fields.ts';

// What the matter pickers need, apart from the matter schemas: a page with a matter dropdown then
// carries this small file, not every matter request and answer.

/** SPEC.md §3 calls a matter's billing type its matterRate. */
export const MATTER_RATES = ['Hourly', 'Flat Rate', 'Contingency', 'Retainer'] as const;
export const MATTER_STATUSES = ['Open', 'Closed'] as const;

/** GET /api/admin/matter-master/get-matter-name-using-client: a client's matters for dropdowns. */
export const matterNameSchema = z.object({
  id: z.string().describe('The matter’s id (a UUID).'),
  matterName: z.string().describe('The matter’s name.'),
  matterNumber: z.string().nullable().describe('The matter’s number (MAT-00001), or null for a matter that has none.'),
  matterRate: z.enum(MATTER_RATES).describe('The matter’s billing type (SPEC’s matterRate).'),
  status: z.enum(MATTER_STATUSES).describe('Open, or Closed (a closed matter takes no new time).'),
});
export type MatterName = z.infer<typeof matterNameSchema>;

/** GET /api/admin/matter-master/get-matter-name-using-client (SPEC.md §7: AdminUserId, BusinessId, ClientId). */
export const matterNamesQuerySchema = z.object({
  ClientId: uuidField('Client').describe('The client whose matters to list (a UUID); deleted matters are left out.'),
  ...firmScopeQuerySchema.shape,
});
