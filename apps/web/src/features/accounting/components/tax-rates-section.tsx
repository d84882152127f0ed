import { Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { hasPermissions, taxRateInputSchema } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
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
  const form = useSchemaForm(taxRateInputSchema, { name: '', ratePercent: '', isActive: true });
  const submit = form.onSubmit(async (data) => {
    await createTaxRate(data);
    form.setValue('name', '');
    form.setValue('ratePercent', '');
    refresh();
  });
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
          <form onSubmit={submit} noValidate aria-label="Add a tax rate">
            <Group align="flex-end" wrap="wrap">
              <TextInput label="Tax name" placeholder="VAT" {...form.inputProps('name')} />
              <TextInput label="Rate %" placeholder="7.5" inputMode="decimal" w={110} {...form.inputProps('ratePercent')} />
              <SubmitButton type="submit" isSubmitting={form.isSubmitting}>
                Add rate
              </SubmitButton>
            </Group>
          </form>
        )}
      </Stack>
    </section>
  );
}
