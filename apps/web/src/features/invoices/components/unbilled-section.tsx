import { Button, Checkbox, Paper, ScrollArea, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '@matterhorn/shared';
import { displayDate } from '../utils/invoice-display.ts';
import type { LineAdjustment } from './adjust-line-modal.tsx';

export type UnbilledRow = {
  id: string;
  date: string;
  description: string;
  matterName: string;
  who: string | null;
  quantity: string | null;
  amount: string;
};

type UnbilledSectionProps = {
  title: string;
  quantityLabel: string;
  rows: UnbilledRow[];
  selected: readonly string[];
  adjustments: Record<string, LineAdjustment>;
  onToggle: (id: string, isChosen: boolean) => void;
  onToggleAll: (isChosen: boolean) => void;
  onAdjust: (row: UnbilledRow) => void;
  currencySymbol?: string;
};

/** One kind of unbilled item (time entries, expenses, flat fees) with a checkbox per line. */
export function UnbilledSection({
  title,
  quantityLabel,
  rows,
  selected,
  adjustments,
  onToggle,
  onToggleAll,
  onAdjust,
  currencySymbol = '',
}: UnbilledSectionProps) {
  const chosenCount = rows.filter((row) => selected.includes(row.id)).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title} ({chosenCount} of {rows.length} chosen)
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No unbilled {title.toLowerCase()}.
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={`Choose all ${title.toLowerCase()}`}
                    checked={chosenCount === rows.length}
                    indeterminate={chosenCount > 0 && chosenCount < rows.length}
                    onChange={(event) => onToggleAll(event.currentTarget.checked)}
                  />
                </Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Matter</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th ta="right">{quantityLabel}</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Adjust</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const adjustment = adjustments[row.id];
                const isChosen = selected.includes(row.id);
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Bill ${row.description}`}
                        checked={isChosen}
                        onChange={(event) => onToggle(row.id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(row.date)}</Table.Td>
                    <Table.Td>{row.description}</Table.Td>
                    <Table.Td>{row.matterName}</Table.Td>
                    <Table.Td>{row.who ?? ''}</Table.Td>
                    <Table.Td ta="right">{row.quantity ?? ''}</Table.Td>
                    <Table.Td ta="right">
                      {adjustment ? (
                        <>
                          <Text span td="line-through" c="dimmed" size="sm">
                            {formatMoney(row.amount, currencySymbol)}
                          </Text>{' '}
                          {formatMoney(adjustment.adjustedAmount, currencySymbol)}
                        </>
                      ) : (
                        formatMoney(row.amount, currencySymbol)
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="subtle" disabled={!isChosen} onClick={() => onAdjust(row)}>
                        {adjustment ? 'Edit adjustment' : 'Adjust'}
                        <VisuallyHidden> {row.description}</VisuallyHidden>
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
