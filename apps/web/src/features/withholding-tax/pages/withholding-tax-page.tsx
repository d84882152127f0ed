import { Alert, Anchor, Badge, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatMoney, hasPermissions, isoToDisplayDate, type WithholdingTaxPayment, type WithholdingTaxSettings } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import {
  downloadWithholdingTaxSchedule,
  outstandingCreditNotesQuery,
  updateWithholdingTaxSettings,
  withholdingTaxKeys,
  withholdingTaxScheduleQuery,
  withholdingTaxSettingsQuery,
} from '../api/withholding-tax-api.ts';

const todayIso = () => new Date().toISOString().slice(0, 10);
const money = (payment: WithholdingTaxPayment, amount: string) => `${payment.currencyCode} ${formatMoney(amount)}`;

function InvoiceLink({ payment }: { payment: WithholdingTaxPayment }) {
  return (
    <Anchor component={Link} to={`/billing/invoices/${payment.invoiceId}`}>
      {payment.invoiceNumber ?? 'Invoice'}
    </Anchor>
  );
}

/** Payments with WHT deducted whose credit note has not come: the list to chase clients with. */
function CreditNotesToChase() {
  const outstanding = useQuery(outstandingCreditNotesQuery());
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Credit notes to chase">
      <Title order={2} size="h4" mb="xs">
        Credit notes to chase
      </Title>
      {outstanding.isPending ? (
        <LoadingSpinner />
      ) : !outstanding.data || outstanding.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every WHT credit note has been received.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            Outstanding: {outstanding.data.totals.map((total) => `${total.currencyCode} ${formatMoney(total.outstanding)}`).join(' · ')}
          </Text>
          <ScrollArea type="auto">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Paid on</Table.Th>
                  <Table.Th ta="right">WHT</Table.Th>
                  <Table.Th ta="right">Days waiting</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outstanding.data.rows.map((row) => (
                  <Table.Tr key={row.paymentId}>
                    <Table.Td>{row.clientName}</Table.Td>
                    <Table.Td>
                      <InvoiceLink payment={row} /> · {row.receiptNumber}
                    </Table.Td>
                    <Table.Td>{isoToDisplayDate(row.paymentDate)}</Table.Td>
                    <Table.Td ta="right">{money(row, row.withholdingTaxAmount)}</Table.Td>
                    <Table.Td ta="right">{row.daysOutstanding}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      )}
    </Paper>
  );
}

