import { Anchor, Table } from '@mantine/core';
import { formatReportCell, type ReportAnswer, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import { Link } from 'react-router';

const TARGET_SIZE = { display: 'inline-flex', alignItems: 'center', justifyContent: 'flex-end', minHeight: 24, minWidth: 24 } as const;

const isFigure = (column: ReportColumn) => column.kind !== 'text' && column.kind !== 'date';

/** The first text of a row, to name it in a drill-down link ("120,000.00 — Ada Obi, 0–30 days"). */
const rowName = (answer: ReportAnswer, row: ReportRow) =>
  answer.columns
    .filter((column) => column.kind === 'text')
    .map((column) => row.cells[column.key])
    .filter(Boolean)
    .join(', ');

type ReportTableProps = {
  answer: ReportAnswer;
  /** Where a figure leads: the entries behind it; null when it leads nowhere. */
  drillTo: (row: ReportRow, column: ReportColumn) => string | null;
};

/** A report's table: its columns, rows and total rows, each figure a link to the entries behind it. */
export function ReportTable({ answer, drillTo }: ReportTableProps) {
  const cell = (row: ReportRow, column: ReportColumn, isTotal: boolean) => {
    const text = formatReportCell(column.kind, row.cells[column.key]);
    const to = text !== '' && text !== '0.00' ? drillTo(row, column) : null;
    const content = to ? (
      <Anchor
        component={Link}
        to={to}
        // The whole cell is the target, 24 px high at least (WCAG 2.2 target size): figures side by side stay apart to a thumb.
        style={TARGET_SIZE}
        aria-label={`${text}: ${column.label}${isTotal ? '' : ` — ${rowName(answer, row)}`}, open the entries`}
      >
        {text}
      </Anchor>
    ) : (
      text
    );
    return (
      <Table.Td
        key={column.key}
        ta={isFigure(column) ? 'right' : undefined}
        fw={isTotal ? 700 : undefined}
        style={{ whiteSpace: isFigure(column) ? 'nowrap' : undefined }}
      >
        {content}
      </Table.Td>
    );
  };
  // About 88 px a column and 6 px either side of a cell: a ten-column summary (the invoice register's)
  // fits a 1280 px screen; wider drill-downs and phones scroll inside the table's frame.
  return (
    <Table.ScrollContainer minWidth={Math.max(360, answer.columns.length * 88)} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table striped aria-label={answer.title} verticalSpacing={6} horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {answer.columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={isFigure(column) ? 'right' : undefined}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={answer.columns.length}>Nothing matches these filters.</Table.Td>
            </Table.Tr>
          ) : (
            answer.rows.map((row, index) => <Table.Tr key={index}>{answer.columns.map((column) => cell(row, column, false))}</Table.Tr>)
          )}
        </Table.Tbody>
        {answer.totals.length > 0 && (
          <Table.Tfoot>
            {answer.totals.map((row, index) => (
              <Table.Tr key={index}>{answer.columns.map((column) => cell(row, column, true))}</Table.Tr>
            ))}
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
