import { Badge, Button, CopyButton, Group, Table, Text, Tooltip } from '@mantine/core';
import { formatFileSize, type DocumentVersion } from '@matterhorn/shared';
import { displayDateTime, shortHash } from '../utils/document-display.ts';

export type VersionsTableProps = {
  versions: DocumentVersion[];
  currentVersionNumber: number;
  canEdit: boolean;
  onDownload: (version: DocumentVersion) => void;
  onRestore: (version: DocumentVersion) => void;
  onResolve: (version: DocumentVersion) => void;
};

const SCAN_LABELS: Record<DocumentVersion['scanStatus'], string> = { scanning: 'Scanning', available: 'Clean', quarantined: 'Quarantined' };

/** Every version the document ever had (newest first): none is ever overwritten. */
export function VersionsTable({ versions, currentVersionNumber, canEdit, onDownload, onRestore, onResolve }: VersionsTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Versions" data-testid="document-versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Version</Table.Th>
            <Table.Th scope="col">File name</Table.Th>
            <Table.Th scope="col" ta="right">
              Size
            </Table.Th>
            <Table.Th scope="col">SHA-256</Table.Th>
            <Table.Th scope="col">Uploaded</Table.Th>
            <Table.Th scope="col">Scan</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((version) => (
            <Table.Tr key={version.versionNumber} data-testid={`version-${version.versionNumber}`}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">v{version.versionNumber}</Text>
                  {version.versionNumber === currentVersionNumber && (
                    <Badge size="xs" variant="light">
                      Current
                    </Badge>
                  )}
                  {version.isConflict && !version.conflictResolvedAt && (
                    <Badge size="xs" color="orange">
                      Conflict
                    </Badge>
                  )}
                </Group>
                {version.restoredFromVersion !== null && (
                  <Text size="xs" c="dimmed">
                    Restored from v{version.restoredFromVersion}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{version.fileName}</Text>
                {version.note && (
                  <Text size="xs" c="dimmed">
                    {version.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(version.sizeBytes)}
              </Table.Td>
              <Table.Td>
                <CopyButton value={version.sha256}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : version.sha256}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        ff="monospace"
                        onClick={copy}
                        title={version.sha256}
                        // The visible short hash starts the name (WCAG 2.5.3); the full hash is in the tooltip.
                        aria-label={`${shortHash(version.sha256)}… copy the SHA-256 of version ${version.versionNumber}`}
                      >
                        {shortHash(version.sha256)}…
                      </Button>
                    </Tooltip>
                  )}
                </CopyButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {version.uploadedByName}
                  {version.isUploadedByClient ? ' (client)' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {displayDateTime(version.uploadedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  size="sm"
                  variant="light"
                  color={version.scanStatus === 'quarantined' ? 'red' : version.scanStatus === 'scanning' ? 'gray' : 'green'}
                >
                  {SCAN_LABELS[version.scanStatus]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {version.scanStatus === 'available' && (
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => onDownload(version)}
                      aria-label={`Download version ${version.versionNumber}`}
                    >
                      Download
                    </Button>
                  )}
                  {canEdit && version.versionNumber !== currentVersionNumber && version.scanStatus === 'available' && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => onRestore(version)}
                      aria-label={`Restore version ${version.versionNumber}`}
                    >
                      Restore
                    </Button>
                  )}
                  {canEdit && version.isConflict && !version.conflictResolvedAt && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="orange"
                      onClick={() => onResolve(version)}
                      aria-label={`Mark version ${version.versionNumber} resolved`}
                    >
                      Mark resolved
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
