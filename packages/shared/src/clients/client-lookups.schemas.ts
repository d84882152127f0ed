import { z } from 'zod';

// What the client pickers need, apart from the client schemas (see matters/matter-lookups.schemas.ts).

/** SPEC.md §3 Clients: people (userId, name) and companies (companyId, companyName). */
export const associatedClientsSchema = z.object({
  people: z.array(z.object({ userId: z.string(), name: z.string() })),
  companies: z.array(z.object({ companyId: z.string(), companyName: z.string() })),
});
export type AssociatedClients = z.infer<typeof associatedClientsSchema>;
