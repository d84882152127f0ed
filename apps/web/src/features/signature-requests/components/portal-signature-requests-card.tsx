import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { pathOf, SIGNING_PAGE_PATH } from '@matterhorn/shared';
import { Link } from 'react-router';
import { displayDate } from '../../../lib/date-time.ts';
import { usePortalSignatureRequests } from '../api/portal-signature-requests-api.ts';
import { SigningStatusBadge } from './signature-request-status-badge.tsx';

/** On the portal: the documents the client is asked to sign, each opening the signing page while it can be signed. */
export function PortalSignatureRequestsCard({ clientId }: { clientId: string | null }) {
  const requests = usePortalSignatureRequests(clientId);
  const rows = requests.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="portal-signature-requests">
      <Stack gap="xs">
        <Text component="h2" id="portal-signature-requests" fw={600} size="md" m={0}>
          Documents to sign
        </Text>
        {rows.map((request) => (
          <Group key={request.id} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              {request.signingToken ? (
                <Anchor component={Link} to={pathOf({ path: SIGNING_PAGE_PATH }, { token: request.signingToken })} fw={500} size="sm">
                  {`Sign ${request.title}`}
                </Anchor>
              ) : (
                <Text size="sm" fw={500}>
                  {request.title}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {request.signedAt
                  ? `${request.documentName} · signed ${displayDate(request.signedAt)}`
                  : `${request.documentName} · by ${displayDate(request.expiresAt)}`}
              </Text>
            </Stack>
            <SigningStatusBadge
              status={request.signerStatus === 'Signed' || request.requestStatus === 'Sent' ? request.signerStatus : request.requestStatus}
            />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
