import { Anchor, Badge, Group, ScrollArea, Switch, Table, Text } from '@mantine/core';
import { formatMoney, TRUST_TRANSACTION_TYPE_LABELS, TRUST_TRANSACTION_TYPES, type TrustAccount } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ClientMatterFilters } from '../../../components/list-kit/client-matter-filters.tsx';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { downloadTrustTransactionsCsv, trustTransactionsQuery } from '../api/trust-api.ts';
import { displayDate, matterText, typeLabel } from '../utils/trust-display.ts';
import { TRUST_MOVEMENT_LIST, trustMovementQueryFrom } from '../utils/trust-list-params.ts';
import { IsoDateField } from './trust-fields.tsx';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...TRUST_TRANSACTION_TYPES.map((type) => ({ value: type, label: TRUST_TRANSACTION_TYPE_LABELS[type] })),
];

/** The account's movements, newest first: filters (in the page's URL), paging and CSV; each row opens its record. */
export function MovementsTab({ account }: { account: TrustAccount }) {
  const list = useListParams(TRUST_MOVEMENT_LIST);
  const query = trustMovementQueryFrom(account.id, list);
  const result = useQuery(trustTransactionsQuery(query));
  const { filters } = list;

  return (
    <>
      <ListFilterBar
        label="Movement filters"
        columns={{ base: 1, sm: 2, lg: 3 }}
        onClear={list.clearFilters}
        isFiltered={list.isFiltered}
        footer={
          <Switch
            mt="sm"
            label="Uncleared deposits only"
            checked={filters.uncleared === '1'}
            onChange={(event) => list.setFilters({ uncleared: event.currentTarget.checked ? '1' : '' })}
          />
        }
      >
        <SearchableSelect
          label="Type"
          entity="type"
          options={TYPE_OPTIONS}
          value={filters.type}
          onChange={(type) => list.setFilters({ type })}
        />
        <ClientMatterFilters clientId={filters.client} matterId={filters.matter} onChange={list.setFilters} />
        <IsoDateField label="From" value={filters.from} onChange={(from) => list.setFilters({ from })} />
        <IsoDateField label="To" value={filters.to} onChange={(to) => list.setFilters({ to })} />
      </ListFilterBar>
      <Group justify="flex-end" my="xs">
        <CsvDownloadButton size="xs" download={() => downloadTrustTransactionsCsv(query)} />
      </Group>
      <ListResults
        result={{ isPending: result.isPending, data: result.data }}
        page={list.page}
        size={list.size}
        noun={{ one: 'movement', many: 'movements' }}
        pagerLabel="Movement pages"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => (
          // Fits beside the trust accounts' navigation on a 1280 px screen (820 px); a phone scrolls it.
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={680} aria-label="Movements">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Matter</Table.Th>
                  <Table.Th>Counterparty</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text size="sm" c="dimmed" ta="center">
                        No movements found.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Anchor component={Link} to={`/trust-account/record/${row.id}`}>
                        {row.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(row.date)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {typeLabel(row.type)}
                        {!row.isCleared && (
                          <Badge size="xs" color="yellow" variant="light" style={{ flexShrink: 0 }}>
                            Uncleared
                          </Badge>
                        )}
                        {row.reversedByTransactionId && (
                          <Badge size="xs" color="gray" variant="light" style={{ flexShrink: 0 }}>
                            Reversed
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{row.clientName}</Table.Td>
                    <Table.Td>{matterText(row.matterNumber, row.matterName)}</Table.Td>
                    <Table.Td>{row.counterparty ?? ''}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={row.direction === 'out' ? 'red.8' : undefined}>
                      {row.direction === 'out' ? '−' : ''}
                      {formatMoney(row.amount, row.currencySymbol)}
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
