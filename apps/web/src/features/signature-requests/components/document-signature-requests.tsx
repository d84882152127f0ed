import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { hasPermissions, type DocumentView } from '@matterhorn/shared';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSignatureRequestList } from '../api/signature-requests-api.ts';
import { SignatureRequestsTable } from './signature-requests-table.tsx';

/** On a document's page: its signature requests, and Send for signature for a PDF (document.create). */
export function DocumentSignatureRequests({ document }: { document: DocumentView }) {
  const session = useSession();
  const isPdf = document.contentType === 'application/pdf';
  const list = useSignatureRequestList({ page: 1, size: 10, DocumentId: document.id });
  const canSend =
    isPdf && document.scanStatus === 'available' && document.deletedAt === null && hasPermissions(session.permissions, ['document.create']);
  const requests = list.data?.data ?? [];
  if (!canSend && requests.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="document-signatures-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="document-signatures-title">
            Signatures
          </Title>
          {canSend && (
            <Button component={Link} to={`/documents/document/${document.id}/send-for-signature`} size="sm">
              Send for signature
            </Button>
          )}
        </Group>
        {requests.length > 0 && <SignatureRequestsTable requests={requests} showsDocument={false} />}
      </Stack>
    </Paper>
  );
}
