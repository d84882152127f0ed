import { Alert, Badge, Box, Button, Container, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  compareMoney,
  formatMoney,
  INVOICE_LINK_MESSAGES,
  isoToDisplayDate,
  PORTAL_PAYMENT_MESSAGES,
  type PublicInvoice,
  type PublicInvoiceLine,
} from '@matterhorn/shared';
import { useParams, useSearchParams } from 'react-router';
import { InstalmentsTable } from '../../../components/instalments-table.tsx';
import { OverdueSinceBadge } from '../../../components/overdue-since-badge.tsx';
import { LoadingScreen } from '../../../components/loading-spinner.tsx';
import { PayOnlineForm } from '../../../components/pay-online-form.tsx';
import { usePublicInvoice } from '../api/public-invoice-api.ts';
import { startPublicInvoicePayment, usePublicInvoicePaymentOption } from '../api/public-invoice-payment-api.ts';
import { accentStyleOf } from '../components/public-invoice-accent.ts';
import { LinesTable } from '../components/public-invoice-lines-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export const PUBLIC_INVOICE_TEXT = {
  notFoundTitle: 'Invoice link not valid',
  notFound: INVOICE_LINK_MESSAGES.notFound,
  failed: 'The invoice could not be loaded. Please try again later.',
  download: 'Download PDF',
  void: 'This invoice is void.',
} as const;

const PUBLIC_INVOICE_DESCRIPTION = 'An invoice from your law firm: what it covers, the balance due, and how to pay it.';

/** "Invoice INV-00002 · Obi & Co": the invoice's own heading and its firm, once they are known. */
function publicInvoiceTitle(invoice: PublicInvoice | null | undefined) {
  if (invoice === null) return [PUBLIC_INVOICE_TEXT.notFoundTitle];
  if (invoice === undefined) return ['Invoice'];
  return [`Invoice ${invoice.invoiceNumber ?? ''}`, invoice.firm.name];
}

const STATUS_COLORS: Record<string, string> = { Paid: 'green', PartlyPaid: 'yellow', Void: 'gray', Sent: 'blue', Approved: 'blue' };

const date = (iso: string | null) => (iso ? isoToDisplayDate(iso.slice(0, 10)) || iso : '—');
const trimDecimals = (text: string | null) => (text ? (text.includes('.') ? text.replace(/\.?0+$/, '') : text) : '');

/** Where the browser goes to pay: the gateway's checkout page (tests watch it instead). */
type Checkout = ((checkoutUrl: string) => void) | undefined;

/** "Pay online" under the balance: offered only when the server says a gateway takes the invoice's currency and something is due. */
function PayInvoiceOnline({ slug, invoice, onCheckout }: { slug: string; invoice: PublicInvoice; onCheckout: Checkout }) {
  const isPayable = invoice.status !== 'Void' && compareMoney(invoice.totals.balanceDue, '0') > 0;
  const option = usePublicInvoicePaymentOption(slug, isPayable);
  if (!isPayable || !option.data) return null;
  return (
    <Box mt="xs">
      <PayOnlineForm
        what="invoice"
        gateway={option.data.gateway}
        balance={option.data.amountDue}
        currency={invoice.currencySymbol}
        nextInstalment={invoice.paymentPlan?.nextInstalment ?? null}
        start={(amount) => startPublicInvoicePayment(slug, amount)}
        {...(onCheckout ? { onCheckout } : {})}
      />
    </Box>
  );
}

