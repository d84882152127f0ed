import { createContext, useContext, useEffect, type RefObject } from 'react';

export type ModalChanges = {
  /** What the form inside last reported: whether it holds unsaved changes. */
  reported: RefObject<() => boolean>;
  /** Closes the modal, asking first over unsaved changes (for a Cancel button deep inside). */
  requestClose: () => void;
};

/** Given by a guarded modal (components/guarded-modal.tsx) to the forms inside it. */
export const ModalChangesContext = createContext<ModalChanges | null>(null);

/**
 * A form inside a guarded modal tells it whether it holds unsaved changes, so closing asks first;
 * outside one it does nothing. Answers the modal's guarded close, for a Cancel button.
 */
export function useReportChanges(isChanged: boolean): (() => void) | undefined {
  const modal = useContext(ModalChangesContext);
  useEffect(() => {
    if (!modal) return;
    modal.reported.current = () => isChanged;
    // A form that goes (an edit closed, a save done) leaves nothing to lose behind it.
    return () => {
      modal.reported.current = () => false;
    };
  }, [modal, isChanged]);
  return modal?.requestClose;
}
