import { Anchor, Button, Group, Pagination, Paper, ScrollArea, SimpleGrid, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney, INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceListQuery } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { listPagingOf, pageAndTotalsQueries } from '../../../lib/list-paging.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadInvoiceListCsv, invoiceListQuery } from '../api/invoices.ts';
import { displayDate } from '../utils/invoice-display.ts';
import { InvoiceListSummary } from './invoice-list-summary.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const PAGE_SIZE = 20;
const TABS = [
  { value: 'All', label: 'All' },
  ...INVOICE_STATUSES.filter((status) => status !== 'Approved').map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] })),
  { value: 'Approved', label: 'Approved' },
  { value: 'Overdue', label: 'Overdue' },
];
const SORTS = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'issueDate:desc', label: 'Issue date (newest)' },
  { value: 'dueDate:asc', label: 'Due date (soonest)' },
  { value: 'total:desc', label: 'Total (largest)' },
  { value: 'balanceDue:desc', label: 'Balance due (largest)' },
  { value: 'clientName:asc', label: 'Client (A–Z)' },
  { value: 'invoiceNumber:asc', label: 'Number' },
];

type InvoiceListViewProps = {
  /** Fixed by the client view's and the matter view's Invoices tab. */
  clientId?: string;
  matterId?: string;
};

/** The invoice list: status tabs, search, filters, sort, paging, totals and CSV. */
export function InvoiceListView({ clientId: fixedClientId, matterId: fixedMatterId }: InvoiceListViewProps) {
  const isScoped = Boolean(fixedClientId || fixedMatterId);
  const [tab, setTab] = useState('All');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [clientId, setClientId] = useState('');
  const [matterId, setMatterId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState('createdAt:desc');
  const [page, setPage] = useState(1);
  const clients = useQuery({ ...associatedClientsQuery, enabled: !isScoped });
  const matters = useQuery(clientMattersQuery(isScoped ? '' : clientId));
  const [sortColumn, sortType] = sort.split(':') as [NonNullable<InvoiceListQuery['sortColumn']>, 'asc' | 'desc'];
  const params = {
    page,
    size: PAGE_SIZE,
    sortColumn,
    sortType,
    GeneralSearchText: debouncedSearch.trim() || undefined,
    Status: tab === 'All' || tab === 'Overdue' ? undefined : tab,
    IsOverdue: tab === 'Overdue' ? true : undefined,
    ClientId: fixedClientId ?? (clientId || undefined),
    MatterId: fixedMatterId ?? (matterId || undefined),
    From: monthDayYearToIsoDate(from) ?? undefined,
    To: monthDayYearToIsoDate(to) ?? undefined,
    IncludeTotals: true,
  };
  const split = pageAndTotalsQueries(params);
  const list = useQuery(invoiceListQuery(split.page));
  const totals = useQuery({ ...invoiceListQuery(split.totals ?? split.page), enabled: split.totals !== null }).data?.totals;
  const rows = list.data?.data ?? [];
  // The API counts to 1,000 (isTotalCountCapped past it): the pager then offers a next page while a page is full.
  const { pageCount, totalLabel, isCapped } = listPagingOf(list.data, page, PAGE_SIZE);
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <Tabs value={tab} onChange={(value) => changed(setTab)(value ?? 'All')}>
        <ScrollArea type="auto">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: isScoped ? 4 : 6 }} spacing="sm">
          <TextInput
            label="Search invoices"
            type="search"
            placeholder="Number, client or matter"
            value={search}
            onChange={(event) => changed(setSearch)(event.currentTarget.value)}
          />
          {!isScoped && (
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
          )}
          {!isScoped && (
            <SearchableSelect
              label="Matter"
              entity="matter"
              disabled={clientId === ''}
              placeholder={clientId ? 'All matters' : 'Choose a client first'}
              options={[
                { value: '', label: 'All matters' },
                ...(matters.data ?? []).map((matter) => ({ value: matter.id, label: matter.matterName })),
              ]}
              value={matterId}
              onChange={changed(setMatterId)}
            />
          )}
          <DatePickerField label="Issued from" value={from} onChange={changed(setFrom)} />
          <DatePickerField label="Issued to" value={to} onChange={changed(setTo)} />
          <SearchableSelect label="Sort by" entity="sort" options={SORTS} value={sort} onChange={changed(setSort)} />
        </SimpleGrid>
      </Paper>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {list.data?.totalCount === 1 && !isCapped ? '1 invoice' : `${totalLabel} invoices`}
        </Text>
        {totals && <InvoiceListSummary totals={totals} />}
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            void downloadInvoiceListCsv({ ...params, page: undefined, size: undefined }).catch((error: unknown) =>
              toast.error(error instanceof Error ? error.message : 'Download failed'),
            )
          }
        >
          Download CSV
        </Button>
      </Group>
      <ScrollArea type="auto">
        <Table striped highlightOnHover miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Status</Table.Th>
              {!fixedClientId && <Table.Th>Client</Table.Th>}
              <Table.Th>Matters</Table.Th>
              <Table.Th>Issued</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Balance due</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={fixedClientId ? 7 : 8}>
                  <Text size="sm" c="dimmed" ta="center">
                    {list.isLoading ? 'Loading…' : 'No invoices found.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor component={Link} to={`/billing/invoices/${row.id}`}>
                    {row.invoiceNumber ?? 'Draft'}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <InvoiceStatusBadge status={row.status} isOverdue={row.isOverdue} />
                </Table.Td>
                {!fixedClientId && <Table.Td>{row.clientName}</Table.Td>}
                <Table.Td>{row.matterNames.join(', ')}</Table.Td>
                <Table.Td>{displayDate(row.issueDate)}</Table.Td>
                <Table.Td>{displayDate(row.dueDate)}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.total, row.currencySymbol)}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.balanceDue, row.currencySymbol)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pageCount > 1 && <Pagination total={pageCount} value={Math.min(page, pageCount)} onChange={setPage} aria-label="Invoice pages" />}
    </>
  );
}