function InvoiceView({
  invoice,
  slug,
  isReturned,
  onCheckout,
}: {
  invoice: PublicInvoice;
  slug: string;
  isReturned: boolean;
  onCheckout: Checkout;
}) {
  const symbol = invoice.currencySymbol;
  const money = (amount: string) => formatMoney(amount, symbol);
  const description = (line: PublicInvoiceLine) =>
    compareMoney(line.adjustment, '0') === 0 ? line.description : `${line.description} (adjusted from ${money(line.itemAmount)})`;
  const { totals } = invoice;
  const totalRows: [string, string, boolean][] = [['Subtotal', money(totals.subtotal), false]];
  if (compareMoney(totals.discountAmount, '0') !== 0)
    totalRows.push([
      invoice.discountType === 'percent' && invoice.discountValue ? `Discount (${trimDecimals(invoice.discountValue)}%)` : 'Discount',
      money(`-${totals.discountAmount}`),
      false,
    ]);
  if (compareMoney(totals.taxAmount, '0') !== 0)
    totalRows.push([`${invoice.taxName?.trim() || 'Tax'} (${trimDecimals(invoice.taxPercent)}%)`, money(totals.taxAmount), false]);
  totalRows.push(['Total', money(totals.total), true]);
  totalRows.push(['Payments', compareMoney(totals.paidAmount, '0') === 0 ? money('0') : money(`-${totals.paidAmount}`), false]);
  if (compareMoney(totals.writtenOffAmount, '0') !== 0) totalRows.push(['Written off', money(`-${totals.writtenOffAmount}`), false]);
  totalRows.push(['Balance due', money(totals.balanceDue), true]);
  const accentStyle = accentStyleOf(invoice.firm.accentColour);
  const hasAccent = accentStyle !== undefined;

  return (
    <Stack gap="lg" style={accentStyle}>
      {isReturned ? (
        <Alert color="blue" role="status">
          {PORTAL_PAYMENT_MESSAGES.returned}
        </Alert>
      ) : null}
      {hasAccent ? (
        <Box h={6} style={{ backgroundColor: 'var(--invoice-accent)', borderRadius: 3 }} data-testid="invoice-accent-bar" />
      ) : null}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          {invoice.firm.logo ? <Image src={invoice.firm.logo} alt={`${invoice.firm.name} logo`} h={56} w="auto" fit="contain" /> : null}
          <Text fw={700} size="lg">
            {invoice.firm.name}
          </Text>
          {invoice.firm.address ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              {invoice.firm.address}
            </Text>
          ) : null}
          {invoice.firm.phone ? (
            <Text size="sm" c="dimmed">
              {invoice.firm.phone}
            </Text>
          ) : null}
          {invoice.firm.taxNumber ? (
            <Text size="sm" c="dimmed">
              Tax identification number: {invoice.firm.taxNumber}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Title
            order={1}
            style={accentStyle && '--invoice-accent-ink' in accentStyle ? { color: 'var(--invoice-accent-ink)' } : undefined}
          >
            Invoice {invoice.invoiceNumber ?? ''}
          </Title>
          <Badge color={STATUS_COLORS[invoice.status] ?? 'blue'} variant="light" size="lg">
            {invoice.statusLabel}
          </Badge>
          <Button component="a" href={invoice.pdfUrl} download variant="filled">
            {PUBLIC_INVOICE_TEXT.download}
          </Button>
        </Stack>
      </Group>

      {invoice.status === 'Void' ? (
        <Alert color="gray" title={PUBLIC_INVOICE_TEXT.void}>
          {invoice.voidReason ?? 'Nothing is owed on it.'}
        </Alert>
      ) : null}

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Box>
            <Text size="sm" c="dimmed">
              Bill to
            </Text>
            <Text fw={600}>{invoice.clientName}</Text>
            {invoice.matters.map((matter) => (
              <Text size="sm" key={`${matter.matterNumber ?? ''}${matter.name}`}>
                {matter.matterNumber ? `${matter.matterNumber} — ${matter.name}` : matter.name}
              </Text>
            ))}
          </Box>
          <Box>
            <Text size="sm" c="dimmed">
              Issue date
            </Text>
            <Text>{date(invoice.issueDate)}</Text>
            <Text size="sm" c="dimmed" mt="xs">
              Due date
            </Text>
            <Text c={invoice.isOverdue ? 'red.8' : undefined}>
              {date(invoice.dueDate)}
              {invoice.isOverdue ? ' (overdue)' : ''}
            </Text>
          </Box>
          <Box>
            <Text size="sm" c="dimmed">
              Balance due
            </Text>
            <Text fw={700} size="xl">
              {money(totals.balanceDue)}
            </Text>
            <PayInvoiceOnline slug={slug} invoice={invoice} onCheckout={onCheckout} />
          </Box>
        </SimpleGrid>
      </Paper>

      <LinesTable
        caption="Professional fees"
        hasAccent={hasAccent}
        lines={invoice.fees}
        subtotal={totals.feesSubtotal}
        symbol={symbol}
        columns={[
          { label: 'Date', value: (line) => date(line.lineDate) },
          { label: 'Fee earner', value: (line) => line.feeEarnerName ?? '' },
          { label: 'Description', value: description },
          { label: 'Hours', numeric: true, value: (line) => trimDecimals(line.hours) },
          { label: 'Rate', numeric: true, value: (line) => (line.rate ? money(line.rate) : '') },
          { label: 'Amount', numeric: true, value: (line) => money(line.amount) },
        ]}
      />
      <LinesTable
        caption="Flat fees"
        hasAccent={hasAccent}
        lines={invoice.flatFees}
        subtotal={totals.flatFeesSubtotal}
        symbol={symbol}
        columns={[
          { label: 'Date', value: (line) => date(line.lineDate) },
          { label: 'Fee earner', value: (line) => line.feeEarnerName ?? '' },
          { label: 'Description', value: description },
          { label: 'Amount', numeric: true, value: (line) => money(line.amount) },
        ]}
      />
      <LinesTable
        caption="Expenses"
        hasAccent={hasAccent}
        lines={invoice.expenses}
        subtotal={totals.expensesSubtotal}
        symbol={symbol}
        columns={[
          { label: 'Date', value: (line) => date(line.lineDate) },
          { label: 'Description', value: description },
          { label: 'Quantity', numeric: true, value: (line) => trimDecimals(line.quantity) },
          { label: 'Unit cost', numeric: true, value: (line) => (line.rate ? money(line.rate) : '') },
          { label: 'Amount', numeric: true, value: (line) => money(line.amount) },
        ]}
      />

      <Box ml={{ base: 0, sm: 'auto' }} w={{ base: '100%', sm: 360 }}>
        <Table aria-label="Totals">
          <Table.Tbody>
            {totalRows.map(([label, value, strong]) => (
              <Table.Tr key={label}>
                <Table.Th fw={strong ? 700 : 400} scope="row">
                  {label}
                </Table.Th>
                <Table.Td ta="right" fw={strong ? 700 : 400}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>

      {invoice.paymentPlan ? (
        <Box component="section" aria-labelledby="payment-plan-heading">
          <Title order={2} size="h4" id="payment-plan-heading">
            Payment plan
          </Title>
          {invoice.paymentPlan.nextInstalment?.state === 'missed' ? (
            <Group gap="xs" mb="xs">
              <Text>
                Next instalment: <b>{money(invoice.paymentPlan.nextInstalment.remainingAmount)}</b>
              </Text>
              <OverdueSinceBadge dueDate={invoice.paymentPlan.nextInstalment.dueDate} />
            </Group>
          ) : invoice.paymentPlan.nextInstalment ? (
            <Text mb="xs">
              Next instalment: <b>{money(invoice.paymentPlan.nextInstalment.remainingAmount)}</b> due{' '}
              {date(invoice.paymentPlan.nextInstalment.dueDate)}
            </Text>
          ) : null}
          <InstalmentsTable
            instalments={invoice.paymentPlan.instalments}
            currencySymbol={symbol}
            nextNumber={invoice.paymentPlan.nextInstalment?.number ?? null}
            caption="Payment plan instalments"
          />
        </Box>
      ) : null}

      {invoice.paymentInstructions ? (
        <Box>
          <Title order={2} size="h4">
            Payment instructions
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{invoice.paymentInstructions}</Text>
        </Box>
      ) : null}
      {invoice.notes ? (
        <Box>
          <Title order={2} size="h4">
            Notes
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{invoice.notes}</Text>
        </Box>
      ) : null}
      {invoice.deliveredDate && invoice.recoverableFromDate ? (
        <Text size="sm" c="dimmed">
          Delivered on {date(invoice.deliveredDate)} — fees recoverable by action from {date(invoice.recoverableFromDate)} (Legal
          Practitioners Act, s.16(2)).
        </Text>
      ) : null}
      {invoice.firm.invoiceFooter ? (
        <Text
          component="footer"
          size="xs"
          c="dimmed"
          ta="center"
          pt="sm"
          style={{ whiteSpace: 'pre-line', borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          {invoice.firm.invoiceFooter}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * /billing/invoice/:slug — the invoice on its public link: no top bar, no sign-in (SPEC.md §2). It
 * can be paid online from here; the gateway sends the browser back with ?payment=returned, and the
 * payment shows once the gateway confirms it to the firm.
 */
export function PublicInvoicePage({ onCheckout }: { onCheckout?: (checkoutUrl: string) => void } = {}) {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = usePublicInvoice(slug);
  return (
    <Container size="lg" py="xl" px="md" component="main">
      <PageTitle parts={publicInvoiceTitle(query.data)} description={PUBLIC_INVOICE_DESCRIPTION} />
      {query.isPending ? (
        <LoadingScreen />
      ) : query.isError ? (
        <Alert color="red" title="Invoice" role="alert">
          {PUBLIC_INVOICE_TEXT.failed}
        </Alert>
      ) : query.data === null ? (
        <Stack gap="sm" align="center" ta="center" py="xl">
          <Title order={1}>{PUBLIC_INVOICE_TEXT.notFoundTitle}</Title>
          <Text c="dimmed">{PUBLIC_INVOICE_TEXT.notFound}</Text>
        </Stack>
      ) : (
        <InvoiceView invoice={query.data} slug={slug} isReturned={searchParams.get('payment') === 'returned'} onCheckout={onCheckout} />
      )}
    </Container>
  );
}
