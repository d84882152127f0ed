import { useEffect, useRef, useState } from 'react';

/** Marks the form modal's body, to tell its own dialog from the dialogs opened over it. */
export const GUARDED_BODY_ATTRIBUTE = 'data-task-form-body';

/**
 * An Escape meant for something open inside the form: a date field's calendar or a select's list
 * (their field is marked expanded, or the key was pressed inside their floating panel).
 */
function isEscapeForOpenPicker(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('[aria-expanded="true"], .mantine-Popover-dropdown, .mantine-Combobox-dropdown') !== null;
}

/**
 * A form in a modal never loses work: Escape, a click outside and the close button close it at
 * once when nothing changed, and otherwise ask "Discard changes?" first. Escape inside an open
 * picker closes only the picker. The modal itself takes `closeOnEscape={false}`.
 */
export function useCloseGuard({ isOpen, close, hasChanges }: { isOpen: boolean; close: () => void; hasChanges: () => boolean }) {
  const [isAsking, setIsAsking] = useState(false);
  const latest = useRef({ isOpen, isAsking, close, hasChanges });
  latest.current = { isOpen, isAsking, close, hasChanges };

  const requestClose = () => {
    if (latest.current.hasChanges()) setIsAsking(true);
    else latest.current.close();
  };
  const requestCloseRef = useRef(requestClose);
  requestCloseRef.current = requestClose;

  useEffect(() => {
    // Capture, before a picker closes itself: its field still reads expanded.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !latest.current.isOpen || latest.current.isAsking || event.defaultPrevented) return;
      if (isEscapeForOpenPicker(event.target)) return;
      // Escape in another dialog (one opened over the form) is that dialog's.
      const dialog = event.target instanceof Element ? event.target.closest('[role="dialog"]') : null;
      if (dialog && !dialog.querySelector(`[${GUARDED_BODY_ATTRIBUTE}]`)) return;
      requestCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);

  return {
    requestClose,
    isAsking,
    keepEditing: () => setIsAsking(false),
    discard: () => {
      setIsAsking(false);
      latest.current.close();
    },
  };
}
