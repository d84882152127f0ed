import { useCallback, useEffect, type RefObject } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { DiscardChangesModal } from '../discard-changes-modal.tsx';

export const LEAVE_PAGE_TEXT = 'This page has changes that are not saved. If you leave it now, they are lost.';

/**
 * Mounted while a page form holds unsaved changes (useUnsavedChangesGuard): the browser's own
 * warning before the tab closes or reloads, and "Discard changes?" before the app goes to another
 * page. A save under way (isSaving) goes where it goes.
 */
export default function UnsavedChangesPrompt({ isSaving }: { isSaving: RefObject<boolean> }) {
  const shouldBlock = useCallback<BlockerFunction>(
    // Another page only: a filter or tab in the address keeps the form where it is.
    ({ currentLocation, nextLocation }) => !isSaving.current && currentLocation.pathname !== nextLocation.pathname,
    [isSaving],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isSaving.current) return;
      event.preventDefault();
      // Older browsers show their warning only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isSaving]);

  return (
    <DiscardChangesModal
      opened={blocker.state === 'blocked'}
      onKeepEditing={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
      text={LEAVE_PAGE_TEXT}
    />
  );
}
