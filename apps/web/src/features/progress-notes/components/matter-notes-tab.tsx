import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { Link } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useProgressNotePage } from '../api/progress-note-list.ts';
import { SharedBadge } from './progress-notes-table.tsx';
import { addProgressNotePath, formatNoteDate, viewProgressNotePath } from '../utils/progress-note-display.ts';

/** The most a matter's tab shows at once; the full list (with filters) is one link away. */
export const MATTER_NOTES_SIZE = 50;
export const NO_NOTES_TEXT = 'No progress notes on this matter yet.';

export type MatterNotesTabProps = { matterId: string; clientId: string; isMatterOpen: boolean };

/** A matter's progress notes, newest first, each opening its own page; Add starts one on this matter. */
export function MatterNotesTab({ matterId, clientId }: MatterNotesTabProps) {
  const session = useSession();
  const notes = useProgressNotePage({ MatterId: matterId, sortColumn: 'noteDate', sortType: 'desc', page: 1, size: MATTER_NOTES_SIZE });
  const canAdd = hasPermissions(session.permissions, ['progressNote.create']);
  const rows = notes.data?.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Progress notes
        </Title>
        {canAdd && (
          <Button component={Link} to={addProgressNotePath(matterId)}>
            Add progress note
          </Button>
        )}
      </Group>
      {notes.isPending ? (
        <LoadingSpinner />
      ) : notes.data === null ? (
        <Text c="dimmed">The progress notes could not be loaded.</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{NO_NOTES_TEXT}</Text>
      ) : (
        <List spacing="sm" listStyleType="none" aria-label="Progress notes of this matter" data-testid="matter-notes">
          {rows.map((note) => (
            <List.Item key={note.id}>
              <Stack gap={2}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatNoteDate(note.noteDate)}
                  </Text>
                  <Anchor component={Link} to={viewProgressNotePath(note.id)} fw={500}>
                    {note.title}
                  </Anchor>
                  <SharedBadge isShared={note.isSharedWithClient} />
                </Group>
                <Text size="sm" lineClamp={2}>
                  {note.excerpt}
                </Text>
                <Text size="xs" c="dimmed">
                  {note.authorName}
                  {note.attachmentCount > 0 ? ` · ${note.attachmentCount} attachment${note.attachmentCount === 1 ? '' : 's'}` : ''}
                </Text>
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
      {notes.data && notes.data.totalCount > rows.length && (
        <Anchor component={Link} to={`/progress-update?activeTab=progress-notes&clientId=${clientId}&matterId=${matterId}`}>
          All {notes.data.totalCount} notes
        </Anchor>
      )}
    </Stack>
  );
}
