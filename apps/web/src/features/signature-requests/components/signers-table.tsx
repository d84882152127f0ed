import { Table, Text } from '@mantine/core';
import type { Signer } from '@matterhorn/shared';
import { displayDateTime } from '../../../lib/date-time.ts';
import { SigningStatusBadge } from './signature-request-status-badge.tsx';

const MIN_WIDTH = 760;

const when = (iso: string | null) => (iso ? displayDateTime(iso) : '—');

/** Each signer with the time of each of their steps. */
export function SignersTable({ signers }: { signers: Signer[] }) {
  // Focusable, so the keyboard can scroll it sideways on a narrow screen.
  return (
    <div role="region" aria-label="Signers" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder miw={MIN_WIDTH}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Signer</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Viewed</Table.Th>
            <Table.Th>Consented</Table.Th>
            <Table.Th>Signed or declined</Table.Th>
            <Table.Th>Reminders</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {signers.map((signer) => (
            <Table.Tr key={signer.id}>
              <Table.Td>{signer.order}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {signer.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {signer.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <SigningStatusBadge status={signer.status} />
              </Table.Td>
              <Table.Td>{when(signer.sentAt)}</Table.Td>
              <Table.Td>{when(signer.viewedAt)}</Table.Td>
              <Table.Td>{when(signer.consentedAt)}</Table.Td>
              <Table.Td>
                {when(signer.signedAt ?? signer.declinedAt)}
                {signer.declineReason && (
                  <Text size="xs" c="red">
                    {signer.declineReason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{signer.reminderCount === 0 ? 'None' : `${signer.reminderCount} (last ${when(signer.lastRemindedAt)})`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
