import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { createTrustAccountSchema } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { currenciesQuery, currencyLabel } from '../../../lib/lookups/currencies.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { createTrustAccount, refusalOf, trustKeys } from '../api/trust-api.ts';
import { RefusalAlert } from './trust-fields.tsx';

/** A new trust bank account (only the account number's last four characters are kept). */
export function NewTrustAccountModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currencies = useQuery(currenciesQuery);
  const idempotency = useIdempotencyKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(createTrustAccountSchema, {
    name: '',
    bankName: '',
    accountNumber: '',
    currencyCode: session.workingUser?.currencyISOCode ?? '',
    paymentInstructions: '',
  });
  const submit = form.onSubmit(async (data) => {
    setRefusal(null);
    try {
      const created = await createTrustAccount({ ...data, currencyCode: data.currencyCode || null }, idempotency.key);
      await queryClient.invalidateQueries({ queryKey: trustKeys.all });
      onClose();
      navigate(`/trust-account/${created.id}`);
    } catch (error) {
      setRefusal(refusalOf(error));
      throw error;
    }
  });
  const currencyOptions = (currencies.data ?? []).map((currency) => ({ value: currency.isoCurrenyCode, label: currencyLabel(currency) }));
  return (
    <AppModal opened onClose={onClose} title="New trust account">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="New trust account">
        <Stack gap="sm">
          <TextInput label="Account name" withAsterisk maxLength={120} data-autofocus {...form.inputProps('name')} />
          <TextInput label="Bank name" withAsterisk maxLength={120} {...form.inputProps('bankName')} />
          <TextInput
            label="Account number"
            withAsterisk
            description="Only its last four digits are kept"
            maxLength={34}
            autoComplete="off"
            {...form.inputProps('accountNumber')}
          />
          {currencyOptions.length > 0 && (
            <SearchableSelect label="Currency" entity="currency" options={currencyOptions} {...form.selectProps('currencyCode')} />
          )}
          <Textarea
            label="Payment instructions"
            description="Shown to clients asked to pay into trust"
            maxLength={2000}
            minRows={2}
            {...form.inputProps('paymentInstructions')}
          />
          <RefusalAlert refusal={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton isSubmitting={form.isSubmitting}>Create trust account</SubmitButton>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
