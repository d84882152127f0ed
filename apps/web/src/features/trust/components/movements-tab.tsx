import { Anchor, Badge, Button, Group, Pagination, Paper, ScrollArea, SimpleGrid, Switch, Table, Text } from '@mantine/core';
import { formatMoney, TRUST_TRANSACTION_TYPE_LABELS, TRUST_TRANSACTION_TYPES, type TrustAccount } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { listPagingOf } from '../../../lib/list-paging.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadTrustTransactionsCsv, trustTransactionsQuery } from '../api/trust-api.ts';
import { displayDate, matterText, typeLabel } from '../utils/trust-display.ts';
import { IsoDateField, matterOptionLabel } from './trust-fields.tsx';

const PAGE_SIZE = 20;
const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...TRUST_TRANSACTION_TYPES.map((type) => ({ value: type, label: TRUST_TRANSACTION_TYPE_LABELS[type] })),
];

/** The account's movements, newest first: filters, paging and CSV; each row opens its record. */
export function MovementsTab({ account }: { account: TrustAccount }) {
  const [type, setType] = useState('');
  const [clientId, setClientId] = useState('');
  const [matterId, setMatterId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [isUnclearedOnly, setIsUnclearedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(clientId));
  const params = {
    TrustAccountId: account.id,
    Type: type || undefined,
    ClientId: clientId || undefined,
    MatterId: matterId || undefined,
    FromDate: from || undefined,
    ToDate: to || undefined,
    IsUnclearedOnly: isUnclearedOnly || undefined,
    page,
    size: PAGE_SIZE,
  };
  const list = useQuery(trustTransactionsQuery(params));
  const rows = list.data?.data ?? [];
  const { pageCount, totalLabel } = listPagingOf(list.data, page, PAGE_SIZE);
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Movement filters" mb="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <SearchableSelect label="Type" entity="type" options={TYPE_OPTIONS} value={type} onChange={changed(setType)} />
          <ClientSelect
            label="Client"
            showEveryone
            people={clients.data?.people ?? []}
            companies={clients.data?.companies ?? []}
            value={clientId}
            onChange={(value) => {
              changed(setClientId)(value);
              setMatterId('');
            }}
          />
          <SearchableSelect
            label="Matter"
            entity="matter"
            disabled={clientId === ''}
            placeholder={clientId ? 'All matters' : 'Choose a client first'}
            options={[
              { value: '', label: 'All matters' },
              ...(matters.data ?? []).map((matter) => ({ value: matter.id, label: matterOptionLabel(matter) })),
            ]}
            value={matterId}
            onChange={changed(setMatterId)}
          />
          <IsoDateField label="From" value={from} onChange={changed(setFrom)} />
          <IsoDateField label="To" value={to} onChange={changed(setTo)} />
        </SimpleGrid>
        <Switch
          mt="sm"
          label="Uncleared deposits only"
          checked={isUnclearedOnly}
          onChange={(event) => changed(setIsUnclearedOnly)(event.currentTarget.checked)}
        />
      </Paper>
      <Group justify="space-between" mb="xs">
        <Text size="sm" aria-live="polite">
          {list.data?.totalCount === 1 ? '1 movement' : `${totalLabel} movements`}
        </Text>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            void downloadTrustTransactionsCsv(params).catch((error: unknown) =>
              toast.error(error instanceof Error ? error.message : 'Download failed'),
            )
          }
        >
          Download CSV
        </Button>
      </Group>
      <ScrollArea type="auto">
        <Table striped highlightOnHover miw={820} aria-label="Movements">
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
                    {list.isLoading ? 'Loading…' : 'No movements found.'}
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
      {pageCount > 1 && (
        <Pagination mt="sm" total={pageCount} value={Math.min(page, pageCount)} onChange={setPage} aria-label="Movement pages" />
      )}
    </>
  );
}
