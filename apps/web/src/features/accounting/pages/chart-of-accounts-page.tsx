import { Badge, Button, FileButton, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ACCOUNT_TYPE_LABELS, hasPermissions, LEDGER_ACCOUNT_TYPES, type LedgerAccount } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { accountingKeys, chartQuery, deleteAccount, downloadChartCsv, importChart, updateAccount } from '../api/accounting-api.ts';
import type { AccountEditor } from '../components/account-modal.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// The forms and their library load when a modal first opens, not with the page (its JavaScript budget).
const AccountModal = lazy(async () => ({ default: (await import('../components/account-modal.tsx')).AccountModal }));
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

const OWNER_LABELS: Record<string, string> = {
  invoices: 'Invoices',
  trust: 'Trust accounting',
  payments: 'Online payments',
  expenses: 'Expenses',
};

/** Parents first, each followed by its sub-accounts, by number. */
function inChartOrder(accounts: LedgerAccount[]): LedgerAccount[] {
  const top = accounts.filter((account) => account.parentId === null || !accounts.some((parent) => parent.id === account.parentId));
  return top.flatMap((parent) => [parent, ...accounts.filter((account) => account.parentId === parent.id)]);
}

/** /accounting/chart-of-accounts: the firm's numbered chart, grouped by type. */
export function ChartOfAccountsPage() {
  const session = useSession();
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const queryClient = useQueryClient();
  const chart = useQuery(chartQuery);
  const [editor, setEditor] = useState<AccountEditor>(null);
  const [removing, setRemoving] = useState<LedgerAccount | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountingKeys.all });
  const accounts = chart.data?.accounts ?? [];

  const setActive = async (account: LedgerAccount, isActive: boolean) => {
    const { hasEntries: _hasEntries, ...rest } = account;
    await updateAccount(account.id, { ...rest, isActive });
    refresh();
  };
  const importFile = async (file: File | null) => {
    if (!file) return;
    try {
      const result = await importChart(await file.text());
      toast.success(`${result.created} added, ${result.updated} changed, ${result.unchanged} unchanged`);
    } finally {
      refresh();
    }
  };

  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['Chart of accounts', 'Accounting']} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Chart of accounts</Title>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => void downloadChartCsv().catch((error: Error) => toast.error(error.message))}>
            Export CSV
          </Button>
          {can('chartofAccount.create') && can('chartofAccount.edit') && (
            <FileButton onChange={(file) => void importFile(file).catch(() => undefined)} accept=".csv,text/csv">
              {(props) => (
                <Button variant="default" {...props}>
                  Import CSV
                </Button>
              )}
            </FileButton>
          )}
          {can('chartofAccount.create') && <Button onClick={() => setEditor({ account: null })}>Add account</Button>}
        </Group>
      </Group>
      {chart.isPending ? (
        <LoadingSpinner />
      ) : chart.data === null ? (
        <Text>The chart of accounts could not be loaded.</Text>
      ) : (
        LEDGER_ACCOUNT_TYPES.map((type) => (
          <section key={type} aria-labelledby={`accounts-${type}`}>
            <Title order={2} size="h4" id={`accounts-${type}`} mb="xs">
              {ACCOUNT_TYPE_LABELS[type]}
            </Title>
            <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
              <Table striped aria-labelledby={`accounts-${type}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Number</Table.Th>
                    <Table.Th scope="col">Account</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inChartOrder(accounts.filter((account) => account.type === type)).map((account) => (
                    <Table.Tr key={account.id}>
                      <Table.Td>{account.number}</Table.Td>
                      <Table.Td pl={account.parentId ? 'xl' : undefined}>
                        <Text size="sm" fw={account.parentId ? 400 : 500}>
                          {account.name}
                        </Text>
                        {account.description && (
                          <Text size="xs" c="dimmed">
                            {account.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {account.isSystem && <Badge variant="light">System</Badge>}
                          {account.ownedByModule && <Badge variant="outline">Kept by {OWNER_LABELS[account.ownedByModule]}</Badge>}
                          {!account.isActive && <Badge color="gray">Inactive</Badge>}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {can('chartofAccount.edit') && (
                            <Button
                              size="xs"
                              variant="subtle"
                              aria-label={`Edit ${account.number} ${account.name}`}
                              onClick={() => setEditor({ account })}
                            >
                              Edit
                            </Button>
                          )}
                          {can('chartofAccount.edit') && !account.isSystem && (
                            <Button
                              size="xs"
                              variant="subtle"
                              aria-label={`${account.isActive ? 'Deactivate' : 'Activate'} ${account.number} ${account.name}`}
                              onClick={() => void setActive(account, !account.isActive).catch(() => undefined)}
                            >
                              {account.isActive ? 'Deactivate' : 'Activate'}
                            </Button>
                          )}
                          {can('chartofAccount.delete') && !account.isSystem && !account.hasEntries && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${account.number} ${account.name}`}
                              onClick={() => setRemoving(account)}
                            >
                              Delete
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </section>
        ))
      )}
      <OnceOpened isOpen={editor !== null}>
        <AccountModal editor={editor} accounts={accounts} onClose={() => setEditor(null)} onSaved={refresh} />
      </OnceOpened>
      <OnceOpened isOpen={removing !== null}>
        <ConfirmModal
          opened={removing !== null}
          onClose={() => setRemoving(null)}
          title="Delete account"
          confirmLabel="Delete"
          onConfirm={async () => {
            await deleteAccount(removing!.id);
            refresh();
          }}
        >
          <Text>
            Delete {removing?.number} {removing?.name}? It has no entries; this cannot be undone.
          </Text>
        </ConfirmModal>
      </OnceOpened>
    </Stack>
  );
}
