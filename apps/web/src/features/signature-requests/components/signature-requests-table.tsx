import { Anchor, Table, Text } from '@mantine/core';
import type { SignatureRequestListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { displayDate } from '../../../lib/date-time.ts';
import { SigningStatusBadge } from './signature-request-status-badge.tsx';

const MIN_WIDTH = 640;

/** Requests with their signers' progress; each title opens the request. */
export function SignatureRequestsTable({
  requests,
  showsDocument = true,
}: {
  requests: SignatureRequestListItem[];
  showsDocument?: boolean;
}) {
  if (requests.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No signature requests.
      </Text>
    );
  }
  // Focusable, so the keyboard can scroll it sideways on a narrow screen.
  return (
    <div role="region" aria-label="Signature requests" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder miw={MIN_WIDTH}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            {showsDocument && <Table.Th>Document</Table.Th>}
            <Table.Th>Signers</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Expires</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>
                <Anchor component={Link} to={`/documents/signature-requests/${request.id}`} size="sm">
                  {request.title}
                </Anchor>
              </Table.Td>
              {showsDocument && <Table.Td>{request.documentName}</Table.Td>}
              <Table.Td>
                <Text size="sm">{request.signerNames.join(', ')}</Text>
                <Text size="xs" c="dimmed">{`${request.signedCount} of ${request.signerCount} signed`}</Text>
              </Table.Td>
              <Table.Td>
                <SigningStatusBadge status={request.status} />
              </Table.Td>
              <Table.Td>{displayDate(request.createdAt)}</Table.Td>
              <Table.Td>{displayDate(request.expiresAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
