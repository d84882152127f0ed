import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { RowActions } from '../../../components/row-actions.tsx';
import { hasPermissions, type ActivityType } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { ACTIVITY_TYPES_KEY, deleteActivityType, useActivityTypes } from '../api/activity-types.ts';
import { ActivityTypeModal, type ActivityTypeEditor } from '../components/activity-type-modal.tsx';
import { UTBMS_OPTIONS } from '../components/utbms-codes.ts';

export function ActivityTypesPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const activityTypes = useActivityTypes();
  const [editor, setEditor] = useState<ActivityTypeEditor>(null);
  const [deleting, setDeleting] = useState<ActivityType | null>(null);
  const canWrite = hasPermissions(session.permissions, ['updateAccountSettings']);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ACTIVITY_TYPES_KEY });
  const list = activityTypes.data ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Activity types</Title>
          <Text c="dimmed">What time is spent on: chosen on every time entry.</Text>
        </div>
        {canWrite && <Button onClick={() => setEditor({ activityType: null })}>Add activity type</Button>}
      </Group>
      {activityTypes.isPending ? (
        <LoadingSpinner label="Loading activity types" />
      ) : list.length === 0 ? (
        <Text c="dimmed">No activity types yet.</Text>
      ) : (
        <Table striped aria-label="Activity types">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Activity type</Table.Th>
              <Table.Th>UTBMS code</Table.Th>
              {canWrite && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((activityType) => (
              <Table.Tr key={activityType.id}>
                <Table.Td>{activityType.activityType}</Table.Td>
                <Table.Td>
                  {activityType.utbmsCode
                    ? (UTBMS_OPTIONS.find((option) => option.value === activityType.utbmsCode)?.label ?? activityType.utbmsCode)
                    : '—'}
                </Table.Td>
                {canWrite && (
                  <Table.Td>
                    <RowActions
                      name={activityType.activityType}
                      onEdit={() => setEditor({ activityType })}
                      onDelete={() => setDeleting(activityType)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ActivityTypeModal editor={editor} onClose={() => setEditor(null)} onSaved={refresh} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.activityType ?? 'activity type'}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteActivityType(deleting.id);
          refresh();
        }}
      >
        It will no longer be offered for new time entries; entries that already use it keep it.
      </ConfirmModal>
    </Stack>
  );
}
