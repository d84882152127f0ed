import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { MatterForm } from '../components/matter-form.tsx';
import { emptyMatterValues } from '../utils/matter-form-values.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** /matter/add-new-matter; ?clientId= preselects the client (e.g. from a client's page). */
export function AddMatterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [initialValues] = useState(() => emptyMatterValues(searchParams.get('clientId') ?? ''));

  return (
    <Stack gap="md">
      <PageTitle parts={['Add New Matter', 'Matters']} />
      <Title order={1}>Add New Matter</Title>
      <MatterForm
        initialValues={initialValues}
        currencySymbol={session.workingUser?.currency ?? ''}
        cancelTo="/matter/matter-list"
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
