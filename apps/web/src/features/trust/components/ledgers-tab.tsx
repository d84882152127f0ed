import { Anchor, ScrollArea, Switch, Table, Text } from '@mantine/core';
import { formatMoney, type TrustAccount } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { trustAccountLedgersQuery } from '../api/trust-api.ts';
import { matterText } from '../utils/trust-display.ts';
import { TRUST_LEDGER_LIST, trustLedgerQueryFrom } from '../utils/trust-list-params.ts';

/** The account's client ledgers with their balances; each leads to the client's Trust tab. Its filters are in the page's URL. */
export function LedgersTab({ account }: { account: TrustAccount }) {
  const list = useListParams(TRUST_LEDGER_LIST);
  const result = useQuery(trustAccountLedgersQuery(trustLedgerQueryFrom(account.id, list)));
  return (
    <>
      <ListFilterBar
        label="Ledger filters"
        columns={{ base: 1, sm: 2 }}
        onClear={list.clearFilters}
        isFiltered={list.isFiltered}
        footer={
          <Switch
            mt="sm"
            label="Only ledgers holding funds"
            checked={list.filters.holding !== 'all'}
            onChange={(event) => list.setFilters({ holding: event.currentTarget.checked ? '' : 'all' })}
          />
        }
      >
        <ListSearchInput
          key={list.clearCount}
          label="Search ledgers"
          placeholder="Client or matter"
          value={list.filters.search}
          onSearch={(search) => list.setFilters({ search })}
        />
      </ListFilterBar>
      <ListResults
        result={{ isPending: result.isPending, data: result.data }}
        page={list.page}
        size={list.size}
        noun={{ one: 'ledger', many: 'ledgers' }}
        pagerLabel="Ledger pages"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => (
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
                        No client ledgers found.
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
                    <Table.Td ta="right">
                      {ledger.minimumBalance ? formatMoney(ledger.minimumBalance, ledger.currencySymbol) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </ListResults>
    </>
  );
}
