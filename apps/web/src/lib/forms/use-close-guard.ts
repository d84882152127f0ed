import { useEffect, useId, useRef, useState } from 'react';

/** Marks a guarded modal's body, to tell its own dialog from the dialogs opened over it. */
export const CLOSE_GUARD_ATTRIBUTE = 'data-close-guard';

/**
 * An Escape meant for something open inside the form: a date field's calendar or a select's list
 * (their field is marked expanded, or the key was pressed inside their floating panel).
 */
export function isEscapeForOpenPicker(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('[aria-expanded="true"], .mantine-Popover-dropdown, .mantine-Combobox-dropdown') !== null;
}

export type CloseGuardOptions = {
  /** False while the modal is closed: its Escape is nobody's. */
  isOpen?: boolean;
  /** Closes for good (what the modal's onClose did before it was guarded). */
  close: () => void;
  /** Whether anything was typed or chosen since the form opened; read when a close is asked for. */
  hasChanges: () => boolean;
};

/**
 * A form in a modal never loses work: Escape, a click outside, the close button and Cancel close it
 * at once when nothing changed, and otherwise ask "Discard changes?" first. Escape inside an open
 * picker closes only the picker, and Escape in a dialog opened over the form is that dialog's. The
 * modal itself takes `closeOnEscape={false}` and `onClose={guard.requestClose}`, and its body
 * `{...guard.bodyProps}` (GuardedModal does all three).
 */
export function useCloseGuard({ isOpen = true, close, hasChanges }: CloseGuardOptions) {
  const id = useId();
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
      // Escape in another dialog (one opened over the form, or another guarded form) is that dialog's.
      const dialog = event.target instanceof Element ? event.target.closest('[role="dialog"]') : null;
      if (dialog && !dialog.querySelector(`[${CLOSE_GUARD_ATTRIBUTE}="${id}"]`)) return;
      requestCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [id]);

  return {
    requestClose,
    isAsking,
    keepEditing: () => setIsAsking(false),
    discard: () => {
      setIsAsking(false);
      latest.current.close();
    },
    /** Spread on the element that holds the modal's content. */
    bodyProps: { [CLOSE_GUARD_ATTRIBUTE]: id },
  };
}

export type CloseGuard = ReturnType<typeof useCloseGuard>;
