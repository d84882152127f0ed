import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, SPEC_MESSAGES } from '@matterhorn/shared';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCourtUpdatePage } from '../api/court-update-list.ts';
import { addCourtUpdatePath } from '../utils/court-update-display.ts';
import { COURT_UPDATE_LIST, courtUpdateListQueryFrom } from '../utils/court-update-list-params.ts';
import { CourtUpdateTimeline } from './court-update-timeline.tsx';

export type MatterCourtUpdatesTabProps = {
  matterId: string;
  clientId: string;
  /** Court work goes on after a matter closes (a judgment, an appeal), so a closed matter still takes updates. */
  isMatterOpen: boolean;
};

function MatterCourtHistory({ matterId }: { matterId: string }) {
  // The matter view's URL belongs to the matter: its history keeps its own page.
  const list = useListParams(COURT_UPDATE_LIST, { inUrl: false });
  const query = { ...courtUpdateListQueryFrom(list), MatterId: matterId };
  const rows = useCourtUpdatePage(query);
  return (
    <ListResults
      result={rows}
      page={list.page}
      size={list.size}
      noun={{ one: 'court update', many: 'court updates' }}
      countTestId="matter-court-update-count"
      onPageChange={list.setPage}
      onSizeChange={list.setSize}
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
