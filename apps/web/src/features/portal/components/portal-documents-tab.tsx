import { Alert, Badge, Button, Card, FileInput, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { formatFileSize, isoToDisplayDate, type PortalDocument } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FilePreview, previewKindOf } from '../../../components/file-preview/file-preview.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { usePortalMatters } from '../api/portal-api.ts';
import {
  downloadPortalDocument,
  fetchPortalDocumentBlob,
  portalDocumentsQuery,
  uploadPortalDocument,
} from '../api/portal-documents-api.ts';

/** Send the firm a file for one of the client's matters. */
function SendFileForm({ clientId }: { clientId: string | null }) {
  const queryClient = useQueryClient();
  const matters = usePortalMatters(clientId);
  const [matterId, setMatterId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<{ isError: boolean; message: string } | null>(null);
  const [isSending, setIsSending] = useState(false);
  const chosenMatter = matterId || matters.data?.[0]?.matterId || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !chosenMatter || isSending) return;
    setIsSending(true);
    try {
      await uploadPortalDocument(chosenMatter, file);
      setResult({ isError: false, message: `${file.name} was sent to your firm.` });
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: portalDocumentsQuery(clientId).queryKey });
    } catch (error) {
      setResult({ isError: true, message: error instanceof Error ? error.message : `${file.name} could not be sent` });
    } finally {
      setIsSending(false);
    }
  };

  if (!matters.data?.length) return null;
  return (
    <Card withBorder component="form" aria-label="Send a file to your firm" onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        <Text component="h2" fw={600} size="md" m={0}>
          Send a file to your firm
        </Text>
        <NativeSelect
          label="Matter"
          value={chosenMatter}
          onChange={(event) => setMatterId(event.currentTarget.value)}
          data={matters.data.map((matter) => ({ value: matter.matterId, label: matter.matterName }))}
        />
        <FileInput label="File" placeholder="Choose a file" value={file} onChange={setFile} clearable />
        {result && (
          <Alert color={result.isError ? 'red' : 'green'} role={result.isError ? 'alert' : 'status'}>
            {result.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={isSending} disabled={!file}>
            Send
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** One document: what it is, View (PDFs and photos, in the page) and Download. */
function DocumentCard({ document, onFailure }: { document: PortalDocument; onFailure: (message: string) => void }) {
  const [isViewing, setIsViewing] = useState(false);
  const kind = previewKindOf(document.contentType);
  return (
    <Card withBorder component="li" padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {document.name}
          </Text>
          <Text size="sm" c="dimmed">
            {[document.matterName, formatFileSize(document.sizeBytes), isoToDisplayDate(document.sharedAt.slice(0, 10))]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {document.isUploadedByClient && (
            <Badge variant="light" w="fit-content">
              Sent by you
            </Badge>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {kind !== 'none' && (
            <Button
              variant="default"
              aria-label={`${isViewing ? 'Hide' : 'View'} ${document.name}`}
              aria-expanded={isViewing}
              onClick={() => setIsViewing((shown) => !shown)}
            >
              {isViewing ? 'Hide' : 'View'}
            </Button>
          )}
          <Button
            variant="light"
            aria-label={`Download ${document.name}`}
            onClick={() =>
              void downloadPortalDocument(document.id, document.name).catch((error: unknown) =>
                onFailure(error instanceof Error ? error.message : 'The file could not be downloaded'),
              )
            }
          >
            Download
          </Button>
        </Group>
      </Group>
      {isViewing && kind !== 'none' && (
        <Stack mt="sm">
          <FilePreview load={() => fetchPortalDocumentBlob(document.id)} fileKey={document.id} name={document.name} kind={kind} />
        </Stack>
      )}
    </Card>
  );
}

/** The Documents tab: what the firm shared (and what the client sent), each to download; and a form to send one. */
export function PortalDocumentsTab({ clientId }: { clientId: string | null }) {
  const documents = useQuery(portalDocumentsQuery(clientId));
  const [failure, setFailure] = useState('');

  return (
    <Stack>
      {documents.isPending ? (
        <LoadingSpinner label="Loading documents" />
      ) : !documents.data?.data.length ? (
        <Text size="sm">Your firm has not shared any documents with you yet.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your documents">
          {documents.data.data.map((document) => (
            <DocumentCard key={document.id} document={document} onFailure={setFailure} />
          ))}
        </Stack>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <SendFileForm clientId={clientId} />
    </Stack>
  );
}
