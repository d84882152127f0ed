import { Box, Table, Title } from '@mantine/core';
import { formatMoney, type PublicInvoiceLine } from '@matterhorn/shared';
import { ACCENT_BAND } from './public-invoice-accent.ts';

export type Column = { label: string; numeric?: boolean; value: (line: PublicInvoiceLine) => string };

/** One group of an invoice's lines on its public page, headed in the firm's accent when it has one. */
export function LinesTable({
  caption,
  lines,
  columns,
  subtotal,
  symbol,
  hasAccent,
}: {
  caption: string;
  lines: PublicInvoiceLine[];
  columns: Column[];
  subtotal: string;
  symbol: string;
  hasAccent: boolean;
}) {
  if (lines.length === 0) return null;
  return (
    <Box>
      <Title order={2} size="h4" mb="xs">
        {caption}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={caption}>
          <Table.Thead style={hasAccent ? ACCENT_BAND : undefined}>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.label} ta={column.numeric ? 'right' : 'left'}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td key={column.label} ta={column.numeric ? 'right' : 'left'}>
                    {column.value(line)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={columns.length - 1} ta="right">
                {caption} subtotal
              </Table.Th>
              <Table.Th ta="right">{formatMoney(subtotal, symbol)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}
