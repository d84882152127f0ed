import { hasPermissions, SPEC_MESSAGES, type BareNumberUnit, type TimeEntry } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { timeEntryPopup, type TimeEntryPopupRequest } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import type { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { CREATE_TIME_ENTRY_PATH, createTimeEntry, TIME_ENTRIES_KEY, updateTimeEntry } from '../api/time-entry.ts';
import { timeEntryBodyFrom, type timeEntryFormSchema, type TimeEntryFormValues } from '../utils/time-entry-form-values.ts';
import { timerDraft } from '../utils/timer-draft.ts';
import { useTimerActions } from './use-timer-actions.ts';
import { FIGURES_KEY } from '../../../lib/app-state/figure-keys.ts';

export const TIME_ENTRIES_PATH = '/time-entries';
export type SaveMode = 'save' | 'saveAndAddNew';

type PopupActionsInput = {
  form: ReturnType<typeof useSchemaForm<typeof timeEntryFormSchema, TimeEntryFormValues>>;
  /** The values as last rendered (what Save sends and Minimize keeps). */
  latest: RefObject<TimeEntryFormValues>;
  request: TimeEntryPopupRequest;
  entry: TimeEntry | null;
  isFromTimer: boolean;
  bareNumberUnit: BareNumberUnit;
  setSaveMode: (mode: SaveMode) => void;
};

/** The popup's buttons: Save, Save & Add New, Cancel, 'Minimize popup' and the timer's 'Delete Entry'. */
export function usePopupActions({ form, latest, request, entry, isFromTimer, bareNumberUnit, setSaveMode }: PopupActionsInput) {
  const { workingUser, permissions, profile } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timer = useTimerActions();
  const idempotency = useIdempotencyKey();
  useEffect(() => {
    void loadOfflineWrites();
  }, []);

  const submit = (mode: SaveMode) =>
    form.onSubmit(async () => {
      setSaveMode(mode);
      if (!hasPermissions(permissions, [entry ? 'timeEntry.edit' : 'timeEntry.create'])) {
        toast.alert(SPEC_MESSAGES.noPermission);
        return;
      }
      const body = timeEntryBodyFrom(latest.current, {
        homeCurrencyId: workingUser?.currencyId ?? null,
        adminUserId: workingUser?.id ?? null,
        businessId: workingUser?.businessId ?? null,
        fromTimer: isFromTimer,
        bareNumberUnit,
        entry,
      });
      // One Idempotency-Key per popup: a retried or doubled Save never records the time twice.
      if (entry) await updateTimeEntry(entry.id, body);
      else {
        // With no connection the entry is kept on the device and sent under the same key later (issue 46).
        const { offlineWrites, sendOrKeep } = await loadOfflineWrites();
        await sendOrKeep(
          {
            key: idempotency.key,
            kind: 'timeEntry',
            ownerId: profile?.id,
            body,
            summary: timeEntrySummary(String(body.duration), latest.current.description),
            formValues: latest.current,
          },
          CREATE_TIME_ENTRY_PATH,
          () => createTimeEntry(body, idempotency.key, { silent: true }),
        );
        if (request.kept) await offlineWrites.forget(request.kept.key);
      }
      if (isFromTimer) timerDraft.clear();
      // Lists, totals and the timer (which a save from the timer has stopped and reset).
      void queryClient.invalidateQueries({ queryKey: TIME_ENTRIES_KEY });
      // The dashboard's week and cards, and any report on screen, count this entry now.
      void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
      if (isFromTimer) void navigate(TIME_ENTRIES_PATH);
      if (mode === 'saveAndAddNew') timeEntryPopup.open({ clientId: request.clientId, matterId: request.matterId });
      else timeEntryPopup.close();
    });

  /** 'Minimize popup': closes; from the timer it keeps the typing and resumes the timer. */
  const minimize = () => {
    timeEntryPopup.close();
    if (!isFromTimer) return;
    timerDraft.keep(latest.current);
    void timer.start();
  };

  const cancel = () => {
    if (isFromTimer) timerDraft.clear();
    timeEntryPopup.close();
  };

  /** 'Delete Entry' (from the timer): the timer's logs go, and the timer is back to idle. */
  const deleteTimerEntry = async () => {
    const message = await timer.reset();
    if (message) toast.success(message);
    timerDraft.clear();
    timeEntryPopup.close();
  };

  return { save: submit('save'), saveAndAddNew: submit('saveAndAddNew'), minimize, cancel, deleteTimerEntry };
}

/**
 * The offline queue's code, loaded as the popup opens (useEffect in usePopupActions) and awaited by
 * Save: the popup's first paint, on every firm page, does not wait for it.
 */
const loadOfflineWrites = async () => {
  const [{ offlineWrites }, { sendOrKeep }] = await Promise.all([
    import('../../../lib/offline/offline-writes.ts'),
    import('../../../lib/offline/send-offline-writes.ts'),
  ]);
  return { offlineWrites, sendOrKeep };
};

/** The entry as the waiting list names it: its hours (decimal, as sent) and the start of its description. */
function timeEntrySummary(hours: string, typed: string): string {
  const description = typed
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `Time entry: ${hours} h${description ? `, ${description.slice(0, 60)}` : ''}`;
}
