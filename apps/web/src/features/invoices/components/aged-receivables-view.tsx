import { Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, formatMoney } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { toast } from '../../../lib/toasts.ts';
import { agedReceivablesQuery, downloadAgedReceivablesCsv } from '../api/aged-receivables-api.ts';

/**
 * What clients owed as of a date by days past due then: current, 1–30, 31–60, 61–90, 90+; per
 * client and currency, with a total per currency (never two currencies added), and CSV. Until a date is chosen the server's default is asked for (today in the firm's
 * time zone, which may not be the browser's) and shown in the field; a cleared field asks for it again.
 */
export function AgedReceivablesView() {
  // MM/DD/YYYY as the date field hands it; null until the user chooses a date.
  const [asOf, setAsOf] = useState<string | null>(null);
  const asOfIso = asOf === null ? '' : (monthDayYearToIsoDate(asOf) ?? '');
  const aged = useQuery(agedReceivablesQuery(asOfIso));
  const shownAsOf = asOf ?? (aged.data ? isoDateToMonthDayYear(aged.data.asOf) : '');
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <DatePickerField label="As of" value={shownAsOf} onChange={setAsOf} />
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            void downloadAgedReceivablesCsv(asOfIso).catch((error: unknown) =>
              toast.error(error instanceof Error ? error.message : 'Download failed'),
            )
          }
        >
          Download CSV
        </Button>
      </Group>
      {/* A table wider than a phone scrolls sideways: its frame takes focus so the keyboard can scroll it. */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped miw={820} aria-label="Aged receivables">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>Currency</Table.Th>
              <Table.Th ta="right">Invoices</Table.Th>
              {AGING_BUCKETS.map((bucket) => (
                <Table.Th key={bucket} ta="right">
                  {AGING_BUCKET_LABELS[bucket]}
                </Table.Th>
              ))}
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(aged.data?.clients ?? []).map((client) => (
              <Table.Tr key={`${client.clientId}-${client.currencyCode}`}>
                <Table.Td>{client.clientName}</Table.Td>
                <Table.Td>{client.currencyCode}</Table.Td>
                <Table.Td ta="right">{client.invoiceCount}</Table.Td>
                {AGING_BUCKETS.map((bucket) => (
                  <Table.Td key={bucket} ta="right">
                    {formatMoney(client[bucket], client.currencySymbol)}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{formatMoney(client.total, client.currencySymbol)}</Table.Td>
              </Table.Tr>
            ))}
            {aged.data && aged.data.clients.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text size="sm" c="dimmed" ta="center">
                    Nothing outstanding.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
          {aged.data && aged.data.totals.length > 0 && (
            <Table.Tfoot>
              {aged.data.totals.map((total) => (
                <Table.Tr key={total.currencyCode} fw={700}>
                  <Table.Td>Total</Table.Td>
                  <Table.Td>{total.currencyCode}</Table.Td>
                  <Table.Td />
                  {AGING_BUCKETS.map((bucket) => (
                    <Table.Td key={bucket} ta="right">
                      {formatMoney(total[bucket], total.currencySymbol)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" data-testid={`aged-total-${total.currencyCode}`}>
                    {formatMoney(total.total, total.currencySymbol)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
    </>
  );
}
