import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { balanceSheetRoute, type BalanceSheetComparison, type BalanceSheetQuery } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { balanceSheetQuery, downloadStatement } from '../api/accounting-api.ts';
import { IsoDateField } from '../components/iso-date-field.tsx';
import { sectionRows, StatementDownloads, StatementTable, TieOuts } from '../components/statement-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** /accounting/balance-sheet?AsOfDate=…&Compare=…: the firm's own assets, liabilities and equity, client money apart. */
export function BalanceSheetPage() {
  const [params, setParams] = useSearchParams();
  const query = {
    AsOfDate: params.get('AsOfDate') ?? '',
    Compare: (params.get('Compare') === 'lastYear' ? 'lastYear' : 'none') as BalanceSheetComparison,
  } satisfies BalanceSheetQuery;
  const statement = useQuery(balanceSheetQuery(query));
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
      <PageTitle parts={['Balance sheet', 'Accounting']} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Balance sheet</Title>
        <StatementDownloads download={(format) => downloadStatement(balanceSheetRoute, query, format, 'balance-sheet')} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <IsoDateField label="As of" description="Blank: today" value={query.AsOfDate} onChange={(value) => set('AsOfDate', value)} />
        <Select
          label="Compare with"
          allowDeselect={false}
          data={[
            { value: 'none', label: 'No comparison' },
            { value: 'lastYear', label: 'A year earlier' },
          ]}
          value={query.Compare}
          onChange={(value) => set('Compare', value === 'lastYear' ? value : '')}
          w={200}
        />
      </Group>
      {statement.isPending ? (
        <LoadingSpinner />
      ) : !data ? (
        <Text>The balance sheet could not be loaded.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {data.basisDescription}
          </Text>
          {data.currencies.map((currency) => (
            <section key={currency.currencyCode} aria-labelledby={`balance-${currency.currencyCode}`}>
              <Title order={2} size="h4" id={`balance-${currency.currencyCode}`} mb="xs">
                {currency.currencyCode}
              </Title>
              <Alert color={currency.isBalanced ? 'green' : 'red'} mb="xs" p="xs">
                {currency.isBalanced ? 'Pass: assets equal liabilities and equity' : 'Fail: assets and liabilities with equity differ'}
              </Alert>
              <StatementTable
                label={`Balance sheet in ${currency.currencyCode}`}
                comparisonLabel={data.comparison?.label ?? null}
                rows={[
                  ...sectionRows(currency.assets, 'assets'),
                  ...sectionRows(currency.liabilities, 'liabilities'),
                  ...sectionRows(currency.equity, 'equity'),
                  { key: 'total', label: 'Total liabilities and equity', kind: 'total', figure: currency.totalLiabilitiesAndEquity },
                ]}
              />
              <StatementTable
                label={`Client money held in trust in ${currency.currencyCode}`}
                comparisonLabel={data.comparison?.label ?? null}
                rows={sectionRows(currency.clientMoney, 'client-money')}
              />
            </section>
          ))}
          <TieOuts tieOuts={data.tieOuts} />
        </>
      )}
    </Stack>
  );
}
