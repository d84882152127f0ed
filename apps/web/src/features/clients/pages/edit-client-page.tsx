import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useClient } from '../api/get-client.ts';
import { customFieldsQuery } from '../../../lib/lookups/custom-fields.ts';
import { updateClient } from '../api/save-client.ts';
import { ClientForm } from '../components/client-form.tsx';
import { ClientNotFound } from '../components/client-not-found.tsx';
import { ConflictCheckModal } from '../components/conflict-check-modal.tsx';
import { useConflictCheckedSave } from '../components/use-conflict-checked-save.ts';
import { clientInputOf, clientNameOf, conflictNamesOf, formValuesOf } from '../utils/client-form-values.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';

/** /clients/:id/edit: the same form; a conflict check runs only when the client's name changed. */
export function EditClientPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useClient(id);
  const customFields = useQuery(customFieldsQuery('client'));
  const conflictSave = useConflictCheckedSave();

  if (client.isPending || customFields.isPending) return <LoadingSpinner label="Loading client" />;
  if (client.isError || !client.data) return <ClientNotFound error={client.error} />;

  const initialValues = formValuesOf(client.data);
  const viewPath = `/clients/${client.data.id}`;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Edit {client.data.name}</Title>
        <Anchor component={Link} to={viewPath} size="sm">
          Back to client
        </Anchor>
      </Group>
      <ClientForm
        initialValues={initialValues}
        customFields={customFields.data ?? []}
        isBusy={conflictSave.isBusy}
        showStatus
        cancelTo={viewPath}
        onSubmit={async (values) => {
          const save = async (conflictCheckId: string | null) => {
            await updateClient(id, clientInputOf(values, conflictCheckId));
            void queryClient.invalidateQueries({ queryKey: lookupKeys.associatedClients() });
            await queryClient.invalidateQueries({ queryKey: ['clients'] });
            navigate(viewPath);
          };
          const isRenamed =
            clientNameOf(values).toLowerCase() !== clientNameOf(initialValues).toLowerCase() ||
            values.clientType !== initialValues.clientType;
          if (isRenamed) await conflictSave.checkThenSave(conflictNamesOf(values), save);
          else await save(null);
        }}
      />
      <ConflictCheckModal key={conflictSave.modalProps.result?.conflictCheckId ?? 'none'} {...conflictSave.modalProps} />
    </Stack>
  );
}
