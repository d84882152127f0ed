import { Badge, Button, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  compareMoney,
  formatMoney,
  GATEWAY_PAYMENT_STATUSES,
  hasPermissions,
  type GatewayPaymentStatus,
  type OnlinePayment,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { onlinePaymentsQuery, refundUnappliedPayment } from '../api/online-payments.ts';
import { NEEDS_ATTENTION, ONLINE_PAYMENT_LIST, onlinePaymentsQueryFrom } from '../utils/online-payment-list-params.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const STATUS_LABELS: Record<GatewayPaymentStatus, string> = {
  pending: 'Started',
  succeeded: 'Paid',
  failed: 'Failed',
  refused: 'Refused',
};
const STATUS_COLORS: Record<GatewayPaymentStatus, string> = {
  pending: 'gray.7',
  succeeded: 'green.9',
  failed: 'orange.9',
  refused: 'red.9',
};
const GATEWAY_LABELS = { paystack: 'Paystack', stripe: 'Stripe' } as const;

const SHOW_OPTIONS = [
  { value: '', label: 'All payments' },
  { value: NEEDS_ATTENTION, label: 'Needs attention' },
  ...GATEWAY_PAYMENT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const holdsUnapplied = (payment: OnlinePayment) => payment.unappliedAmount !== null && compareMoney(payment.unappliedAmount, '0') > 0;

/** What the firm should do about a payment, if anything. */
function noteOf(payment: OnlinePayment): string {
  if (payment.unappliedAmount !== null && !holdsUnapplied(payment)) return 'The money it held was refunded or applied';
  if (payment.excessToRefund)
    return `Refund ${formatMoney(payment.excessToRefund, payment.currencySymbol)} to the client: the invoice was paid another way meanwhile`;
  if (payment.status === 'refused')
    return `Refused: ${payment.failureReason ?? 'it did not match what was started'}. Refund it through the gateway`;
  if (payment.status === 'failed') return payment.failureReason ?? '';
  return '';
}

function itemLinkOf(payment: OnlinePayment) {
  return payment.kind === 'invoice'
    ? { to: `/billing/invoices/${payment.itemId}`, label: `Invoice ${payment.itemNumber}` }
    : { to: `/clients/${payment.clientId}?activeTab=trust`, label: `Trust request ${payment.itemNumber}` };
}

function PaymentsTable({ rows, onRefund }: { rows: OnlinePayment[]; onRefund: ((payment: OnlinePayment) => void) | null }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Online payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Paid by</Table.Th>
            <Table.Th>For</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Gateway fee</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((payment) => {
            const item = itemLinkOf(payment);
            return (
              <Table.Tr key={payment.id}>
                <Table.Td>{displayDateTime(payment.startedAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{payment.paidBy}</Text>
                  {payment.paidBy !== payment.clientName && (
                    <Text size="xs" c="dimmed">
                      {payment.clientName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Link to={item.to}>{item.label}</Link>
                  <Text size="xs" c="dimmed">
                    {GATEWAY_LABELS[payment.gateway]} · {payment.reference}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(payment.amount, payment.currencySymbol)}</Table.Td>
                <Table.Td ta="right">{payment.fee ? formatMoney(payment.fee, payment.currencySymbol) : '—'}</Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={STATUS_COLORS[payment.status]}>
                    {STATUS_LABELS[payment.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{noteOf(payment)}</Text>
                  {onRefund && holdsUnapplied(payment) && (
                    <Button size="xs" variant="light" mt={4} onClick={() => onRefund(payment)}>
                      Record refund of {formatMoney(payment.unappliedAmount!, payment.currencySymbol)}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /billing/online-payments: every payment a client started from the portal, what the gateway said
 * and its fee (booked to bank charges), and what the firm must do: refund an excess, or a charge
 * refused because it did not match what was started. What it shows and its page are in the URL.
 */
export function OnlinePaymentsPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const canResolve = hasPermissions(session.permissions, ['paymentInfo.edit']);
  const [refunding, setRefunding] = useState<OnlinePayment | null>(null);
  const [reference, setReference] = useState('');
  const list = useListParams(ONLINE_PAYMENT_LIST);
  const result = useQuery(onlinePaymentsQuery(onlinePaymentsQueryFrom(list)));

  return (
    <Stack>
      <PageTitle parts={['Online payments', 'Billing']} />
      <Title order={1}>Online payments</Title>
      <Text size="sm" c="dimmed">
        Payments clients made from the portal through Paystack or Stripe. Each is recorded only once the gateway confirms it; the
        gateway&rsquo;s fee is booked to bank charges, never taken from trust.
      </Text>
      <ListFilterBar columns={{ base: 1, sm: 2, lg: 4 }} onClear={list.clearFilters} isFiltered={list.isFiltered}>
        <NativeSelect
          label="Show"
          data={SHOW_OPTIONS}
          value={SHOW_OPTIONS.some((option) => option.value === list.filters.show) ? list.filters.show : ''}
          onChange={(event) => list.setFilters({ show: event.currentTarget.value })}
        />
      </ListFilterBar>
      <ListResults
        result={result}
        page={list.page}
        size={list.size}
        noun={{ one: 'online payment', many: 'online payments' }}
        countTestId="online-payments-count"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) =>
          rows.length === 0 ? (
            <Text size="sm">{list.isFiltered ? 'No online payment matches.' : 'No client has paid online yet.'}</Text>
          ) : (
            <PaymentsTable rows={rows} onRefund={canResolve ? setRefunding : null} />
          )
        }
      </ListResults>
      <ConfirmModal
        opened={refunding !== null}
        onClose={() => {
          setRefunding(null);
          setReference('');
        }}
        title="Record this refund?"
        confirmLabel="Record refund"
        isDestructive={false}
        onConfirm={async () => {
          await refundUnappliedPayment(refunding!.id, reference);
          setReference('');
          await queryClient.invalidateQueries({ queryKey: ['invoices'] });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {refunding
              ? `${formatMoney(refunding.unappliedAmount ?? '0', refunding.currencySymbol)} goes back to ${refunding.clientName} from the operating bank. Send it through the gateway or your bank first, then record it here.`
              : ''}
          </Text>
          <TextInput
            label="Refund reference"
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            maxLength={120}
          />
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
