import { type PortalMatterDetail, type PortalMatterUpdate, type PortalOverview, type PortalTrust } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { PortalPrincipal } from '../../plugins/route-access.ts';
import { sumClientBalancesDue } from '../invoices/invoices.api.ts';
import { createClientTrustReader, sumClientTrustHeld } from '../trust/trust.api.ts';
import {
  findPortalClientMatters,
  findPortalCourtDates,
  findPortalSharedUpdates,
  type PortalSharedUpdateRow,
} from './client-portal.repository.ts';
import { movementDescription } from './portal-words.ts';

/** The overview's short lists. */
const NEXT_COURT_DATES = 5;
const RECENTLY_SHARED = 5;
/** A matter's shared history in one answer: years of a busy matter's notes and hearings fit. */
const MATTER_UPDATES = 500;

function updateOf(row: PortalSharedUpdateRow): PortalMatterUpdate {
  if (row.kind === 'note') return { kind: 'note', id: row.id, date: row.date, title: row.title, bodyHtml: row.bodyHtml ?? '' };
  return {
    kind: 'courtUpdate',
    id: row.id,
    date: row.date,
    court: row.court ?? '',
    suitNumber: row.suitNumber ?? '',
    judge: row.judge,
    outcome: row.outcome ?? '',
    nextAdjournedDate: row.nextAdjournedDate,
    nextAdjournedTime: row.nextAdjournedTime,
    nextAdjournedPurpose: row.nextAdjournedPurpose,
    nextSteps: row.nextSteps,
  };
}

/**
 * What a client reads in the portal about their matters. The firm and the client come from the
 * portal session alone, and only what the firm marked "share with client" is ever read.
 */
export function createClientPortalService(database: Database) {
  const trust = createClientTrustReader(database);
  return {
    /** The client's money held in trust: each ledger's balance, and the movements with the balance after each. */
    async trust(principal: PortalPrincipal, page: { page: number; size: number }): Promise<PortalTrust> {
      const balances = await trust.balances(principal.firmId, principal.clientId);
      const ledger = await trust.ledger(principal.firmId, principal.clientId, page);
      return {
        ledgers: balances.ledgers.map((row) => ({
          trustAccountName: row.trustAccountName,
          currencySymbol: row.currencySymbol,
          matterId: row.matterId,
          matterName: row.matterName,
          balance: row.balance,
        })),
        movements: {
          data: ledger.data.map((entry) => ({
            id: entry.id,
            number: entry.number,
            date: entry.date,
            matterName: entry.matterName,
            description: movementDescription(entry),
            signedAmount: entry.signedAmount,
            balanceAfter: entry.balanceAfter,
            currencySymbol: entry.currencySymbol,
            isCleared: entry.isCleared,
          })),
          page: ledger.page,
          size: ledger.size,
          totalCount: ledger.totalCount,
        },
      };
    },

    overview: (principal: PortalPrincipal): Promise<PortalOverview> =>
      database.withFirm(
        principal.firmId,
        async (tx) => ({
          matters: await findPortalClientMatters(tx, principal.firmId, principal.clientId),
          nextCourtDates: await findPortalCourtDates(tx, principal.firmId, principal.clientId, NEXT_COURT_DATES),
          recentlyShared: (await findPortalSharedUpdates(tx, principal.firmId, principal.clientId, { limit: RECENTLY_SHARED })).map(
            ({ kind, id, matterId, matterName, title, date }) => ({ kind, id, matterId, matterName, title, date }),
          ),
          balancesDue: await sumClientBalancesDue(tx, principal.firmId, principal.clientId),
          trustHeld: await sumClientTrustHeld(tx, principal.firmId, principal.clientId),
        }),
        READ_ONLY,
      ),

    /** One of the client's own matters; any other id, another client's included, is not found. */
    matter: (principal: PortalPrincipal, matterId: string): Promise<PortalMatterDetail> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const matter = (await findPortalClientMatters(tx, principal.firmId, principal.clientId)).find((row) => row.matterId === matterId);
          if (!matter) throw notFound('Matter');
          const rows = await findPortalSharedUpdates(tx, principal.firmId, principal.clientId, { matterId, limit: MATTER_UPDATES });
          return { ...matter, updates: rows.map(updateOf) };
        },
        READ_ONLY,
      ),
  };
}
export type ClientPortalService = ReturnType<typeof createClientPortalService>;
