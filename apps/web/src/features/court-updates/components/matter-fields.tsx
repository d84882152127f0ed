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
import type { CourtUpdateFormValues } from '../utils/court-update-form-values.ts';

const matterLabel = (matter: { matterName: string; matterNumber: string | null; status?: string }) =>
  `${matter.matterNumber ? `${matter.matterNumber} — ${matter.matterName}` : matter.matterName}${matter.status === 'Closed' ? ' (closed)' : ''}`;

export type MatterFieldsProps = {
  form: SchemaForm<CourtUpdateFormValues>;
  /** The matter of the update being edited, listed even if the client's list no longer has it. */
  current?: { matterId: string; matterName: string; matterNumber: string | null; clientId: string } | undefined;
};

/**
 * Client, then one of its matters (both searchable), as every form of the app picks a matter. A
 * form opened on a matter (?matterId=) looks up its client so both show filled in.
 */
export function MatterFields({ form, current }: MatterFieldsProps) {
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

  // Court work goes on after a matter closes (a judgment, an appeal), so closed matters stay choosable.
  const options: SelectOption[] = (matters.data ?? []).map((matter) => ({ value: matter.id, label: matterLabel(matter) }));
  if (current && current.clientId === values.clientId && !options.some((option) => option.value === current.matterId)) {
    options.push({ value: current.matterId, label: matterLabel(current) });
  }

  return (
    <>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ClientSelect
          label="Client"
          placeholder={clients.isPending ? 'Loading clients…' : 'Select client'}
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={values.clientId}
          onChange={(clientId) => {
            form.setValue('clientId', clientId);
            // The matter must be one of the client's.
            if (clientId !== values.clientId) form.setValue('matterId', '');
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <SearchableSelect
          label="Matter"
          withAsterisk
          entity="matter"
          placeholder={values.clientId === '' ? 'Choose a client first' : matters.isPending ? 'Loading matters…' : 'Select matter'}
          options={options}
          disabled={values.clientId === ''}
          {...form.selectProps('matterId')}
        />
      </Grid.Col>
    </>
  );
}
