import { ActionIcon, Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { CourtUpdateListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { SortableTable } from '../../../components/list-kit/sortable-table.tsx';
import { courtUpdateName, firstLine, formatCourtDate, isSoon, viewCourtUpdatePath } from '../utils/court-update-display.ts';
import type { CourtUpdateSort, CourtUpdateSortColumn } from '../utils/court-update-list-params.ts';
import { BinIcon, EyeIcon, PencilIcon } from './row-icons.tsx';

export const EMPTY_TEXT = 'No court update found.';

type Column = {
  label: string;
  sortColumn?: CourtUpdateSortColumn;
  isMatterColumn?: boolean;
  alsoSorts?: { label: string; sortColumn: CourtUpdateSortColumn }[];
};

const COLUMNS: Column[] = [
  { label: 'Hearing date', sortColumn: 'hearingDate' },
  { label: 'Suit number', sortColumn: 'suitNumber' },
  { label: 'Court', sortColumn: 'courtName' },
  { label: 'Matter', sortColumn: 'matterName', isMatterColumn: true },
  { label: 'Client', sortColumn: 'clientName', isMatterColumn: true },
  { label: 'Outcome' },
  { label: 'Next adjourned date', sortColumn: 'nextAdjournedDate' },
];

/** On a narrower screen (1280 px) the client folds under the matter, its sort button under the matter's header. */
function columnsFor(isFolded: boolean, hideMatterColumns: boolean): Column[] {
  return COLUMNS.filter((column) => !(hideMatterColumns && column.isMatterColumn))
    .filter((column) => !(isFolded && column.sortColumn === 'clientName'))
    .map((column) =>
      isFolded && column.sortColumn === 'matterName'
        ? { ...column, alsoSorts: [{ label: 'Client', sortColumn: 'clientName' as const }] }
        : column,
    );
}

export type CourtUpdatesTableProps = {
  updates: CourtUpdateListItem[];
  sort: CourtUpdateSort;
  onSort: (column: CourtUpdateSortColumn) => void;
  onEdit?: ((update: CourtUpdateListItem) => void) | undefined;
  onDelete?: ((update: CourtUpdateListItem) => void) | undefined;
  /** Inside a matter's view the client and matter columns would repeat the page's own. */
  hideMatterColumns?: boolean;
  /** A narrower screen: the client folds into the matter's cell. */
  isFolded?: boolean;
};

/** The next date, its time and purpose; a date within 14 days stands out (and says so in words). */
export function NextAdjournedCell({
  update,
}: {
  update: Pick<CourtUpdateListItem, 'nextAdjournedDate' | 'nextAdjournedTime' | 'nextAdjournedPurpose'>;
}) {
  if (!update.nextAdjournedDate)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const soon = isSoon(update.nextAdjournedDate);
  return (
    <Stack gap={2} miw={120} maw={180}>
      <Text size="sm" fw={soon ? 700 : 500} c={soon ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatCourtDate(update.nextAdjournedDate)}
        {update.nextAdjournedTime ? ` ${update.nextAdjournedTime}` : ''}
      </Text>
      {soon && (
        <Badge color="red" variant="light" size="xs" style={{ minWidth: 'max-content' }}>
          Within 14 days
        </Badge>
      )}
      {update.nextAdjournedPurpose && (
        <Text size="xs" c="dimmed" lineClamp={2} title={update.nextAdjournedPurpose}>
          {update.nextAdjournedPurpose}
        </Text>
      )}
    </Stack>
  );
}

export function CourtUpdateRowActions({
  update,
  onEdit,
  onDelete,
}: {
  update: CourtUpdateListItem;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const name = courtUpdateName(update);
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <ActionIcon component={Link} to={viewCourtUpdatePath(update.id)} variant="default" aria-label={`View ${name}`} title="View">
        <EyeIcon />
      </ActionIcon>
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

/** Court updates with sortable headers and per-row View/Edit/Delete (by permission). */
export function CourtUpdatesTable({
  updates,
  sort,
  onSort,
  onEdit,
  onDelete,
  hideMatterColumns = false,
  isFolded = false,
}: CourtUpdatesTableProps) {
  const columns = columnsFor(isFolded, hideMatterColumns);
  return (
    <SortableTable
      label="Court updates"
      testId="court-updates-table"
      minWidth={hideMatterColumns ? 640 : 760}
      horizontalSpacing={8}
      columns={columns}
      sort={sort}
      onSort={onSort}
      hasActions
      rows={updates}
      emptyText={EMPTY_TEXT}
      renderRow={(update) => (
        <Table.Tr key={update.id} data-testid={`court-update-row-${update.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCourtDate(update.hearingDate)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Anchor component={Link} to={viewCourtUpdatePath(update.id)} size="sm">
              {update.suitNumber}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Text
              size="sm"
              lineClamp={2}
              maw={150}
              title={update.courtDivision ? `${update.courtName}, ${update.courtDivision}` : update.courtName}
            >
              {update.courtName}
              {update.courtDivision ? `, ${update.courtDivision}` : ''}
            </Text>
          </Table.Td>
          {!hideMatterColumns && (
            <Table.Td>
              <Anchor
                component={Link}
                to={`/matter/${update.matterId}?activeTab=court-updates`}
                size="sm"
                title={update.matterName}
                lineClamp={2}
                maw={200}
              >
                {update.matterName}
              </Anchor>
              {isFolded && (
                <Text size="xs" c="dimmed" lineClamp={2} maw={200} title={update.clientName}>
                  {update.clientName}
                </Text>
              )}
            </Table.Td>
          )}
          {!hideMatterColumns && !isFolded && (
            <Table.Td>
              <Text size="sm" lineClamp={2} maw={150} title={update.clientName}>
                {update.clientName}
              </Text>
            </Table.Td>
          )}
          <Table.Td>
            <Text size="sm" lineClamp={2} miw={140} maw={240} title={firstLine(update.outcome)}>
              {firstLine(update.outcome)}
            </Text>
          </Table.Td>
          <Table.Td>
            <NextAdjournedCell update={update} />
          </Table.Td>
          <Table.Td>
            <CourtUpdateRowActions
              update={update}
              onEdit={onEdit ? () => onEdit(update) : undefined}
              onDelete={onDelete ? () => onDelete(update) : undefined}
            />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
