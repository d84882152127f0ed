import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  isoToDisplayDate,
  type CourtUpdate,
  type CourtUpdateInputParsed,
  type CourtUpdateListItem,
  type courtUpdateListQuerySchema,
  type CourtUpdatePage,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordWriting } from '../time-suggestions/time-suggestions.api.ts';
import { streamListCsv } from '../../platform/lists/list-csv.ts';
import { readListPage, type ListRow } from '../../platform/lists/list-page.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';
import { queueCourtUpdateMessages } from './court-update-client-messages.ts';
import { courtUpdateCsv } from './court-update-csv.ts';
import { checkReferences } from './court-update-references.ts';
import { courtUpdateCsvList, courtUpdateList, type CourtUpdateListRequest } from './court-update-list.repository.ts';
import {
  findAppearances,
  findCourtUpdateDetail,
  insertCourtUpdate,
  lockCourtUpdate,
  replaceAppearances,
  setCourtUpdateDeleted,
  updateCourtUpdate,
  type CourtUpdateValues,
} from './court-updates.repository.ts';

type ParsedListQuery = z.output<typeof courtUpdateListQuerySchema>;
export type CourtUpdateService = ReturnType<typeof createCourtUpdateService>;

/** Time as HH:MM (the column answers HH:MM:SS). */
const hoursAndMinutes = (time: string | null) => (time ? time.slice(0, 5) : null);

const valuesOf = (input: CourtUpdateInputParsed, clientId: string): CourtUpdateValues => ({
  clientId,
  matterId: input.matterId,
  courtId: input.courtId,
  suitNumber: input.suitNumber,
  judge: input.judge,
  hearingDate: input.hearingDate,
  outcome: input.outcome,
  nextAdjournedDate: input.nextAdjournedDate,
  nextAdjournedTime: input.nextAdjournedTime,
  nextAdjournedPurpose: input.nextAdjournedPurpose,
  nextSteps: input.nextSteps,
  isSharedWithClient: input.isSharedWithClient,
});

/** What the trail keeps of a court update: where and when it was heard, who appeared and when it is next in court. */
const audited = (values: CourtUpdateValues, appearanceUserIds: string[]) => ({
  matterId: values.matterId,
  courtId: values.courtId,
  suitNumber: values.suitNumber,
  judge: values.judge,
  hearingDate: values.hearingDate,
  appearanceUserIds: [...appearanceUserIds].sort(),
  nextAdjournedDate: values.nextAdjournedDate,
  nextAdjournedTime: hoursAndMinutes(values.nextAdjournedTime),
  nextAdjournedPurpose: values.nextAdjournedPurpose,
  isSharedWithClient: values.isSharedWithClient,
});

type ListRowOf = ListRow<typeof courtUpdateList.columns>;
const listItemOf = ({ createdAt, ...row }: ListRowOf): CourtUpdateListItem => ({ ...row, createdAt: createdAt.toISOString() });

