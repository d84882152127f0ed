import { lazy, Suspense, useRef } from 'react';

// The blocker and its question load once the form first holds changes: a page only looked at
// downloads none of it (the form pages sit at the edge of their 250 KB budget).
const UnsavedChangesPrompt = lazy(() => import('./unsaved-changes-prompt.tsx'));

/**
 * A page form with unsaved changes is not left by accident: while `isDirty`, the browser warns
 * before the tab closes or reloads, and a link or Back inside the app asks "Discard changes?".
 * Render `prompt` in the page; run the save through `whileSaving`, so the navigation a save makes
 * is never asked about.
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const isSaving = useRef(false);
  return {
    prompt: isDirty ? (
      <Suspense fallback={null}>
        <UnsavedChangesPrompt isSaving={isSaving} />
      </Suspense>
    ) : null,
    whileSaving: async <Result,>(save: () => Promise<Result>): Promise<Result> => {
      isSaving.current = true;
      try {
        return await save();
      } finally {
        isSaving.current = false;
      }
    },
  };
}
