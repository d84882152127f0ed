import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  createSignatureRequestInputSchema,
  SIGNATURE_REQUEST_LIMITS,
  SIGNATURE_REQUEST_MESSAGES,
  type CreateSignatureRequestInput,
} from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingPage } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useDocumentToSend } from '../api/document-to-send-api.ts';
import { signatureRequestKeys } from '../api/signature-request-keys.ts';
import { createSignatureRequest } from '../api/signature-requests-api.ts';
import { useSignerCandidates } from '../api/signer-candidates-api.ts';
import { FieldsStep } from '../components/fields-step.tsx';
import { RequestDetailsFields, type RequestDetails } from '../components/request-details-fields.tsx';
import { SignersFieldset } from '../components/signers-fieldset.tsx';
import type { PlacedField } from '../utils/field-geometry.ts';
import { emptySignerRow, isoDaysAfter, SIGNER_COLOURS, type SignerRow } from '../utils/signer-rows.ts';

/** The request as the API takes it: fields name their signer by position in the list. */
function requestOf(documentId: string, details: RequestDetails, rows: SignerRow[], fields: PlacedField[]): CreateSignatureRequestInput {
  return {
    documentId,
    title: details.title.trim(),
    message: details.message.trim() || null,
    signingOrder: details.signingOrder,
    expiresOn: details.expiresOn,
    signers: rows.map(({ key: _key, ...signer }) => ({ ...signer, name: signer.name.trim(), email: signer.email.trim() })),
    fields: fields.map((field) => ({
      signerIndex: rows.findIndex((row) => row.key === field.signerKey),
      kind: field.kind,
      page: field.pageNumber,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
    })),
  };
}

/** /documents/document/:id/send-for-signature: signers, order, expiry and message, then the places to sign on the pages. */
export function SendForSignaturePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const document = useDocumentToSend(id);
  const { candidates } = useSignerCandidates(document.data?.clientId ?? null);
  const today = useRef(new Date()).current;
  const nextKey = useRef(1);
  const [step, setStep] = useState<'details' | 'fields'>('details');
  const [details, setDetails] = useState<RequestDetails>({
    title: '',
    message: '',
    signingOrder: 'inOrder',
    expiresOn: isoDaysAfter(today, SIGNATURE_REQUEST_LIMITS.defaultExpiryDays),
  });
  const [rows, setRows] = useState<SignerRow[]>([emptySignerRow('signer-0')]);
  const [fields, setFields] = useState<PlacedField[]>([]);
  // Null until the sender types one: the document's name stands in.
  const [customTitle, setCustomTitle] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const idempotency = useIdempotencyKey();

  if (document.isPending) return <LoadingPage title={['Send for signature', 'Documents']} />;
  const sent = document.data;
  if (!sent) {
    return (
      <Stack gap="sm">
        <PageTitle parts={['Document not found', 'Documents']} />
        <Title order={1} size="h2">
          Document not found
        </Title>
        <Anchor component={Link} to="/documents">
          Back to documents
        </Anchor>
      </Stack>
    );
  }
  const title = customTitle ?? sent.name.replace(/\.pdf$/i, '');
  const request = () => requestOf(sent.id, { ...details, title }, rows, fields);
  const signers = rows.map((row, index) => ({
    key: row.key,
    name: row.name.trim() || `Signer ${index + 1}`,
    colour: SIGNER_COLOURS[index % SIGNER_COLOURS.length]!,
  }));

  const toFields = () => {
    const missing = rows.findIndex((row) => row.name.trim() === '' || row.email.trim() === '');
    if (missing >= 0) return setProblem(`Give signer ${missing + 1} a name and an email address`);
    setProblem(null);
    setStep('fields');
  };
  const send = async () => {
    const checked = createSignatureRequestInputSchema.safeParse(request());
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the request');
    setProblem(null);
    setIsSending(true);
    try {
      const created = await createSignatureRequest(request(), idempotency.key);
      await queryClient.invalidateQueries({ queryKey: signatureRequestKeys.all() });
      void navigate(`/documents/signature-requests/${created.id}`);
    } catch {
      // The API client has shown the error.
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Stack gap="md">
      <PageTitle parts={['Send for signature', sent.name, 'Documents']} />
      <Anchor component={Link} to={`/documents/document/${sent.id}`} size="sm">
        {`Back to ${sent.name}`}
      </Anchor>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {`Send ${sent.name} for signature`}
      </Title>
      {sent.contentType !== 'application/pdf' && <Alert color="orange">{SIGNATURE_REQUEST_MESSAGES.notPdf}</Alert>}
      <Text size="sm" c="dimmed">
        {step === 'details' ? 'Step 1 of 2: who signs, in which order and by when.' : 'Step 2 of 2: mark where each signer signs.'}
      </Text>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {step === 'details' ? (
        <Paper withBorder p="md" radius="md" maw={720}>
          <Stack gap="md">
            <RequestDetailsFields
              details={{ ...details, title }}
              onChange={(change) => {
                if (change.title !== undefined) setCustomTitle(change.title);
                setDetails((current) => ({ ...current, ...change }));
              }}
              minExpiry={isoDaysAfter(today, 1)}
              maxExpiry={isoDaysAfter(today, SIGNATURE_REQUEST_LIMITS.maxExpiryDays)}
            />
            <SignersFieldset
              rows={rows}
              candidates={candidates}
              onChange={setRows}
              onAdd={() => setRows((current) => [...current, emptySignerRow(`signer-${nextKey.current++}`)])}
            />
            <Group justify="flex-end">
              <Button onClick={toFields}>Next: place fields</Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep('details')}>
              Back
            </Button>
            <SubmitButton type="button" isSubmitting={isSending} onClick={() => void send()}>
              Send for signature
            </SubmitButton>
          </Group>
          <FieldsStep documentId={sent.id} documentName={sent.name} signers={signers} fields={fields} onFieldsChange={setFields} />
        </Stack>
      )}
    </Stack>
  );
}
