import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { useMatterView } from '../api/get-matter-view.ts';
import { MatterForm } from '../components/matter-form.tsx';
import { MatterNotFound } from '../components/matter-not-found.tsx';
import { matterValuesFromView } from '../utils/matter-form-values.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

/** /matter/:id/edit: the add form, filled from the matter view, saved with PUT update-matter. */
export function EditMatterPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matter = useMatterView(id);

  if (matter.isPending) return <LoadingPage title={['Matters']} />;
  if (!matter.data) return <MatterNotFound />;
  const view = matter.data;

  return (
    <Stack gap="md">
      <PageTitle parts={['Edit Matter', view.matterName, 'Matters']} />
      <Title order={1}>Edit Matter</Title>
      <MatterForm
        key={view.updatedAt}
        matterId={view.id}
        initialValues={matterValuesFromView(view)}
        knownNames={[view.matterName, ...view.parties.map((party) => party.name)]}
        currencySymbol={session.workingUser?.currency ?? ''}
        cancelTo={`/matter/${view.id}`}
        onSaved={(matterId) => {
          void queryClient.invalidateQueries({ queryKey: ['matters'] });
          // Matter pickers and the practice areas' matter counts change with it.
          void queryClient.invalidateQueries({ queryKey: lookupKeys.clientMatters() });
          void queryClient.invalidateQueries({ queryKey: lookupKeys.practiceAreas() });
          focusNextPageHeading();
          void navigate(`/matter/${matterId}`);
        }}
      />
    </Stack>
  );
}
