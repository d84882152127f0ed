import { Badge, Group } from '@mantine/core';
import type { DocumentListItem } from '@matterhorn/shared';
import { displayDateTime } from '../utils/document-display.ts';

type BadgeFacts = Pick<DocumentListItem, 'scanStatus' | 'checkout' | 'hasConflict' | 'isSharedWithClient' | 'isSharedThroughFolder'>;

/** What a list row needs to say about a document at a glance: scanning, quarantine, check-out, conflict, sharing. */
export function DocumentStatusBadges({ document }: { document: BadgeFacts }) {
  const { checkout } = document;
  return (
    <Group gap={4} wrap="wrap">
      {document.scanStatus === 'scanning' && (
        <Badge color="gray" variant="light">
          Scanning
        </Badge>
      )}
      {document.scanStatus === 'quarantined' && (
        <Badge color="red" variant="filled">
          Quarantined
        </Badge>
      )}
      {checkout && !checkout.isExpired && (
        <Badge color="yellow" variant="light" title={`Until ${displayDateTime(checkout.until)}`}>
          Checked out by {checkout.userName}
        </Badge>
      )}
      {document.hasConflict && (
        <Badge color="orange" variant="light">
          Conflict
        </Badge>
      )}
      {(document.isSharedWithClient || document.isSharedThroughFolder) && (
        <Badge color="teal" variant="light">
          Shared
        </Badge>
      )}
    </Group>
  );
}
