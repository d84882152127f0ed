import { Anchor, Badge, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { trustAccountsQuery, trustSettingsQuery } from '../api/trust-api.ts';
import { TrustSettingsForm } from '../components/trust-settings-form.tsx';
import { trustAbilities } from '../utils/trust-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';

// The new account's form (and the form library) loads when it is opened.
const NewTrustAccountModal = lazy(async () => ({ default: (await import('../components/trust-account-forms.tsx')).NewTrustAccountModal }));

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
      <PageTitle parts={['Trust accounts']} />
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
      {isCreating && (
        <Suspense fallback={null}>
          <NewTrustAccountModal onClose={() => setIsCreating(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
