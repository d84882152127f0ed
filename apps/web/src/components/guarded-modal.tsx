import { useRef, type ReactNode } from 'react';
import { ModalChangesContext } from '../lib/forms/modal-changes.ts';
import { useCloseGuard } from '../lib/forms/use-close-guard.ts';
import { AppModal, type AppModalProps } from './app-modal.tsx';
import { DiscardChangesModal } from './discard-changes-modal.tsx';

export type GuardedModalProps = Omit<AppModalProps, 'closeOnEscape' | 'children'> & {
  /** Whether the form holds unsaved changes; a form further down may report its own with useReportChanges. */
  hasChanges?: () => boolean;
  /** What "Discard changes?" says is lost. */
  discardText?: string;
  /** The content; as a function it gets the guarded close, for its Cancel button. */
  children: ReactNode | ((requestClose: () => void) => ReactNode);
};

/**
 * The app's modal around a form that must not lose typing: Escape, a click outside, the close button
 * and the guarded close given to Cancel close at once when nothing changed, and otherwise ask
 * "Discard changes?" (Keep editing, the default, or Discard). A save closes through onClose directly.
 */
export function GuardedModal({ opened, onClose, hasChanges, discardText, children, ...modal }: GuardedModalProps) {
  const reported = useRef<() => boolean>(() => false);
  const guard = useCloseGuard({ isOpen: opened, close: onClose, hasChanges: () => (hasChanges?.() ?? false) || reported.current() });
  const context = useRef({ reported, requestClose: guard.requestClose });
  context.current.requestClose = guard.requestClose;
  return (
    <>
      <AppModal {...modal} opened={opened} onClose={guard.requestClose} closeOnEscape={false}>
        <ModalChangesContext.Provider value={context.current}>
          <div {...guard.bodyProps}>{typeof children === 'function' ? children(guard.requestClose) : children}</div>
        </ModalChangesContext.Provider>
      </AppModal>
      <DiscardChangesModal opened={guard.isAsking} onKeepEditing={guard.keepEditing} onDiscard={guard.discard} text={discardText} />
    </>
  );
}
