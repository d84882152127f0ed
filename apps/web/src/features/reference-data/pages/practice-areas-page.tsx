import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { RowActions } from '../../../components/row-actions.tsx';
import { hasPermissions, type PracticeArea } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { deletePracticeArea, PRACTICE_AREAS_KEY, usePracticeAreas } from '../api/practice-areas.ts';
import { PracticeAreaModal, type PracticeAreaEditor } from '../components/practice-area-modal.tsx';

export function PracticeAreasPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const practiceAreas = usePracticeAreas();
  const [editor, setEditor] = useState<PracticeAreaEditor>(null);
  const [deleting, setDeleting] = useState<PracticeArea | null>(null);
  const canWrite = hasPermissions(session.permissions, ['updateAccountSettings']);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PRACTICE_AREAS_KEY });
  const list = practiceAreas.data ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Practice areas</Title>
          <Text c="dimmed">The areas of law a matter belongs to.</Text>
        </div>
        {canWrite && <Button onClick={() => setEditor({ practiceArea: null })}>Add practice area</Button>}
      </Group>
      {practiceAreas.isPending ? (
        <LoadingSpinner label="Loading practice areas" />
      ) : list.length === 0 ? (
        <Text c="dimmed">No practice areas yet.</Text>
      ) : (
        <Table striped aria-label="Practice areas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Practice area</Table.Th>
              <Table.Th ta="right">Matters</Table.Th>
              {canWrite && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((practiceArea) => (
              <Table.Tr key={practiceArea.id}>
                <Table.Td>{practiceArea.name}</Table.Td>
                <Table.Td ta="right">{practiceArea.matterCount}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <RowActions
                      name={practiceArea.name}
                      onEdit={() => setEditor({ practiceArea })}
                      onDelete={() => setDeleting(practiceArea)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <PracticeAreaModal editor={editor} onClose={() => setEditor(null)} onSaved={refresh} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'practice area'}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          await deletePracticeArea(deleting.id);
          refresh();
        }}
      >
        {deleting && deleting.matterCount > 0
          ? `${deleting.matterCount} ${deleting.matterCount === 1 ? 'matter uses' : 'matters use'} this practice area.`
          : 'It will no longer be offered on matters.'}
      </ConfirmModal>
    </Stack>
  );
}
