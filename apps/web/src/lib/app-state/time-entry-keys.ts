/**
 * Every time-entry query (the list, its totals, the billable pre-fetch, the timer) lives under this
 * key: whatever records time — the popup, an accepted suggestion — refreshes them with one call.
 */
export const TIME_ENTRIES_ROOT_KEY = ['time-entries'] as const;
