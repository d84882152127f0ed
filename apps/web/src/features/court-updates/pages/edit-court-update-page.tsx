import { Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toasts.ts';
import { courtUpdateQuery } from '../api/court-update.ts';
import { courtUpdateKeys } from '../api/court-update-list.ts';
import { CourtUpdateForm } from '../components/court-update-form.tsx';
import { CourtUpdateNotFound } from '../components/court-update-not-found.tsx';
import { SAVED_MESSAGE, viewCourtUpdatePath } from '../utils/court-update-display.ts';
import { courtUpdateValues } from '../utils/court-update-form-values.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

/** /progress-update/edit-court-update/:id: the add form, filled from get-court-update, saved with update-court-update. */
export function EditCourtUpdatePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useQuery(courtUpdateQuery(id));

  if (update.isPending) return <LoadingPage title={['Court Updates']} />;
  if (!update.data)
    return (
      <>
        <PageTitle parts={['Court update not found', 'Court Updates']} />
        <CourtUpdateNotFound />
      </>
    );
  const view = update.data;

  return (
    <Stack gap="md">
      <PageTitle parts={['Edit Court Update', view.suitNumber, 'Court Updates']} />
      <Title order={1}>Edit Court Update</Title>
      <CourtUpdateForm
        key={view.updatedAt}
        update={view}
        initialValues={courtUpdateValues(view)}
        cancelTo={viewCourtUpdatePath(view.id)}
        onSaved={(saved) => {
          toast.success(SAVED_MESSAGE);
          void queryClient.invalidateQueries({ queryKey: courtUpdateKeys.all });
          navigate(viewCourtUpdatePath(saved.id));
        }}
      />
    </Stack>
  );
}