async function viewOf(tx: Tx, firmId: string, courtUpdateId: string): Promise<CourtUpdate> {
  const row = await findCourtUpdateDetail(tx, firmId, courtUpdateId);
  if (!row) throw notFound('Court update');
  const { createdAt, updatedAt, ...rest } = row;
  const appearances = await findAppearances(tx, firmId, courtUpdateId);
  return { ...rest, appearances, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

export function requestOf(query: ParsedListQuery): CourtUpdateListRequest {
  return {
    filters: {
      clientId: query.ClientId,
      matterId: query.MatterId,
      courtId: query.CourtId,
      fromHearingDate: query.FromHearingDate,
      toHearingDate: query.ToHearingDate,
      fromNextAdjournedDate: query.FromNextAdjournedDate,
      toNextAdjournedDate: query.ToNextAdjournedDate,
    },
    searchText: query.GeneralSearchText || undefined,
    sort: { column: query.sortColumn, direction: query.sortType },
  };
}

/** Writing an update is its author's work on the matter (Suggested time), named by the next date or what happened. */
const writingOf = (input: CourtUpdateInputParsed, courtUpdateId: string) => ({
  matterId: input.matterId,
  kind: 'courtUpdateWritten' as const,
  subject: input.nextAdjournedDate ? `Adjourned to ${isoToDisplayDate(input.nextAdjournedDate)}` : input.outcome,
  sourceId: courtUpdateId,
  measuredSeconds: input.writingSeconds,
});

/** `clientUpdates` queues the client's SMS and WhatsApp updates (client-messages' surface, composed in app.ts). */
export function createCourtUpdateService(database: Database, clientUpdates?: QueueClientUpdate) {
  return {
    create: (principal: FirmPrincipal, input: CourtUpdateInputParsed): Promise<CourtUpdate> =>
      database.withFirm(principal.firmId, async (tx) => {
        const { clientId, appearanceUserIds } = await checkReferences(tx, principal.firmId, input, null);
        const values = valuesOf(input, clientId);
        const id = await insertCourtUpdate(tx, principal.firmId, principal.userId, values);
        await replaceAppearances(tx, principal.firmId, id, appearanceUserIds);
        await recordAuditEvent(tx, principal, 'courtUpdate.created', id, { after: audited(values, appearanceUserIds) });
        await recordWriting(tx, principal, writingOf(input, id));
        await queueCourtUpdateMessages(clientUpdates, tx, principal, id, values, null);
        return viewOf(tx, principal.firmId, id);
      }),

    view: (principal: FirmPrincipal, courtUpdateId: string): Promise<CourtUpdate> =>
      database.withFirm(principal.firmId, (tx) => viewOf(tx, principal.firmId, courtUpdateId), READ_ONLY),

    /** Replaces the court update, its appearances included. */
    update: (principal: FirmPrincipal, courtUpdateId: string, input: CourtUpdateInputParsed): Promise<CourtUpdate> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockCourtUpdate(tx, principal.firmId, courtUpdateId);
        if (!previous) throw notFound('Court update');
        const previousAppearances = (await findAppearances(tx, principal.firmId, courtUpdateId)).map((user) => user.userId);
        const { clientId, appearanceUserIds } = await checkReferences(tx, principal.firmId, input, {
          ...previous,
          appearanceUserIds: previousAppearances,
        });
        const values = valuesOf(input, clientId);
        await updateCourtUpdate(tx, principal.firmId, courtUpdateId, values);
        await replaceAppearances(tx, principal.firmId, courtUpdateId, appearanceUserIds);
        const change = changeOf(audited(previous, previousAppearances), audited(values, appearanceUserIds));
        await recordAuditEvent(tx, principal, 'courtUpdate.updated', courtUpdateId, change);
        await recordWriting(tx, principal, writingOf(input, courtUpdateId));
        await queueCourtUpdateMessages(clientUpdates, tx, principal, courtUpdateId, values, previous);
        return viewOf(tx, principal.firmId, courtUpdateId);
      }),

    /** A soft delete: the hearing leaves the lists, the calendar and the reminders. */
    remove: (principal: FirmPrincipal, courtUpdateId: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockCourtUpdate(tx, principal.firmId, courtUpdateId);
        if (!previous) throw notFound('Court update');
        const appearances = (await findAppearances(tx, principal.firmId, courtUpdateId)).map((user) => user.userId);
        await setCourtUpdateDeleted(tx, principal.firmId, courtUpdateId, principal.userId);
        await recordAuditEvent(tx, principal, 'courtUpdate.deleted', courtUpdateId, { before: audited(previous, appearances) });
      }),

    page: (principal: FirmPrincipal, query: ParsedListQuery): Promise<CourtUpdatePage> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const { rows, ...total } = await readListPage(tx, courtUpdateList, principal.firmId, requestOf(query), query);
          return { data: rows.map(listItemOf), page: query.page, size: query.size, ...total };
        },
        READ_ONLY,
      ),

    /** The whole filtered list as CSV, one snapshot, streamed. */
    csv: (principal: FirmPrincipal, query: ParsedListQuery): Promise<Readable> =>
      streamListCsv(database, principal.firmId, courtUpdateCsvList, requestOf(query), courtUpdateCsv),
  };
}
