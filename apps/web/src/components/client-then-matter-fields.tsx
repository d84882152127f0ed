import { Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SchemaForm } from '../lib/forms/use-schema-form.ts';
import { associatedClientsQuery } from '../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../lib/lookups/client-matters.ts';
import { matterClientQuery } from '../lib/lookups/matter-client.ts';
import { ClientSelect } from './client-select.tsx';
import { SearchableSelect } from './searchable-select.tsx';
import { matterOptionLabel, type MatterNames } from './matter-option-label.ts';
import type { SelectOption } from './select-options.ts';

type ClientMatterValues = { clientId: string; matterId: string };

export type ClientThenMatterFieldsProps<Values extends ClientMatterValues> = {
  form: SchemaForm<Values>;
  /** The edited record's matter, listed even before (or without) its client's matters. */
  current?: ({ matterId: string } & MatterNames) | undefined;
  /** The choice of no matter ("No matter"); without it a matter is required. */
  noMatterLabel?: string;
};

/**
 * Client, then one of its matters (both searchable), as every form of the app picks a matter. A
 * form opened on a matter (?matterId=, an edited record) looks its client up so both show filled
 * in. Work goes on after a matter closes (an appeal, a judgment, archiving), so closed matters stay
 * choosable.
 */
export function ClientThenMatterFields<Values extends ClientMatterValues>({
  form: typedForm,
  current,
  noMatterLabel,
}: ClientThenMatterFieldsProps<Values>) {
  // Only the two fields every such form shares are touched here.
  const form = typedForm as unknown as SchemaForm<ClientMatterValues>;
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

  const options: SelectOption[] = [
    ...(noMatterLabel ? [{ value: '', label: noMatterLabel }] : []),
    ...(matters.data ?? []).map((matter) => ({ value: matter.id, label: matterOptionLabel(matter) })),
  ];
  if (current && current.matterId === values.matterId && !options.some((option) => option.value === current.matterId)) {
    options.push({ value: current.matterId, label: matterOptionLabel(current) });
  }
  const hasNoClient = values.clientId === '' && values.matterId === '';

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
          withAsterisk={!noMatterLabel}
          entity="matter"
          placeholder={hasNoClient ? 'Choose a client first' : matters.isPending ? 'Loading matters…' : 'Select matter'}
          options={options}
          disabled={hasNoClient}
          {...form.selectProps('matterId')}
        />
      </Grid.Col>
    </>
  );
}
