import { useSyncExternalStore } from 'react';

/** What the time-entry popup opens with (SPEC.md §3 "time-entry popup flag with data"). */
export type TimeEntryPopupRequest = {
  /** Set when editing: the popup loads the entry and reads 'Edit Time Entry'. */
  entryId?: string;
  /** Opened by the header timer's Stop: the entry is saved from the timer. */
  fromTimer?: boolean;
  /** Decimal hours to fill the Duration field with (the timer's total, 4 decimals). */
  duration?: string;
  /** Preselected client and matter, e.g. from a matter's time tab. */
  clientId?: string;
  matterId?: string;
  /** The words to start with: the task's or event's the timer was started for ("bill this"). */
  description?: string;
  /** A new entry written offline that the server refused (Edit in the waiting list): its form values, replaced by the save. */
  kept?: { key: string; values: unknown };
};

export type TimeEntryPopupState = {
  isOpen: boolean;
  request: TimeEntryPopupRequest;
  /** Grows with every open, so each opening starts a fresh form. */
  openCount: number;
};

type Listener = () => void;

let state: TimeEntryPopupState = { isOpen: false, request: {}, openCount: 0 };
const listeners = new Set<Listener>();

function publish(next: TimeEntryPopupState) {
  state = next;
  for (const listener of listeners) listener();
}

/** The app-wide popup flag: any page opens the one popup the firm shell hosts. */
export const timeEntryPopup = {
  open(request: TimeEntryPopupRequest = {}): void {
    publish({ isOpen: true, request: { ...request }, openCount: state.openCount + 1 });
  },
  close(): void {
    if (state.isOpen) publish({ ...state, isOpen: false });
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot(): TimeEntryPopupState {
    return state;
  },
};

export function useTimeEntryPopupState(): TimeEntryPopupState {
  return useSyncExternalStore(timeEntryPopup.subscribe, timeEntryPopup.getSnapshot, timeEntryPopup.getSnapshot);
}
