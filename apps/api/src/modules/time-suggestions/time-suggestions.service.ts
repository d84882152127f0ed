import {
  canMergeSuggestions,
  IS_BILLABLE,
  TIME_ENTRY_MESSAGES,
  TIME_SUGGESTION_MESSAGES,
  timeEntryInputSchema,
  sumHours,
  type acceptSuggestionSchema,
  type TimeEntry,
  type TimeEntryInputParsed,
  type TimeSuggestion,
  type timeRecordingPreferencesInputSchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  deleteMemberWork,
  findActivityTypes,
  findDocumentOnMatter,
  findMatters,
  findPreferences,
  findRecordedSeconds,
  findSettledSeconds,
  findSuggestionSettings,
  findWorkActions,
  insertWorkActivity,
  lockMemberDay,
  savePreferences,
  settleSuggestion,
} from './time-suggestions.repository.ts';
import { buildSuggestions, workedSecondsOf } from './time-suggestions.rules.ts';

/** How a time entry is recorded: the time-entries module's own create, with the popup's rules. */
export type RecordTime = (principal: FirmPrincipal, input: TimeEntryInputParsed) => Promise<TimeEntry>;

type AcceptInput = z.output<typeof acceptSuggestionSchema>;
type Accepted = { timeEntryIds: string[]; skipped: { matterId: string; reason: string }[] };

/** The days counted beside the timer: the last week, today included. */
export const COUNT_DAYS = 7;

const addDays = (isoDate: string, days: number) => new Date(Date.parse(isoDate) + days * 86_400_000).toISOString().slice(0, 10);

async function suggestionsIn(tx: Tx, principal: FirmPrincipal, from: string, to: string): Promise<TimeSuggestion[]> {
  const { firmId, userId } = principal;
  const settings = await findSuggestionSettings(tx, firmId, userId);
  if (!settings?.firmSuggestsTime || !settings.userSuggestsTime) return [];
  const actions = await findWorkActions(tx, firmId, userId, from, to);
  if (actions.length === 0) return [];
  return buildSuggestions({
    actions,
    recorded: await findRecordedSeconds(tx, firmId, userId, from, to),
    settled: await findSettledSeconds(tx, firmId, userId, from, to),
    matters: await findMatters(tx, firmId, [...new Set(actions.map((action) => action.matterId))]),
    activityTypes: await findActivityTypes(tx, firmId),
    billingIncrement: settings.billingIncrement,
  });
}

/** The time entry a suggestion (with any merged into it) becomes, as the popup would send it. */
function entryInputOf(principal: FirmPrincipal, target: TimeSuggestion, merged: TimeSuggestion[], input: Partial<AcceptInput>) {
  const all = [target, ...merged];
  const activityId = input.activityId ?? target.activityId;
  if (!activityId) throw badRequest(TIME_ENTRY_MESSAGES.activityRequired, { activityId: TIME_ENTRY_MESSAGES.activityRequired });
  return timeEntryInputSchema.parse({
    clientId: target.clientId,
    matterId: target.matterId,
    activityId,
    // Emailing a bill or a request for funds (all emailSent records) is the firm's overhead, not the client's work (ADR 72).
    isBillable: all.every((suggestion) => suggestion.actions.every((action) => action.kind === 'emailSent'))
      ? IS_BILLABLE.notBillable
      : IS_BILLABLE.billable,
    timeEntryUserId: principal.userId,
    description: input.description?.trim() || all.map((suggestion) => suggestion.narrative).join('; '),
    timeEntryDate: target.workDate,
    duration: input.duration || sumHours(all.map((suggestion) => suggestion.proposedHours)),
    // Blank: the fee earner's rate on the matter, as the popup fills it in.
    userRate: '',
    exchangeRate: '1',
    ManualTimeEntry: true,
  });
}

/** Suggested time (issue 44): the signed-in member's own work only, never anyone else's. */
export type TimeSuggestionService = ReturnType<typeof createTimeSuggestionService>;

