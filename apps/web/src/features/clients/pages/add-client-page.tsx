import { lazy } from 'react';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { clientConflictNames } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { customFieldsQuery } from '../../../lib/lookups/custom-fields.ts';
import { createClient } from '../api/save-client.ts';
import { ClientForm } from '../components/client-form.tsx';
import { useConflictGate } from '../../../components/conflict-gate/use-conflict-gate.ts';
import { clientInputOf, EMPTY_CLIENT_FORM } from '../utils/client-form-values.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { PageTitle } from '../../../components/page-title.tsx';

// The conflict-check results load when a save finds possible conflicts, not with the form.
const ConflictGateModal = lazy(async () => ({
  default: (await import('../../../components/conflict-gate/conflict-gate-modal.tsx')).ConflictGateModal,
}));

/** /clients/add-new-client: the form, then a conflict check, then the client is created. */
export function AddClientPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customFields = useQuery(customFieldsQuery('client'));
  const conflictGate = useConflictGate('client');
  const idempotency = useIdempotencyKey();

  return (
    <Stack gap="md">
      <PageTitle parts={['Add New Client', 'Clients']} />
      <Group justify="space-between">
        <Title order={1}>Add New Client</Title>
        <Anchor component={Link} to="/clients/list" size="sm">
          Back to clients
        </Anchor>
      </Group>
      {customFields.isPending ? (
        <LoadingSpinner label="Loading form" />
      ) : (
        <ClientForm
          initialValues={EMPTY_CLIENT_FORM}
          customFields={customFields.data ?? []}
          isBusy={conflictGate.isBusy}
          cancelTo="/clients/list"
          onSubmit={(values) =>
            conflictGate.checkThenSave(clientConflictNames(values), async (conflictCheckId) => {
              const saved = await createClient(clientInputOf(values, conflictCheckId), idempotency.key);
              // The client dropdowns of every form list the new client too.
              void queryClient.invalidateQueries({ queryKey: lookupKeys.associatedClients() });
              await queryClient.invalidateQueries({ queryKey: ['clients'] });
              focusNextPageHeading();
              navigate(saved.id ? `/clients/${saved.id}` : '/clients/list');
            })
          }
        />
      )}
      <OnceOpened isOpen={conflictGate.modalProps.result !== null}>
        <ConflictGateModal key={conflictGate.modalProps.result?.conflictCheckId ?? 'none'} {...conflictGate.modalProps} />
      </OnceOpened>
    </Stack>
  );
}
