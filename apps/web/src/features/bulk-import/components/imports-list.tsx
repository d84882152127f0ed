import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { BULK_IMPORT_KIND_LABELS, type BulkImport } from '@matterhorn/shared';
import { ActionsHeader } from '../../../components/row-actions.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { IMPORT_STATUS_COLORS, IMPORT_STATUS_LABELS, isWorking, resultText } from '../utils/import-display.ts';
import { DownloadErrorsButton, FAILED_ROWS_TEXT } from './import-run.tsx';

export const NO_IMPORTS_TEXT = 'No file has been imported yet.';

export type ImportsListProps = {
  imports: BulkImport[];
  /** The element naming the list (the "Recent imports" heading). */
  labelledBy: string;
  /** A phone (390 px) gets one card per import: a table there would put its figures a scroll away. */
  isPhone: boolean;
};

/** Its status; the percentage of one being checked or run, the reason one failed or its dry run stopped. */
function ImportStatus({ bulkImport }: { bulkImport: BulkImport }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={IMPORT_STATUS_COLORS[bulkImport.status]} variant="light" style={{ minWidth: 'max-content' }}>
        {IMPORT_STATUS_LABELS[bulkImport.status]}
        {isWorking(bulkImport) ? ` · ${bulkImport.progress}%` : ''}
      </Badge>
      {(bulkImport.status === 'failed' || bulkImport.status === 'uploaded') && bulkImport.failure && (
        <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {bulkImport.failure}
        </Text>
      )}
    </Stack>
  );
}

/** Its button's name starts with the words on it (WCAG 2.5.3) and says which import: several may be listed. */
const downloadLabel = (bulkImport: BulkImport) =>
  `${FAILED_ROWS_TEXT} of ${bulkImport.fileName}, uploaded ${displayDateTime(bulkImport.createdAt)}`;

function ErrorsButton({ bulkImport }: { bulkImport: BulkImport }) {
  return bulkImport.hasErrorFile ? <DownloadErrorsButton bulkImport={bulkImport} label={downloadLabel(bulkImport)} /> : null;
}

/** The firm's recent imports, newest first: what each held, how it went, and its refused rows to fix. */
export function ImportsList({ imports, labelledBy, isPhone }: ImportsListProps) {
  if (imports.length === 0) return <Text c="dimmed">{NO_IMPORTS_TEXT}</Text>;
  if (isPhone) {
    return (
      <Stack gap="sm" component="ul" aria-labelledby={labelledBy} p={0} m={0} style={{ listStyle: 'none' }}>
        {imports.map((bulkImport) => (
          <Paper key={bulkImport.id} withBorder p="sm" radius="md" component="li" data-testid={`bulk-import-${bulkImport.id}`}>
            <Stack gap={6} align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {BULK_IMPORT_KIND_LABELS[bulkImport.kind]}: {bulkImport.fileName}
              </Text>
              <Text size="sm">Uploaded {displayDateTime(bulkImport.createdAt)}</Text>
              <ImportStatus bulkImport={bulkImport} />
              <Text size="sm">{resultText(bulkImport)}</Text>
              <ErrorsButton bulkImport={bulkImport} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            {['Uploaded', 'What', 'File', 'Status', 'Result'].map((label) => (
              <Table.Th key={label} scope="col">
                {label}
              </Table.Th>
            ))}
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.map((bulkImport) => (
            <Table.Tr key={bulkImport.id} data-testid={`bulk-import-${bulkImport.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDateTime(bulkImport.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{BULK_IMPORT_KIND_LABELS[bulkImport.kind]}</Table.Td>
              <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
                {bulkImport.fileName}
              </Table.Td>
              <Table.Td maw={280}>
                <ImportStatus bulkImport={bulkImport} />
              </Table.Td>
              <Table.Td>{resultText(bulkImport)}</Table.Td>
              <Table.Td>
                <ErrorsButton bulkImport={bulkImport} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
