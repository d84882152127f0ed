/**
 * Where the keyboard focus goes when what had it goes away: a deleted row's button, a page left
 * after a save. Whatever the user has put the focus on since is left alone.
 */

/** Nothing useful has the focus: the page's body, or a control no longer on the page. */
export function isFocusLost(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body || !focused.isConnected;
}

/** Focuses `target` (a heading becomes focusable by script only) when the focus was lost; answers whether it did. */
export function focusIfLost(target: HTMLElement | null | undefined): boolean {
  if (!target || !target.isConnected || !isFocusLost()) return false;
  if (!target.hasAttribute('tabindex') && !target.matches('a[href], button, input, select, textarea'))
    target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: false });
  return true;
}

/** The heading a list sits under: the last h1–h3 before `element` in the page. */
export function headingBefore(element: Element | null): HTMLElement | null {
  if (!element) return null;
  const before = [...document.querySelectorAll<HTMLElement>('h1, h2, h3')].filter(
    (heading) => heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  return before.at(-1) ?? null;
}

/**
 * For the next few seconds, whenever the focus is lost (the row it was on leaves the list once the
 * list reloads, a closing question hands it back to a button that is gone), `target` takes it.
 */
export function keepFocusOnPage(target: () => HTMLElement | null, forMs = 3000) {
  const check = () => void focusIfLost(target());
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  check();
  window.setTimeout(() => {
    check();
    observer.disconnect();
  }, forMs);
}

/**
 * After a save that goes to another page: the new page's h1 takes the focus once it shows (its data
 * may still be loading), so a keyboard or screen-reader user starts at its top, not on the body.
 */
export function focusNextPageHeading(forMs = 10_000) {
  const previous = document.querySelector('h1');
  let isDone = false;
  const check = () => {
    const heading = document.querySelector<HTMLElement>('h1');
    if (isDone || !heading || heading === previous) return;
    isDone = true;
    observer.disconnect();
    focusIfLost(heading);
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  window.setTimeout(() => {
    isDone = true;
    observer.disconnect();
  }, forMs);
}
