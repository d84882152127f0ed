import { Alert, Anchor, Badge, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, type TrustTransaction } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { clearDeposit, reverseTransaction, trustKeys, trustRecordQuery } from '../api/trust-api.ts';
import { ClearDepositModal, ReasonModal } from '../components/reason-modal.tsx';
import { displayDate, matterText, todayIso, trustAbilities, typeLabel } from '../utils/trust-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

const recordLink = (id: string, number: string) => (
  <Anchor component={Link} to={`/trust-account/record/${id}`} fz="inherit">
    {number}
  </Anchor>
);

/** A history event's name in words: 'trust.deposit.created' reads "Deposit created". */
function eventText(event: string): string {
  const words = event
    .replace(/^trust[._-]?/, '')
    .replace(/[._-]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : event;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event's details in words, without the ids the page already shows by name. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(
      ([key, value]) => value !== null && value !== undefined && typeof value !== 'object' && !/Id$/.test(key) && !UUID.test(String(value)),
    )
    .map(([key, value]) => {
      const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
      return `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${text}`;
    })
    .join(' · ');
}

/** /trust-account/record/:idx: one movement, its journal lines, its reversal either way, its history. */
export function TrustRecordPage() {
  const { idx = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const record = useQuery(trustRecordQuery(idx));
  const [modal, setModal] = useState<'reverse' | 'clear' | null>(null);
  const can = trustAbilities(session.permissions);

  if (record.isPending) return <LoadingPage title={['Trust accounts']} label="Loading trust movement" />;
  if (!record.data) {
    return (
      <Stack>
        <PageTitle parts={['Trust movement not found', 'Trust accounts']} />
        <Title order={1} size="h2">
          Trust movement not found
        </Title>
        <Anchor component={Link} to="/trust-account/accounts">
          Back to trust accounts
        </Anchor>
      </Stack>
    );
  }
  const { transaction: tx, counterpart, journalLines, history } = record.data;
  const canReverse = record.data.canReverse && can.reverse;
  const canClear = record.data.canClear && can.edit;
  const symbol = tx.currencySymbol;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trustKeys.all });

  return (
    <Stack gap="md">
      <PageTitle parts={[`${tx.number} · ${typeLabel(tx.type)}`, 'Trust accounts']} />
      <Anchor component={Link} to={`/trust-account/${tx.trustAccountId}?activeTab=movements`} size="sm">
        Back to {tx.trustAccountName}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>
            {tx.number} · {typeLabel(tx.type)}
          </Title>
          <Group gap="xs" mt={4}>
            <Text size="sm" c="dimmed">
              {tx.trustAccountName}
            </Text>
            {tx.type === 'deposit' && (
              <Badge color={tx.isCleared ? 'green' : 'yellow'} variant="light">
                {tx.isCleared ? 'Cleared' : 'Uncleared'}
              </Badge>
            )}
            {tx.reversedByTransactionId && (
              <Badge color="gray" variant="light">
                Reversed
              </Badge>
            )}
          </Group>
        </div>
        {(canReverse || canClear) && (
          <Group gap="xs" role="group" aria-label="Movement actions">
            {canClear && <Button onClick={() => setModal('clear')}>Mark cleared</Button>}
            {canReverse && (
              <Button color="red" variant="light" onClick={() => setModal('reverse')}>
                Reverse
              </Button>
            )}
          </Group>
        )}
      </Group>

      {tx.reversesTransactionId && tx.reversesNumber && (
        <Alert color="gray" title="A reversal">
          This movement reverses {recordLink(tx.reversesTransactionId, tx.reversesNumber)}
          {tx.reason ? `: ${tx.reason}` : '.'}
        </Alert>
      )}
      {tx.reversedByTransactionId && tx.reversedByNumber && (
        <Alert color="yellow" title="Reversed">
          Reversed by {recordLink(tx.reversedByTransactionId, tx.reversedByNumber)}. Both stay on the ledger.
        </Alert>
      )}

      <Paper withBorder p="md" radius="md" component="section" aria-label="Movement">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Field label="Number">{tx.number}</Field>
          <Field label="Type">{typeLabel(tx.type)}</Field>
          <Field label="Date">{displayDate(tx.date)}</Field>
          <Field label="Amount">
            <Text fw={700} span c={tx.direction === 'out' ? 'red.8' : undefined}>
              {tx.direction === 'out' ? '−' : '+'}
              {formatMoney(tx.amount, symbol)}
            </Text>
          </Field>
          <Field label="Client">
            <Anchor component={Link} to={`/clients/${tx.clientId}?activeTab=trust`}>
              {tx.clientName}
            </Anchor>
          </Field>
          <Field label="Matter">
            {tx.matterId ? (
              <Anchor component={Link} to={`/matter/${tx.matterId}?activeTab=trust`}>
                {matterText(tx.matterNumber, tx.matterName)}
              </Anchor>
            ) : (
              matterText(null, null)
            )}
          </Field>
          <Field label={tx.direction === 'in' ? 'Payer' : 'Payee'}>{tx.counterparty}</Field>
          <Field label="Purpose">{tx.purpose}</Field>
          <Field label="Method">{tx.method}</Field>
          <Field label="Reference">{tx.reference}</Field>
          <Field label="Cleared">
            {tx.type !== 'deposit'
              ? 'Not applicable'
              : tx.isCleared
                ? `Yes${tx.clearedDate ? `, ${displayDate(tx.clearedDate)}` : ''}`
                : 'No'}
          </Field>
          {tx.invoiceId && (
            <Field label="Invoice">
              <Anchor component={Link} to={`/billing/invoices/${tx.invoiceId}`}>
                {tx.invoiceNumber ?? 'Invoice'}
              </Anchor>
            </Field>
          )}
          {tx.consentNote && <Field label="Consent">{tx.consentNote}</Field>}
          {tx.reason && !tx.reversesTransactionId && <Field label="Reason">{tx.reason}</Field>}
          <Field label="Recorded by">{tx.createdByUserName}</Field>
          {tx.approvedByUserName && <Field label="Approved by">{tx.approvedByUserName}</Field>}
        </SimpleGrid>
      </Paper>

      {counterpart && <CounterpartPanel counterpart={counterpart} />}

      <Paper withBorder p="md" radius="md" component="section" aria-label="Journal lines">
        <Title order={2} size="h4" mb="xs">
          Journal lines
        </Title>
        <ScrollArea type="auto">
          <Table striped miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Client / matter</Table.Th>
                <Table.Th ta="right">Debit</Table.Th>
                <Table.Th ta="right">Credit</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {journalLines.map((line, index) => (
                <Table.Tr key={`${line.accountCode}-${index}`}>
                  <Table.Td>
                    {line.accountCode} {line.accountName}
                  </Table.Td>
                  <Table.Td>{[line.clientName, line.matterNumber].filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td ta="right">{line.debit !== '0.00' && line.debit !== '0' ? formatMoney(line.debit, symbol) : ''}</Table.Td>
                  <Table.Td ta="right">{line.credit !== '0.00' && line.credit !== '0' ? formatMoney(line.credit, symbol) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-label="History">
        <Title order={2} size="h4" mb="xs">
          History
        </Title>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            No history recorded.
          </Text>
        ) : (
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {history.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <Text size="sm">
                  <strong>{eventText(event.event)}</strong> · {new Date(event.at).toLocaleString('en-GB')}
                  {event.byUserName ? ` · ${event.byUserName}` : ''}
                </Text>
                {detailsText(event.details) && (
                  <Text size="xs" c="dimmed">
                    {detailsText(event.details)}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Paper>

      {modal === 'reverse' && (
        <ReasonModal
          title={`Reverse ${tx.number}`}
          confirmLabel="Reverse movement"
          description={`A reversal of ${formatMoney(tx.amount, symbol)} is recorded against ${tx.clientName}; both movements stay visible.`}
          onClose={() => setModal(null)}
          onConfirm={async (reason) => {
            await reverseTransaction(tx.id, reason);
            setModal(null);
            await refresh();
          }}
        />
      )}
      {modal === 'clear' && (
        <ClearDepositModal
          initialDate={todayIso()}
          onClose={() => setModal(null)}
          onConfirm={async (clearedDate) => {
            await clearDeposit(tx.id, clearedDate);
            setModal(null);
            await refresh();
          }}
        />
      )}
    </Stack>
  );
}

function CounterpartPanel({ counterpart }: { counterpart: TrustTransaction }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Other leg of the transfer">
      <Title order={2} size="h4" mb="xs">
        Other leg of the transfer
      </Title>
      <Text size="sm">
        {recordLink(counterpart.id, counterpart.number)} · {typeLabel(counterpart.type)} · {counterpart.clientName} ·{' '}
        {matterText(counterpart.matterNumber, counterpart.matterName)} · {formatMoney(counterpart.amount, counterpart.currencySymbol)}
      </Text>
    </Paper>
  );
}
