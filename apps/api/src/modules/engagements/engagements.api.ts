import type { FastifyInstance } from 'fastify';
import type { EngagementDeps } from './engagement-deps.ts';
import { registerEngagementRoutes } from './engagements.routes.ts';
import { createEngagementService } from './engagements.service.ts';

export type { EngagementDeps } from './engagement-deps.ts';
/** The periodic sweep (server.ts): signed letters whose lead the follow-up after sealing did not convert. */
export { convertSignedLetters, engagementJobs, type SignedLettersDeps } from './convert-signed-letters.ts';
/** For the demo seed: terms saved and a letter made and sent as the routes do. */
export { generateEngagementLetter, sendEngagementLetter } from './engagement-letter.ts';
export { saveEngagementTerms } from './engagement-terms.ts';

/**
 * The engagements module for the composition root: its routes, and the follow-up the signing
 * module calls after a request is sealed (an engagement letter signed converts its lead).
 */
export function registerEngagements(app: FastifyInstance, deps: EngagementDeps) {
  const service = createEngagementService(deps);
  registerEngagementRoutes(app, service);
  return { signatureCompleted: service.signatureCompleted };
}
