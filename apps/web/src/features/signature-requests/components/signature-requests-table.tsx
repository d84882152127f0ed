import { Anchor, Table, Text } from '@mantine/core';
import type { SignatureRequestListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { displayDate } from '../../../lib/date-time.ts';
import { SigningStatusBadge } from './signature-request-status-badge.tsx';

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
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder>
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
    </Table.ScrollContainer>
  );
}
