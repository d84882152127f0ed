import { COURT_UPDATE_MESSAGES, type CourtUpdateInputParsed } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findCourtReference } from './courts.repository.ts';
import { findMatterReference, findUserReferences } from './court-updates.repository.ts';

export const APPEARANCE_MESSAGES = {
  notOfFirm: 'Appearance must be the firm’s fee earners',
  inactive: 'A fee earner who appeared is no longer active',
} as const;

/** What a court update being changed already refers to: references it keeps may since have been deleted or deactivated. */
type Previous = { matterId: string; courtId: string; appearanceUserIds: string[] };

/**
 * Every id in the body is looked up in the firm's own rows, so another firm's answers as a missing
 * one. A new matter or court must be live, a new fee earner active; ones the update already had may
 * stay as they are. The stored client is the matter's: a client in the body only has to agree.
 */
export async function checkReferences(tx: Tx, firmId: string, input: CourtUpdateInputParsed, previous: Previous | null) {
  const matter = await findMatterReference(tx, firmId, input.matterId);
  if (!matter || (!matter.isLive && input.matterId !== previous?.matterId)) throw notFound('Matter');
  if (input.clientId && input.clientId !== matter.clientId)
    throw badRequest(COURT_UPDATE_MESSAGES.matterNotOfClient, { clientId: COURT_UPDATE_MESSAGES.matterNotOfClient });
  const court = await findCourtReference(tx, firmId, input.courtId);
  if (!court || (!court.isLive && input.courtId !== previous?.courtId)) throw notFound('Court');
  const appearanceUserIds = [...new Set(input.appearanceUserIds)];
  const found = new Map((await findUserReferences(tx, firmId, appearanceUserIds)).map((user) => [user.id, user.isActive]));
  if (appearanceUserIds.some((userId) => !found.has(userId)))
    throw badRequest(APPEARANCE_MESSAGES.notOfFirm, { appearanceUserIds: APPEARANCE_MESSAGES.notOfFirm });
  const kept = new Set(previous?.appearanceUserIds ?? []);
  if (appearanceUserIds.some((userId) => !found.get(userId) && !kept.has(userId)))
    throw badRequest(APPEARANCE_MESSAGES.inactive, { appearanceUserIds: APPEARANCE_MESSAGES.inactive });
  return { clientId: matter.clientId, appearanceUserIds };
}
