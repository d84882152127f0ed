import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatMoney, hasPermissions, isoToDisplayDate, type PaymentReport } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import {
  TransferWithholdingTaxField,
  transferTaxOf,
  useTransferWithholdingTax,
  type TransferTaxInput,
} from '../components/confirm-transfer-withholding-tax.tsx';
import { confirmPaymentReport, downloadPaymentProof, paymentReportsQuery, rejectPaymentReport } from '../api/payment-reports.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const STATUS_COLORS = { reported: 'yellow.9', confirmed: 'green.9', rejected: 'red.9' } as const;
const STATUS_LABELS = { reported: 'Waiting', confirmed: 'Confirmed', rejected: 'Rejected' } as const;

type Decision = { kind: 'confirm' | 'reject'; report: PaymentReport } | null;

/**
 * /billing/payment-reports: bank transfers clients reported from the portal with their proof, on an
 * invoice or a trust request. A confirmation records the invoice's payment (receipt and journal
 * entry) or the trust deposit against the request, once; a rejection gives the client the reason.
 */
export function PaymentReportsPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<'reported' | 'all'>('reported');
  const reports = useQuery(paymentReportsQuery(filter === 'reported' ? 'reported' : undefined));
  const [decision, setDecision] = useState<Decision>(null);
  const [reason, setReason] = useState('');
  const [taxInput, setTaxInput] = useState<TransferTaxInput>(null);
  const confirming = decision?.kind === 'confirm' ? decision.report : null;
  const transferTax = useTransferWithholdingTax(confirming);
  const canDecide = hasPermissions(session.permissions, ['paymentInfo.create']);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['invoices'] });

  return (
    <Stack>
      <PageTitle parts={['Payments reported by clients', 'Billing']} />
      <Title order={1}>Payments reported by clients</Title>
      <SegmentedControl
        aria-label="Which reports"
        w="fit-content"
        value={filter}
        onChange={(value) => setFilter(value as 'reported' | 'all')}
        data={[
          { value: 'reported', label: 'Waiting' },
          { value: 'all', label: 'All' },
        ]}
      />
      {reports.isPending ? (
        <LoadingSpinner label="Loading reported payments" />
      ) : !reports.data?.length ? (
        <Text size="sm">{filter === 'reported' ? 'No reported payment is waiting.' : 'No client has reported a payment yet.'}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reported payments">
          {reports.data.map((report) => (
            <Card key={report.id} withBorder component="li" padding="sm">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{formatMoney(report.amount, report.currencySymbol)}</Text>
                    <Badge variant="outline" color={STATUS_COLORS[report.status]}>
                      {STATUS_LABELS[report.status]}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    {report.clientName} · paid {isoToDisplayDate(report.paymentDate)}
                    {report.reference ? ` · ref. ${report.reference}` : ''} ·{' '}
                    {report.invoiceId ? (
                      <Anchor component={Link} to={`/billing/invoices/${report.invoiceId}`} size="sm">
                        {report.invoiceNumber ?? 'Invoice'}
                      </Anchor>
                    ) : (
                      `trust request ${report.trustRequestNumber ?? ''}`
                    )}{' '}
                    ({report.invoiceId ? 'owes' : 'still asks'} {formatMoney(report.balanceDue, report.currencySymbol)})
                  </Text>
                  {report.decidedByName && (
                    <Text size="xs" c="dimmed">
                      {STATUS_LABELS[report.status]} by {report.decidedByName}
                      {report.rejectionReason ? `: ${report.rejectionReason}` : ''}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={`Proof of payment from ${report.clientName}`}
                    onClick={() =>
                      void downloadPaymentProof(report.id, report.proofFileName).catch((error: Error) => toast.error(error.message))
                    }
                  >
                    Proof
                  </Button>
                  {canDecide && report.status === 'reported' && (
                    <>
                      <Button size="xs" onClick={() => setDecision({ kind: 'confirm', report })}>
                        Confirm
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => setDecision({ kind: 'reject', report })}>
                        Reject
                      </Button>
                    </>
                  )}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={decision?.kind === 'confirm'}
        onClose={() => setDecision(null)}
        title="Confirm this payment?"
        confirmLabel="Confirm payment"
        isDestructive={false}
        onConfirm={async () => {
          const report = decision!.report;
          const tax = transferTax.withholdingTax ? transferTaxOf(report, taxInput, transferTax.proposed).trim() : '';
          await confirmPaymentReport(report.id, tax || null);
          setTaxInput(null);
          await refresh();
        }}
      >
        {confirming ? (
          <Stack gap="sm">
            <Text size="sm">
              {confirming.kind === 'trustRequest'
                ? `${formatMoney(confirming.amount, confirming.currencySymbol)} is deposited into trust against ${confirming.trustRequestNumber ?? 'the trust request'} as a bank transfer received on ${isoToDisplayDate(confirming.paymentDate)}. Check it reached the trust account first.`
                : `${formatMoney(confirming.amount, confirming.currencySymbol)} is recorded on ${confirming.invoiceNumber ?? 'the invoice'} as a bank transfer received on ${isoToDisplayDate(confirming.paymentDate)}. Check it reached the firm's account first.`}
            </Text>
            {transferTax.withholdingTax && (
              <TransferWithholdingTaxField
                report={confirming}
                withholdingTax={transferTax.withholdingTax}
                value={transferTaxOf(confirming, taxInput, transferTax.proposed)}
                onChange={(value) => setTaxInput({ reportId: confirming.id, value })}
              />
            )}
          </Stack>
        ) : (
          ''
        )}
      </ConfirmModal>
      <ConfirmModal
        opened={decision?.kind === 'reject'}
        onClose={() => {
          setDecision(null);
          setReason('');
        }}
        title="Reject this payment?"
        confirmLabel="Reject"
        onConfirm={async () => {
          await rejectPaymentReport(decision!.report.id, reason);
          setReason('');
          await refresh();
        }}
      >
        <Textarea
          label="Reason the client will read"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          rows={3}
          maxLength={500}
        />
      </ConfirmModal>
    </Stack>
  );
}
