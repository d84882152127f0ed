import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, hasPermissions, SPEC_MESSAGES, type CourtUpdateListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list-results.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCourtUpdatePage } from '../api/court-update-list.ts';
import { addCourtUpdatePath } from '../utils/court-update-display.ts';
import { CourtUpdateTimeline } from './court-update-timeline.tsx';

export type MatterCourtUpdatesTabProps = {
  matterId: string;
  clientId: string;
  /** Court work goes on after a matter closes (a judgment, an appeal), so a closed matter still takes updates. */
  isMatterOpen: boolean;
};

function MatterCourtHistory({ matterId }: { matterId: string }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const query: CourtUpdateListQuery = { MatterId: matterId, page, size, sortColumn: 'hearingDate', sortType: 'desc' };
  const rows = useCourtUpdatePage(query);
  return (
    <ListResults
      result={rows}
      page={page}
      size={size}
      noun={{ one: 'court update', many: 'court updates' }}
      countTestId="matter-court-update-count"
      onPageChange={setPage}
      onSizeChange={(next) => {
        setSize(next);
        setPage(1);
      }}
    >
      {(updates) => <CourtUpdateTimeline updates={updates} />}
    </ListResults>
  );
}

/** The matter view's Court updates tab: its hearings, the latest first, each with its next date. */
export function MatterCourtUpdatesTab({ matterId }: MatterCourtUpdatesTabProps) {
  const session = useSession();
  const canSee = hasPermissions(session.permissions, ['courtUpdate']);
  const canCreate = hasPermissions(session.permissions, ['courtUpdate.create']);
  return (
    <Stack gap="md" component="section" aria-labelledby="matter-court-updates-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="matter-court-updates-heading">
          Court updates
        </Title>
        {canCreate && (
          <Button component={Link} to={addCourtUpdatePath(matterId)}>
            Add court update
          </Button>
        )}
      </Group>
      {canSee ? <MatterCourtHistory matterId={matterId} /> : <Text c="dimmed">{SPEC_MESSAGES.noPermission}</Text>}
    </Stack>
  );
}
