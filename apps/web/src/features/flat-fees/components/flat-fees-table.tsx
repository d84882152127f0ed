import { ActionIcon, Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { FlatFeeListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { SortableTable, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import { flatFeeName, formatAmount, formatFeeDate, LOCKED_REASON } from '../utils/flat-fee-display.ts';
import type { FlatFeeSort, FlatFeeSortColumn } from '../utils/flat-fee-list-params.ts';

export const EMPTY_TEXT = 'No flat fee found.';

type ColumnKey = 'date' | 'client' | 'matter' | 'feeEarner' | 'description' | 'amount' | 'status';
type Column = SortableColumn<FlatFeeSortColumn> & { key: ColumnKey };

const COLUMNS: Column[] = [
  { key: 'date', label: 'Date', sortColumn: 'flatFeeDate' },
  { key: 'client', label: 'Client', sortColumn: 'clientName' },
  { key: 'matter', label: 'Matter', sortColumn: 'matterName' },
  { key: 'feeEarner', label: 'Fee earner', sortColumn: 'userName' },
  { key: 'description', label: 'Description' },
  { key: 'amount', label: 'Amount', sortColumn: 'amount', align: 'right' },
  { key: 'status', label: 'Status', sortColumn: 'status' },
];

/**
 * Every column fits beside the billing navigation on a 1440 px screen (980 px); on a narrower one
 * (820 px) the client folds under the matter and the fee earner under the description, their sort
 * buttons under those columns' headers.
 */
function columnsFor(isFolded: boolean, hideMatterColumns: boolean): Column[] {
  return COLUMNS.filter((column) => !(hideMatterColumns && (column.key === 'client' || column.key === 'matter')))
    .filter((column) => !(isFolded && (column.key === 'client' || column.key === 'feeEarner')))
    .map((column) => {
      if (isFolded && column.key === 'matter') return { ...column, alsoSorts: [{ label: 'Client', sortColumn: 'clientName' as const }] };
      if (isFolded && column.key === 'description')
        return { ...column, alsoSorts: [{ label: 'Fee earner', sortColumn: 'userName' as const }] };
      return column;
    });
}

export type FlatFeesTableProps = {
  fees: FlatFeeListItem[];
  sort: FlatFeeSort;
  onSort: (column: FlatFeeSortColumn) => void;
  onEdit?: ((fee: FlatFeeListItem) => void) | undefined;
  onDelete?: ((fee: FlatFeeListItem) => void) | undefined;
  /** Inside a matter's view the client and matter columns would repeat the page's own. */
  hideMatterColumns?: boolean;
  /** A narrower screen: the client and the fee earner fold into the matter's and the description's cells. */
  isFolded?: boolean;
};

/** Billed: on an invoice, so the row offers no Edit or Delete; the badge says why. */
function StatusCell({ fee }: { fee: FlatFeeListItem }) {
  if (fee.status === 'Billed' || fee.isLocked) {
    return (
      <Badge color="gray" variant="light" title={LOCKED_REASON} style={{ minWidth: 'max-content' }}>
        Billed
      </Badge>
    );
  }
  return (
    <Badge color="blue" variant="light" style={{ minWidth: 'max-content' }}>
      Unbilled
    </Badge>
  );
}

/**
 * Outline pencil and bin, drawn inline: importing icon components here would split the shell's
 * shared code into more chunks and add to every page's first visit.
 */
function PencilIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4M13.5 6.5l4 4" />
    </svg>
  );
}

function BinIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
    </svg>
  );
}

/** Edit and Delete as icon buttons, named after the fee, so the wide list keeps them in view. */
function CompactRowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {onEdit && (
        <ActionIcon variant="default" onClick={onEdit} aria-label={`Edit ${name}`} title="Edit">
          <PencilIcon />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon variant="light" color="red" onClick={onDelete} aria-label={`Delete ${name}`} title="Delete">
          <BinIcon />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Flat fees with sortable headers and per-row Edit/Delete (a billed row says why it has none). */
export function FlatFeesTable({ fees, sort, onSort, onEdit, onDelete, hideMatterColumns = false, isFolded = false }: FlatFeesTableProps) {
  const columns = columnsFor(isFolded, hideMatterColumns);
  const shows = (key: ColumnKey) => columns.some((column) => column.key === key);
  const hasActions = Boolean(onEdit || onDelete);
  return (
    <SortableTable
      label="Flat fees"
      testId="flat-fees-table"
      minWidth={hideMatterColumns ? 600 : 720}
      horizontalSpacing={8}
      columns={columns}
      sort={sort}
      onSort={onSort}
      hasActions={hasActions}
      rows={fees}
      emptyText={EMPTY_TEXT}
      renderRow={(fee) => (
        <Table.Tr key={fee.id} data-testid={`flat-fee-row-${fee.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFeeDate(fee.flatFeeDate)}</Table.Td>
          {shows('client') && (
            <Table.Td>
              <Text size="sm" lineClamp={2} maw={150} title={fee.clientName}>
                {fee.clientName}
              </Text>
            </Table.Td>
          )}
          {shows('matter') && (
            <Table.Td>
              <Anchor
                component={Link}
                to={`/matter/${fee.matterId}?activeTab=expenses`}
                size="sm"
                title={fee.matterName}
                lineClamp={2}
                maw={180}
              >
                {fee.matterName}
              </Anchor>
              {isFolded && (
                <Text size="xs" c="dimmed" lineClamp={2} maw={180} title={fee.clientName}>
                  {fee.clientName}
                </Text>
              )}
            </Table.Td>
          )}
          {shows('feeEarner') && <Table.Td>{fee.userName}</Table.Td>}
          <Table.Td>
            <Text size="sm" lineClamp={2} title={fee.description} miw={120} maw={280}>
              {fee.description}
            </Text>
            {isFolded && (
              <Text size="xs" c="dimmed">
                {fee.userName}
              </Text>
            )}
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(fee.amount, fee.currencySymbol)}
          </Table.Td>
          <Table.Td>
            <StatusCell fee={fee} />
          </Table.Td>
          {hasActions && (
            <Table.Td>
              {fee.isLocked ? (
                <Text size="xs" c="dimmed" ta="right" title={LOCKED_REASON} data-testid="flat-fee-locked" style={{ whiteSpace: 'nowrap' }}>
                  {LOCKED_REASON.split(':')[0]}
                  <VisuallyHidden>:{LOCKED_REASON.split(':').slice(1).join(':')}</VisuallyHidden>
                </Text>
              ) : (
                <CompactRowActions
                  name={flatFeeName(fee)}
                  onEdit={onEdit ? () => onEdit(fee) : undefined}
                  onDelete={onDelete ? () => onDelete(fee) : undefined}
                />
              )}
            </Table.Td>
          )}
        </Table.Tr>
      )}
    />
  );
}
