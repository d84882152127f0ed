import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { fiscalYearLabel, formatMoney, fromCents, hasPermissions, toCents, type Budget } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { accountingKeys, budgetQuery, deleteBudget, lastYearActuals, saveBudget } from '../api/accounting-api.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

const AMOUNT = /^-?\d{1,12}(\.\d{1,2})?$/;
const isAmount = (text: string) => text.trim() === '' || AMOUNT.test(text.trim());
const centsOf = (text: string) => (isAmount(text) && text.trim() !== '' ? toCents(text.trim()) : 0n);
const sumOf = (texts: readonly string[]) => fromCents(texts.reduce((sum, text) => sum + centsOf(text), 0n));
const blankZero = (amount: string) => (toCents(amount) === 0n ? '' : amount);

type Grid = Record<string, string[]>;
const gridOf = (budget: Budget): Grid =>
  Object.fromEntries(budget.accounts.map((account) => [account.accountId, account.amounts.map(blankZero)]));

/** /accounting/budgets?FiscalYear=…: the firm budget, an amount per income and expense account per month, edited as a grid. */
export function BudgetsPage() {
  const session = useSession();
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const fiscalYear = Number(params.get('FiscalYear')) || null;
  const budget = useQuery({ ...budgetQuery(fiscalYear), enabled: can('budget') });
  // The grid being edited, for the year it was loaded for; null: the saved budget as loaded.
  const [edited, setEdited] = useState<{ year: number; grid: Grid; fromActuals: boolean } | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const data = budget.data;
  const grid = data && edited?.year === data.fiscalYear ? edited.grid : data ? gridOf(data) : {};
  const canSave = data ? can(data.isSaved ? 'budget.edit' : 'budget.create') : false;

  const setCell = (accountId: string, month: number, value: string) =>
    data &&
    setEdited({
      year: data.fiscalYear,
      fromActuals: edited?.fromActuals ?? false,
      grid: {
        ...grid,
        [accountId]: (grid[accountId] ?? Array<string>(12).fill('')).map((cell, index) => (index === month ? value : cell)),
      },
    });
  const startFromActuals = async () => {
    if (!data) return;
    const actuals = await lastYearActuals(data.fiscalYear);
    if (actuals) setEdited({ year: data.fiscalYear, grid: gridOf(actuals), fromActuals: true });
  };
  const save = async () => {
    if (!data) return;
    setIsSaving(true);
    try {
      const saved = await saveBudget({
        fiscalYear: data.fiscalYear,
        lines: data.accounts
          .map((account) => ({ accountId: account.accountId, amounts: (grid[account.accountId] ?? []).map((cell) => cell.trim() || '0') }))
          .filter((line) => line.amounts.some((cell) => centsOf(cell) !== 0n)),
      });
      queryClient.setQueryData(accountingKeys.budget(fiscalYear), saved);
      setEdited(null);
      void queryClient.invalidateQueries({ queryKey: accountingKeys.all });
    } finally {
      setIsSaving(false);
    }
  };

  const startMonth = data ? Number(data.fromDate.slice(5, 7)) : 1;
  const years = data
    ? [...new Set([data.fiscalYear - 1, data.fiscalYear, data.fiscalYear + 1, ...data.savedYears])].sort((a, b) => b - a)
    : [];
  const hasInvalid = Object.values(grid).some((cells) => cells.some((cell) => !isAmount(cell)));
  const typeTotals = (type: 'income' | 'expense') =>
    Array.from({ length: 12 }, (_, month) =>
      sumOf((data?.accounts ?? []).filter((account) => account.type === type).map((account) => grid[account.accountId]?.[month] ?? '')),
    );

  // The accounting pages need chartofAccount; budgets need budget too (one route for all keeps the menu small).
  if (!can('budget'))
    return (
      <Stack p="md">
        <PageTitle parts={['Budgets', 'Accounting']} />
        <Title order={1}>Budgets</Title>
        <Text>You don’t have permission to see the firm’s budgets. Please contact your admin to provide access.</Text>
      </Stack>
    );

  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['Budgets', 'Accounting']} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Budgets</Title>
        {data && (
          <Group gap="xs" wrap="wrap">
            {canSave && (
              <Button variant="default" onClick={() => void startFromActuals().catch((error: Error) => toast.error(error.message))}>
                Start from last year’s actuals
              </Button>
            )}
            {can('budget.delete') && data.isSaved && (
              <Button variant="default" color="red" onClick={() => setIsDeleting(true)}>
                Delete budget
              </Button>
            )}
            {canSave && (
              <Button loading={isSaving} disabled={hasInvalid} onClick={() => void save().catch(() => undefined)}>
                Save budget
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Select
        label="Fiscal year"
        allowDeselect={false}
        data={years.map((year) => ({ value: String(year), label: fiscalYearLabel(year, startMonth) }))}
        value={data ? String(data.fiscalYear) : null}
        onChange={(value) => setParams(value ? { FiscalYear: value } : {}, { replace: true })}
        w={180}
      />
      {budget.isPending ? (
        <LoadingSpinner />
      ) : !data ? (
        <Text>The budget could not be loaded.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {data.label}: {data.months[0]!.label} to {data.months[11]!.label}, in {data.currencyCode}. Income as the income expected,
            expenses as the cost expected.
          </Text>
          {edited?.year === data.fiscalYear && edited.fromActuals && (
            <Alert color="blue" p="xs">
              Filled with last fiscal year’s actual figures. Change what you need, then save the budget.
            </Alert>
          )}
          {!data.isSaved && !edited && <Text>This fiscal year has no budget yet.</Text>}
          <Table.ScrollContainer minWidth={1500} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table aria-label={`Budget ${data.label}`} verticalSpacing={2}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Account</Table.Th>
                  {data.months.map((month) => (
                    <Table.Th key={month.month} scope="col" ta="right">
                      {month.label}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col" ta="right">
                    Year
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(['income', 'expense'] as const).map((type) => (
                  <BudgetRows
                    key={type}
                    title={type === 'income' ? 'Income' : 'Expenses'}
                    budget={data}
                    type={type}
                    grid={grid}
                    isEditable={canSave}
                    totals={typeTotals(type)}
                    onChange={setCell}
                  />
                ))}
                <Table.Tr fw={700}>
                  <Table.Th scope="row">Net income</Table.Th>
                  {typeTotals('income').map((income, month) => (
                    <Table.Td key={month} ta="right">
                      {formatMoney(fromCents(toCents(income) - toCents(typeTotals('expense')[month]!)))}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">
                    {formatMoney(fromCents(toCents(sumOf(typeTotals('income'))) - toCents(sumOf(typeTotals('expense')))))}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <OnceOpened isOpen={isDeleting}>
        <ConfirmModal
          opened={isDeleting}
          onClose={() => setIsDeleting(false)}
          title="Delete budget"
          confirmLabel="Delete"
          onConfirm={async () => {
            await deleteBudget(data!.fiscalYear);
            setEdited(null);
            await queryClient.invalidateQueries({ queryKey: accountingKeys.all });
          }}
        >
          <Text>Delete the budget for {data?.label}? Every month’s amounts go with it.</Text>
        </ConfirmModal>
      </OnceOpened>
    </Stack>
  );
}

type BudgetRowsProps = {
  title: string;
  budget: Budget;
  type: 'income' | 'expense';
  grid: Grid;
  isEditable: boolean;
  totals: string[];
  onChange: (accountId: string, month: number, value: string) => void;
};

/** A section of the grid: its heading, an editable row per account and its monthly totals. */
function BudgetRows({ title, budget, type, grid, isEditable, totals, onChange }: BudgetRowsProps) {
  const accounts = budget.accounts.filter((account) => account.type === type);
  return (
    <>
      <Table.Tr>
        <Table.Th scope="colgroup" colSpan={14} pt="sm">
          {title}
        </Table.Th>
      </Table.Tr>
      {accounts.map((account) => {
        const cells = grid[account.accountId] ?? Array<string>(12).fill('');
        return (
          <Table.Tr key={account.accountId}>
            <Table.Th scope="row" fw={400} pl={account.parentId ? 'lg' : undefined} miw={220}>
              {account.number} {account.name}
            </Table.Th>
            {budget.months.map((month, index) => (
              <Table.Td key={month.month} p={2}>
                {isEditable ? (
                  <TextInput
                    size="xs"
                    w={96}
                    inputMode="decimal"
                    aria-label={`${account.number} ${account.name}, ${month.label}`}
                    value={cells[index] ?? ''}
                    error={!isAmount(cells[index] ?? '')}
                    onChange={(event) => onChange(account.accountId, index, event.currentTarget.value.replace(/,/g, ''))}
                    styles={{ input: { textAlign: 'right' } }}
                  />
                ) : (
                  <Text size="sm" ta="right">
                    {cells[index] ? formatMoney(fromCents(centsOf(cells[index]))) : ''}
                  </Text>
                )}
              </Table.Td>
            ))}
            <Table.Td ta="right">{formatMoney(sumOf(cells))}</Table.Td>
          </Table.Tr>
        );
      })}
      <Table.Tr fw={700}>
        <Table.Th scope="row">Total {title.toLowerCase()}</Table.Th>
        {totals.map((total, index) => (
          <Table.Td key={index} ta="right">
            {formatMoney(total)}
          </Table.Td>
        ))}
        <Table.Td ta="right">{formatMoney(sumOf(totals))}</Table.Td>
      </Table.Tr>
    </>
  );
}
