import { Anchor, Group, ScrollArea, Table, Tabs, Text } from '@mantine/core';
import { formatMoney, INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { SortableTable, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import { useListLayout } from '../../../components/list-kit/use-list-layout.ts';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { pageAndTotalsQueries } from '../../../lib/list-paging.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { downloadInvoiceListCsv, invoiceListQuery } from '../api/invoice-list-api.ts';
import { displayDate } from '../utils/invoice-display.ts';
import { INVOICE_LIST, invoiceListQueryFrom, OVERDUE_TAB, type InvoiceSortColumn } from '../utils/invoice-list-params.ts';
import { InvoiceListSummary } from './invoice-list-summary.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

// Mantine's tabs need a value for every tab; All is no status filter, so it never reaches the URL.
const ALL_TAB = 'All';
const TABS = [
  { value: ALL_TAB, label: 'All' },
  ...INVOICE_STATUSES.filter((status) => status !== 'Approved').map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] })),
  { value: 'Approved', label: 'Approved' },
  { value: OVERDUE_TAB, label: 'Overdue' },
];
// Newest first is by the invoice's date (a draft's is the date it will carry), then by when it was made.
const SORTS = [
  { value: 'issueDate:desc', label: 'Newest first' },
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

/**
 * The invoice list: status tabs, search, filters, sort, paging, totals and CSV. On /billing they
 * live in the URL; inside a client's or matter's tab the URL is the record's, so the list keeps them.
 */
export function InvoiceListView({ clientId: fixedClientId, matterId: fixedMatterId }: InvoiceListViewProps) {
  const isScoped = Boolean(fixedClientId || fixedMatterId);
  const list = useListParams(INVOICE_LIST, { inUrl: !isScoped });
  const { filters, setFilters } = list;
  const clients = useQuery({ ...associatedClientsQuery, enabled: !isScoped });
  const matters = useQuery(clientMattersQuery(isScoped ? '' : filters.client));
  const params = invoiceListQueryFrom(list, { clientId: fixedClientId, matterId: fixedMatterId });
  const split = pageAndTotalsQueries(params);
  const invoices = useQuery(invoiceListQuery(split.page));
  const totals = useQuery({ ...invoiceListQuery(split.totals ?? split.page), enabled: split.totals !== null }).data?.totals;
  const tab = TABS.some((item) => item.value === filters.status) ? filters.status : ALL_TAB;
  // Beside the billing navigation on a 1280 px screen (820 px) the issue and due dates fold under the number.
  const isFolded = useListLayout() !== 'full';
  const columns: SortableColumn<InvoiceSortColumn>[] = [
    { label: 'Number' },
    { label: 'Status' },
    ...(fixedClientId ? [] : [{ label: 'Client' }]),
    { label: 'Matters' },
    ...(isFolded ? [] : [{ label: 'Issued' }, { label: 'Due' }]),
    { label: 'Total', align: 'right' as const },
    { label: 'Balance due', align: 'right' as const },
  ];

  return (
    <>
      <Tabs value={tab} onChange={(status) => setFilters({ status: status === ALL_TAB ? '' : (status ?? '') })}>
        <ScrollArea type="auto">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {TABS.map((item) => (
              <Tabs.Tab key={item.label} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      <ListFilterBar columns={{ base: 1, sm: 2, lg: isScoped ? 4 : 6 }}>
        <ListSearchInput
          label="Search invoices"
          placeholder="Number, client or matter"
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        {!isScoped && (
          <ClientSelect
            label="Client"
            showEveryone
            people={clients.data?.people ?? []}
            companies={clients.data?.companies ?? []}
            value={filters.client}
            onChange={(client) => setFilters({ client, matter: '' })}
          />
        )}
        {!isScoped && (
          <SearchableSelect
            label="Matter"
            entity="matter"
            disabled={filters.client === ''}
            placeholder={filters.client ? 'All matters' : 'Choose a client first'}
            options={[
              { value: '', label: 'All matters' },
              ...(matters.data ?? []).map((matter) => ({ value: matter.id, label: matter.matterName })),
            ]}
            value={filters.matter}
            onChange={(matter) => setFilters({ matter })}
          />
        )}
        <DatePickerField
          label="Issued from"
          value={isoDateToMonthDayYear(filters.from)}
          onChange={(date) => setFilters({ from: monthDayYearToIsoDate(date) ?? '' })}
        />
        <DatePickerField
          label="Issued to"
          value={isoDateToMonthDayYear(filters.to)}
          onChange={(date) => setFilters({ to: monthDayYearToIsoDate(date) ?? '' })}
        />
        <SearchableSelect
          label="Sort by"
          entity="sort"
          options={SORTS}
          value={`${list.sort.column}:${list.sort.type}`}
          onChange={(value) => {
            const [column, type] = value.split(':') as [InvoiceSortColumn, 'asc' | 'desc'];
            list.change({ sort: { column, type } });
          }}
        />
      </ListFilterBar>
      <Group justify="space-between" wrap="wrap">
        {totals && <InvoiceListSummary totals={totals} />}
        <CsvDownloadButton size="xs" download={() => downloadInvoiceListCsv({ ...params, page: undefined, size: undefined })} />
      </Group>
      <ListResults
        result={invoices}
        page={list.page}
        size={list.size}
        noun={{ one: 'invoice', many: 'invoices' }}
        pagerLabel="Invoice pages"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => (
          <SortableTable
            label="Invoices"
            testId="invoices-table"
            minWidth={isFolded ? 640 : 760}
            columns={columns}
            sort={list.sort}
            onSort={list.sortBy}
            hasActions={false}
            rows={rows}
            emptyText="No invoices found."
            renderRow={(row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor component={Link} to={`/billing/invoices/${row.id}`}>
                    {row.invoiceNumber ?? 'Draft'}
                  </Anchor>
                  {isFolded && (
                    <Text size="xs" c="dimmed">
                      Issued {displayDate(row.issueDate)}
                      <br />
                      Due {displayDate(row.dueDate)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <InvoiceStatusBadge
                    status={row.status}
                    isOverdue={row.isOverdue}
                    isDisputed={row.isDisputed}
                    hasMissedInstalment={row.hasMissedInstalment}
                  />
                </Table.Td>
                {!fixedClientId && <Table.Td>{row.clientName}</Table.Td>}
                <Table.Td>{row.matterNames.join(', ')}</Table.Td>
                {!isFolded && <Table.Td>{displayDate(row.issueDate)}</Table.Td>}
                {!isFolded && <Table.Td>{displayDate(row.dueDate)}</Table.Td>}
                <Table.Td ta="right">{formatMoney(row.total, row.currencySymbol)}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.balanceDue, row.currencySymbol)}</Table.Td>
              </Table.Tr>
            )}
          />
        )}
      </ListResults>
    </>
  );
}
