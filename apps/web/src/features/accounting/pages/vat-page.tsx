import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, VAT_DOCUMENT_LABELS, type VatReturnCurrency } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { toast } from '../../../lib/toasts.ts';
import { downloadVatReturn, vatReturnQuery } from '../api/accounting-api.ts';
import { IsoDateField } from '../components/iso-date-field.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// Its form library loads after the return is on screen, not with the books' pages (their JavaScript budget, ADR 46).
const TaxRatesSection = lazy(async () => ({ default: (await import('../components/tax-rates-section.tsx')).TaxRatesSection }));

const dateText = (iso: string) => iso.split('-').reverse().join('/');
const iso = (date: Date) => date.toLocaleDateString('en-CA');
/** The month before this one: what a monthly VAT return usually covers. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  return { from: iso(new Date(now.getFullYear(), now.getMonth() - 1, 1)), to: iso(new Date(now.getFullYear(), now.getMonth(), 0)) };
}

const FIGURES = ['feesNet', 'feesTax', 'costsNet', 'costsTax', 'tax'] as const;

function CurrencySection({ section }: { section: VatReturnCurrency }) {
  const id = `vat-${section.currencyCode}`;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {section.currencyCode}
      </Title>
      {section.tieOuts.map((check) => (
        <Alert key={check.name} color={check.isPassing ? 'green' : 'red'} mb="xs" p="xs">
          {check.isPassing ? 'Pass' : 'Fail'}: {check.name} (invoices {formatMoney(check.expected)}, ledger {formatMoney(check.actual)})
        </Alert>
      ))}
      {/* Focusable, so a keyboard can scroll the figures across on a phone. */}
      <Table.ScrollContainer minWidth={760} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Invoice</Table.Th>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Client</Table.Th>
              {['Fees net', 'Tax on fees', 'Costs net', 'Tax on costs', 'Tax'].map((label) => (
                <Table.Th key={label} scope="col" ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {section.rates.map((rate) => (
            <Table.Tbody key={`${rate.taxName}-${rate.ratePercent}`}>
              <Table.Tr>
                <Table.Th scope="rowgroup" colSpan={8}>
                  {rate.taxName} at {rate.ratePercent}%
                </Table.Th>
              </Table.Tr>
              {rate.invoices.map((invoice) => (
                <Table.Tr key={`${invoice.invoiceId}-${invoice.kind}-${invoice.invoiceNumber}`}>
                  <Table.Td>
                    {invoice.invoiceNumber}
                    {invoice.kind === 'invoice' ? '' : ` (${VAT_DOCUMENT_LABELS[invoice.kind].toLowerCase()})`}
                  </Table.Td>
                  <Table.Td>{dateText(invoice.date)}</Table.Td>
                  <Table.Td>{invoice.clientName}</Table.Td>
                  {FIGURES.map((figure) => (
                    <Table.Td key={figure} ta="right">
                      {formatMoney(invoice[figure])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td colSpan={3}>Total at {rate.ratePercent}%</Table.Td>
                {FIGURES.map((figure) => (
                  <Table.Td key={figure} ta="right">
                    {formatMoney(rate[figure])}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          ))}
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={3}>
                Output tax
              </Table.Th>
              {FIGURES.map((figure) => (
                <Table.Td key={figure} ta="right" fw={700}>
                  {formatMoney(section.totals[figure])}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" mt="xs">
        VAT output account {section.vatAccountNumber}: moved {formatMoney(section.vatAccountMovement)} in the period, of which{' '}
        {formatMoney(section.otherMovement)} by other postings (payments to the tax authority, adjustments).
      </Text>
    </section>
  );
}

/** /accounting/vat?FromDate=…&ToDate=…: the VAT return for a period, tied to the VAT output account, and the firm's tax rates. */
export function VatPage() {
  const [params, setParams] = useSearchParams();
  const fallback = lastMonth();
  const fromDate = params.get('FromDate') ?? fallback.from;
  const toDate = params.get('ToDate') ?? fallback.to;
  const vat = useQuery(vatReturnQuery(fromDate, toDate));
  const setPeriod = (change: { FromDate?: string; ToDate?: string }) =>
    setParams({ FromDate: fromDate, ToDate: toDate, ...change }, { replace: true });
  const download = (format: 'csv' | 'pdf') =>
    void downloadVatReturn(fromDate, toDate, format).catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : 'The file could not be downloaded'),
    );
  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['VAT', 'Accounting']} />
      <Title order={1}>VAT</Title>
      <Group align="flex-end" wrap="wrap">
        <IsoDateField label="From" value={fromDate} onChange={(value) => setPeriod({ FromDate: value })} />
        <IsoDateField
          label="To"
          value={toDate}
          onChange={(value) => setPeriod({ ToDate: value })}
          error={fromDate && toDate && fromDate > toDate ? 'To must be on or after From' : undefined}
        />
        <Button variant="default" onClick={() => download('csv')}>
          Download CSV
        </Button>
        <Button variant="default" onClick={() => download('pdf')}>
          Download PDF
        </Button>
      </Group>
      {vat.isPending && vat.fetchStatus !== 'idle' ? (
        <LoadingSpinner />
      ) : !vat.data ? (
        <Text>Choose a period to see its VAT return.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {vat.data.basis}
          </Text>
          {vat.data.currencies.length === 0 ? (
            <Text>No invoice was issued or voided in this period.</Text>
          ) : (
            vat.data.currencies.map((section) => <CurrencySection key={section.currencyCode} section={section} />)
          )}
        </>
      )}
      <Suspense fallback={null}>
        <TaxRatesSection />
      </Suspense>
    </Stack>
  );
}
