import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { downloadExpensesCsv } from '../api/expense-api.ts';
import { ExpenseFilters, type ExpenseFilterValues } from '../components/expense-filters.tsx';
import { ExpenseListView } from '../components/expense-list-view.tsx';
import { EXPENSE_LIST, expenseListQueryFrom, tabFrom, withTab, type ExpenseTab } from '../utils/expense-list-params.ts';
import { addExpensePath } from '../utils/expense-paths.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const TAB_LABELS: Record<ExpenseTab, string> = { client: 'Client expenses', firm: 'Firm expenses' };

/**
 * /expense-request/direct-expense?activeTab=client|firm: SPEC.md §3's filters, search, sort,
 * paging, totals and CSV, all kept in the URL. The tab decides IsFirmExpense.
 */
export function ExpensesPage() {
  const session = useSession();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);

  const tab = tabFrom(searchParams);
  const list = useListParams(EXPENSE_LIST);
  const query = expenseListQueryFrom(list, tab);
  const filters: ExpenseFilterValues = {
    search: list.filters.search,
    status: query.Status ?? '',
    paymentStatus: query.paymentStatus ?? '',
    billingStatus: query.BillingStatus ?? '',
    addedBy: query.ExpenseAddedUserId ?? '',
    clientId: query.ClientId ?? '',
    matterId: query.MatterId ?? '',
    from: query.FromExpenseFlatFeesDateCreated ?? '',
    to: query.ToExpenseFlatFeesDateCreated ?? '',
    includeRequests: list.filters.includeRequests === 'true',
    isRequestStatus: query.Status === 'Pending' || query.Status === 'Rejected',
  };

  return (
    <Stack gap="md">
      <PageTitle parts={[TAB_LABELS[tab], 'Expenses']} />
      <Group justify="space-between">
        <Title order={1}>Expenses</Title>
        <Group gap="sm">
          <CsvDownloadButton download={() => downloadExpensesCsv(query)} />
          {can('expensePermission.create') && (
            <Button component={Link} to={addExpensePath({ type: tab, returnTo: `${location.pathname}${location.search}` })}>
              Add expense
            </Button>
          )}
        </Group>
      </Group>

      <Tabs value={tab} onChange={(next) => setSearchParams((previous) => withTab(previous, next === 'client' ? 'client' : 'firm'))}>
        <Tabs.List>
          <Tabs.Tab value="client">{TAB_LABELS.client}</Tabs.Tab>
          <Tabs.Tab value="firm">{TAB_LABELS.firm}</Tabs.Tab>
        </Tabs.List>
        {/* Only the active panel renders its filters and list (one list call, one set of fields). */}
        {(['client', 'firm'] as const).map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {value === tab && (
              <Stack gap="md">
                <ExpenseFilters tab={value} values={filters} onChange={list.setFilters} />
                <ExpenseListView
                  query={query}
                  sort={list.sort}
                  returnTo={`${location.pathname}${location.search}`}
                  onSort={list.sortBy}
                  onPageChange={list.setPage}
                  onSizeChange={list.setSize}
                />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
