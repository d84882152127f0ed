import { Alert, Anchor, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDisplayHours, formatMoney, hasPermissions, INVOICE_TRANSITIONS, type InvoiceLine } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ClientViews } from '../../../components/client-views.tsx';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { EmailDeliveryAlert } from '../../../components/email-failed-retry.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import {
  createCreditNote,
  deleteInvoice,
  downloadCreditNotePdf,
  downloadInvoicePdf,
  downloadLedes,
  invoiceAction,
  invoiceKeys,
  invoiceQuery,
  recordPayment,
  reversePayment,
  type InvoiceAction,
} from '../api/invoices.ts';
import { invoiceLinkKeys } from '../api/invoice-link.ts';
import { InvoicePublicLink, SendInvoiceButton } from '../components/invoice-public-link.tsx';
import { InvoiceCreditNotes } from '../components/invoice-credit-notes.tsx';
import { InvoiceStatusBadge } from '../components/invoice-status-badge.tsx';
import { DisputedBadge, InvoiceRemindersPanel } from '../components/invoice-reminders-panel.tsx';
import { TotalsPreview } from '../components/totals-preview.tsx';
import { invoiceActionsFor } from '../utils/invoice-actions.ts';
import { displayDate, todayIso } from '../utils/invoice-display.ts';
import { exchangeDifferenceText } from '../utils/exchange-difference.ts';
import { WithholdingTaxCreditNoteCell } from '../components/withholding-tax-credit-note-cell.tsx';
import {
  downloadWithholdingTaxCreditNote,
  recordWithholdingTaxCreditNote,
  uploadWithholdingTaxCreditNoteFile,
} from '../api/withholding-tax-credit-notes.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

type Modal =
  'void' | 'reject' | 'payment' | 'creditNote' | 'writeOff' | { reversePaymentId: string } | { withholdingTaxPaymentId: string } | null;

// Loaded when first opened: most visits to an invoice never credit it, void it or record a payment on it.
const CreditNoteModal = lazy(() => import('../components/credit-note-modal.tsx'));
const ReasonModal = lazy(async () => ({ default: (await import('../components/invoice-action-modals.tsx')).ReasonModal }));
const RecordPaymentModal = lazy(async () => ({ default: (await import('../components/invoice-action-modals.tsx')).RecordPaymentModal }));
const WriteOffModal = lazy(() => import('../components/write-off-modal.tsx'));
const WithholdingTaxCreditNoteModal = lazy(() => import('../components/withholding-tax-credit-note-modal.tsx'));

