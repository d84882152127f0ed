import { Anchor, Button, Group, Pagination, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { listPagingOf } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { clientLedgerQuery, downloadTrustStatement, refusalOf, trustBalanceQuery } from '../api/trust-ledger-api.ts';
import { displayDate, matterText, typeLabel } from '../utils/trust-display.ts';
import { IsoDateField } from './trust-fields.tsx';

const PAGE_SIZE = 20;

export type TrustLedgerTabProps = {
  clientId: string;
  /** On the matter view: that matter's ledger only, and its evergreen minimum. */
  matterId?: string;
};

// The form (and the form library) loads only for an editor on a matter.
const MinimumBalanceForm = lazy(async () => ({ default: (await import('./minimum-balance-form.tsx')).MinimumBalanceForm }));

/** The client view's and the matter view's Trust tab: balances, the ledger with running balance, the statement. */
export function TrustLedgerTab({ clientId, matterId }: TrustLedgerTabProps) {
  const session = useSession();
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [isDownloading, setIsDownloading] = useState(false);
  const isAllowed = can('trustAccountRequest');
  const balance = useQuery({ ...trustBalanceQuery(clientId, matterId ?? ''), enabled: isAllowed && clientId !== '' });
  const ledger = useQuery({
    ...clientLedgerQuery({ ClientId: clientId, MatterId: matterId, page, size: PAGE_SIZE }),
    enabled: isAllowed && clientId !== '',
  });

  if (!isAllowed) {
    return <Text c="dimmed">Trust accounting is open to users with the trust account permission.</Text>;
  }
  const ledgers = balance.data?.ledgers ?? [];
  const rows = ledger.data?.data ?? [];
  const symbol = ledgers[0]?.currencySymbol ?? rows[0]?.currencySymbol ?? session.workingUser?.currency ?? '';
  const { pageCount } = listPagingOf(ledger.data, page, PAGE_SIZE);
  const minimum = matterId ? (ledgers.find((item) => item.matterId === matterId)?.minimumBalance ?? null) : null;

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadTrustStatement({ ClientId: clientId, MatterId: matterId, FromDate: from || undefined, ToDate: to || undefined });
    } catch (error) {
      toast.error(refusalOf(error));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label="Trust balances">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Held in trust
          </Title>
          {balance.data && (
            // One line per currency: amounts in two currencies are never added together.
            <Stack gap={0} align="flex-end" role="group" aria-label="Held in trust by currency">
              {balance.data.balances.length === 0 && <Text fw={700}>{formatMoney('0', symbol)}</Text>}
              {balance.data.balances.map((held) => (
                <Text key={held.currencyCode} fw={700}>
                  {formatMoney(held.balance, held.currencySymbol)}{' '}
                  <Text span size="sm" c="dimmed" fw={400}>
                    (cleared {formatMoney(held.clearedBalance, held.currencySymbol)})
                  </Text>
                </Text>
              ))}
            </Stack>
          )}
        </Group>
        <ScrollArea type="auto">
          <Table striped miw={520} aria-label="Trust ledgers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Trust account</Table.Th>
                <Table.Th>Matter</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
                <Table.Th ta="right">Cleared</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledgers.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed" ta="center">
                      {balance.isLoading ? 'Loading…' : 'Nothing is held in trust.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {ledgers.map((item) => (
                <Table.Tr key={`${item.trustAccountId}:${item.matterId ?? ''}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/trust-account/${item.trustAccountId}`}>
                      {item.trustAccountName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{matterText(item.matterNumber, item.matterName)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.balance, item.currencySymbol)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.clearedBalance, item.currencySymbol)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>

      {matterId && can('trustAccountRequest.edit') && balance.data && (
        <Suspense fallback={null}>
          <MinimumBalanceForm key={minimum ?? ''} matterId={matterId} current={minimum} symbol={symbol} />
        </Suspense>
      )}
      {matterId && !can('trustAccountRequest.edit') && minimum && <Text size="sm">Evergreen minimum: {formatMoney(minimum, symbol)}</Text>}

      <Paper withBorder p="md" radius="md" component="section" aria-label="Trust statement">
        <Title order={2} size="h4" mb="xs">
          Trust statement
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
          <IsoDateField label="Statement from" value={from} onChange={setFrom} />
          <IsoDateField label="Statement to" value={to} onChange={setTo} />
          <Button variant="default" loading={isDownloading} onClick={() => void download()}>
            Download trust statement (PDF)
          </Button>
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-label="Trust ledger">
        <Title order={2} size="h4" mb="xs">
          Ledger
        </Title>
        <ScrollArea type="auto">
          <Table striped miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                {!matterId && <Table.Th>Matter</Table.Th>}
                <Table.Th>Details</Table.Th>
                <Table.Th ta="right">In</Table.Th>
                <Table.Th ta="right">Out</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={matterId ? 7 : 8}>
                    <Text size="sm" c="dimmed" ta="center">
                      {ledger.isLoading ? 'Loading…' : 'No trust movements yet.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={`/trust-account/record/${row.id}`}>
                      {row.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(row.date)}</Table.Td>
                  <Table.Td>
                    {typeLabel(row.type)}
                    {!row.isCleared && (
                      <Text span size="xs" c="yellow.8">
                        {' '}
                        (uncleared)
                      </Text>
                    )}
                  </Table.Td>
                  {!matterId && <Table.Td>{matterText(row.matterNumber, row.matterName)}</Table.Td>}
                  <Table.Td>{[row.counterparty, row.purpose ?? row.reason, row.reference].filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td ta="right">{row.direction === 'in' ? formatMoney(row.amount, row.currencySymbol) : ''}</Table.Td>
                  <Table.Td ta="right">{row.direction === 'out' ? formatMoney(row.amount, row.currencySymbol) : ''}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.balanceAfter, row.currencySymbol)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {pageCount > 1 && (
          <Pagination mt="sm" total={pageCount} value={Math.min(page, pageCount)} onChange={setPage} aria-label="Ledger pages" />
        )}
      </Paper>
    </Stack>
  );
}
