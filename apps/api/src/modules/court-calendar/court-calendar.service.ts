import type { z } from 'zod';
import {
  calendarFeedFilePath,
  hasPermissions,
  pathOf,
  SPEC_MESSAGES,
  UPCOMING_HEARINGS_MAX_DAYS,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  type CourtCalendarSettings,
  type Hearing,
  type UpcomingHearings,
  type upcomingHearingsQuerySchema,
} from '@matterhorn/shared';
import { READ_ONLY, switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { createLinkSecret, hashLinkSecret } from '../../lib/secrets.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import {
  findCalendarSettings,
  findFeedOwner,
  findLiveCalendarFeed,
  findLiveFeedByTokenHash,
  insertCalendarFeed,
  revokeCalendarFeeds,
  upsertCalendarSettings,
  type FeedScope,
} from './calendar-feeds.repository.ts';
import { calendarFeedItems } from '../calendar/calendar.api.ts';
import { hearingsIcs } from './hearings-ics.ts';
import { findFirmCalendar, findHearings, type HearingRow } from './hearings.repository.ts';

type UpcomingQuery = z.output<typeof upcomingHearingsQuerySchema>;
const COURT_UPDATE = ['courtUpdate'];
/** The feed shows the recent past too, so a hearing just held stays on the phone's calendar. */
const FEED_PAST_DAYS = 30;
/** A feed token: 32 random bytes as base64url (43 characters). */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const DAY = 86_400_000;
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

export const hearingOf = ({
  updatedAt: _updatedAt,
  startsAt: _startsAt,
  sequence: _sequence,
  isCancelled: _isCancelled,
  ...row
}: HearingRow): Hearing => row;

async function firmCalendarOf(tx: Tx, firmId: string) {
  const firm = await findFirmCalendar(tx, firmId);
  if (!firm) throw notFound('Firm');
  return firm;
}

const statusOf = (feed: { scope: FeedScope; createdAt: Date } | null): CalendarFeedStatus =>
  feed
    ? { isActive: true, scope: feed.scope, createdAt: new Date(feed.createdAt).toISOString() }
    : { isActive: false, scope: null, createdAt: null };

/** The date range asked for: the next 14 days from the firm's today by default, at most 62 days. */
function rangeOf(query: UpcomingQuery, today: string) {
  const fromDate = query.FromDate ?? (query.ToDate ? addDays(query.ToDate, -13) : today);
  const toDate = query.ToDate ?? addDays(fromDate, 13);
  if (toDate < fromDate) throw badRequest('To date must be on or after From date', { ToDate: 'To date must be on or after From date' });
  if (daysBetween(fromDate, toDate) + 1 > UPCOMING_HEARINGS_MAX_DAYS) {
    const message = `Choose at most ${UPCOMING_HEARINGS_MAX_DAYS} days`;
    throw badRequest(message, { ToDate: message });
  }
  return { fromDate, toDate };
}

