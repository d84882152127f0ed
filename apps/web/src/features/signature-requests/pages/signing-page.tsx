import { Alert, Box, Container, Stack, Text, Title } from '@mantine/core';
import { SIGNATURE_REQUEST_MESSAGES, type SigningView } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { toast } from '../../../lib/toasts.ts';
import { signatureRequestKeys } from '../api/signature-request-keys.ts';
import { consentToSign, declineToSign, signDocument, signingViewQuery } from '../api/signing-api.ts';
import { SigningWorkspace } from '../components/signing-workspace.tsx';

const SIGNING_DESCRIPTION = 'A document from your law firm to read and sign online.';

/** The performance mark the signing page's speed is measured by: its first page on the screen. */
export const FIRST_PAGE_MARK = 'signing:first-page-drawn';

/**
 * /sign/:token, outside the firm's shell and without signing in: the signer reads the document,
 * consents, adopts a signature and signs each of their places, or declines. A link that has nothing
 * left to sign (completed, withdrawn, expired, declined, not their turn) says what happened instead.
 */
export function SigningPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const result = useQuery(signingViewQuery(token));

  if (result.isPending) return <LoadingScreen />;
  const view = result.data;
  const update = (next: SigningView) => {
    queryClient.setQueryData(signatureRequestKeys.signing(token), next);
  };

  return (
    <Box mih="100vh" bg="gray.0">
      <PageTitle parts={view ? [view.title, view.firmName] : ['Signing link not valid']} description={SIGNING_DESCRIPTION} />
      <Container size="md" px={{ base: 'xs', sm: 'md' }} py="md" component="main">
        {!view ? (
          <Stack gap="sm">
            <Title order={1} size="h2">
              {result.isError ? 'The document could not be loaded' : 'Signing link not valid'}
            </Title>
            <Text>{result.isError ? 'Please try again later.' : SIGNATURE_REQUEST_MESSAGES.linkNotFound}</Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Stack gap={2}>
              <Text fw={700}>{view.firmName}</Text>
              <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {view.title}
              </Title>
              <Text size="sm" c="dimmed">
                {`From ${view.senderName} to ${view.signerName} · ${view.documentName}`}
              </Text>
              {view.message && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {view.message}
                </Text>
              )}
            </Stack>
            {view.notice || !view.documentUrl ? (
              <Alert color={view.signerStatus === 'Signed' || view.requestStatus === 'Completed' ? 'green' : 'gray'} role="status">
                {view.notice ?? 'There is nothing for you to sign here.'}
              </Alert>
            ) : (
              <SigningWorkspace
                view={{ ...view, documentUrl: view.documentUrl }}
                onFirstPageDrawn={() => performance.mark(FIRST_PAGE_MARK)}
                onConsent={async () => update(await consentToSign(token))}
                onSign={async (marks, fieldIds) => {
                  update(await signDocument(token, { signature: marks.signature, initials: marks.initials, fieldIds }));
                  toast.success(SIGNATURE_REQUEST_MESSAGES.signed);
                }}
                onDecline={async (reason) => update(await declineToSign(token, reason))}
              />
            )}
          </Stack>
        )}
      </Container>
    </Box>
  );
}
