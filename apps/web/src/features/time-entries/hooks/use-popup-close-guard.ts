import { useEffect, useRef, useState } from 'react';

/** Marks the popup's body, to tell the popup's own dialog from dialogs opened over it. */
export const POPUP_BODY_ATTRIBUTE = 'data-time-entry-popup-body';

/**
 * An Escape meant for something open inside the popup: a date picker's calendar or a dropdown's list
 * (their field is marked expanded, or the key was pressed inside their floating panel).
 */
export function isEscapeForOpenPicker(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('[aria-expanded="true"], .mantine-Popover-dropdown, .mantine-Combobox-dropdown') !== null;
}

/**
 * The popup never loses work: Escape, the backdrop and the close button close it at once when
 * nothing was changed, and otherwise ask first. Escape inside an open picker closes only the picker.
 */
export function usePopupCloseGuard(close: () => void) {
  const hasChanges = useRef<() => boolean>(() => false);
  const [isAsking, setIsAsking] = useState(false);
  const isAskingRef = useRef(false);
  isAskingRef.current = isAsking;

  const requestClose = () => {
    if (hasChanges.current()) setIsAsking(true);
    else close();
  };
  const requestCloseRef = useRef(requestClose);
  requestCloseRef.current = requestClose;

  useEffect(() => {
    // Capture, before the picker closes itself: its field still reads expanded.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || isAskingRef.current || event.defaultPrevented) return;
      if (isEscapeForOpenPicker(event.target)) return;
      // Escape in another dialog opened from the popup (Delete Entry's question) is that dialog's.
      const dialog = event.target instanceof Element ? event.target.closest('[role="dialog"]') : null;
      if (dialog && !dialog.querySelector(`[${POPUP_BODY_ATTRIBUTE}]`)) return;
      requestCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);

  return {
    /** The form sets this to tell whether anything was typed or chosen since the popup opened. */
    hasChanges,
    requestClose,
    isAsking,
    keepEditing: () => setIsAsking(false),
    discard: () => {
      setIsAsking(false);
      close();
    },
  };
}
