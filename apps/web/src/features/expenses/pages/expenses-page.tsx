import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadExpensesCsv } from '../api/expense-api.ts';
import { ExpenseFilters, type ExpenseFilterValues } from '../components/expense-filters.tsx';
import { ExpenseListView } from '../components/expense-list-view.tsx';
import {
  expenseListQueryFrom,
  LIST_PARAMS,
  nextSort,
  sortFrom,
  tabFrom,
  withListParams,
  withTab,
  type ExpenseTab,
  type ListParamChanges,
} from '../utils/expense-list-params.ts';
import { addExpensePath } from '../utils/expense-paths.ts';

export const TAB_LABELS: Record<ExpenseTab, string> = { client: 'Client expenses', firm: 'Firm expenses' };

/**
 * /expense-request/direct-expense?activeTab=client|firm: SPEC.md §3's filters, search, sort,
 * paging, totals and CSV, all kept in the URL. The tab decides IsFirmExpense.
 */
export function ExpensesPage() {
  const session = useSession();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isDownloading, setIsDownloading] = useState(false);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);

  const tab = tabFrom(searchParams);
  const query = expenseListQueryFrom(searchParams);
  const sort = sortFrom(searchParams);
  const read = (name: keyof typeof LIST_PARAMS) => searchParams.get(LIST_PARAMS[name]) ?? '';
  const filters: ExpenseFilterValues = {
    search: read('search'),
    status: query.Status ?? '',
    paymentStatus: query.paymentStatus ?? '',
    billingStatus: query.BillingStatus ?? '',
    addedBy: query.ExpenseAddedUserId ?? '',
    clientId: query.ClientId ?? '',
    matterId: query.MatterId ?? '',
    from: query.FromExpenseFlatFeesDateCreated ?? '',
    to: query.ToExpenseFlatFeesDateCreated ?? '',
    includeRequests: read('includeRequests') === 'true',
    isRequestStatus: query.Status === 'Pending' || query.Status === 'Rejected',
  };

  const change = (changes: ListParamChanges) => setSearchParams((previous) => withListParams(previous, changes), { replace: true });

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadExpensesCsv(query);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Download failed');
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Expenses</Title>
        <Group gap="sm">
          <Button variant="default" loading={isDownloading} onClick={() => void download()}>
            Download CSV
          </Button>
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
                <ExpenseFilters tab={value} values={filters} onChange={change} />
                <ExpenseListView
                  query={query}
                  sort={sort}
                  returnTo={`${location.pathname}${location.search}`}
                  onSort={(column) => {
                    const next = nextSort(sort, column);
                    change({ sortColumn: next.column, sortType: next.type });
                  }}
                  onPageChange={(page) => change({ page: String(page) })}
                  onSizeChange={(size) => change({ size: String(size) })}
                />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
