import { z } from 'zod';

// What the client pickers need, apart from the client schemas (see matters/matter-lookups.schemas.ts).

/** SPEC.md §3 Clients: people (userId, name) and companies (companyId, companyName). */
export const associatedClientsSchema = z.object({
  people: z
    .array(
      z.object({
        userId: z.string().describe('The client’s id (a UUID; SPEC calls it userId).'),
        name: z.string().describe('The person’s full name.'),
      }),
    )
    .describe('Active clients who are people, by name.'),
  companies: z
    .array(
      z.object({
        companyId: z.string().describe('The client’s id (a UUID).'),
        companyName: z.string().describe('The company’s name.'),
      }),
    )
    .describe('Active clients that are companies, by name.'),
});
export type AssociatedClients = z.infer<typeof associatedClientsSchema>;
