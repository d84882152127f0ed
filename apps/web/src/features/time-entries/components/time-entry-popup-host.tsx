import { useTimeEntryPopupState } from '../../../lib/app-state/time-entry-popup-state.ts';
import { TimeEntryPopup } from './time-entry-popup.tsx';

/** The one time-entry popup of the firm shell; any page opens it through timeEntryPopup.open(). */
export function TimeEntryPopupHost() {
  const popup = useTimeEntryPopupState();
  if (!popup.isOpen) return null;
  // A new key per opening: every opening starts a fresh form.
  return <TimeEntryPopup key={popup.openCount} request={popup.request} />;
}
