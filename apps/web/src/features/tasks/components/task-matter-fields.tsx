import { Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ClientSelect } from '../../../components/client-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import type { SelectOption } from '../../../components/select-options.ts';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { matterClientQuery } from '../../../lib/lookups/matter-client.ts';
import { matterLabel } from '../utils/task-display.ts';
import type { TaskFormValues } from '../utils/task-form-values.ts';

export const NO_MATTER_LABEL = 'No matter (a task of its own)';

const optionLabel = (matter: { matterName: string | null; matterNumber: string | null; status?: string }) =>
  `${matterLabel(matter)}${matter.status === 'Closed' ? ' (closed)' : ''}`;

export type TaskMatterFieldsProps = {
  form: SchemaForm<TaskFormValues>;
  /** The edited task's matter, listed even before (or without) its client's matters. */
  current?: { matterId: string; matterName: string | null; matterNumber: string | null } | undefined;
};

/**
 * Client, then one of its matters (both searchable), as every form of the app picks a matter; the
 * matter is optional. A task on a matter whose client is not known yet looks its client up.
 */
export function TaskMatterFields({ form, current }: TaskMatterFieldsProps) {
  const { values } = form;
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(values.clientId));
  const needsClient = values.clientId === '' && values.matterId !== '';
  const matterClient = useQuery({ ...matterClientQuery(values.matterId), enabled: needsClient });
  useEffect(() => {
    if (needsClient && matterClient.data) form.setValue('clientId', matterClient.data);
    // form is stable for the life of the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsClient, matterClient.data]);

  // Work goes on after a matter closes (an appeal, archiving), so closed matters stay choosable.
  const options: SelectOption[] = [
    { value: '', label: NO_MATTER_LABEL },
    ...(matters.data ?? []).map((matter) => ({ value: matter.id, label: optionLabel(matter) })),
  ];
  if (current && current.matterId === values.matterId && !options.some((option) => option.value === current.matterId)) {
    options.push({ value: current.matterId, label: optionLabel(current) });
  }
  const hasNoChoice = values.clientId === '' && values.matterId === '';

  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ClientSelect
          label="Client"
          placeholder={clients.isPending ? 'Loading clients…' : 'Select client'}
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={values.clientId}
          onChange={(clientId) => {
            if (clientId === values.clientId) return;
            form.setValue('clientId', clientId);
            // The matter must be one of the client's.
            form.setValue('matterId', '');
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SearchableSelect
          label="Matter"
          entity="matter"
          placeholder={matters.isPending ? 'Loading matters…' : 'Select matter'}
          description={hasNoChoice ? 'Choose a client to pick one of its matters' : undefined}
          options={options}
          disabled={hasNoChoice}
          {...form.selectProps('matterId')}
        />
      </Grid.Col>
    </>
  );
}
