import { lazy } from 'react';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { clientConflictNames } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useClient } from '../api/get-client.ts';
import { customFieldsQuery } from '../../../lib/lookups/custom-fields.ts';
import { updateClient } from '../api/save-client.ts';
import { ClientForm } from '../components/client-form.tsx';
import { ClientNotFound } from '../components/client-not-found.tsx';
import { useConflictGate } from '../../../components/conflict-gate/use-conflict-gate.ts';
import { clientInputOf, formValuesOf } from '../utils/client-form-values.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

// The conflict-check results load when a save finds possible conflicts, not with the form.
const ConflictGateModal = lazy(async () => ({
  default: (await import('../../../components/conflict-gate/conflict-gate-modal.tsx')).ConflictGateModal,
}));

/** /clients/:id/edit: the same form; a conflict check runs only for names new to the client (a new name or contact). */
export function EditClientPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useClient(id);
  const customFields = useQuery(customFieldsQuery('client'));
  const conflictGate = useConflictGate('client');

  if (client.isPending || customFields.isPending) return <LoadingPage title={['Clients']} label="Loading client" />;
  if (client.isError || !client.data)
    return (
      <>
        <PageTitle parts={['Clients']} />
        <ClientNotFound error={client.error} />
      </>
    );

  const initialValues = formValuesOf(client.data);
  const viewPath = `/clients/${client.data.id}`;

  return (
    <Stack gap="md">
      <PageTitle parts={[`Edit ${client.data.name}`, 'Clients']} />
      <Group justify="space-between">
        <Title order={1}>Edit {client.data.name}</Title>
        <Anchor component={Link} to={viewPath} size="sm">
          Back to client
        </Anchor>
      </Group>
      <ClientForm
        initialValues={initialValues}
        customFields={customFields.data ?? []}
        isBusy={conflictGate.isBusy}
        showStatus
        cancelTo={viewPath}
        onSubmit={(values) => {
          const known = [client.data.name, ...client.data.contacts.map((contact) => contact.name)];
          return conflictGate.checkThenSave(clientConflictNames(values, known), async (conflictCheckId) => {
            await updateClient(id, clientInputOf(values, conflictCheckId));
            void queryClient.invalidateQueries({ queryKey: lookupKeys.associatedClients() });
            await queryClient.invalidateQueries({ queryKey: ['clients'] });
            focusNextPageHeading();
            navigate(viewPath);
          });
        }}
      />
      <OnceOpened isOpen={conflictGate.modalProps.result !== null}>
        <ConflictGateModal key={conflictGate.modalProps.result?.conflictCheckId ?? 'none'} {...conflictGate.modalProps} />
      </OnceOpened>
    </Stack>
  );
}
