import { useRef } from 'react';
import { useCloseGuard } from '../../../lib/forms/use-close-guard.ts';

/**
 * The popup never loses work: Escape, the backdrop and the close button close it at once when
 * nothing was changed, and otherwise ask first (the app's close guard). Escape inside an open
 * picker closes only the picker; Escape in a dialog opened from the popup (Delete Entry's
 * question) is that dialog's.
 */
export function usePopupCloseGuard(close: () => void) {
  const hasChanges = useRef<() => boolean>(() => false);
  const guard = useCloseGuard({ close, hasChanges: () => hasChanges.current() });
  return {
    /** The form sets this to tell whether anything was typed or chosen since the popup opened. */
    hasChanges,
    ...guard,
  };
}
