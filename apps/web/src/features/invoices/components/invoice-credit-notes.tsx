import { Button, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { formatMoney, type Invoice } from '@matterhorn/shared';
import { displayDate } from '../utils/invoice-display.ts';

/** The invoice's credit notes: number, date, reason, what each credited and where it went, and its PDF. */
export function InvoiceCreditNotes({ invoice, onDownload }: { invoice: Invoice; onDownload: (id: string, number: string) => void }) {
  if (invoice.creditNotes.length === 0) return null;
  const money = (amount: string) => formatMoney(amount, invoice.currencySymbol);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Credit notes">
      <Title order={2} size="h5" mb="xs">
        Credit notes
      </Title>
      {/* Reachable by keyboard when the table scrolls sideways on a phone (axe: scrollable-region-focusable). */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Credited</Table.Th>
              <Table.Th>PDF</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.creditNotes.map((note) => (
              <Table.Tr key={note.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{note.creditNoteNumber}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(note.creditDate)}</Table.Td>
                <Table.Td>
                  {note.reason}
                  {note.toClientCreditAmount !== '0.00' && (
                    <Text size="xs" c="dimmed">
                      {money(note.toClientCreditAmount)} to the client’s credit balance
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(note.total)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Download ${note.creditNoteNumber} as PDF`}
                    onClick={() => onDownload(note.id, note.creditNoteNumber)}
                  >
                    Download
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
