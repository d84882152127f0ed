import { Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { ClientSelect } from '../../../components/client-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { trustBalanceQuery } from '../api/trust-api.ts';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { RefusalAlert } from './trust-fields.tsx';

export const GENERAL_FUNDS_LABEL = 'General (no matter)';

type ClientMatterProps = {
  clientLabel?: string;
  matterLabel?: string;
  clientId: string;
  matterId: string;
  onClientChange: (clientId: string) => void;
  onMatterChange: (matterId: string) => void;
  onBlur?: () => void;
  clientError?: ReactNode;
  matterError?: ReactNode;
};

/** A movement form's client and matter fields, bound to its clientId and matterId. */
type LedgerForm = {
  values: { clientId: string; matterId?: string | null };
  setValue(name: 'clientId' | 'matterId', value: string): void;
  touch(name: 'clientId'): void;
  errorFor(name: 'clientId' | 'matterId'): string | undefined;
};
export const ledgerFieldProps = (form: LedgerForm) => ({
  clientId: form.values.clientId,
  matterId: form.values.matterId ?? '',
  onClientChange: (id: string) => {
    form.setValue('clientId', id);
    form.touch('clientId');
  },
  onMatterChange: (id: string) => form.setValue('matterId', id),
  clientError: form.errorFor('clientId'),
  matterError: form.errorFor('matterId'),
});

/** The client picker and that client's matters (or the client's general funds). */
export function ClientMatterFields({
  clientLabel = 'Client',
  matterLabel = 'Matter',
  clientId,
  matterId,
  onClientChange,
  onMatterChange,
  onBlur,
  clientError,
  matterError,
}: ClientMatterProps) {
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(clientId));
  return (
    <>
      <ClientSelect
        label={clientLabel}
        withAsterisk
        placeholder={clients.isPending ? 'Loading clients…' : 'Select client'}
        people={clients.data?.people ?? []}
        companies={clients.data?.companies ?? []}
        value={clientId}
        onChange={(next) => {
          onClientChange(next);
          if (next !== clientId) onMatterChange('');
        }}
        onBlur={onBlur}
        error={clientError}
      />
      <SearchableSelect
        label={matterLabel}
        entity="matter"
        disabled={clientId === ''}
        placeholder={clientId === '' ? 'Choose a client first' : GENERAL_FUNDS_LABEL}
        options={[
          { value: '', label: GENERAL_FUNDS_LABEL },
          ...(matters.data ?? []).map((matter) => ({ value: matter.id, label: matterOptionLabel(matter) })),
        ]}
        value={matterId}
        onChange={onMatterChange}
        error={matterError}
      />
    </>
  );
}

/** What the chosen ledger holds in this account: the user sees the limit before the server refuses. */
export function LedgerBalanceHint({ trustAccountId, clientId, matterId }: { trustAccountId: string; clientId: string; matterId: string }) {
  const balance = useQuery(trustBalanceQuery(clientId, matterId));
  if (clientId === '' || !balance.data) return null;
  const ledger = balance.data.ledgers.find(
    (item) => item.trustAccountId === trustAccountId && (item.matterId ?? '') === matterId && item.clientId === clientId,
  );
  const symbol = ledger?.currencySymbol ?? balance.data.ledgers[0]?.currencySymbol ?? '';
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {ledger
        ? `Held in trust: ${formatMoney(ledger.balance, symbol)} (cleared ${formatMoney(ledger.clearedBalance, symbol)})`
        : 'Nothing is held in trust for this ledger yet.'}
    </Text>
  );
}

/** A movement's modal: the form, its refusal and its buttons. */
export function MovementModal({
  opened,
  title,
  submitLabel,
  onClose,
  onSubmit,
  isSubmitting,
  refusal,
  children,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  isSubmitting: boolean;
  refusal: string | null;
  children: ReactNode;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          <RefusalAlert refusal={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton isSubmitting={isSubmitting}>{submitLabel}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
