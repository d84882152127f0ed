import type { PortalCalendarFeedCreated, PortalCalendarFeedStatus } from '@matterhorn/shared';
import { READ_ONLY, switchToFirm, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { createLinkSecret, hashLinkSecret } from '../../lib/secrets.ts';
import type { PortalPrincipal } from '../../plugins/route-access.ts';
import {
  findFeedClient,
  findLivePortalFeed,
  findLivePortalFeedByHash,
  findPortalHearings,
  insertPortalFeed,
  revokePortalFeeds,
  type PortalFeedRow,
} from './portal-calendar.repository.ts';
import { portalHearingsIcs } from './portal-hearings-ics.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';

/** A feed token: 32 random bytes as base64url (43 characters). */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A client's hearings for years of matters fit; a calendar app needs no more. */
const FEED_HEARINGS = 500;

const statusOf = (feed: PortalFeedRow | null): PortalCalendarFeedStatus =>
  feed ? { isActive: true, createdAt: feed.createdAt } : { isActive: false, createdAt: null };

/**
 * The portal client's own calendar link: a secret, revocable ICS feed of the next adjourned dates
 * of their matters' shared court updates. Only the token's hash is kept, so the URL is shown when
 * it is made; making a new one (Reset link) or revoking stops the old one at once.
 */
export function createPortalCalendarService({ database, appUrl }: { database: Database; appUrl: string }) {
  const feedUrl = (token: string) => `${appUrl}/api/client-portal/calendar/${token}.ics`;
  return {
    status: (principal: PortalPrincipal): Promise<PortalCalendarFeedStatus> =>
      database.withFirm(
        principal.firmId,
        async (tx) => statusOf(await findLivePortalFeed(tx, principal.firmId, principal.portalAccountId)),
        READ_ONLY,
      ),

    create: (principal: PortalPrincipal): Promise<PortalCalendarFeedCreated> =>
      database.withFirm(principal.firmId, async (tx) => {
        await revokePortalFeeds(tx, principal.firmId, principal.portalAccountId);
        const { secret, secretHash } = createLinkSecret();
        const feed = await insertPortalFeed(tx, principal.firmId, principal.portalAccountId, secretHash);
        const url = feedUrl(secret);
        return { ...statusOf(feed), url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
      }),

    revoke: (principal: PortalPrincipal): Promise<PortalCalendarFeedStatus> =>
      database.withFirm(principal.firmId, async (tx) => {
        await revokePortalFeeds(tx, principal.firmId, principal.portalAccountId);
        return statusOf(null);
      }),

    /** The ICS behind a token; 404 for an unknown or revoked token, or a client the firm no longer lets into the portal. */
    feedIcs: (token: string): Promise<string> => {
      if (!FEED_TOKEN.test(token)) return Promise.reject(notFound('Calendar'));
      return database.withIdentityLookup(async (tx) => {
        const feed = await findLivePortalFeedByHash(tx, hashLinkSecret(token));
        if (!feed) throw notFound('Calendar');
        await switchToFirm(tx, feed.firmId);
        const client = await findFeedClient(tx, feed.firmId, feed.portalAccountId);
        if (!client) throw notFound('Calendar');
        const today = await findFirmToday(tx, feed.firmId);
        const hearings = await findPortalHearings(tx, feed.firmId, client.clientId, today, FEED_HEARINGS);
        return portalHearingsIcs(client, hearings);
      });
    },
  };
}
export type PortalCalendarService = ReturnType<typeof createPortalCalendarService>;
