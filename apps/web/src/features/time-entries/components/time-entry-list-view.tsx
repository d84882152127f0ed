import { Stack } from '@mantine/core';
import { hasPermissions, type TimeEntryListItem, type TimeEntryListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { ListResults } from '../../../components/list-results.tsx';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useTimeEntryPage, useTimeEntryTotals } from '../api/time-entry-list.ts';
import { type TimeEntrySort, type TimeEntrySortColumn } from '../utils/time-entry-list-params.ts';
import { DeleteTimeEntryModal } from './delete-time-entry-modal.tsx';
import { TimeEntriesTable } from './time-entries-table.tsx';
import { TimeEntryTotals } from './time-entry-totals.tsx';

export type TimeEntryListViewProps = {
  query: TimeEntryListQuery;
  sort: TimeEntrySort;
  onSort: (column: TimeEntrySortColumn) => void;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  hideMatterColumns?: boolean;
};

/** The totals, count, table and pager of one filtered list; Edit opens the popup, Delete asks first. */
export function TimeEntryListView({ query, sort, onSort, onPageChange, onSizeChange, hideMatterColumns }: TimeEntryListViewProps) {
  const session = useSession();
  const rows = useTimeEntryPage(query);
  const totals = useTimeEntryTotals(query);
  const [deleting, setDeleting] = useState<TimeEntryListItem | null>(null);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const homeCurrencySymbol = session.workingUser?.currency ?? '';

  const page = Number(query.page ?? 1);
  const size = Number(query.size ?? 20);
  const list = rows.data;

  return (
    <Stack gap="md">
      <TimeEntryTotals totals={totals.data} homeCurrencySymbol={homeCurrencySymbol} />
      <ListResults
        result={rows}
        page={page}
        size={size}
        noun={{ one: 'time entry', many: 'time entries' }}
        countTestId="time-entry-count"
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
      >
        {(pageRows) => (
          <TimeEntriesTable
            entries={pageRows}
            sort={sort}
            onSort={onSort}
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
          if (list && list.data.length === 1 && page > 1) onPageChange(page - 1);
        }}
      />
    </Stack>
  );
}