export function createCourtCalendarService({ database, appUrl }: { database: Database; appUrl: string }) {
  const feedUrl = (token: string) => `${appUrl}${pathOf(calendarFeedFilePath, { file: `${token}.ics` })}`;

  return {
    upcoming: (principal: FirmPrincipal, query: UpcomingQuery): Promise<UpcomingHearings> => {
      const canSeeFirm = hasPermissions(principal.permissions, COURT_UPDATE);
      if (query.Scope === 'firm' && !canSeeFirm) return Promise.reject(forbidden(SPEC_MESSAGES.noPermission));
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const firm = await firmCalendarOf(tx, principal.firmId);
          const { fromDate, toDate } = rangeOf(query, firm.today);
          const rows = await findHearings(tx, principal.firmId, {
            fromDate,
            toDate,
            timeZone: firm.timeZone,
            assigneeUserId: query.Scope === 'mine' ? principal.userId : undefined,
            feeEarnerId: query.FeeEarnerId,
            courtId: query.CourtId,
          });
          return { fromDate, toDate, scope: query.Scope, canSeeFirm, hearings: rows.map(hearingOf) };
        },
        READ_ONLY,
      );
    },

    feedStatus: (principal: FirmPrincipal): Promise<CalendarFeedStatus> =>
      database.withFirm(
        principal.firmId,
        async (tx) => statusOf(await findLiveCalendarFeed(tx, principal.firmId, principal.userId)),
        READ_ONLY,
      ),

    /** A new feed URL (shown once); the user's previous feed stops working. */
    createFeed: (principal: FirmPrincipal, scope: FeedScope): Promise<CalendarFeedCreated> => {
      if (scope === 'firm' && !hasPermissions(principal.permissions, COURT_UPDATE))
        return Promise.reject(forbidden(SPEC_MESSAGES.noPermission));
      return database.withFirm(principal.firmId, async (tx) => {
        const revoked = await revokeCalendarFeeds(tx, principal.firmId, principal.userId);
        for (const id of revoked) await recordAuditEvent(tx, principal, 'calendarFeed.revoked', id, { reason: 'replaced' });
        const { secret, secretHash } = createLinkSecret();
        const feed = await insertCalendarFeed(tx, { firmId: principal.firmId, userId: principal.userId, tokenHash: secretHash, scope });
        await recordAuditEvent(tx, principal, 'calendarFeed.created', feed.id, { scope, tokenPrefix: secret.slice(0, 4) });
        const url = feedUrl(secret);
        return { ...statusOf(feed), url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
      });
    },

    revokeFeed: (principal: FirmPrincipal): Promise<CalendarFeedStatus> =>
      database.withFirm(principal.firmId, async (tx) => {
        const revoked = await revokeCalendarFeeds(tx, principal.firmId, principal.userId);
        for (const id of revoked) await recordAuditEvent(tx, principal, 'calendarFeed.revoked', id, { reason: 'revoked' });
        return statusOf(null);
      }),

    settings: (principal: FirmPrincipal): Promise<CourtCalendarSettings> =>
      database.withFirm(principal.firmId, (tx) => findCalendarSettings(tx, principal.firmId), READ_ONLY),

    updateSettings: (principal: FirmPrincipal, input: CourtCalendarSettings): Promise<CourtCalendarSettings> =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = await findCalendarSettings(tx, principal.firmId);
        await upsertCalendarSettings(tx, principal.firmId, input);
        await recordAuditEvent(tx, principal, 'courtCalendarSettings.updated', principal.firmId, changeOf(before, input));
        return findCalendarSettings(tx, principal.firmId);
      }),

    /**
     * The ICS text behind a feed token; 404 for an unknown or revoked token or a deactivated user.
     * A 'firm' feed whose owner has since lost courtUpdate shows only their own matters.
     */
    feedIcs: (token: string): Promise<string> => {
      if (!FEED_TOKEN.test(token)) return Promise.reject(notFound('Calendar'));
      return database.withIdentityLookup(async (tx) => {
        const feed = await findLiveFeedByTokenHash(tx, hashLinkSecret(token));
        if (!feed) throw notFound('Calendar');
        await switchToFirm(tx, feed.firmId);
        const owner = await findFeedOwner(tx, feed.firmId, feed.userId);
        if (!owner?.isActive) throw notFound('Calendar');
        const isFirmWide = feed.scope === 'firm' && hasPermissions(owner.permissions, COURT_UPDATE);
        const firm = await firmCalendarOf(tx, feed.firmId);
        const rows = await findHearings(tx, feed.firmId, {
          fromDate: addDays(firm.today, -FEED_PAST_DAYS),
          toDate: null,
          timeZone: firm.timeZone,
          assigneeUserId: isFirmWide ? undefined : feed.userId,
          withCancelled: true,
        });
        const others = await calendarFeedItems(tx, feed.firmId, {
          userId: feed.userId,
          isFirmWide: feed.scope === 'firm',
          fromDate: addDays(firm.today, -FEED_PAST_DAYS),
          timeZone: firm.timeZone,
        });
        return hearingsIcs(firm, rows, others);
      });
    },
  };
}

export type CourtCalendarService = ReturnType<typeof createCourtCalendarService>;
