import { eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { clients, courtUpdateAppearances, courts, courtUpdates, matters, users } from '../../db/schema/index.ts';
import { declareList, type ListRequest } from '../../platform/lists/list-declaration.ts';
import { nameByKey, sortByName } from '../../platform/lists/list-names.ts';

/** HH:MM of a time column (PostgreSQL answers HH:MM:SS). */
const hoursAndMinutes = sql<string | null>`to_char(${courtUpdates.nextAdjournedTime}, 'HH24:MI')`;

/** What a page row holds: the court update's own columns and its names, each looked up by key (no joins, no N+1). */
export const courtUpdateColumns = {
  id: courtUpdates.id,
  clientId: courtUpdates.clientId,
  clientName: nameByKey<string>(clients, clients.displayName, courtUpdates.clientId),
  matterId: courtUpdates.matterId,
  matterName: nameByKey<string>(matters, matters.matterName, courtUpdates.matterId),
  matterNumber: nameByKey<string | null>(matters, matters.matterNumber, courtUpdates.matterId),
  courtId: courtUpdates.courtId,
  courtName: nameByKey<string>(courts, courts.name, courtUpdates.courtId),
  courtDivision: nameByKey<string | null>(courts, courts.division, courtUpdates.courtId),
  suitNumber: courtUpdates.suitNumber,
  judge: courtUpdates.judge,
  hearingDate: courtUpdates.hearingDate,
  /** The list shows the first line of what happened, at most 200 characters. */
  outcome: sql<string>`left(split_part(${courtUpdates.outcome}, E'\\n', 1), 200)`,
  nextAdjournedDate: courtUpdates.nextAdjournedDate,
  nextAdjournedTime: hoursAndMinutes,
  nextAdjournedPurpose: courtUpdates.nextAdjournedPurpose,
  isSharedWithClient: courtUpdates.isSharedWithClient,
  addedByUserId: courtUpdates.addedByUserId,
  addedByUserName: nameByKey<string>(users, users.name, courtUpdates.addedByUserId),
  createdAt: courtUpdates.createdAt,
};

export type CourtUpdateListFilters = {
  clientId?: string | undefined;
  matterId?: string | undefined;
  courtId?: string | undefined;
  fromHearingDate?: string | undefined;
  toHearingDate?: string | undefined;
  fromNextAdjournedDate?: string | undefined;
  toNextAdjournedDate?: string | undefined;
};
export type CourtUpdateSortColumn =
  'hearingDate' | 'nextAdjournedDate' | 'suitNumber' | 'courtName' | 'clientName' | 'matterName' | 'createdAt';
export type CourtUpdateListRequest = ListRequest<CourtUpdateListFilters, CourtUpdateSortColumn>;

/**
 * Court updates, latest hearing first, in the order of the firm/matter/client/court date indexes;
 * the next-adjourned range reads the upcoming-hearings index. A search matches the update's own
 * search text (suit number, judge, what happened, purpose, next steps), which its trigram index
 * serves alone: an OR with its matter's or court's names (as the flat-fee list has) left PostgreSQL
 * walking every row in date order (0.6 s on 100,000 court updates, against 2 ms); the matter,
 * client and court are filters instead.
 */
export const courtUpdateList = declareList({
  table: courtUpdates,
  live: isNull(courtUpdates.deletedAt),
  filters: {
    clientId: (clientId: string) => eq(courtUpdates.clientId, clientId),
    matterId: (matterId: string) => eq(courtUpdates.matterId, matterId),
    courtId: (courtId: string) => eq(courtUpdates.courtId, courtId),
    fromHearingDate: (date: string) => gte(courtUpdates.hearingDate, date),
    toHearingDate: (date: string) => lte(courtUpdates.hearingDate, date),
    fromNextAdjournedDate: (date: string) => gte(courtUpdates.nextAdjournedDate, date),
    toNextAdjournedDate: (date: string) => lte(courtUpdates.nextAdjournedDate, date),
  },
  search: [courtUpdates.searchText],
  sorts: {
    hearingDate: { keys: [{ key: courtUpdates.hearingDate }, { key: courtUpdates.createdAt }] },
    nextAdjournedDate: {
      keys: [
        { key: courtUpdates.nextAdjournedDate, isNullable: true },
        { key: courtUpdates.nextAdjournedTime, isNullable: true },
        { key: courtUpdates.createdAt },
      ],
    },
    suitNumber: { keys: [{ key: courtUpdates.suitNumber }] },
    createdAt: { keys: [{ key: courtUpdates.createdAt }] },
    courtName: sortByName(courts, courts.name, courtUpdates.courtId),
    clientName: sortByName(clients, clients.displayName, courtUpdates.clientId),
    matterName: sortByName(matters, matters.matterName, courtUpdates.matterId),
  },
  columns: courtUpdateColumns,
  isDescendingNullsLast: true,
});

/** The CSV's rows: the list's, with the whole of what happened, the next steps and who appeared. */
export const courtUpdateCsvList = {
  ...courtUpdateList,
  columns: {
    ...courtUpdateColumns,
    outcome: courtUpdates.outcome,
    nextSteps: courtUpdates.nextSteps,
    appearances: sql<string | null>`(select string_agg(appeared.name, ', ' order by appeared.name)
      from ${courtUpdateAppearances} appearance join ${users} appeared on appeared.id = appearance.user_id
      where appearance.court_update_id = ${courtUpdates.id})`,
  },
};
