import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { createTrustAccountSchema, updateTrustSettingsSchema, type TrustSettings } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { currenciesQuery, currencyLabel } from '../../../lib/lookups/currencies.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { createTrustAccount, refusalOf, trustKeys, updateTrustSettings } from '../api/trust-api.ts';
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

/** The firm's trust rules: the two-person threshold, request approval, the cash review threshold. */
export function TrustSettingsForm({ settings, canEdit, symbol }: { settings: TrustSettings; canEdit: boolean; symbol: string }) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(updateTrustSettingsSchema, {
    approvalThreshold: settings.approvalThreshold ?? '',
    requireRequestApproval: settings.requireRequestApproval,
    cashReviewThreshold: settings.cashReviewThreshold ?? '',
  });
  const { values } = form;
  const submit = form.onSubmit(async (data) => {
    setRefusal(null);
    try {
      const saved = await updateTrustSettings(data);
      queryClient.setQueryData(trustKeys.settings(), saved);
    } catch (error) {
      setRefusal(refusalOf(error));
      throw error;
    }
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Trust settings">
      <Title order={2} size="h4" mb="xs">
        Trust rules
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MoneyInput
            label={`Approval threshold (${symbol})`}
            description="Disbursements, refunds and invoice payments above it need a second person's approval. Blank: none."
            value={values.approvalThreshold ?? ''}
            onChange={(amount) => form.setValue('approvalThreshold', amount)}
            onBlur={() => form.touch('approvalThreshold')}
            error={form.errorFor('approvalThreshold')}
            disabled={!canEdit}
          />
          <MoneyInput
            label={`Cash review threshold (${symbol})`}
            description="Cash deposits above it are flagged for review. Blank: none."
            value={values.cashReviewThreshold ?? ''}
            onChange={(amount) => form.setValue('cashReviewThreshold', amount)}
            onBlur={() => form.touch('cashReviewThreshold')}
            error={form.errorFor('cashReviewThreshold')}
            disabled={!canEdit}
          />
        </SimpleGrid>
        <Checkbox
          label="Trust requests need approval before they are sent"
          checked={values.requireRequestApproval}
          onChange={(event) => form.setValue('requireRequestApproval', event.currentTarget.checked)}
          disabled={!canEdit}
        />
        <RefusalAlert refusal={refusal} />
        {canEdit && (
          <Group>
            <SubmitButton isSubmitting={form.isSubmitting}>Save trust rules</SubmitButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
