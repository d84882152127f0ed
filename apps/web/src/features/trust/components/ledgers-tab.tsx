import { Anchor, Group, Pagination, ScrollArea, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney, type TrustAccount } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { listPagingOf } from '../../../lib/list-paging.ts';
import { trustAccountLedgersQuery } from '../api/trust-api.ts';
import { matterText } from '../utils/trust-display.ts';

const PAGE_SIZE = 20;

/** The account's client ledgers with their balances; each leads to the client's Trust tab. */
export function LedgersTab({ account }: { account: TrustAccount }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [isNonZeroOnly, setIsNonZeroOnly] = useState(true);
  const [page, setPage] = useState(1);
  const list = useQuery(
    trustAccountLedgersQuery({
      TrustAccountId: account.id,
      GeneralSearchText: debouncedSearch.trim() || undefined,
      IsNonZeroOnly: isNonZeroOnly,
      page,
      size: PAGE_SIZE,
    }),
  );
  const rows = list.data?.data ?? [];
  const { pageCount, totalLabel } = listPagingOf(list.data, page, PAGE_SIZE);
  return (
    <>
      <Group align="flex-end" gap="md" mb="sm" wrap="wrap">
        <TextInput
          label="Search ledgers"
          type="search"
          placeholder="Client or matter"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <Switch
          label="Only ledgers holding funds"
          checked={isNonZeroOnly}
          onChange={(event) => {
            setIsNonZeroOnly(event.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      <Text size="sm" aria-live="polite" mb="xs">
        {list.data?.totalCount === 1 ? '1 ledger' : `${totalLabel} ledgers`}
      </Text>
      <ScrollArea type="auto">
        <Table striped miw={560} aria-label="Client ledgers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>Matter</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th ta="right">Cleared</Table.Th>
              <Table.Th ta="right">Minimum</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed" ta="center">
                    {list.isLoading ? 'Loading…' : 'No client ledgers found.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((ledger) => (
              <Table.Tr key={`${ledger.clientId}:${ledger.matterId ?? ''}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/clients/${ledger.clientId}?activeTab=trust`}>
                    {ledger.clientName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {ledger.matterId ? (
                    <Anchor component={Link} to={`/matter/${ledger.matterId}?activeTab=trust`}>
                      {matterText(ledger.matterNumber, ledger.matterName)}
                    </Anchor>
                  ) : (
                    matterText(null, null)
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(ledger.balance, ledger.currencySymbol)}</Table.Td>
                <Table.Td ta="right">{formatMoney(ledger.clearedBalance, ledger.currencySymbol)}</Table.Td>
                <Table.Td ta="right">{ledger.minimumBalance ? formatMoney(ledger.minimumBalance, ledger.currencySymbol) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pageCount > 1 && (
        <Pagination mt="sm" total={pageCount} value={Math.min(page, pageCount)} onChange={setPage} aria-label="Ledger pages" />
      )}
    </>
  );
}
