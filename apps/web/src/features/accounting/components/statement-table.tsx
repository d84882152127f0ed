import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatMoney, type FinancialFigure, type FinancialSection, type TieOut } from '@matterhorn/shared';
import { toast } from '../../../lib/toasts.ts';

/** One printed line of a statement: a section's heading, an account line or a total. */
export type StatementRow = { key: string; label: string; kind: 'heading' | 'line' | 'total'; depth?: number; figure?: FinancialFigure };

const labelOf = (line: FinancialSection['lines'][number]) =>
  line.kind === 'account' && line.number ? `${line.number} ${line.name}` : line.name;

/** A section as rows: its heading, its lines (sub-accounts indented, parents' totals bold) and its total. */
export function sectionRows(section: FinancialSection, key: string): StatementRow[] {
  return [
    { key: `${key}-heading`, label: section.title, kind: 'heading' },
    ...section.lines.map((line, index) => ({
      key: `${key}-${index}`,
      label: labelOf(line),
      kind: line.kind === 'total' ? ('total' as const) : ('line' as const),
      depth: line.depth,
      figure: line,
    })),
    { key: `${key}-total`, label: section.totalLabel, kind: 'total', figure: section.total },
  ];
}

const money = (amount: string | null) => (amount === null ? '' : formatMoney(amount));

/** A statement of one currency: an amount column, and the comparison, variance and % when it compares. */
export function StatementTable({ label, rows, comparisonLabel }: { label: string; rows: StatementRow[]; comparisonLabel: string | null }) {
  const columns = comparisonLabel ? 5 : 2;
  return (
    <Table.ScrollContainer minWidth={comparisonLabel ? 640 : 360}>
      <Table aria-label={label} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Account</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            {comparisonLabel && (
              <>
                <Table.Th scope="col" ta="right">
                  {comparisonLabel}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Variance
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  %
                </Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) =>
            row.kind === 'heading' ? (
              <Table.Tr key={row.key}>
                <Table.Th scope="colgroup" colSpan={columns} pt="sm">
                  {row.label}
                </Table.Th>
              </Table.Tr>
            ) : (
              <Table.Tr key={row.key} fw={row.kind === 'total' ? 700 : undefined}>
                <Table.Td pl={`calc(var(--mantine-spacing-sm) + ${row.depth ?? 0} * var(--mantine-spacing-lg))`}>{row.label}</Table.Td>
                <Table.Td ta="right">{money(row.figure?.amount ?? null)}</Table.Td>
                {comparisonLabel && (
                  <>
                    <Table.Td ta="right">{money(row.figure?.comparison ?? null)}</Table.Td>
                    <Table.Td ta="right">{money(row.figure?.variance ?? null)}</Table.Td>
                    <Table.Td ta="right">{row.figure?.variancePercent ? `${row.figure.variancePercent}%` : ''}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The books' tie-outs as pass/fail lines. */
export function TieOuts({ tieOuts }: { tieOuts: readonly TieOut[] }) {
  return (
    <section aria-labelledby="tie-outs">
      <Text fw={700} id="tie-outs" mb="xs">
        Tie-outs (the books as they stand now)
      </Text>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {tieOuts.map((tieOut) => (
          <li key={`${tieOut.check}-${tieOut.currencyCode}`}>
            <Group gap="xs" wrap="nowrap" align="flex-start" py={2}>
              <Badge color={tieOut.passes ? 'green' : 'red'} variant="light" miw={52}>
                {tieOut.passes ? 'Pass' : 'Fail'}
              </Badge>
              <Text size="sm">
                {tieOut.check} ({tieOut.currencyCode}): ledger {formatMoney(tieOut.actual)}, records {formatMoney(tieOut.expected)}
                {tieOut.passes ? '' : `, out by ${formatMoney(tieOut.difference)}`}
              </Text>
            </Group>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** CSV and PDF of the statement on screen. */
export function StatementDownloads({ download }: { download: (format: 'csv' | 'pdf') => Promise<void> }) {
  const run = (format: 'csv' | 'pdf') => void download(format).catch((error: Error) => toast.error(error.message));
  return (
    <Group gap="xs">
      <Button variant="default" onClick={() => run('csv')}>
        Download CSV
      </Button>
      <Button variant="default" onClick={() => run('pdf')}>
        Download PDF
      </Button>
    </Group>
  );
}
