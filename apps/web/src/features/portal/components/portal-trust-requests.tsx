import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { compareMoney, formatMoney, isoToDisplayDate, type PaymentReport, type PortalTrustRequest } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { portalPaymentReportsQuery, portalTrustRequestsQuery } from '../api/portal-trust-api.ts';
import { PayOnline } from './pay-online.tsx';
import { ReportedTransfers, ReportTransferForm } from './report-transfer-form.tsx';

const STATUS_COLORS: Record<string, string> = { Paid: 'green.9', PartlyPaid: 'yellow.9' };

/** One request: what is asked, how to pay it (bank details and the reference to quote), and "I paid by transfer". */
function TrustRequestCard({
  clientId,
  request,
  reports,
}: {
  clientId: string | null;
  request: PortalTrustRequest;
  reports: PaymentReport[] | undefined;
}) {
  const mine = (reports ?? []).filter((report) => report.trustRequestId === request.id);
  const isOpen = request.status !== 'Paid' && compareMoney(request.balanceDue, '0') > 0;
  // One report waits at a time.
  const canReport = isOpen && !mine.some((report) => report.status === 'reported');
  const headingId = `portal-trust-request-${request.id}`;
  return (
    <Card withBorder component="li" padding="sm" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text id={headingId} fw={600}>
            {request.requestNumber}
            {request.matterName ? ` · ${request.matterName}` : ''}
          </Text>
          <Badge variant="outline" color={STATUS_COLORS[request.status] ?? 'blue.9'}>
            {request.statusLabel}
          </Badge>
        </Group>
        {request.note && <Text size="sm">{request.note}</Text>}
        <Text size="sm">
          Asked {formatMoney(request.amount, request.currencySymbol)} · Paid {formatMoney(request.paidAmount, request.currencySymbol)} ·
          Still due{' '}
          <Text span fw={600}>
            {formatMoney(request.balanceDue, request.currencySymbol)}
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          Due {isoToDisplayDate(request.dueDate)}
        </Text>
        {isOpen && (
          <Stack gap={2} component="section" aria-label={`How to pay ${request.requestNumber}`}>
            <Text size="sm" fw={600}>
              How to pay
            </Text>
            <Text size="sm">
              {request.bank.bankName} · {request.bank.accountName} · account {request.bank.accountNumberMasked}
            </Text>
            {request.bank.paymentInstructions && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {request.bank.paymentInstructions}
              </Text>
            )}
            <Text size="sm">
              Quote the reference{' '}
              <Text span fw={700}>
                {request.reference}
              </Text>
            </Text>
          </Stack>
        )}
        {isOpen && <PayOnline kind="trustRequest" id={request.id} balance={request.balanceDue} currency={request.currencySymbol} />}
        <ReportedTransfers reports={mine} currencySymbol={request.currencySymbol} />
        {canReport && <ReportTransferForm clientId={clientId} item={{ TrustRequestId: request.id }} balanceDue={request.balanceDue} />}
      </Stack>
    </Card>
  );
}

/** The Trust tab's requests to pay: those the firm sent the client, open ones first. */
export function PortalTrustRequests({ clientId }: { clientId: string | null }) {
  const requests = useQuery(portalTrustRequestsQuery(clientId));
  const reports = useQuery(portalPaymentReportsQuery(clientId));
  if (!requests.data?.length) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="portal-trust-requests">
      <Text component="h2" id="portal-trust-requests" fw={600} size="md" m={0}>
        Trust requests to pay
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your trust requests">
        {requests.data.map((request) => (
          <TrustRequestCard key={request.id} clientId={clientId} request={request} reports={reports.data} />
        ))}
      </Stack>
    </Stack>
  );
}
