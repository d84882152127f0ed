import { Alert, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, trialBalanceRoute } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { IsoDateField } from '../components/iso-date-field.tsx';
import { downloadStatement, trialBalanceQuery } from '../api/accounting-api.ts';
import { StatementDownloads, TieOuts } from '../components/statement-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const amount = (text: string) => (text === '0.00' ? '' : formatMoney(text));

/** /accounting/trial-balance?AsOfDate=…: every account's debits and credits per currency, with the check that they agree. */
export function TrialBalancePage() {
  const [params, setParams] = useSearchParams();
  const asOfDate = params.get('AsOfDate') ?? '';
  const trial = useQuery(trialBalanceQuery(asOfDate));
  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['Trial balance', 'Accounting']} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Trial balance</Title>
        <StatementDownloads download={(format) => downloadStatement(trialBalanceRoute, { AsOfDate: asOfDate }, format, 'trial-balance')} />
      </Group>
      <Group>
        <IsoDateField
          label="As of"
          description="Blank: every entry"
          value={asOfDate}
          onChange={(value) => setParams(value ? { AsOfDate: value } : {}, { replace: true })}
        />
      </Group>
      {trial.isPending ? (
        <LoadingSpinner />
      ) : !trial.data ? (
        <Text>The trial balance could not be loaded.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {trial.data.basisDescription}
          </Text>
          {trial.data.currencies.map((currency) => (
            <section key={currency.currencyCode} aria-labelledby={`trial-${currency.currencyCode}`}>
              <Title order={2} size="h4" id={`trial-${currency.currencyCode}`} mb="xs">
                {currency.currencyCode}
              </Title>
              <Alert color={currency.isBalanced ? 'green' : 'red'} mb="xs" p="xs">
                {currency.isBalanced ? 'Pass: debits equal credits' : 'Fail: debits and credits differ'} ({formatMoney(currency.totalDebit)}{' '}
                · {formatMoney(currency.totalCredit)})
              </Alert>
              <Table.ScrollContainer minWidth={520} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
                <Table striped aria-labelledby={`trial-${currency.currencyCode}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Account</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Debit
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Credit
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Balance
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {currency.accounts
                      .filter((account) => account.totalDebit !== '0.00' || account.totalCredit !== '0.00')
                      .map((account) => (
                        <Table.Tr key={account.id}>
                          <Table.Td>
                            {account.number} {account.name}
                          </Table.Td>
                          <Table.Td ta="right">{amount(account.totalDebit)}</Table.Td>
                          <Table.Td ta="right">{amount(account.totalCredit)}</Table.Td>
                          <Table.Td ta="right">{formatMoney(account.balance)}</Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th scope="row">Total</Table.Th>
                      <Table.Td ta="right" fw={700}>
                        {formatMoney(currency.totalDebit)}
                      </Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {formatMoney(currency.totalCredit)}
                      </Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            </section>
          ))}
          <TieOuts tieOuts={trial.data.tieOuts} />
        </>
      )}
    </Stack>
  );
}
