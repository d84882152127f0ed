import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders its children in a second, interruptible render after the one that mounts it, so the
 * page's title and actions paint before its filters and list are built (on a slow phone the list
 * page's first paint waited for all of it: issue 13's load time). The list's data is asked for as
 * soon as the list renders, a frame later.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const isShown = useDeferredValue(true, false);
  return isShown ? children : null;
}
