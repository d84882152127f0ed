import {
  associatedClientsSchema,
  customFieldSchema,
  matterNameSchema,
  practiceAreaSchema,
  teamMemberSchema,
  type AssociatedClients,
  type CustomField,
  type MatterName,
  type PracticeArea,
  type TeamMember,
} from '@matterhorn/shared';
import type { z } from 'zod';
import type { StubAnswer } from './stub-api.ts';

/** An answer parsed with the shared contract: a fixture that drifts from the API's schema fails loudly. */
export function contractAnswer<Schema extends z.ZodType>(schema: Schema, data: z.input<Schema>): StubAnswer {
  return { data: schema.parse(data) };
}

/** The lookups many pages load (lib/lookups), each answer parsed with its shared schema. */
export const lookupAnswers = {
  associatedClients: (clients: AssociatedClients) => contractAnswer(associatedClientsSchema, clients),
  teamMembers: (members: TeamMember[]) => contractAnswer(teamMemberSchema.array(), members),
  practiceAreas: (areas: PracticeArea[]) => contractAnswer(practiceAreaSchema.array(), areas),
  customFields: (fields: CustomField[]) => contractAnswer(customFieldSchema.array(), fields),
  matterNames: (matters: MatterName[]) => contractAnswer(matterNameSchema.array(), matters),
};

/** A fee earner of the firm, as get-all-user lists them. */
export function teamMember(id: string, name: string, overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@firm.test`,
    roleId: 'role',
    roleName: 'Fee earner',
    defaultHourlyRate: null,
    isActive: true,
    isOwner: false,
    ...overrides,
  };
}
