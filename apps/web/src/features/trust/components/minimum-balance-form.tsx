import { Group, Paper, Stack } from '@mantine/core';
import { setMatterTrustMinimumSchema } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { refusalOf, setMatterTrustMinimum, trustKeys } from '../api/trust-api.ts';
import { RefusalAlert } from './trust-fields.tsx';

/** A matter's evergreen minimum: below it after a payment, a top-up request is drafted. Blank removes it. */
export function MinimumBalanceForm({ matterId, current, symbol }: { matterId: string; current: string | null; symbol: string }) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(setMatterTrustMinimumSchema, { matterId, minimumBalance: current ?? '' });
  const submit = form.onSubmit(async (data) => {
    setRefusal(null);
    try {
      await setMatterTrustMinimum(data);
      await queryClient.invalidateQueries({ queryKey: trustKeys.all });
    } catch (error) {
      setRefusal(refusalOf(error));
      throw error;
    }
  });
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Evergreen minimum"
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MoneyInput
            label={`Evergreen minimum (${symbol})`}
            description="When a payment takes the matter's trust below it, a top-up request is drafted. Blank: none."
            value={form.values.minimumBalance ?? ''}
            onChange={(amount) => form.setValue('minimumBalance', amount)}
            onBlur={() => form.touch('minimumBalance')}
            error={form.errorFor('minimumBalance')}
            style={{ flex: '1 1 240px', maxWidth: 420 }}
          />
          <SubmitButton isSubmitting={form.isSubmitting}>Save minimum</SubmitButton>
        </Group>
        <RefusalAlert refusal={refusal} />
      </Stack>
    </Paper>
  );
}
