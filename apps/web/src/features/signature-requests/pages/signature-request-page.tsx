import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { allowedSignatureRequestActions, type SignatureRequest } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { signatureRequestKeys } from '../api/signature-request-keys.ts';
import {
  downloadSignedPdf,
  downloadSigningCertificate,
  remindSigners,
  retrySealing,
  signatureRequestQuery,
  voidSignatureRequest,
} from '../api/signature-requests-api.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
import { SigningStatusBadge } from '../components/signature-request-status-badge.tsx';
import { SignersTable } from '../components/signers-table.tsx';
import { SigningTimeline } from '../components/signing-timeline.tsx';

/** While signers are out the page looks again now and then; while the PDF is sealed, every few seconds (not once sealing has failed). */
const refreshEvery = (request: SignatureRequest | undefined) =>
  request?.status === 'Sealing' && !request.isSealingFailed
    ? 2_000
    : request?.status === 'Sent' || request?.status === 'Sealing'
      ? 20_000
      : false;

/** /documents/signature-requests/:id: the signers and their steps, the history, and Remind, Void and the signed PDF. */
export function SignatureRequestPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const result = useQuery({ ...signatureRequestQuery(id), refetchInterval: (query) => refreshEvery(query.state.data) });
  const [open, setOpen] = useState<'void' | 'remind' | null>(null);
  const [isRetrying, setIsRetrying] = useState(false);

  if (result.isPending) return <LoadingPage title={['Signature request', 'Documents']} />;
  const request = result.data;
  if (!request) {
    return (
      <Stack gap="sm">
        <PageTitle parts={['Signature request not found', 'Documents']} />
        <Title order={1} size="h2">
          Signature request not found
        </Title>
        <Anchor component={Link} to="/documents/signature-requests">
          Back to signature requests
        </Anchor>
      </Stack>
    );
  }
  const allowed = allowedSignatureRequestActions(
    { status: request.status, openSignerCount: request.openSignerCount, isSealingFailed: request.isSealingFailed },
    session.permissions,
  );
  const show = (next: SignatureRequest) => {
    queryClient.setQueryData(signatureRequestKeys.detail(id), next);
    void queryClient.invalidateQueries({ queryKey: signatureRequestKeys.all(), refetchType: 'none' });
  };
  const retry = async () => {
    setIsRetrying(true);
    try {
      show(await retrySealing(request.id));
    } catch {
      // The API client has shown the error.
    } finally {
      setIsRetrying(false);
    }
  };
  const download = (save: typeof downloadSignedPdf) => () =>
    void save(request).catch((error: unknown) => toast.error(error instanceof Error ? error.message : 'The file could not be downloaded'));

  return (
    <Stack gap="md">
      <PageTitle parts={[request.title, 'Signature requests', 'Documents']} />
      <Anchor component={Link} to="/documents/signature-requests" size="sm">
        Back to signature requests
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {request.title}
          </Title>
          <Group gap="xs">
            <SigningStatusBadge status={request.status} />
            <Text size="sm" c="dimmed">{`${request.signedCount} of ${request.signerCount} signed`}</Text>
          </Group>
        </Stack>
        <Group gap="sm" wrap="wrap">
          {allowed.downloadSigned && <Button onClick={download(downloadSignedPdf)}>Download signed PDF</Button>}
          {allowed.downloadSigned && (
            <Button variant="default" onClick={download(downloadSigningCertificate)}>
              Download certificate
            </Button>
          )}
          {allowed.remind && (
            <Button variant="default" onClick={() => setOpen('remind')}>
              Remind
            </Button>
          )}
          {allowed.void && (
            <Button variant="light" color="red" onClick={() => setOpen('void')}>
              Void
            </Button>
          )}
        </Group>
      </Group>
      {request.status === 'Sealing' && !request.isSealingFailed && (
        <Alert color="cyan">Everyone has signed. The signed PDF is being sealed and filed.</Alert>
      )}
      {request.isSealingFailed && (
        <Alert color="red" title="Sealing failed" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Everyone has signed, but the signed PDF could not be sealed after several attempts. The sender and the firm’s administrators
              were emailed.
            </Text>
            {allowed.retrySealing && (
              <Button size="xs" onClick={() => void retry()} loading={isRetrying}>
                Try again
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {request.voidReason && (
        <Alert color="gray" title="Withdrawn">
          {request.voidReason}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            Document:{' '}
            <Anchor component={Link} to={`/documents/document/${request.documentId}`}>
              {request.documentName}
            </Anchor>
            {` (version ${request.documentVersionNumber}${request.signedVersionNumber ? `; signed copy is version ${request.signedVersionNumber}` : ''})`}
          </Text>
          <Text size="sm">{`Sent by ${request.createdByName} on ${displayDateTime(request.createdAt)}`}</Text>
          <Text size="sm">{`Signing order: ${request.signingOrder === 'inOrder' ? 'in order' : 'all at once'}`}</Text>
          <Text size="sm">{`Expires: ${displayDateTime(request.expiresAt)}`}</Text>
          {request.message && <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{`Message: ${request.message}`}</Text>}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{`SHA-256 sent: ${request.documentSha256}`}</Text>
        </SimpleGrid>
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="signers-title">
        <Title order={2} size="h4" id="signers-title">
          Signers
        </Title>
        <SignersTable signers={request.signers} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="history-title">
        <Title order={2} size="h4" id="history-title">
          History
        </Title>
        <SigningTimeline events={request.events} signers={request.signers} />
      </Stack>
      <ConfirmModal
        opened={open === 'remind'}
        onClose={() => setOpen(null)}
        title="Remind the signers?"
        confirmLabel="Remind"
        isDestructive={false}
        onConfirm={async () => show(await remindSigners(request.id))}
      >
        Each signer whose turn it is and who has not signed is emailed their link again.
      </ConfirmModal>
      <ReasonModal
        opened={open === 'void'}
        onClose={() => setOpen(null)}
        title={`Void ${request.title}?`}
        explanation="Nobody can sign it afterwards. Each signer still to answer is emailed that it was withdrawn, with your reason."
        confirmLabel="Void"
        onConfirm={async (reason) => show(await voidSignatureRequest(request.id, reason))}
      />
    </Stack>
  );
}
