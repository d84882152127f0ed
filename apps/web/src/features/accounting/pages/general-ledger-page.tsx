import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, JOURNAL_SOURCE_TYPES, type GeneralLedgerQuery } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ClientMatterFilters } from '../../../components/list-kit/client-matter-filters.tsx';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { toast } from '../../../lib/toasts.ts';
import { chartQuery, downloadGeneralLedgerCsv, generalLedgerQuery } from '../api/accounting-api.ts';
import { IsoDateField } from '../components/iso-date-field.tsx';
import { SOURCE_LABELS, sourceOf } from '../utils/source-links.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const dateText = (iso: string) => iso.split('-').reverse().join('/');
const amount = (text: string) => (text === '0.00' ? '' : formatMoney(text));

/** /accounting/general-ledger?AccountId=…: one account's lines with running balances, filters kept in the address. */
export function GeneralLedgerPage() {
  const [params, setParams] = useSearchParams();
  const chart = useQuery(chartQuery);
  const page = Number(params.get('page') ?? 1) || 1;
  const size = Number(params.get('size') ?? 50) || 50;
  const query = {
    AccountId: params.get('AccountId') ?? '',
    FromDate: params.get('FromDate') ?? '',
    ToDate: params.get('ToDate') ?? '',
    ClientId: params.get('ClientId') || undefined,
    MatterId: params.get('MatterId') || undefined,
    SourceType: (params.get('SourceType') || undefined) as GeneralLedgerQuery['SourceType'],
    MinAmount: params.get('MinAmount') ?? '',
    MaxAmount: params.get('MaxAmount') ?? '',
    page,
    size,
  } satisfies GeneralLedgerQuery;
  const ledger = useQuery(generalLedgerQuery(query));
  const setMany = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const set = (name: string, value: string) => setMany({ [name]: value });
  const options = (chart.data?.accounts ?? []).map((account) => ({
    value: account.id,
    label: `${account.number} ${account.name}${account.isActive ? '' : ' (inactive)'}`,
  }));

  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['General ledger', 'Accounting']} />
      <Title order={1}>General ledger</Title>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Account"
          placeholder="Choose an account"
          searchable
          data={options}
          value={query.AccountId || null}
          onChange={(value) => set('AccountId', value ?? '')}
          miw={260}
        />
        <IsoDateField label="From" value={query.FromDate} onChange={(value) => set('FromDate', value)} />
        <IsoDateField label="To" value={query.ToDate} onChange={(value) => set('ToDate', value)} />
        <ClientMatterFilters
          clientId={query.ClientId ?? ''}
          matterId={query.MatterId ?? ''}
          onChange={({ client, matter }) =>
            setMany({ ...(client === undefined ? {} : { ClientId: client }), ...(matter === undefined ? {} : { MatterId: matter }) })
          }
        />
        <Select
          label="Source"
          placeholder="Every source"
          clearable
          data={JOURNAL_SOURCE_TYPES.map((type) => ({ value: type, label: SOURCE_LABELS[type] }))}
          value={query.SourceType ?? null}
          onChange={(value) => set('SourceType', value ?? '')}
          w={180}
        />
        <MoneyInput label="Least amount" w={140} value={query.MinAmount} onChange={(value) => set('MinAmount', value)} />
        <MoneyInput label="Greatest amount" w={140} value={query.MaxAmount} onChange={(value) => set('MaxAmount', value)} />
        <Button
          variant="default"
          disabled={!query.AccountId}
          onClick={() => void downloadGeneralLedgerCsv(query).catch((error: Error) => toast.error(error.message))}
        >
          Export CSV
        </Button>
      </Group>
      {!query.AccountId ? (
        <Text>Choose an account to see its entries and running balance.</Text>
      ) : (
        <>
          {ledger.data && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} aria-label="Balances">
              {ledger.data.currencies.map((currency) => (
                <Paper key={currency.currencyCode} withBorder p="sm">
                  <Text fw={600}>
                    {ledger.data!.account.number} {ledger.data!.account.name} · {currency.currencyCode}
                  </Text>
                  <Text size="sm">Opening balance {formatMoney(currency.openingBalance)}</Text>
                  <Text size="sm">
                    Debits {formatMoney(currency.totalDebit)} · Credits {formatMoney(currency.totalCredit)}
                  </Text>
                  <Text size="sm" fw={600}>
                    Closing balance {formatMoney(currency.closingBalance)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          )}
          <ListResults
            result={ledger}
            page={page}
            size={size}
            noun={{ one: 'line', many: 'lines' }}
            onPageChange={(page) => set('page', String(page))}
            onSizeChange={(size) => set('size', String(size))}
            empty={<Text>No entries in this range.</Text>}
          >
            {(rows) => (
              <Table.ScrollContainer minWidth={760} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
                <Table striped aria-label="General ledger lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Date</Table.Th>
                      <Table.Th scope="col">Memo</Table.Th>
                      <Table.Th scope="col">Source</Table.Th>
                      <Table.Th scope="col">Client</Table.Th>
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
                    {rows.map((line) => {
                      const source = sourceOf(line);
                      return (
                        <Table.Tr key={line.lineId}>
                          <Table.Td>{dateText(line.entryDate)}</Table.Td>
                          <Table.Td>
                            {line.memo}
                            {line.reference && (
                              <Text size="xs" c="dimmed">
                                Ref. {line.reference}
                              </Text>
                            )}
                            {line.lineMemo && (
                              <Text size="xs" c="dimmed">
                                {line.lineMemo}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {source.to ? (
                              <Anchor component={Link} to={source.to} size="sm">
                                {source.label}
                              </Anchor>
                            ) : (
                              source.label
                            )}
                          </Table.Td>
                          <Table.Td>{line.clientName ?? ''}</Table.Td>
                          <Table.Td ta="right">{amount(line.debit)}</Table.Td>
                          <Table.Td ta="right">{amount(line.credit)}</Table.Td>
                          <Table.Td ta="right">
                            {formatMoney(line.runningBalance)} {line.currencyCode}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </ListResults>
        </>
      )}
    </Stack>
  );
}