/** The WHT schedule for a period, tied to 1250, with its CSV and PDF. */
function Schedule() {
  const today = todayIso();
  const [from, setFrom] = useState(isoDateToMonthDayYear(`${today.slice(0, 8)}01`));
  const [to, setTo] = useState(isoDateToMonthDayYear(today));
  const fromDate = monthDayYearToIsoDate(from);
  const toDate = monthDayYearToIsoDate(to);
  const schedule = useQuery({ ...withholdingTaxScheduleQuery(fromDate ?? '', toDate ?? ''), enabled: Boolean(fromDate && toDate) });
  const download = (format: 'csv' | 'pdf') =>
    fromDate &&
    toDate &&
    void downloadWithholdingTaxSchedule(fromDate, toDate, format).catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : 'Download failed'),
    );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Withholding tax schedule">
      <Title order={2} size="h4" mb="xs">
        Schedule
      </Title>
      <Group align="flex-end" gap="sm" mb="sm" wrap="wrap">
        <DatePickerField label="From" value={from} onChange={setFrom} />
        <DatePickerField label="To" value={to} onChange={setTo} />
        <Button variant="default" onClick={() => download('csv')} disabled={!fromDate || !toDate}>
          Download CSV
        </Button>
        <Button variant="default" onClick={() => download('pdf')} disabled={!fromDate || !toDate}>
          Download PDF
        </Button>
      </Group>
      {schedule.isPending ? (
        <LoadingSpinner />
      ) : !schedule.data || schedule.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment in this period had withholding tax deducted.
        </Text>
      ) : (
        <Stack gap="xs">
          <ScrollArea type="auto">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th ta="right">Fee part</Table.Th>
                  <Table.Th ta="right">Received</Table.Th>
                  <Table.Th ta="right">WHT</Table.Th>
                  <Table.Th>Credit note</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {schedule.data.rows.map((row) => (
                  <Table.Tr key={row.paymentId}>
                    <Table.Td>{isoToDisplayDate(row.paymentDate)}</Table.Td>
                    <Table.Td>{row.clientName}</Table.Td>
                    <Table.Td>
                      <InvoiceLink payment={row} /> · {row.receiptNumber}
                    </Table.Td>
                    <Table.Td ta="right">{money(row, row.feePart)}</Table.Td>
                    <Table.Td ta="right">{money(row, row.amountReceived)}</Table.Td>
                    <Table.Td ta="right">{money(row, row.withholdingTaxAmount)}</Table.Td>
                    <Table.Td>
                      {row.creditNote
                        ? `${row.creditNote.creditNoteNumber} (${isoToDisplayDate(row.creditNote.issueDate)})`
                        : row.isReversal
                          ? 'Reversal'
                          : row.isReversed
                            ? 'Reversed'
                            : 'Outstanding'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {schedule.data.totals.map((total) => (
            <Text key={total.currencyCode} size="sm">
              <b>
                Total {total.currencyCode} {formatMoney(total.withholdingTaxAmount)}
              </b>{' '}
              · credit notes received {formatMoney(total.withCreditNote)} · outstanding {formatMoney(total.outstanding)}
            </Text>
          ))}
        </Stack>
      )}
      {schedule.data?.tieOuts.map((check) => (
        <Group key={check.currencyCode} gap="xs" mt="xs">
          <Badge color={check.passes ? 'green' : 'red'}>{check.passes ? 'Ties to 1250' : 'Does not tie to 1250'}</Badge>
          <Text size="xs">
            {check.currencyCode}: schedule {formatMoney(check.expected)}, ledger {formatMoney(check.actual)}
          </Text>
        </Group>
      ))}
    </Paper>
  );
}

const RATE_FIELDS: { key: keyof WithholdingTaxSettings; label: string }[] = [
  { key: 'companyRate', label: 'Companies (%)' },
  { key: 'governmentRate', label: 'Government (%)' },
  { key: 'individualRate', label: 'Individuals (%)' },
];

/** The firm's rates per kind of client; a client's own rate is set on the client. */
function Rates({ initial, canEdit }: { initial: WithholdingTaxSettings; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Withholding tax rates">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          setBusy(true);
          updateWithholdingTaxSettings(values)
            .then((saved) => {
              setValues(saved);
              return queryClient.invalidateQueries({ queryKey: withholdingTaxKeys.all });
            })
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Title order={2} size="h4" mb="xs">
          Rates
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Deducted from the fee part of an invoice (fees and flat fees after discount), never from VAT or costs. A client’s own rate is set
          on the client.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {RATE_FIELDS.map(({ key, label }) => (
            <TextInput
              key={key}
              label={label}
              inputMode="decimal"
              readOnly={!canEdit}
              value={values[key]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((previous) => ({ ...previous, [key]: value }));
              }}
            />
          ))}
        </SimpleGrid>
        {canEdit && (
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={busy}>
              Save rates
            </Button>
          </Group>
        )}
      </form>
    </Paper>
  );
}

/** /billing/withholding-tax: the credit notes to chase, the schedule that ties to 1250, and the firm's rates. */
export function WithholdingTaxPage() {
  const { permissions } = useSession();
  const settings = useQuery(withholdingTaxSettingsQuery());
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={['Withholding tax']} />
      <Title order={1} size="h2">
        Withholding tax
      </Title>
      <Alert variant="light" color="blue">
        Clients who deduct withholding tax pay the fee part net of it and send a credit note later. Record the tax with the payment on the
        invoice, then the credit note when it arrives.
      </Alert>
      <CreditNotesToChase />
      <Schedule />
      {settings.data && <Rates initial={settings.data} canEdit={hasPermissions(permissions, ['updateAccountSettings'])} />}
    </Stack>
  );
}
