import { Stack } from '@mantine/core';
import { hasPermissions, type TimeEntryListItem, type TimeEntryListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { SortSelect } from '../../../components/list-kit/sort-select.tsx';
import { useListLayout } from '../../../components/list-kit/use-list-layout.ts';
import type { ListParams } from '../../../components/list-kit/use-list-params.ts';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useTimeEntryPage, useTimeEntryTotals } from '../api/time-entry-list.ts';
import type { TimeEntryFilter, TimeEntrySortColumn } from '../utils/time-entry-list-params.ts';
import { DeleteTimeEntryModal } from './delete-time-entry-modal.tsx';
import { sortChoices, TimeEntriesTable } from './time-entries-table.tsx';
import { TimeEntryCards } from './time-entry-cards.tsx';
import { TimeEntryTotals } from './time-entry-totals.tsx';

export type TimeEntryListViewProps = {
  query: TimeEntryListQuery;
  /** The list's page, size and sort, and how to change them. */
  list: ListParams<TimeEntryFilter, TimeEntrySortColumn>;
  hideMatterColumns?: boolean;
};

/**
 * The totals, count, rows and pager of one filtered list: a table (its less important columns folded
 * on a narrower screen), or on a phone cards under a Sort by; Edit opens the popup, Delete asks first.
 */
export function TimeEntryListView({ query, list, hideMatterColumns }: TimeEntryListViewProps) {
  const session = useSession();
  const rows = useTimeEntryPage(query);
  const totals = useTimeEntryTotals(query);
  const [deleting, setDeleting] = useState<TimeEntryListItem | null>(null);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const homeCurrencySymbol = session.workingUser?.currency ?? '';
  const layout = useListLayout();
  const rowProps = {
    homeCurrencySymbol,
    hideMatterColumns,
    onEdit: can('timeEntry.edit') ? (entry: TimeEntryListItem) => timeEntryPopup.open({ entryId: entry.id }) : undefined,
    onDelete: can('timeEntry.delete') ? setDeleting : undefined,
  };

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
        {(pageRows) =>
          layout === 'cards' ? (
            <>
              <SortSelect columns={sortChoices(hideMatterColumns ?? false)} sort={list.sort} onChange={(sort) => list.change({ sort })} />
              <TimeEntryCards entries={pageRows} {...rowProps} />
            </>
          ) : (
            <TimeEntriesTable entries={pageRows} sort={list.sort} onSort={list.sortBy} isFolded={layout === 'folded'} {...rowProps} />
          )
        }
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
