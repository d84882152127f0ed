import { Stack } from '@mantine/core';
import { hasPermissions, type TimeEntryListItem, type TimeEntryListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import type { ListParams } from '../../../components/list-kit/use-list-params.ts';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useTimeEntryPage, useTimeEntryTotals } from '../api/time-entry-list.ts';
import type { TimeEntryFilter, TimeEntrySortColumn } from '../utils/time-entry-list-params.ts';
import { DeleteTimeEntryModal } from './delete-time-entry-modal.tsx';
import { TimeEntriesTable } from './time-entries-table.tsx';
import { TimeEntryTotals } from './time-entry-totals.tsx';

export type TimeEntryListViewProps = {
  query: TimeEntryListQuery;
  /** The list's page, size and sort, and how to change them. */
  list: ListParams<TimeEntryFilter, TimeEntrySortColumn>;
  hideMatterColumns?: boolean;
};

/** The totals, count, table and pager of one filtered list; Edit opens the popup, Delete asks first. */
export function TimeEntryListView({ query, list, hideMatterColumns }: TimeEntryListViewProps) {
  const session = useSession();
  const rows = useTimeEntryPage(query);
  const totals = useTimeEntryTotals(query);
  const [deleting, setDeleting] = useState<TimeEntryListItem | null>(null);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const homeCurrencySymbol = session.workingUser?.currency ?? '';

  return (
    <Stack gap="md">
      <TimeEntryTotals totals={totals.data} homeCurrencySymbol={homeCurrencySymbol} />
      <ListResults
        result={rows}
        page={list.page}
        size={list.size}
        noun={{ one: 'time entry', many: 'time entries' }}
        countTestId="time-entry-count"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(pageRows) => (
          <TimeEntriesTable
            entries={pageRows}
            sort={list.sort}
            onSort={list.sortBy}
            homeCurrencySymbol={homeCurrencySymbol}
            hideMatterColumns={hideMatterColumns}
            onEdit={can('timeEntry.edit') ? (entry) => timeEntryPopup.open({ entryId: entry.id }) : undefined}
            onDelete={can('timeEntry.delete') ? setDeleting : undefined}
          />
        )}
      </ListResults>
      <DeleteTimeEntryModal
        entry={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          // The page's only row went: show the page before it rather than an empty one.
          if (rows.data && rows.data.data.length === 1 && list.page > 1) list.setPage(list.page - 1);
        }}
      />
    </Stack>
  );
}
