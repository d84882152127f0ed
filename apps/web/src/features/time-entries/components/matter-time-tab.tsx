import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, SPEC_MESSAGES, TIME_ENTRY_RULE_MESSAGES } from '@matterhorn/shared';
import { Link } from 'react-router';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { TIME_ENTRY_LIST, timeEntryListQueryFrom } from '../utils/time-entry-list-params.ts';
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
  // The matter view's URL belongs to the matter (its tab): the list keeps its page and sort itself.
  const list = useListParams(TIME_ENTRY_LIST, { inUrl: false });
  const query = { ...timeEntryListQueryFrom(list, { canViewAll: false }), MatterId: matterId };

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
      <TimeEntryListView query={query} list={list} hideMatterColumns />
    </Stack>
  );
}
