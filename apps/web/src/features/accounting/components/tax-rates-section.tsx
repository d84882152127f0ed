import { Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { hasPermissions, taxRateInputSchema } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { accountingKeys, createTaxRate, taxRatesQuery, updateTaxRate } from '../api/accounting-api.ts';

/** The firm's tax rates: listed, added, switched off and on (never deleted: invoices name them). */
export function TaxRatesSection() {
  const session = useSession();
  const canAdd = hasPermissions(session.permissions, ['chartofAccount.create']);
  const canEdit = hasPermissions(session.permissions, ['chartofAccount.edit']);
  const queryClient = useQueryClient();
  const rates = useQuery(taxRatesQuery);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountingKeys.taxRates() });
  // Two fields checked by the shared schema on submit; the form library stays out of the page (its JavaScript budget).
  const [draft, setDraft] = useState({ name: '', ratePercent: '' });
  const [issues, setIssues] = useState<{ name?: string; ratePercent?: string }>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = taxRateInputSchema.safeParse(draft);
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setIssues({});
    setIsSubmitting(true);
    try {
      await createTaxRate(parsed.data);
      setDraft({ name: '', ratePercent: '' });
      refresh();
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <section aria-labelledby="tax-rates">
      <Title order={2} size="h3" id="tax-rates" mb="xs">
        Tax rates
      </Title>
      <Stack gap="sm">
        {(rates.data?.rates ?? []).length === 0 ? (
          <Text size="sm">No tax rates yet.</Text>
        ) : (
          <Table aria-labelledby="tax-rates" maw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col" ta="right">
                  Rate
                </Table.Th>
                <Table.Th scope="col">Active</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.data!.rates.map((rate) => (
                <Table.Tr key={rate.id}>
                  <Table.Td>{rate.name}</Table.Td>
                  <Table.Td ta="right">{rate.ratePercent}%</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${rate.name} ${rate.ratePercent}% active`}
                      checked={rate.isActive}
                      disabled={!canEdit}
                      onChange={(event) => {
                        const isActive = event.currentTarget.checked;
                        void updateTaxRate(rate.id, { name: rate.name, ratePercent: rate.ratePercent, isActive }).then(refresh);
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canAdd && (
          <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add a tax rate">
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label="Tax name"
                placeholder="VAT"
                value={draft.name}
                error={issues.name}
                onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
              />
              <TextInput
                label="Rate %"
                placeholder="7.5"
                inputMode="decimal"
                w={110}
                value={draft.ratePercent}
                error={issues.ratePercent}
                onChange={(event) => setDraft({ ...draft, ratePercent: event.currentTarget.value })}
              />
              <SubmitButton type="submit" isSubmitting={isSubmitting} mt={25}>
                Add rate
              </SubmitButton>
            </Group>
          </form>
        )}
      </Stack>
    </section>
  );
}
