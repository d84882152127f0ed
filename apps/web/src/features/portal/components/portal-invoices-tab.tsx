import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { compareMoney, formatMoney, isoToDisplayDate, type PortalInvoiceSummary } from '@matterhorn/shared';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { InstalmentsTable } from '../../../components/instalments-table.tsx';
import { OverdueSinceBadge } from '../../../components/overdue-since-badge.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import {
  downloadPortalCreditNotePdf,
  downloadPortalInvoicePdf,
  portalInvoiceQuery,
  portalInvoicesQuery,
} from '../api/portal-invoices-api.ts';
import { portalPaymentReportsQuery, portalStatementQuery, WHOLE_STATEMENT } from '../api/portal-trust-api.ts';
import { PayOnline } from './pay-online.tsx';
import { PortalStatement } from './portal-statement.tsx';
import { ReportedTransfers, ReportTransferForm } from './report-transfer-form.tsx';
import { SavedCards } from './saved-cards.tsx';

const STATUS_COLORS: Record<string, string> = { Paid: 'green.9', PartlyPaid: 'yellow.9', Void: 'gray.8' };

/** What an opened invoice adds: how to pay, and the payments received. */
function InvoiceDetails({ clientId, invoiceId }: { clientId: string | null; invoiceId: string }) {
  const invoice = useQuery(portalInvoiceQuery(clientId, invoiceId));
  const reports = useQuery(portalPaymentReportsQuery(clientId));
  if (invoice.isPending) return <LoadingSpinner label="Loading the invoice" />;
  if (!invoice.data) return <Text c="red.8">This invoice could not be loaded.</Text>;
  const { data } = invoice;
  const payments = data.payments.filter((payment) => !payment.isReversal);
  const mine = (reports.data ?? []).filter((report) => report.invoiceId === invoiceId);
  // A paid or void invoice has nothing left to pay: no instructions, nothing to report; one report waits at a time.
  const isOwing = data.status !== 'Void' && compareMoney(data.totals.balanceDue, '0') > 0;
  const canReport = isOwing && !mine.some((report) => report.status === 'reported');
  return (
    <Stack gap={4} mt="xs">
      {data.matters.length > 0 && <Text size="sm">For: {data.matters.map((matter) => matter.name).join(', ')}</Text>}
      {payments.map((payment) => (
        <Text key={payment.receiptNumber ?? `${payment.paymentDate}-${payment.amount}`} size="sm">
          Paid {formatMoney(payment.amount, data.currencySymbol)} on {isoToDisplayDate(payment.paymentDate)}
          {compareMoney(payment.withholdingTaxAmount, '0') > 0 &&
            ` (of which ${formatMoney(payment.withholdingTaxAmount, data.currencySymbol)} withholding tax you deducted)`}
        </Text>
      ))}
      {data.creditNotes.map((note) => (
        <Group key={note.creditNoteNumber} gap="xs" wrap="wrap">
          <Text size="sm">
            Credit note {note.creditNoteNumber} of {formatMoney(note.total, data.currencySymbol)} on {isoToDisplayDate(note.creditDate)}:{' '}
            {note.reason}
          </Text>
          {note.pdfUrl && (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`Download credit note ${note.creditNoteNumber}`}
              onClick={() => void downloadPortalCreditNotePdf(note.pdfUrl!, `${note.creditNoteNumber}.pdf`).catch(() => undefined)}
            >
              PDF
            </Button>
          )}
        </Group>
      ))}
      {data.paymentPlan && (
        <Stack gap={2} component="section" aria-label="Payment plan">
          <Text size="sm" fw={600}>
            Payment plan: {formatMoney(data.paymentPlan.total, data.currencySymbol)} in {data.paymentPlan.instalments.length} instalments
          </Text>
          {data.paymentPlan.kind === 'clientBalance' && (
            <Text size="sm">
              The plan covers invoices {data.paymentPlan.invoiceNumbers.join(', ')}: a payment on any of them counts towards the instalments
              {data.paymentPlan.payFirstInvoiceNumber ? `; pay ${data.paymentPlan.payFirstInvoiceNumber} first, the oldest.` : '.'}
            </Text>
          )}
          <InstalmentsTable
            instalments={data.paymentPlan.instalments}
            currencySymbol={data.currencySymbol}
            nextNumber={data.paymentPlan.nextInstalment?.number ?? null}
            caption="Payment plan instalments"
          />
          {data.paymentPlan.automaticPayment && (
            <Text size="sm">Your {data.paymentPlan.automaticPayment.description} is charged for each instalment on its due date.</Text>
          )}
        </Stack>
      )}
      {isOwing && data.paymentInstructions && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          How to pay: {data.paymentInstructions}
        </Text>
      )}
      {data.voidReason && <Text size="sm">Cancelled: {data.voidReason}</Text>}
      <ReportedTransfers reports={mine} currencySymbol={data.currencySymbol} />
      {canReport && <ReportTransferForm clientId={clientId} item={{ InvoiceId: invoiceId }} balanceDue={data.totals.balanceDue} />}
    </Stack>
  );
}

