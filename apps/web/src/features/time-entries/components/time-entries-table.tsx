import { Table, Text } from '@mantine/core';
import type { TimeEntryListItem } from '@matterhorn/shared';
import { RowIconActions } from '../../../components/row-icon-actions.tsx';
import { SortableTable, type FoldedSort, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import { formatAmount, formatEntryDate } from '../utils/time-entry-display.ts';
import type { TimeEntrySort, TimeEntrySortColumn } from '../utils/time-entry-list-params.ts';
import { billableText, ClientName, EMPTY_TEXT, entryName, FoldedDetails, HoursCell, MatterLink, StatusCell } from './time-entry-cells.tsx';

export { EMPTY_TEXT, entryName, STATUS_TEXT } from './time-entry-cells.tsx';

type ColumnKey =
  'date' | 'client' | 'matter' | 'activity' | 'description' | 'feeEarner' | 'hours' | 'billable' | 'rate' | 'amount' | 'status';
type Column = SortableColumn<TimeEntrySortColumn> & { key: ColumnKey };

const COLUMNS: Column[] = [
  { key: 'date', label: 'Date', sortColumn: 'timeEntryDate' },
  { key: 'client', label: 'Client', sortColumn: 'clientName' },
  { key: 'matter', label: 'Matter', sortColumn: 'matterName' },
  { key: 'activity', label: 'Activity', sortColumn: 'activityType' },
  { key: 'description', label: 'Description' },
  { key: 'feeEarner', label: 'Fee earner', sortColumn: 'timeEntryUserName' },
  { key: 'hours', label: 'Hours', sortColumn: 'duration', align: 'right' },
  { key: 'billable', label: 'Billable' },
  { key: 'rate', label: 'Rate', align: 'right' },
  { key: 'amount', label: 'Amount', sortColumn: 'totalAmount', align: 'right' },
  { key: 'status', label: 'Status' },
];
/** Inside a matter's view these would repeat the page's own. */
const MATTER_COLUMNS: readonly ColumnKey[] = ['client', 'matter'];
/** On a narrower screen these fold into a line under the description; their sort buttons go under its header. */
const FOLDED_COLUMNS: readonly ColumnKey[] = ['activity', 'feeEarner', 'billable', 'rate'];

const sortsOf = (columns: readonly Column[]): FoldedSort<TimeEntrySortColumn>[] =>
  columns.flatMap(({ label, sortColumn }) => (sortColumn ? [{ label, sortColumn }] : []));

/** The columns the list sorts by, as their headers name them: the phone's Sort by offers the same. */
export const sortChoices = (hideMatterColumns: boolean) =>
  sortsOf(COLUMNS.filter((column) => !(hideMatterColumns && MATTER_COLUMNS.includes(column.key))));

function columnsFor(isFolded: boolean, hideMatterColumns: boolean): Column[] {
  const folded = sortsOf(COLUMNS.filter((column) => FOLDED_COLUMNS.includes(column.key)));
  return COLUMNS.filter((column) => !(hideMatterColumns && MATTER_COLUMNS.includes(column.key)))
    .filter((column) => !(isFolded && FOLDED_COLUMNS.includes(column.key)))
    .map((column) => (isFolded && column.key === 'description' ? { ...column, alsoSorts: folded } : column));
}

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
  /** A narrower screen (1280 px) folds activity, fee earner, billable and rate into each row's details. */
  isFolded?: boolean;
};

/**
 * Time entries with sortable headers (a button each, aria-sort on the sorted one) and per-row Edit
 * and Delete. Every column fits a 1440 px screen; at 1280 px four fold into a details line.
 */
export function TimeEntriesTable({
  entries,
  sort,
  onSort,
  homeCurrencySymbol,
  onEdit,
  onDelete,
  hideMatterColumns = false,
  isFolded = false,
}: TimeEntriesTableProps) {
  const columns = columnsFor(isFolded, hideMatterColumns);
  const shows = (key: ColumnKey) => columns.some((column) => column.key === key);
  const hasActions = Boolean(onEdit || onDelete);
  return (
    <SortableTable
      label="Time entries"
      testId="time-entries-table"
      minWidth={hideMatterColumns ? 680 : 820}
      horizontalSpacing={8}
      columns={columns}
      sort={sort}
      onSort={onSort}
      hasActions={hasActions}
      rows={entries}
      emptyText={EMPTY_TEXT}
      renderRow={(entry) => (
        <Table.Tr key={entry.id} data-testid={`time-entry-row-${entry.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEntryDate(entry.timeEntryDate)}</Table.Td>
          {shows('client') && (
            <Table.Td>
              <ClientName entry={entry} />
            </Table.Td>
          )}
          {shows('matter') && (
            <Table.Td>
              <MatterLink entry={entry} />
            </Table.Td>
          )}
          {shows('activity') && <Table.Td>{entry.activityType}</Table.Td>}
          <Table.Td>
            <Text size="sm" lineClamp={2} maw={260} title={entry.description}>
              {entry.description || '—'}
            </Text>
            {isFolded && <FoldedDetails entry={entry} homeCurrencySymbol={homeCurrencySymbol} />}
          </Table.Td>
          {shows('feeEarner') && <Table.Td>{entry.timeEntryUserName}</Table.Td>}
          <Table.Td ta="right" ff="monospace">
            <HoursCell entry={entry} />
          </Table.Td>
          {shows('billable') && <Table.Td>{billableText(entry)}</Table.Td>}
          {shows('rate') && (
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(entry.userRate, homeCurrencySymbol)}
            </Table.Td>
          )}
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(entry.totalAmount, entry.currencySymbol)}
          </Table.Td>
          <Table.Td>
            <StatusCell entry={entry} />
          </Table.Td>
          {hasActions && (
            <Table.Td>
              <RowIconActions
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
