import { daysBetween, isoToDisplayDate, todayIso, type CourtUpdateListItem } from '@matterhorn/shared';

/** A next adjourned date this close (in days, from today) is highlighted: the hearing needs preparing. */
export const SOON_DAYS = 14;

/** ISO date to DD/MM/YYYY (SPEC.md §2); '—' for none. */
export function formatCourtDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return isoToDisplayDate(iso.slice(0, 10)) || iso;
}

/** True when the date is today or within the next SOON_DAYS days. */
export function isSoon(iso: string | null | undefined, today: string = todayIso()): boolean {
  if (!iso) return false;
  const days = daysBetween(today, iso);
  return days >= 0 && days <= SOON_DAYS;
}

/** The first non-blank line of what happened, as the list shows it. */
export function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/** "20/05/2025 at 09:30 — Continuation of trial", or only the parts given. */
export function nextAdjournedText(update: {
  nextAdjournedDate: string | null;
  nextAdjournedTime: string | null;
  nextAdjournedPurpose: string | null;
}): string {
  if (!update.nextAdjournedDate) return '—';
  const time = update.nextAdjournedTime ? ` at ${update.nextAdjournedTime}` : '';
  const purpose = update.nextAdjournedPurpose ? ` — ${update.nextAdjournedPurpose}` : '';
  return `${formatCourtDate(update.nextAdjournedDate)}${time}${purpose}`;
}

/** How a row's buttons are read out: "Edit court update FHC/L/CS/123/2024 of 05/03/2024". */
export function courtUpdateName(update: Pick<CourtUpdateListItem, 'suitNumber' | 'hearingDate'>): string {
  return `court update ${update.suitNumber} of ${formatCourtDate(update.hearingDate)}`;
}

export const viewCourtUpdatePath = (id: string) => `/view/court-update?id=${encodeURIComponent(id)}`;
export const editCourtUpdatePath = (id: string) => `/progress-update/edit-court-update/${encodeURIComponent(id)}`;
export const addCourtUpdatePath = (matterId?: string) =>
  `/progress-update/add-progress-update?iscourtupdate=true${matterId ? `&matterId=${encodeURIComponent(matterId)}` : ''}`;
export const COURT_UPDATES_LIST_PATH = '/progress-update?activeTab=court-update';

/** The toast after an add or an edit. */
export const SAVED_MESSAGE = 'Court update saved';
