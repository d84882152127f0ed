import { Alert, Badge, Card, Group, Pagination, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, isoToDisplayDate, type Reconciliation, type ReconciliationMovement } from '@matterhorn/shared';

const TYPE_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  disbursement: 'Disbursement',
  'invoice-payment': 'Invoice payment',
  refund: 'Refund',
  'transfer-out': 'Transfer out',
  'transfer-in': 'Transfer in',
  reversal: 'Reversal',
};

function BalanceCard({ label, amount, note, symbol }: { label: string; amount: string | null; note: string; symbol: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={`${label} total`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`balance-${label}`}>
        {amount === null ? 'Not entered' : formatMoney(amount, symbol)}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Card>
  );
}

function MovementItems({ title, group, symbol }: { title: string; group: Reconciliation['unclearedDeposits']; symbol: string }) {
  return (
    <section aria-label={title}>
      <Group justify="space-between">
        <Title order={4} size="h5">
          {title} ({group.count.toLocaleString('en-US')})
        </Title>
        <Text fw={600}>{formatMoney(group.total, symbol)}</Text>
      </Group>
      {group.items.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={title} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Movement</Table.Th>
                <Table.Th>Client</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.items.map((item: ReconciliationMovement) => (
                <Table.Tr key={item.transactionId}>
                  <Table.Td>{isoToDisplayDate(item.transactionDate)}</Table.Td>
                  <Table.Td>
                    {TYPE_LABELS[item.type] ?? item.type} #{item.sequenceNumber}
                    {item.reference ? ` · ${item.reference}` : ''}
                  </Table.Td>
                  <Table.Td>{item.clientName}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.amount, symbol)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {group.count > group.items.length && (
        <Text size="xs" c="dimmed">
          The oldest {group.items.length} of {group.count.toLocaleString('en-US')} are listed; the total counts them all.
        </Text>
      )}
    </section>
  );
}

/** The three balances side by side, whether they agree, and every difference itemised. */
export function BalancesPanel({ reconciliation, onClientPage }: { reconciliation: Reconciliation; onClientPage: (page: number) => void }) {
  const symbol = reconciliation.currencySymbol;
  const r = reconciliation;
  const clientPages = Math.max(1, Math.ceil(r.clientLedgers.totalCount / r.clientLedgers.size));
  return (
    <Stack gap="md">
      {r.isBalanced ? (
        <Alert color="green" title="The three balances agree">
          As of {isoToDisplayDate(r.asOf)}
          {r.hasBankBalance ? '' : ': the journal and the client ledgers (enter the bank’s balance to compare the bank as well)'}.
        </Alert>
      ) : (
        <Alert color="red" role="alert" title="The balances do not agree">
          {r.ledgerToClientsDifference !== '0.00' &&
            `The trust bank in the journal differs from the client ledgers by ${formatMoney(r.ledgerToClientsDifference, symbol)}. `}
          {r.bankDifference !== null &&
            r.bankDifference !== '0.00' &&
            `The adjusted bank balance differs from the journal by ${formatMoney(r.bankDifference, symbol)}.`}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <BalanceCard label="Trust bank (journal)" amount={r.ledgerBalance} note="General ledger, trust bank account" symbol={symbol} />
        <BalanceCard label="Client ledgers" amount={r.clientLedgersTotal} note="Sum of every client ledger" symbol={symbol} />
        <BalanceCard
          label="Bank statement"
          amount={r.bankBalance}
          note={r.bankBalanceDate ? `Balance on ${isoToDisplayDate(r.bankBalanceDate)}` : 'Import a statement or enter the balance'}
          symbol={symbol}
        />
      </SimpleGrid>
      {r.hasBankBalance && (
        <Card withBorder padding="md" component="section" aria-labelledby="differences-title">
          <Title order={3} size="h4" id="differences-title" mb="xs">
            Differences
          </Title>
          <Stack gap="sm">
            <MovementItems title="Uncleared deposits" group={r.unclearedDeposits} symbol={symbol} />
            <MovementItems title="Unpresented payments" group={r.unpresentedPayments} symbol={symbol} />
            <section aria-label="Unmatched bank lines">
              <Group justify="space-between">
                <Title order={4} size="h5">
                  Unmatched bank lines ({r.unmatchedLines.count.toLocaleString('en-US')})
                </Title>
                <Text fw={600}>{formatMoney(r.unmatchedLines.total, symbol)}</Text>
              </Group>
              {r.unmatchedLines.items.map((line) => (
                <Text size="sm" key={line.id}>
                  {isoToDisplayDate(line.lineDate)} · {line.description || 'No description'} · {formatMoney(line.amount, symbol)}
                </Text>
              ))}
            </section>
            <Group justify="space-between" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Text fw={600}>Adjusted bank balance</Text>
              <Text fw={700} data-testid="adjusted-bank-balance">
                {formatMoney(r.adjustedBankBalance ?? '0', symbol)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              Bank balance + uncleared deposits − unpresented payments − unmatched bank lines.
            </Text>
          </Stack>
        </Card>
      )}
      <Card withBorder padding="md" component="section" aria-labelledby="client-ledgers-title">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h4" id="client-ledgers-title">
            Client ledgers
          </Title>
          <Badge variant="light">{r.clientLedgers.totalCount.toLocaleString('en-US')} clients</Badge>
        </Group>
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Client ledger balances">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.clientLedgers.data.map((row) => (
                <Table.Tr key={row.clientId}>
                  <Table.Td>{row.clientName}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.balance, symbol)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {clientPages > 1 && (
          <Pagination
            mt="sm"
            total={clientPages}
            value={r.clientLedgers.page}
            onChange={onClientPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page of client ledgers` })}
            getItemProps={(page) => ({ 'aria-label': `Client ledgers page ${page}` })}
          />
        )}
      </Card>
    </Stack>
  );
}
