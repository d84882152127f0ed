import { Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { progressNoteQuery } from '../api/progress-note.ts';
import { progressNoteKeys } from '../api/progress-note-list.ts';
import { ProgressNoteForm } from '../components/progress-note-form.tsx';
import { NOT_FOUND_TITLE, ProgressNoteNotFound } from '../components/progress-note-not-found.tsx';
import { viewProgressNotePath } from '../utils/progress-note-display.ts';
import { progressNoteValues } from '../utils/progress-note-form-values.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

/** /progress-update/edit-progress-note/:id: the add form, filled from get-progress-note; saving opens the note. */
export function EditProgressNotePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const note = useQuery(progressNoteQuery(id));

  if (note.isPending) return <LoadingPage title={['Progress Notes']} />;
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
      <PageTitle parts={['Edit Progress Note', view.title, 'Progress Notes']} />
      <Title order={1}>Edit Progress Note</Title>
      <ProgressNoteForm
        key={view.updatedAt}
        note={view}
        initialValues={progressNoteValues(view)}
        onSaved={(saved) => {
          void queryClient.invalidateQueries({ queryKey: progressNoteKeys.all });
          navigate(viewProgressNotePath(saved.id));
        }}
      />
    </Stack>
  );
}
