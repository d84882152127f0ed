import { lazy, Suspense } from 'react';
import { useTimeEntryPopupState } from '../../../lib/app-state/time-entry-popup-state.ts';

// The popup's form, date pickers and lookups load on first opening, not with every firm page.
const TimeEntryPopup = lazy(async () => ({ default: (await import('./time-entry-popup.tsx')).TimeEntryPopup }));

/** The one time-entry popup of the firm shell; any page opens it through timeEntryPopup.open(). */
export function TimeEntryPopupHost() {
  const popup = useTimeEntryPopupState();
  if (!popup.isOpen) return null;
  // A new key per opening: every opening starts a fresh form.
  return (
    <Suspense fallback={null}>
      <TimeEntryPopup key={popup.openCount} request={popup.request} />
    </Suspense>
  );
}
