import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { DataExport } from '@matterhorn/shared';
import { ActionsHeader } from '../../../components/row-actions.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { dateTimeOrDash, downloadLabel, sizeText, STATUS_COLORS, STATUS_LABELS } from '../utils/export-display.ts';

export const NO_EXPORTS_TEXT = 'No export has been made yet.';

export type ExportsListProps = {
  exports: DataExport[];
  /** The element naming the list (the "Recent exports" heading). */
  labelledBy: string;
  /** The export whose zip is being fetched: its button spins. */
  downloadingId: string | null;
  onDownload: (dataExport: DataExport) => void;
  /** A phone (390 px) gets one card per export: a table there would put Download a scroll away. */
  isPhone: boolean;
};

/** Its status; a running one's percentage, a failed one's reason. */
function ExportStatus({ dataExport }: { dataExport: DataExport }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATUS_COLORS[dataExport.status]} variant="light" style={{ minWidth: 'max-content' }}>
        {STATUS_LABELS[dataExport.status]}
        {dataExport.status === 'running' ? ` · ${dataExport.progress}%` : ''}
      </Badge>
      {dataExport.status === 'failed' && dataExport.failure && (
        <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {dataExport.failure}
        </Text>
      )}
    </Stack>
  );
}

function DownloadButton({
  dataExport,
  downloadingId,
  onDownload,
}: { dataExport: DataExport } & Omit<ExportsListProps, 'exports' | 'labelledBy' | 'isPhone'>) {
  if (dataExport.status !== 'ready') return null;
  return (
    <Button
      size="xs"
      variant="default"
      loading={downloadingId === dataExport.id}
      onClick={() => onDownload(dataExport)}
      aria-label={downloadLabel(dataExport)}
    >
      Download
    </Button>
  );
}

/** The firm's recent exports, newest first: who started each, how it went, and its zip while it can be downloaded. */
export function ExportsList({ exports, labelledBy, downloadingId, onDownload, isPhone }: ExportsListProps) {
  if (exports.length === 0) return <Text c="dimmed">{NO_EXPORTS_TEXT}</Text>;
  const buttonProps = { downloadingId, onDownload };
  if (isPhone) {
    return (
      <Stack gap="sm" component="ul" aria-labelledby={labelledBy} p={0} m={0} style={{ listStyle: 'none' }}>
        {exports.map((dataExport) => (
          <Paper key={dataExport.id} withBorder p="sm" radius="md" component="li" data-testid={`data-export-${dataExport.id}`}>
            <Stack gap={6}>
              <Text fw={600}>Started {displayDateTime(dataExport.createdAt)}</Text>
              <Text size="sm">By {dataExport.requestedBy ?? '—'}</Text>
              <ExportStatus dataExport={dataExport} />
              <Text size="sm">Size: {sizeText(dataExport.sizeBytes)}</Text>
              <Text size="sm">Available until: {dateTimeOrDash(dataExport.expiresAt)}</Text>
              <Group justify="flex-end">
                <DownloadButton dataExport={dataExport} {...buttonProps} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            {['Started', 'By', 'Status', 'Size', 'Available until'].map((label) => (
              <Table.Th key={label} scope="col">
                {label}
              </Table.Th>
            ))}
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exports.map((dataExport) => (
            <Table.Tr key={dataExport.id} data-testid={`data-export-${dataExport.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDateTime(dataExport.createdAt)}</Table.Td>
              <Table.Td>{dataExport.requestedBy ?? '—'}</Table.Td>
              <Table.Td maw={320}>
                <ExportStatus dataExport={dataExport} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{sizeText(dataExport.sizeBytes)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeOrDash(dataExport.expiresAt)}</Table.Td>
              <Table.Td>
                <DownloadButton dataExport={dataExport} {...buttonProps} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
