import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  hasPermissions,
  WITHHOLDING_TAX_CATEGORIES,
  WITHHOLDING_TAX_CATEGORY_LABELS,
  type WithholdingTaxCategory,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../lib/session/session-context.ts';
import { clientWithholdingTaxQuery, updateClientWithholdingTax, withholdingTaxKeys } from '../api/client-withholding-tax-api.ts';

const CATEGORY_OPTIONS = WITHHOLDING_TAX_CATEGORIES.map((value) => ({ value, label: WITHHOLDING_TAX_CATEGORY_LABELS[value] }));

/**
 * On the client's overview: how the client is treated for withholding tax — its kind (a government
 * body is a company client to the rest of the app) and its own rate when it differs from the firm's.
 */
export function ClientWithholdingTaxCard({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const treatment = useQuery(clientWithholdingTaxQuery(clientId));
  const [editing, setEditing] = useState<{ category: WithholdingTaxCategory; rate: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!treatment.data) return null;
  const { category, rate, rateOverride, firmRate } = treatment.data;
  const canEdit = hasPermissions(permissions, ['clientInfo.edit']);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Withholding tax">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Withholding tax
        </Title>
        {editing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (busy) return;
              setBusy(true);
              updateClientWithholdingTax(clientId, { category: editing.category, rateOverride: editing.rate.trim() || null })
                .then((answer) => {
                  queryClient.setQueryData(withholdingTaxKeys.client(clientId), answer);
                  setEditing(null);
                })
                .catch(() => undefined)
                .finally(() => setBusy(false));
            }}
          >
            <Stack gap="xs">
              <Select
                label="Kind of client"
                data={CATEGORY_OPTIONS}
                value={editing.category}
                allowDeselect={false}
                onChange={(value) => value && setEditing({ ...editing, category: value as WithholdingTaxCategory })}
              />
              <TextInput
                label="Own rate (%)"
                description="Blank: the firm’s rate for the kind. 0: the client deducts none."
                inputMode="decimal"
                value={editing.rate}
                onChange={(event) => setEditing({ ...editing, rate: event.currentTarget.value })}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {WITHHOLDING_TAX_CATEGORY_LABELS[category]} · {rate}%
              {rateOverride === null ? ' (the firm’s rate)' : ` (own rate; the firm’s is ${firmRate}%)`}
            </Text>
            {canEdit && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setEditing({ category, rate: rateOverride ?? '' })}
                aria-label="Edit withholding tax"
              >
                Edit
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