function LinesTable({
  title,
  lines,
  currencySymbol,
  kind,
}: {
  title: string;
  lines: InvoiceLine[];
  currencySymbol: string;
  kind: 'fee' | 'other';
}) {
  if (lines.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped miw={600}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>{kind === 'fee' ? 'Fee earner' : 'By'}</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">{kind === 'fee' ? 'Hours' : 'Quantity'}</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(line.lineDate)}</Table.Td>
                <Table.Td>{line.feeEarnerName ?? ''}</Table.Td>
                <Table.Td>
                  {line.description}
                  {line.adjustmentReason && (
                    <Text size="xs" c="dimmed">
                      Adjusted {formatMoney(line.adjustment, currencySymbol)}: {line.adjustmentReason}
                    </Text>
                  )}
                  {line.creditNoteNumber && (
                    <Text size="xs" c="dimmed">
                      Credited by {line.creditNoteNumber}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{kind === 'fee' ? formatDisplayHours(line.hours ?? '') : line.quantity}</Table.Td>
                <Table.Td ta="right">{line.rate ? formatMoney(line.rate, currencySymbol) : ''}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.amount, currencySymbol)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

/** A card another feature shows on an issued invoice (its payment plan), composed in by the route table. */
export type InvoiceCardSlot = ComponentType<{ invoiceId: string; balanceDue: string }>;

/**
 * /billing/invoices/:id: the invoice, its lines, totals and payments, and what can be done next;
 * `paymentPlanCard` comes from the payment-plans feature (features never import each other).
 */
export function InvoiceViewPage({ paymentPlanCard: PaymentPlanCard }: { paymentPlanCard?: InvoiceCardSlot } = {}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const { key: paymentKey, renew: renewPaymentKey } = useIdempotencyKey();
  const { key: creditNoteKey, renew: renewCreditNoteKey } = useIdempotencyKey();
  const invoice = useQuery(invoiceQuery(id));
  const [modal, setModal] = useState<Modal>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    billingState.selectInvoice(id);
    return () => billingState.selectInvoice(null);
  }, [id]);

  if (invoice.isLoading) return <LoadingPage title={['Invoices']} />;
  const data = invoice.data;
  if (!data) {
    return (
      <Stack p="md">
        <PageTitle parts={['Invoice not found', 'Invoices']} />
        <Title order={1} size="h2">
          Invoice not found
        </Title>
        <Anchor component={Link} to="/billing">
          Back to invoices
        </Anchor>
      </Stack>
    );
  }
  const actions = invoiceActionsFor(data, permissions);
  const refresh = () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  const run = async (name: string, work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(name);
    try {
      await work();
      await refresh();
      setModal(null);
    } catch {
      // The api client toasts the server's refusal.
    } finally {
      setBusy(null);
    }
  };
  const transition = (action: InvoiceAction, body: object = {}) => run(action, () => invoiceAction(action, data.id, body));
  const download = (name: string, work: () => Promise<void>) =>
    run(name, () => work().catch((error: unknown) => toast.error(error instanceof Error ? error.message : 'Download failed')));
  const taxLabel = `${data.taxName ?? 'Tax'} (${data.taxPercent}%)`;
  const canRecordCreditNote = hasPermissions(permissions, ['paymentInfo.create']);

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={[data.invoiceNumber ?? 'Draft invoice', 'Invoices']} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} size="h2">
              {data.invoiceNumber ?? 'Draft invoice'}
            </Title>
            <InvoiceStatusBadge status={data.status} isOverdue={data.isOverdue} />
            <DisputedBadge invoice={data} />
          </Group>
          <Text>
            <Anchor component={Link} to={`/clients/${data.clientId}`}>
              {data.clientName}
            </Anchor>
            {data.matters.length > 0 && ' · '}
            {data.matters.map((matter, index) => (
              <span key={matter.id}>
                {index > 0 && ', '}
                <Anchor component={Link} to={`/matter/${matter.id}`}>
                  {matter.matterNumber ? `${matter.matterNumber} ${matter.name}` : matter.name}
                </Anchor>
              </span>
            ))}
          </Text>
        </Stack>
        <Group gap="xs" aria-label="Invoice actions" role="group">
          {actions.edit && (
            <Button component={Link} to={`/billing/invoices/${data.id}/edit`} variant="default">
              Edit
            </Button>
          )}
          {actions.submit && (
            <Button loading={busy === 'submit-for-approval'} onClick={() => void transition('submit-for-approval')}>
              Submit for approval
            </Button>
          )}
          {actions.approve && (
            <Button loading={busy === 'approve-invoice'} onClick={() => void transition('approve-invoice')}>
              Approve
            </Button>
          )}
          {actions.reject && (
            <Button color="red" variant="outline" onClick={() => setModal('reject')}>
              Reject
            </Button>
          )}
          {actions.send && (
            <SendInvoiceButton
              invoice={data}
              isBusy={busy === 'send-invoice'}
              isBlocked={busy !== null}
              onSend={async () => {
                await transition('send-invoice');
                await queryClient.invalidateQueries({ queryKey: invoiceLinkKeys.current(data.id) });
              }}
            />
          )}
          {actions.markDelivered && (
            <Button
              variant="default"
              loading={busy === 'mark-delivered'}
              onClick={() => void transition('mark-delivered', { deliveredDate: todayIso() })}
            >
              Mark delivered
            </Button>
          )}
          {actions.recordPayment && <Button onClick={() => setModal('payment')}>Record payment</Button>}
          {actions.documents && (
            <>
              <Button variant="default" loading={busy === 'pdf'} onClick={() => void download('pdf', () => downloadInvoicePdf(data.id))}>
                Download PDF
              </Button>
              <Button variant="default" loading={busy === 'ledes'} onClick={() => void download('ledes', () => downloadLedes(data.id))}>
                Download LEDES
              </Button>
            </>
          )}
          {actions.writeOff && (
            <Button variant="default" onClick={() => setModal('writeOff')}>
              Write off
            </Button>
          )}
          {actions.creditNote && (
            <Button variant="default" onClick={() => setModal('creditNote')}>
              Credit note
            </Button>
          )}
          {actions.void && (
            <Button color="red" variant="outline" onClick={() => setModal('void')}>
              Void
            </Button>
          )}
          {actions.delete && (
            <Button
              color="red"
              variant="outline"
              loading={busy === 'delete'}
              onClick={() =>
                void run('delete', async () => {
                  await deleteInvoice(data.id);
                  focusNextPageHeading();
                  void navigate('/billing');
                })
              }
            >
              Delete draft
            </Button>
          )}
        </Group>
      </Group>

      {data.status === 'Draft' && data.lastRejection && (
        <Alert color="orange" title="Returned to draft" role="status">
          <Text size="sm">
            Rejected by {data.lastRejection.byUserName} on {displayDate(todayIso(new Date(data.lastRejection.at)))}:{' '}
            {data.lastRejection.reason}
          </Text>
        </Alert>
      )}

      {data.sentAt && (
        <EmailDeliveryAlert subject="invoice" id={data.id} canRetry={hasPermissions(permissions, [INVOICE_TRANSITIONS.send.permission])} />
      )}

      {actions.publicLink && <InvoicePublicLink invoiceId={data.id} />}

      {data.sentAt && <ClientViews kind="invoice" itemId={data.id} />}

      <Paper withBorder p="md" radius="md" component="section" aria-label="Dates">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Text size="sm">
            <b>Issue date</b>
            <br />
            {displayDate(data.issueDate)}
          </Text>
          <Text size="sm">
            <b>Due date</b>
            <br />
            {displayDate(data.dueDate)}
          </Text>
          <Text size="sm">
            <b>Delivered</b>
            <br />
            {displayDate(data.deliveredDate) || '—'}
          </Text>
          {data.billOfChargesClock && (
            <Text size="sm">
              <b>Recoverable from</b>
              <br />
              {displayDate(data.recoverableFromDate) || '—'}
            </Text>
          )}
        </SimpleGrid>
        {data.voidReason && (
          <Text size="sm" c="red" mt="xs">
            Void: {data.voidReason}
          </Text>
        )}
      </Paper>

      <LinesTable title="Professional fees" lines={data.fees} currencySymbol={data.currencySymbol} kind="fee" />
      <LinesTable title="Expenses" lines={data.expenses} currencySymbol={data.currencySymbol} kind="other" />
      <LinesTable title="Flat fees" lines={data.flatFees} currencySymbol={data.currencySymbol} kind="other" />

      <InvoiceCreditNotes
        invoice={data}
        onDownload={(creditNoteId, number) => void download('credit-note', () => downloadCreditNotePdf(creditNoteId, number))}
      />

      {/* Side by side only on a wide screen: at 1280 px the payments' half cut off its Actions column. */}
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md" component="section" aria-label="Payments">
          <Title order={2} size="h5" mb="xs">
            Payments
          </Title>
          {data.payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              No payments yet.
            </Text>
          ) : (
            <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Receipt</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Method</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.payments.map((payment) => (
                    <Table.Tr key={payment.id}>
                      <Table.Td>{payment.receiptNumber}</Table.Td>
                      <Table.Td>{displayDate(payment.paymentDate)}</Table.Td>
                      <Table.Td>
                        {payment.method}
                        {payment.reference ? ` · ${payment.reference}` : ''}
                        {payment.realisedExchangeDifference && (
                          <Text size="xs" c="dimmed">
                            {exchangeDifferenceText(payment.realisedExchangeDifference, payment.isReversal)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {formatMoney(payment.amount, data.currencySymbol)}
                        {payment.withholdingTaxAmount !== '0.00' && (
                          <Text size="xs" c="dimmed">
                            of which WHT {formatMoney(payment.withholdingTaxAmount, data.currencySymbol)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <WithholdingTaxCreditNoteCell
                          payment={payment}
                          canRecord={canRecordCreditNote}
                          onRecord={() => setModal({ withholdingTaxPaymentId: payment.id })}
                          onDownload={(fileName) =>
                            void download('wht-credit-note', () => downloadWithholdingTaxCreditNote(payment.id, fileName))
                          }
                        />
                        {actions.reversePayment && !payment.isReversal && !payment.reversedByPaymentId && (
                          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setModal({ reversePaymentId: payment.id })}>
                            Reverse
                          </Button>
                        )}
                        {payment.isReversal && <Text size="xs">Reversal{payment.reason ? `: ${payment.reason}` : ''}</Text>}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Paper>
        <TotalsPreview totals={data.totals} taxLabel={taxLabel} currencySymbol={data.currencySymbol} />
      </SimpleGrid>

      <InvoiceRemindersPanel invoice={data} />

      {PaymentPlanCard && !['Draft', 'AwaitingApproval'].includes(data.status) && (
        <Suspense fallback={null}>
          <PaymentPlanCard invoiceId={data.id} balanceDue={data.totals.balanceDue} />
        </Suspense>
      )}

      {(data.notes || data.paymentInstructions) && (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Notes">
          {data.notes && <Text size="sm">{data.notes}</Text>}
          {data.paymentInstructions && (
            <Text size="sm" mt="xs">
              <b>Payment instructions:</b> {data.paymentInstructions}
            </Text>
          )}
        </Paper>
      )}

      <Suspense fallback={null}>
        {modal === 'void' && (
          <ReasonModal
            opened
            title="Void invoice"
            confirmLabel="Void invoice"
            onClose={() => setModal(null)}
            onConfirm={(reason) => transition('void-invoice', { reason })}
          />
        )}
        {modal === 'reject' && (
          <ReasonModal
            opened
            title="Reject invoice"
            confirmLabel="Reject invoice"
            description="The invoice goes back to draft; whoever prepared it sees your reason."
            maxLength={500}
            onClose={() => setModal(null)}
            onConfirm={(reason) => transition('reject-invoice', { reason })}
          />
        )}
        {modal === 'payment' && (
          <RecordPaymentModal
            opened
            balanceDue={data.totals.balanceDue}
            currencySymbol={data.currencySymbol}
            currencyCode={data.currencyCode}
            withholdingTax={data.withholdingTax}
            onClose={() => setModal(null)}
            onConfirm={(payment) =>
              run('payment', async () => {
                await recordPayment(data.id, payment, paymentKey);
                renewPaymentKey();
              })
            }
          />
        )}
      </Suspense>
      {modal !== null && typeof modal === 'object' && 'withholdingTaxPaymentId' in modal && (
        <Suspense fallback={null}>
          <WithholdingTaxCreditNoteModal
            payment={data.payments.find((payment) => payment.id === modal.withholdingTaxPaymentId)!}
            currencySymbol={data.currencySymbol}
            onClose={() => setModal(null)}
            onConfirm={({ file, ...creditNote }) =>
              run('wht-credit-note', async () => {
                await recordWithholdingTaxCreditNote(modal.withholdingTaxPaymentId, creditNote);
                if (file)
                  await uploadWithholdingTaxCreditNoteFile(modal.withholdingTaxPaymentId, file).catch((error: unknown) =>
                    toast.error(error instanceof Error ? error.message : 'The credit note could not be uploaded'),
                  );
              })
            }
          />
        </Suspense>
      )}
      {modal === 'creditNote' && (
        <Suspense fallback={null}>
          <CreditNoteModal
            invoice={data}
            onClose={() => setModal(null)}
            onConfirm={(creditNote) =>
              run('credit-note', async () => {
                await createCreditNote(data.id, creditNote, creditNoteKey);
                renewCreditNoteKey();
              })
            }
          />
        </Suspense>
      )}
      {modal === 'writeOff' && (
        <Suspense fallback={null}>
          <WriteOffModal
            balanceDue={data.totals.balanceDue}
            currencySymbol={data.currencySymbol}
            onClose={() => setModal(null)}
            onConfirm={(writeOff) => transition('write-off', writeOff)}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {modal !== null && typeof modal === 'object' && 'reversePaymentId' in modal && (
          <ReasonModal
            opened
            title="Reverse payment"
            confirmLabel="Reverse payment"
            onClose={() => setModal(null)}
            onConfirm={(reason) => run('reverse', () => reversePayment(data.id, modal.reversePaymentId, reason))}
          />
        )}
      </Suspense>
    </Stack>
  );
}
