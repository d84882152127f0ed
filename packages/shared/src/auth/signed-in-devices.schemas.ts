import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

/** A browser or app signed in to the member's account (issue 39): one open session. */
export const signedInDeviceSchema = z.object({
  id: z.string().describe('The session’s id.'),
  userAgent: z.string().nullable().describe('The browser’s User-Agent when it signed in (at most 300 characters), or null.'),
  ipAddress: z.string().nullable().describe('The address it signed in from (behind TRUST_PROXY, the client’s), or null.'),
  signedInAt: z.string().describe('When it signed in (ISO 8601).'),
  lastActiveAt: z.string().describe('Its last request, to within about ten minutes (ISO 8601).'),
  isThisDevice: z.boolean().describe('True for the session making this request.'),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

const signedOutSchema = z.object({ signedOut: z.number().int().describe('How many sessions were ended.') });
const sessionParamsSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The session’s id.') });
const memberParamsSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The team member’s user id.') });

export const signedInDeviceContracts = {
  /** The signed-in member's open sessions, most recently active first. */
  list: defineRoute({ method: 'GET', path: '/api/me/sessions', response: z.array(signedInDeviceSchema) }),
  /** Signs one of the member's own sessions out. */
  signOut: defineRoute({ method: 'DELETE', path: '/api/me/sessions/:id', params: sessionParamsSchema, response: signedOutSchema }),
  /** Signs every other session of the member out. */
  signOutOthers: defineRoute({ method: 'DELETE', path: '/api/me/sessions', response: signedOutSchema }),
  /** An administrator signs a member out everywhere. */
  signOutEverywhere: defineRoute({
    method: 'POST',
    path: '/api/admin/team/sign-out-everywhere/:id',
    params: memberParamsSchema,
    response: signedOutSchema,
  }),
};