function InvoiceCard({
  clientId,
  invoice,
  onFailure,
}: {
  clientId: string | null;
  invoice: PortalInvoiceSummary;
  onFailure: (message: string) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const name = invoice.invoiceNumber ?? 'Invoice';
  return (
    <Card withBorder component="li" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            <Badge variant="outline" color={STATUS_COLORS[invoice.status] ?? 'blue.9'}>
              {invoice.statusLabel}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Issued {isoToDisplayDate(invoice.issueDate)} · Due {isoToDisplayDate(invoice.dueDate)}
          </Text>
          <Text size="sm">
            Total {formatMoney(invoice.total, invoice.currencySymbol)} · Balance{' '}
            <Text span fw={600}>
              {formatMoney(invoice.balanceDue, invoice.currencySymbol)}
            </Text>
          </Text>
          {invoice.nextInstalment &&
            (invoice.nextInstalment.isMissed ? (
              <Group gap="xs">
                <Text size="sm">Next instalment {formatMoney(invoice.nextInstalment.remainingAmount, invoice.currencySymbol)}</Text>
                <OverdueSinceBadge dueDate={invoice.nextInstalment.dueDate} />
              </Group>
            ) : (
              <Text size="sm">
                Next instalment {formatMoney(invoice.nextInstalment.remainingAmount, invoice.currencySymbol)} due{' '}
                {isoToDisplayDate(invoice.nextInstalment.dueDate)}
              </Text>
            ))}
        </Stack>
        <Stack gap="xs" style={{ flexShrink: 0 }}>
          <Button
            variant="light"
            size="sm"
            aria-label={`Download ${name} as PDF`}
            onClick={() =>
              void downloadPortalInvoicePdf(invoice.id, `${name}.pdf`).catch((error: unknown) =>
                onFailure(error instanceof Error ? error.message : 'The invoice could not be downloaded'),
              )
            }
          >
            PDF
          </Button>
          <Button
            variant="subtle"
            size="sm"
            aria-expanded={isOpen}
            aria-label={`${isOpen ? 'Hide details' : 'Details'} of ${name}`}
            onClick={() => setIsOpen(!isOpen)}
          >
            {isOpen ? 'Hide' : 'Details'}
          </Button>
        </Stack>
      </Group>
      <PayOnline
        kind="invoice"
        id={invoice.id}
        balance={invoice.balanceDue}
        currency={invoice.currencySymbol}
        nextInstalment={invoice.nextInstalment ?? null}
      />
      {isOpen && <InvoiceDetails clientId={clientId} invoiceId={invoice.id} />}
    </Card>
  );
}

/** The Invoices tab: every invoice the firm sent the client, with its balance, details and PDF; then the statement of account. */
export function PortalInvoicesTab({ clientId }: { clientId: string | null }) {
  // The statement is asked for at once but drawn under the invoices once they are in: drawn before
  // them, it was pushed down as the list arrived (a layout shift of 0.11 on a phone).
  const invoices = useQuery(portalInvoicesQuery(clientId));
  usePrefetchQuery(portalStatementQuery(clientId, WHOLE_STATEMENT));
  return (
    <Stack>
      <PortalInvoiceList clientId={clientId} />
      {!invoices.isPending && <PortalStatement clientId={clientId} />}
      {/* Last: arriving after the rest, it pushes nothing down. */}
      <SavedCards />
    </Stack>
  );
}

function PortalInvoiceList({ clientId }: { clientId: string | null }) {
  const invoices = useQuery(portalInvoicesQuery(clientId));
  const [failure, setFailure] = useState('');
  if (invoices.isPending) return <LoadingSpinner label="Loading invoices" />;
  if (!invoices.data?.length) return <Text size="sm">Your firm has not sent you any invoices.</Text>;
  return (
    <Stack>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your invoices">
        {invoices.data.map((invoice) => (
          <InvoiceCard key={invoice.id} clientId={clientId} invoice={invoice} onFailure={setFailure} />
        ))}
      </Stack>
    </Stack>
  );
}
