import { useQuery } from '@tanstack/react-query';
import { ClientSelect } from '../client-select.tsx';
import { matterOptionLabel } from '../matter-option-label.ts';
import { SearchableSelect } from '../searchable-select.tsx';
import { associatedClientsQuery } from '../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../lib/lookups/client-matters.ts';

/**
 * A list's Client and Matter filters: choosing a client clears the matter, and the matter waits for
 * a client. Rendered only where the list filters by client, so the lookups run only there.
 */
export function ClientMatterFilters({
  clientId,
  matterId,
  onChange,
}: {
  clientId: string;
  matterId: string;
  onChange: (changes: { client?: string; matter?: string }) => void;
}) {
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(clientId));
  return (
    <>
      <ClientSelect
        label="Client"
        showEveryone
        people={clients.data?.people ?? []}
        companies={clients.data?.companies ?? []}
        value={clientId}
        onChange={(client) => onChange({ client, matter: '' })}
      />
      <SearchableSelect
        label="Matter"
        entity="matter"
        placeholder={clientId ? 'All matters' : 'Choose a client first'}
        disabled={clientId === ''}
        options={[
          { value: '', label: 'All matters' },
          ...(matters.data ?? []).map((matter) => ({
            value: matter.id,
            label: matterOptionLabel(matter),
          })),
        ]}
        value={matterId}
        onChange={(matter) => onChange({ matter })}
      />
    </>
  );
}
