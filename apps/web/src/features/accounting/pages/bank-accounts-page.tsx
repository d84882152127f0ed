import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, hasPermissions, type BankAccount } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { accountingKeys, bankAccountsQuery, deactivateBankAccount, updateBankAccount } from '../api/accounting-api.ts';
import type { BankAccountEditor } from '../components/bank-account-modal.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// The form loads when it first opens, not with the page (its JavaScript budget).
const BankAccountModal = lazy(async () => ({ default: (await import('../components/bank-account-modal.tsx')).BankAccountModal }));

/** /accounting/bank-accounts: the firm's operating bank accounts, each booked to its own ledger account. */
export function BankAccountsPage() {
  const session = useSession();
  const canAdd = hasPermissions(session.permissions, ['chartofAccount.create']);
  const canEdit = hasPermissions(session.permissions, ['chartofAccount.edit']);
  const queryClient = useQueryClient();
  const banks = useQuery(bankAccountsQuery);
  const [editor, setEditor] = useState<BankAccountEditor>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountingKeys.all });
  const setActive = async (account: BankAccount, isActive: boolean) => {
    if (isActive) await updateBankAccount(account.id, { ...account, accountNumber: null, isDefault: false, isActive: true });
    else await deactivateBankAccount(account.id);
    refresh();
  };
  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['Bank accounts', 'Accounting']} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Bank accounts</Title>
        {canAdd && <Button onClick={() => setEditor({ account: null })}>Add bank account</Button>}
      </Group>
      {banks.data && (
        <Text size="sm" c="dimmed">
          Payments and expenses go to the account chosen on their form, else the default for their currency; in a currency without a
          default, to {banks.data.fallbackLedgerAccountNumber} Operating bank.
        </Text>
      )}
      {banks.isPending ? (
        <LoadingSpinner />
      ) : !banks.data ? (
        <Text>The bank accounts could not be loaded.</Text>
      ) : banks.data.accounts.length === 0 ? (
        <Text>No bank accounts yet: everything goes to {banks.data.fallbackLedgerAccountNumber} Operating bank.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table striped aria-label="Bank accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Account</Table.Th>
                <Table.Th scope="col">Number</Table.Th>
                <Table.Th scope="col">Currency</Table.Th>
                <Table.Th scope="col">Ledger account</Table.Th>
                <Table.Th scope="col" ta="right">
                  Balance
                </Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                {canEdit && <Table.Th scope="col">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {banks.data.accounts.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    <Text fw={600}>{account.name}</Text>
                    <Text size="xs" c="dimmed">
                      {account.bankName}
                    </Text>
                  </Table.Td>
                  <Table.Td>{account.maskedAccountNumber ?? '—'}</Table.Td>
                  <Table.Td>{account.currencyCode}</Table.Td>
                  <Table.Td>
                    {account.ledgerAccountNumber} {account.ledgerAccountName}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(account.balance)}</Table.Td>
                  <Table.Td>
                    {/* Words, not badges: a narrow column cut a badge to "DEF…". */}
                    <Text size="sm">
                      {[account.isDefault && 'Default', !account.isActive && 'Inactive'].filter(Boolean).join(', ') || 'Active'}
                    </Text>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditor({ account })} aria-label={`Edit ${account.name}`}>
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => void setActive(account, !account.isActive)}
                          aria-label={`${account.isActive ? 'Deactivate' : 'Reactivate'} ${account.name}`}
                        >
                          {account.isActive ? 'Deactivate' : 'Reactivate'}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <OnceOpened isOpen={editor !== null}>
        <BankAccountModal editor={editor} onClose={() => setEditor(null)} onSaved={refresh} />
      </OnceOpened>
    </Stack>
  );
}
