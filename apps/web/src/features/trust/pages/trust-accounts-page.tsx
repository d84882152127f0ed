import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { createTrustAccountSchema, formatMoney, updateTrustSettingsSchema, type TrustSettings } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { currenciesQuery, currencyLabel } from '../../../lib/lookups/currencies.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { createTrustAccount, refusalOf, trustAccountsQuery, trustKeys, trustSettingsQuery, updateTrustSettings } from '../api/trust-api.ts';
import { RefusalAlert } from '../components/trust-form-parts.tsx';
import { trustAbilities } from '../utils/trust-display.ts';

function NewTrustAccountModal({ onClose }: { onClose: () => void }) {
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
      await queryClient.invalidateQueries({ queryKey: trustKeys.accounts() });
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

function TrustSettingsForm({ settings, canEdit, symbol }: { settings: TrustSettings; canEdit: boolean; symbol: string }) {
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

/** /trust-account/accounts: the firm's trust bank accounts and its trust rules. */
export function TrustAccountsPage() {
  const session = useSession();
  const accounts = useQuery(trustAccountsQuery);
  const settings = useQuery(trustSettingsQuery);
  const [isCreating, setIsCreating] = useState(false);
  const can = trustAbilities(session.permissions);
  const rows = accounts.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Trust accounts</Title>
        {can.create && <Button onClick={() => setIsCreating(true)}>New trust account</Button>}
      </Group>
      <ScrollArea type="auto">
        <Table striped highlightOnHover miw={720} aria-label="Trust accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Bank</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Currency</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th ta="right">Cleared</Table.Th>
              <Table.Th ta="right">Client ledgers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed" ta="center">
                    {accounts.isPending
                      ? 'Loading…'
                      : accounts.isError
                        ? 'The trust accounts could not be loaded.'
                        : 'No trust accounts yet.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <Group gap={6}>
                    <Anchor component={Link} to={`/trust-account/${account.id}`}>
                      {account.name}
                    </Anchor>
                    {!account.isActive && (
                      <Badge size="xs" color="gray" style={{ flexShrink: 0 }}>
                        Closed
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{account.bankName}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{account.accountNumberMasked}</Table.Td>
                <Table.Td>{account.currencyCode}</Table.Td>
                <Table.Td ta="right">{formatMoney(account.balance, account.currencySymbol)}</Table.Td>
                <Table.Td ta="right">{formatMoney(account.clearedBalance, account.currencySymbol)}</Table.Td>
                <Table.Td ta="right">{account.clientLedgerCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {settings.data && (
        <TrustSettingsForm
          settings={settings.data}
          canEdit={can.edit}
          symbol={session.workingUser?.currency ?? rows[0]?.currencySymbol ?? ''}
        />
      )}
      {isCreating && <NewTrustAccountModal onClose={() => setIsCreating(false)} />}
    </Stack>
  );
}
