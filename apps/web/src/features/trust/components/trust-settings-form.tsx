import { Checkbox, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { updateTrustSettingsSchema, type TrustSettings } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { refusalOf, trustKeys, updateTrustSettings } from '../api/trust-api.ts';
import { RefusalAlert } from './trust-fields.tsx';

type Field = 'approvalThreshold' | 'cashReviewThreshold';

/**
 * The firm's trust rules: the two-person threshold, request approval, the cash review threshold.
 * Three fields checked by the shared schema on save (no form library: the accounts page stays light).
 */
export function TrustSettingsForm({ settings, canEdit, symbol }: { settings: TrustSettings; canEdit: boolean; symbol: string }) {
  const queryClient = useQueryClient();
  const [approvalThreshold, setApprovalThreshold] = useState(settings.approvalThreshold ?? '');
  const [cashReviewThreshold, setCashReviewThreshold] = useState(settings.cashReviewThreshold ?? '');
  const [requireRequestApproval, setRequireRequestApproval] = useState(settings.requireRequestApproval);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const parsed = updateTrustSettingsSchema.safeParse({ approvalThreshold, cashReviewThreshold, requireRequestApproval });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setRefusal(null);
    setIsSaving(true);
    try {
      queryClient.setQueryData(trustKeys.settings(), await updateTrustSettings(parsed.data));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={(event: FormEvent) => void save(event)}
      noValidate
      aria-label="Trust settings"
    >
      <Title order={2} size="h4" mb="xs">
        Trust rules
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MoneyInput
            label={`Approval threshold (${symbol})`}
            description="Disbursements, refunds and invoice payments above it need a second person's approval. Blank: none."
            value={approvalThreshold}
            onChange={setApprovalThreshold}
            error={errors.approvalThreshold}
            disabled={!canEdit}
          />
          <MoneyInput
            label={`Cash review threshold (${symbol})`}
            description="Cash deposits above it are flagged for review. Blank: none."
            value={cashReviewThreshold}
            onChange={setCashReviewThreshold}
            error={errors.cashReviewThreshold}
            disabled={!canEdit}
          />
        </SimpleGrid>
        <Checkbox
          label="Trust requests need approval before they are sent"
          checked={requireRequestApproval}
          onChange={(event) => setRequireRequestApproval(event.currentTarget.checked)}
          disabled={!canEdit}
        />
        <RefusalAlert refusal={refusal} />
        {canEdit && (
          <Group>
            <SubmitButton isSubmitting={isSaving}>Save trust rules</SubmitButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
