import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children (typically a lazily loaded modal) from the first time `isOpen` is true, and
 * keeps them mounted after, so a modal's code loads when someone opens it, not with the page, and
 * its closing transition and focus return still run.
 */
export function OnceOpened({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
