import { Group, Input, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import {
  formatMoney,
  profitAndLossRoute,
  PROFIT_AND_LOSS_COMPARISONS,
  type ProfitAndLossComparison,
  type ProfitAndLossQuery,
  type StatementBasis,
} from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { downloadStatement, profitAndLossQuery } from '../api/accounting-api.ts';
import { IsoDateField } from '../components/iso-date-field.tsx';
import { sectionRows, StatementDownloads, StatementTable, TieOuts } from '../components/statement-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const COMPARISON_LABELS: Record<ProfitAndLossComparison, string> = {
  none: 'No comparison',
  previousPeriod: 'Previous period',
  lastYear: 'Same period last year',
  budget: 'Budget',
};

/** /accounting/profit-and-loss?FromDate=…&ToDate=…&Basis=…&Compare=…: income, expenses and net income per currency. */
export function ProfitAndLossPage() {
  const [params, setParams] = useSearchParams();
  const query = {
    FromDate: params.get('FromDate') ?? '',
    ToDate: params.get('ToDate') ?? '',
    Basis: (params.get('Basis') === 'cash' ? 'cash' : 'accrual') as StatementBasis,
    Compare: ((PROFIT_AND_LOSS_COMPARISONS as readonly string[]).includes(params.get('Compare') ?? '')
      ? params.get('Compare')
      : 'none') as ProfitAndLossComparison,
  } satisfies ProfitAndLossQuery;
  const statement = useQuery(profitAndLossQuery(query));
  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const data = statement.data;

  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['Profit and loss', 'Accounting']} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Profit and loss</Title>
        <StatementDownloads download={(format) => downloadStatement(profitAndLossRoute, query, format, 'profit-and-loss')} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <IsoDateField
          label="From"
          description="Blank: the fiscal year’s start"
          value={query.FromDate}
          onChange={(value) => set('FromDate', value)}
        />
        <IsoDateField label="To" description="Blank: today" value={query.ToDate} onChange={(value) => set('ToDate', value)} />
        {/* The label names the radio group: a div, since a <label> points at an input and this has none. */}
        <Input.Wrapper label="Basis" labelElement="div" labelProps={{ id: 'basis-label' }}>
          <SegmentedControl
            aria-labelledby="basis-label"
            data={[
              { value: 'accrual', label: 'Accrual' },
              { value: 'cash', label: 'Cash' },
            ]}
            value={query.Basis}
            onChange={(value) => set('Basis', value === 'accrual' ? '' : value)}
            display="flex"
          />
        </Input.Wrapper>
        <Select
          label="Compare with"
          allowDeselect={false}
          data={PROFIT_AND_LOSS_COMPARISONS.map((value) => ({ value, label: COMPARISON_LABELS[value] }))}
          value={query.Compare}
          onChange={(value) => set('Compare', value === 'none' ? '' : (value ?? ''))}
          w={220}
        />
      </Group>
      {statement.isPending ? (
        <LoadingSpinner />
      ) : !data ? (
        <Text>The profit and loss account could not be loaded.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {data.basisDescription}
            {data.comparison && ` Compared with: ${data.comparison.label}.`}
          </Text>
          {data.currencies.map((currency) => (
            <section key={currency.currencyCode} aria-labelledby={`profit-${currency.currencyCode}`}>
              <Title order={2} size="h4" id={`profit-${currency.currencyCode}`} mb="xs">
                {currency.currencyCode} · net income {formatMoney(currency.netIncome.amount)}
              </Title>
              <StatementTable
                label={`Profit and loss in ${currency.currencyCode}`}
                comparisonLabel={data.comparison?.label ?? null}
                rows={[
                  ...sectionRows(currency.income, 'income'),
                  ...sectionRows(currency.expenses, 'expenses'),
                  { key: 'net', label: 'Net income', kind: 'total', figure: currency.netIncome },
                ]}
              />
            </section>
          ))}
          <TieOuts tieOuts={data.tieOuts} />
        </>
      )}
    </Stack>
  );
}
