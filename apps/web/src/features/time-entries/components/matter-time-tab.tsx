import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, hasPermissions, SPEC_MESSAGES, TIME_ENTRY_RULE_MESSAGES, type TimeEntryListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { DEFAULT_SORT, nextSort, type TimeEntrySort } from '../utils/time-entry-list-params.ts';
import { TimeEntryListView } from './time-entry-list-view.tsx';

export type MatterTimeTabProps = {
  matterId: string;
  clientId: string;
  /** A closed matter takes no new time (the server refuses it too). */
  isMatterOpen: boolean;
};

/** A matter's Time tab: its entries with their totals, and 'Add time' prefilled with the client and matter. */
export function MatterTimeTab(props: MatterTimeTabProps) {
  const session = useSession();
  if (!hasPermissions(session.permissions, ['timeEntry'])) return <Text c="dimmed">{SPEC_MESSAGES.noPermission}</Text>;
  return <MatterTimeList {...props} canCreate={hasPermissions(session.permissions, ['timeEntry.create'])} />;
}

function MatterTimeList({ matterId, clientId, isMatterOpen, canCreate }: MatterTimeTabProps & { canCreate: boolean }) {
  const [sort, setSort] = useState<TimeEntrySort | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const shownSort = sort ?? DEFAULT_SORT;
  const query: TimeEntryListQuery = {
    MatterId: matterId,
    page,
    size,
    SortBy: sort ? `${sort.column} ${sort.type}` : undefined,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Time
        </Title>
        <Group gap="sm">
          <Anchor component={Link} to={`/time-entries?clientId=${clientId}&matterId=${matterId}`} size="sm">
            Open in Time Entries
          </Anchor>
          {canCreate && (
            <Button
              disabled={!isMatterOpen}
              title={isMatterOpen ? undefined : TIME_ENTRY_RULE_MESSAGES.matterClosed}
              onClick={() => timeEntryPopup.open({ clientId, matterId })}
            >
              Add time
            </Button>
          )}
        </Group>
      </Group>
      <TimeEntryListView
        query={query}
        sort={shownSort}
        onSort={(column) => {
          setSort(nextSort(shownSort, column));
          setPage(1);
        }}
        onPageChange={setPage}
        onSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
        hideMatterColumns
      />
    </Stack>
  );
}
