/**
 * SPEC.md §2 global search: one entry per section, each leading to that section's list. Documents
 * too, since the placeholder (SPEC's words) promises them: their search page reads the words as `q`.
 */
export const SEARCH_SECTIONS: readonly { section: string; path: string; param?: string }[] = [
  { section: 'Clients', path: '/clients/list' },
  { section: 'Matters', path: '/matter/matter-list' },
  { section: 'Time Entries', path: '/time-entries' },
  { section: 'Progress Notes', path: '/progress-update?activeTab=progress-notes' },
  { section: 'Expenses', path: '/expense-request/direct-expense?activeTab=client' },
  { section: 'Court Updates', path: '/progress-update?activeTab=court-update' },
  { section: 'Flat Fees', path: '/billing/flat-fees' },
  { section: 'Documents', path: '/documents/search', param: 'q' },
];

/** SPEC.md §2: the search box is 441 px wide. */
export const SEARCH_BOX_WIDTH_PX = 441;

export const SEARCH_PLACEHOLDER = 'Search for matters, clients, documents, etc';

export type SearchEntry = { label: string; section: string; to: string };

/** Appends `search=<text>` (or the section's own parameter) to a path that may already carry a query. */
export function withSearchParam(path: string, text: string, param = 'search'): string {
  const [pathname = '', query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(param, text);
  return `${pathname}?${params.toString()}`;
}

export function searchEntriesFor(text: string): SearchEntry[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  return SEARCH_SECTIONS.map(({ section, path, param }) => ({
    label: `${trimmed} in ${section}`,
    section,
    to: withSearchParam(path, trimmed, param),
  }));
}