export function createTimeSuggestionService(database: Database, recordTime: RecordTime) {
  const dayOf = async (tx: Tx, principal: FirmPrincipal, workDate: string) => {
    await lockMemberDay(tx, principal.firmId, principal.userId, workDate);
    return suggestionsIn(tx, principal, workDate, workDate);
  };

  const settle = async (tx: Tx, principal: FirmPrincipal, suggestions: TimeSuggestion[]) => {
    for (const suggestion of suggestions)
      await settleSuggestion(tx, principal.firmId, principal.userId, suggestion.workDate, suggestion.matterId, workedSecondsOf(suggestion));
  };

  return {
    list: (principal: FirmPrincipal, from: string, to: string) =>
      database.withFirm(principal.firmId, (tx) => suggestionsIn(tx, principal, from, to), { readOnly: true }),

    count: (principal: FirmPrincipal) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const today = (await findSuggestionSettings(tx, principal.firmId, principal.userId))?.today;
          if (!today) return { count: 0 };
          return { count: (await suggestionsIn(tx, principal, addDays(today, 1 - COUNT_DAYS), today)).length };
        },
        { readOnly: true },
      ),

    /** Under the member's day lock: a second accept of the same suggestion finds nothing left (409). */
    accept: (principal: FirmPrincipal, input: AcceptInput): Promise<Accepted> =>
      database.withFirm(principal.firmId, async (tx) => {
        const day = await dayOf(tx, principal, input.workDate);
        const find = (matterId: string) => {
          const suggestion = day.find((candidate) => candidate.matterId === matterId);
          if (!suggestion) throw conflict(TIME_SUGGESTION_MESSAGES.nothingLeft);
          return suggestion;
        };
        const target = find(input.matterId);
        // The contract refuses this already; said again here so no other caller can put one client's work on another's entry.
        if (!input.mergedMatterIds.every((matterId) => canMergeSuggestions({ matterId }, target)))
          throw badRequest(TIME_SUGGESTION_MESSAGES.mergeOtherMatter, { mergedMatterIds: TIME_SUGGESTION_MESSAGES.mergeOtherMatter });
        // One suggestion per matter and day: the same matter named again adds nothing.
        const entry = await recordTime(principal, entryInputOf(principal, target, [], input));
        await settle(tx, principal, [target]);
        return { timeEntryIds: [entry.id], skipped: [] };
      }),

    /** Every suggestion of a day as proposed; one that cannot be (no activity type fits, a closed matter) is skipped with the reason. */
    acceptDay: (principal: FirmPrincipal, workDate: string): Promise<Accepted> =>
      database.withFirm(principal.firmId, async (tx) => {
        const day = await dayOf(tx, principal, workDate);
        const open = new Set(
          (
            await findMatters(
              tx,
              principal.firmId,
              day.map((s) => s.matterId),
            )
          )
            .filter((m) => m.isOpen)
            .map((m) => m.id),
        );
        const accepted: Accepted = { timeEntryIds: [], skipped: [] };
        for (const suggestion of day) {
          if (!open.has(suggestion.matterId)) accepted.skipped.push({ matterId: suggestion.matterId, reason: 'The matter is closed' });
          else if (!suggestion.activityId)
            accepted.skipped.push({ matterId: suggestion.matterId, reason: 'No activity type fits: choose one and accept it alone' });
          else {
            accepted.timeEntryIds.push((await recordTime(principal, entryInputOf(principal, suggestion, [], {}))).id);
            await settle(tx, principal, [suggestion]);
          }
        }
        return accepted;
      }),

    /** Dismissing what is already gone does nothing. */
    dismiss: (principal: FirmPrincipal, workDate: string, matterId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const suggestion = (await dayOf(tx, principal, workDate)).find((candidate) => candidate.matterId === matterId);
        if (suggestion) await settle(tx, principal, [suggestion]);
      }),

    /** A beat of reading a document on a matter, while its tab is visible and its reader active. */
    documentReading: (principal: FirmPrincipal, documentId: string, seconds: number) =>
      database.withFirm(principal.firmId, async (tx) => {
        const document = await findDocumentOnMatter(tx, principal.firmId, documentId);
        if (!document) throw notFound('Document');
        if (!document.matterId) throw badRequest(TIME_SUGGESTION_MESSAGES.documentWithoutMatter);
        await insertWorkActivity(tx, principal.firmId, principal.userId, {
          matterId: document.matterId,
          kind: 'documentRead',
          subject: document.name,
          seconds,
          sourceId: documentId,
        });
      }),

    preferences: (principal: FirmPrincipal) =>
      database.withFirm(principal.firmId, (tx) => findPreferences(tx, principal.firmId, principal.userId), { readOnly: true }),

    /** Opting out forgets: what was recorded of the member's work is deleted with it. */
    updatePreferences: (principal: FirmPrincipal, input: z.output<typeof timeRecordingPreferencesInputSchema>) =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = await findPreferences(tx, principal.firmId, principal.userId);
        const after = {
          bareNumberUnit: input.bareNumberUnit ?? before.bareNumberUnit,
          suggestsTime: input.suggestsTime ?? before.suggestsTime,
        };
        await savePreferences(tx, principal.firmId, principal.userId, after);
        if (!after.suggestsTime) await deleteMemberWork(tx, principal.firmId, principal.userId);
        return { ...after, firmSuggestsTime: before.firmSuggestsTime };
      }),
  };
}
