import { Anchor, Table, Text } from '@mantine/core';
import { IS_BILLABLE, type TimeEntryListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { RowActions } from '../../../components/row-actions.tsx';
import { formatAmount, formatEntryDate, formatListHours, formatShortHours, recordedToBilledText } from '../utils/time-entry-display.ts';
import type { TimeEntrySort, TimeEntrySortColumn } from '../utils/time-entry-list-params.ts';
import { LockBadge } from './lock-badge.tsx';
import { SortableTable } from '../../../components/list-kit/sortable-table.tsx';

export const EMPTY_TEXT = 'No time entry found.';

type Column = { label: string; sortColumn?: TimeEntrySortColumn; align?: 'right'; isMatterColumn?: boolean };

const COLUMNS: Column[] = [
  { label: 'Date', sortColumn: 'timeEntryDate' },
  { label: 'Client', sortColumn: 'clientName', isMatterColumn: true },
  { label: 'Matter', sortColumn: 'matterName', isMatterColumn: true },
  { label: 'Activity', sortColumn: 'activityType' },
  { label: 'Description' },
  { label: 'Fee earner', sortColumn: 'timeEntryUserName' },
  { label: 'Hours', sortColumn: 'duration', align: 'right' },
  { label: 'Billable' },
  { label: 'Rate', align: 'right' },
  { label: 'Amount', sortColumn: 'totalAmount', align: 'right' },
  { label: 'Status' },
];

export type TimeEntriesTableProps = {
  entries: TimeEntryListItem[];
  sort: TimeEntrySort;
  onSort: (column: TimeEntrySortColumn) => void;
  /** The firm's home currency symbol: rates are in it. */
  homeCurrencySymbol: string;
  onEdit?: ((entry: TimeEntryListItem) => void) | undefined;
  onDelete?: ((entry: TimeEntryListItem) => void) | undefined;
  /** Inside a matter's view the client and matter columns would repeat the page's own. */
  hideMatterColumns?: boolean;
};

/** How a row's buttons are read out: "Edit time entry 05/03/2024 Acme v Beta". */
export function entryName(entry: TimeEntryListItem): string {
  return `time entry ${formatEntryDate(entry.timeEntryDate)} ${entry.matterName}`;
}

/** Billed hours to 2 decimals; when rounding to the billing increment changed them, the recorded hours beside. */
function HoursCell({ entry }: { entry: TimeEntryListItem }) {
  const isRounded = formatShortHours(entry.recordedDuration) !== formatShortHours(entry.duration);
  if (!isRounded) return <>{formatListHours(entry.duration)}</>;
  const explanation = recordedToBilledText(entry.recordedDuration, entry.duration);
  return (
    <span title={explanation}>
      {formatListHours(entry.duration)}
      <Text span size="xs" c="dimmed" display="block" style={{ whiteSpace: 'nowrap' }}>
        {formatShortHours(entry.recordedDuration)} h recorded
      </Text>
    </span>
  );
}

export const STATUS_TEXT = { unbilled: 'Unbilled', notBillable: 'Not billable' } as const;

/** On an invoice, unbilled, or (for non-billable time, which never goes on an invoice) not billable. */
function StatusCell({ entry }: { entry: TimeEntryListItem }) {
  if (entry.isLocked) return <LockBadge />;
  return <Text size="sm">{entry.isBillable === IS_BILLABLE.billable ? STATUS_TEXT.unbilled : STATUS_TEXT.notBillable}</Text>;
}

/** Time entries with sortable headers (a button each, aria-sort on the sorted one) and per-row Edit/Delete. */
export function TimeEntriesTable({
  entries,
  sort,
  onSort,
  homeCurrencySymbol,
  onEdit,
  onDelete,
  hideMatterColumns = false,
}: TimeEntriesTableProps) {
  const columns = COLUMNS.filter((column) => !(hideMatterColumns && column.isMatterColumn));
  const hasActions = Boolean(onEdit || onDelete);
  return (
    <SortableTable
      label="Time entries"
      testId="time-entries-table"
      minWidth={hideMatterColumns ? 860 : 1100}
      columns={columns}
      sort={sort}
      onSort={onSort}
      hasActions={hasActions}
      rows={entries}
      emptyText={EMPTY_TEXT}
      renderRow={(entry) => (
        <Table.Tr key={entry.id} data-testid={`time-entry-row-${entry.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEntryDate(entry.timeEntryDate)}</Table.Td>
          {!hideMatterColumns && (
            <Table.Td maw={200}>
              <Text size="sm" truncate="end" title={entry.clientName}>
                {entry.clientName}
              </Text>
            </Table.Td>
          )}
          {!hideMatterColumns && (
            <Table.Td maw={240}>
              {/* Long matter names stay on one line; the full name is in the tooltip. */}
              <Anchor
                component={Link}
                to={`/matter/${entry.matterId}?activeTab=time`}
                size="sm"
                title={entry.matterName}
                display="block"
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {entry.matterName}
              </Anchor>
            </Table.Td>
          )}
          <Table.Td>{entry.activityType}</Table.Td>
          <Table.Td maw={280}>
            <Text size="sm" lineClamp={2} title={entry.description}>
              {entry.description || '—'}
            </Text>
          </Table.Td>
          <Table.Td>{entry.timeEntryUserName}</Table.Td>
          <Table.Td ta="right" ff="monospace">
            <HoursCell entry={entry} />
          </Table.Td>
          <Table.Td>{entry.isBillable === IS_BILLABLE.billable ? 'Billable' : 'Not billable'}</Table.Td>
          <Table.Td ta="right">{formatAmount(entry.userRate, homeCurrencySymbol)}</Table.Td>
          <Table.Td ta="right">{formatAmount(entry.totalAmount, entry.currencySymbol)}</Table.Td>
          <Table.Td>
            <StatusCell entry={entry} />
          </Table.Td>
          {hasActions && (
            <Table.Td>
              <RowActions
                name={entryName(entry)}
                onEdit={onEdit ? () => onEdit(entry) : undefined}
                onDelete={onDelete && !entry.isLocked ? () => onDelete(entry) : undefined}
              />
            </Table.Td>
          )}
        </Table.Tr>
      )}
    />
  );
}
