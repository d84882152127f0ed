import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clientOptions } from '../../../components/client-select.tsx';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';

/**
 * A journal line's optional client and matter (a disbursement recharged to a matter, a client's
 * refund): choosing a client clears the matter, and the matter waits for a client.
 */
export function LineClientMatter({
  lineLabel,
  clientId,
  matterId,
  onChange,
}: {
  lineLabel: string;
  clientId: string;
  matterId: string;
  onChange: (change: { clientId: string; matterId: string }) => void;
}) {
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(clientId));
  return (
    <Stack gap={4}>
      <SearchableSelect
        label={`${lineLabel} client`}
        entity="client"
        placeholder="No client"
        options={[{ value: '', label: 'No client' }, ...clientOptions(clients.data?.people ?? [], clients.data?.companies ?? [])]}
        value={clientId}
        onChange={(client) => onChange({ clientId: client, matterId: '' })}
      />
      <SearchableSelect
        label={`${lineLabel} matter`}
        entity="matter"
        placeholder={clientId ? 'No matter' : 'Choose a client first'}
        disabled={clientId === ''}
        options={[
          { value: '', label: 'No matter' },
          ...(matters.data ?? []).map((matter) => ({
            value: matter.id,
            label: matterOptionLabel(matter),
          })),
        ]}
        value={matterId}
        onChange={(matter) => onChange({ clientId, matterId: matter })}
      />
    </Stack>
  );
}
