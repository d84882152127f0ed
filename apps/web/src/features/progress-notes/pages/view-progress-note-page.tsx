import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, type ProgressNote } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ClientViews } from '../../../components/client-views.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { progressNoteQuery } from '../api/progress-note.ts';
import { progressNoteKeys } from '../api/progress-note-list.ts';
import { DeleteProgressNoteModal } from '../components/delete-progress-note-modal.tsx';
import { NoteAttachments } from '../components/note-attachments.tsx';
import { NoteBody } from '../../../components/note-body.tsx';
import { NOT_FOUND_TITLE, ProgressNoteNotFound } from '../components/progress-note-not-found.tsx';
import { SharedBadge } from '../components/progress-notes-table.tsx';
import { editProgressNotePath, formatNoteDate, PROGRESS_NOTES_PATH } from '../utils/progress-note-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** /view/progress-note?id=: the note, its details and attachments; Edit and Delete for those allowed. */
export function ViewProgressNotePage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const note = useQuery(progressNoteQuery(id));
  const [deleting, setDeleting] = useState<ProgressNote | null>(null);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);

  if (id !== '' && note.isPending) return <LoadingPage title={['Progress Notes']} />;
  if (!note.data)
    return (
      <>
        <PageTitle parts={[NOT_FOUND_TITLE, 'Progress Notes']} />
        <ProgressNoteNotFound />
      </>
    );
  const view = note.data;

  return (
    <Stack gap="md">
      <PageTitle parts={[view.title, 'Progress Notes']} />
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Title order={1}>{view.title}</Title>
        <Group gap="sm">
          {can('progressNote.edit') && (
            <Button component={Link} to={editProgressNotePath(view.id)} variant="default">
              Edit
            </Button>
          )}
          {can('progressNote.delete') && (
            <Button color="red" variant="light" onClick={() => setDeleting(view)}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md" component="section" aria-label="Note details">
            <Detail label="Date">{formatNoteDate(view.noteDate)}</Detail>
            <Detail label="Matter">
              <Anchor component={Link} to={`/matter/${view.matterId}`}>
                {view.matterNumber ? `${view.matterNumber} · ${view.matterName}` : view.matterName}
              </Anchor>
            </Detail>
            <Detail label="Client">{view.clientName}</Detail>
            <Detail label="Author">{view.authorName}</Detail>
            <Detail label="Sharing">
              <SharedBadge isShared={view.isSharedWithClient} />
            </Detail>
          </SimpleGrid>
          <NoteBody html={view.bodyHtml} />
          <NoteAttachments
            note={view}
            canChange={can('progressNote.edit')}
            onChanged={(changed) => {
              queryClient.setQueryData(progressNoteKeys.detail(view.id), changed);
              void queryClient.invalidateQueries({ queryKey: progressNoteKeys.all, exact: false, refetchType: 'none' });
            }}
          />
        </Stack>
      </Paper>
      {view.isSharedWithClient && <ClientViews kind="progressNote" itemId={view.id} />}
      <DeleteProgressNoteModal note={deleting} onClose={() => setDeleting(null)} onDeleted={() => navigate(PROGRESS_NOTES_PATH)} />
    </Stack>
  );
}
