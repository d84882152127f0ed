import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ADMINISTRATOR, DOCUMENT_MESSAGES, hasPermissions, type DocumentVersion, type DocumentView } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useReadingBeats } from '../../../lib/work/use-reading-beats.ts';
import { toast } from '../../../lib/toasts.ts';
import { deleteDocument, documentQuery, resolveConflict, restoreDocument, restoreVersion, retryTextExtraction } from '../api/documents.ts';
import { documentKeys } from '../api/document-keys.ts';
import { downloadDocument } from '../api/downloads.ts';
import { documentSettingsQuery, shareItem, unshareItem } from '../api/sharing.ts';
import { uploadNewVersion } from '../api/upload.ts';
import { CheckoutPanel } from '../components/checkout-panel.tsx';
import { ClientAccesses } from '../components/client-accesses.tsx';
import { DocumentDetailsForm } from '../components/document-details-form.tsx';
import { DocumentPreview } from '../components/document-preview.tsx';
import { DocumentStatusBadges } from '../components/document-status-badges.tsx';
import { VersionUploadModal } from '../components/version-upload-modal.tsx';
import { VersionsTable } from '../components/versions-table.tsx';
import { displayDateTime } from '../utils/document-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

type Open = { kind: 'restore'; version: DocumentVersion } | { kind: 'delete' } | { kind: 'new-version' } | null;

/** What another feature shows on a document's page (its signature requests), composed by the app's routes. */
export type DocumentPanelSlot = ComponentType<{ document: DocumentView }>;

/** One document: its details, every version, check-out, sharing with the client and a preview. */
export function DocumentPage({ signaturesPanel: SignaturesPanel }: { signaturesPanel?: DocumentPanelSlot } = {}) {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const result = useQuery(documentQuery(id));
  const isDirectUpload = useQuery(documentSettingsQuery).data?.isDirectUploadEnabled ?? false;
  const [open, setOpen] = useState<Open>(null);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all() });
  // Reading a matter's document is the member's work on it (Suggested time), while this page is in front of them.
  const isReadingMatterWork = session.workingUser?.suggestsTime === true && !!result.data?.matterId && result.data.deletedAt === null;
  useReadingBeats(isReadingMatterWork ? id : null);

  if (result.isPending) return <LoadingPage title={['Documents']} />;
  const document = result.data;
  if (!document) {
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
  const isDeleted = document.deletedAt !== null;
  const canEdit = can('document.edit') && !isDeleted;
  const isAvailable = document.scanStatus === 'available';
  const isShared = document.isSharedWithClient;
  const run = (action: () => Promise<void>) => () =>
    void action()
      .then(refresh)
      .catch(() => {});
  const download = (version?: DocumentVersion) =>
    downloadDocument(document.id, version?.fileName ?? document.name, version?.versionNumber).catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : 'The file could not be downloaded'),
    );

  return (
    <Stack gap="md">
      <PageTitle parts={[document.name, 'Documents']} />
      <Breadcrumbs component="nav" separator="›" aria-label="Folder path" style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/documents" size="sm">
          Documents
        </Anchor>
        {document.path.map((step) => (
          <Anchor key={step.id} component={Link} to={`/documents/folder/${step.id}`} size="sm">
            {step.name}
          </Anchor>
        ))}
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
            {document.name}
          </Title>
          <DocumentStatusBadges document={document} />
        </Stack>
        <Group gap="sm" wrap="wrap">
          {isAvailable && (
            <Button size="sm" variant="default" onClick={() => void download()}>
              Download
            </Button>
          )}
          {canEdit && (
            <Button size="sm" onClick={() => setOpen({ kind: 'new-version' })}>
              Upload new version
            </Button>
          )}
          {canEdit && document.clientId && (
            <Button
              size="sm"
              variant="light"
              color={isShared ? 'gray' : 'teal'}
              onClick={run(() => (isShared ? unshareItem(document.id, 'document') : shareItem(document.id, 'document')))}
            >
              {isShared ? 'Unshare' : 'Share with client'}
            </Button>
          )}
          {can('document.delete') && !isDeleted && (
            <Button size="sm" variant="light" color="red" onClick={() => setOpen({ kind: 'delete' })}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      {document.scanStatus === 'quarantined' && (
        <Alert color="red" title="Quarantined" role="alert">
          {DOCUMENT_MESSAGES.quarantined}
        </Alert>
      )}
      {document.scanStatus === 'scanning' && <Alert color="gray">{DOCUMENT_MESSAGES.scanning}</Alert>}
      {document.textStatus === 'failed' && (
        <Alert color="orange" title={DOCUMENT_MESSAGES.textNotExtracted}>
          <Group gap="sm">
            <Text size="sm">{DOCUMENT_MESSAGES.textNotExtractedDetail}</Text>
            {session.permissions.includes(ADMINISTRATOR) && !isDeleted && (
              <Button size="xs" variant="light" onClick={run(() => retryTextExtraction(document.id))}>
                Retry text extraction
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {isDeleted && (
        <Alert color="yellow" title="In the recycle bin">
          <Group gap="sm">
            <Text size="sm">{DOCUMENT_MESSAGES.inRecycleBin}</Text>
            {can('document.delete') && (
              <Button size="xs" onClick={run(() => restoreDocument(document.id))}>
                Restore
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {isShared && document.sharedAt && (
        <Text size="sm" c="dimmed">
          Shared with the client on {displayDateTime(document.sharedAt)}
          {document.isSharedThroughFolder ? ' (and through its folder)' : ''}
        </Text>
      )}
      {!isShared && document.isSharedThroughFolder && (
        <Text size="sm" c="dimmed">
          Shared with the client through its folder.
        </Text>
      )}
      <CheckoutPanel
        document={document}
        userId={session.profile?.id ?? null}
        canEdit={canEdit}
        isAdministrator={session.permissions.includes(ADMINISTRATOR)}
        onChanged={refresh}
      />
      <DocumentPreview document={document} />
      {SignaturesPanel && <SignaturesPanel document={document} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <DocumentDetailsForm key={document.updatedAt} document={document} canEdit={canEdit} onSaved={refresh} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <ClientAccesses document={document} />
        </Paper>
      </SimpleGrid>
      <Stack gap="xs" component="section" aria-labelledby="versions-title">
        <Title order={2} size="h4" id="versions-title">
          Versions
        </Title>
        <VersionsTable
          versions={document.versions}
          currentVersionNumber={document.currentVersionNumber}
          canEdit={canEdit}
          onDownload={(version) => void download(version)}
          onRestore={(version) => setOpen({ kind: 'restore', version })}
          onResolve={(version) => run(() => resolveConflict(document.id, version.versionNumber))()}
        />
      </Stack>

      <VersionUploadModal
        opened={open?.kind === 'new-version'}
        title={`Upload a new version of ${document.name}`}
        submitLabel="Upload"
        onClose={() => setOpen(null)}
        onUpload={async (file, note, onProgress) => {
          await uploadNewVersion(document.id, file, note || undefined, onProgress, isDirectUpload);
          toast.success(`${file.name} uploaded as a new version`);
          await refresh();
        }}
      />
      <ConfirmModal
        opened={open?.kind === 'restore'}
        onClose={() => setOpen(null)}
        title={`Restore version ${open?.kind === 'restore' ? open.version.versionNumber : ''}?`}
        confirmLabel="Restore"
        isDestructive={false}
        onConfirm={async () => {
          if (open?.kind !== 'restore') return;
          await restoreVersion(document.id, open.version.versionNumber);
          await refresh();
        }}
      >
        {`Its file is copied forward as version ${document.currentVersionNumber + 1}; every version stays as it is.`}
      </ConfirmModal>
      <ConfirmModal
        opened={open?.kind === 'delete'}
        onClose={() => setOpen(null)}
        title={`Delete ${document.name}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          await deleteDocument(document.id);
          await refresh();
          const folder = document.path.at(-1);
          void navigate(folder ? `/documents/folder/${folder.id}` : '/documents');
        }}
      >
        It goes to the recycle bin, where it can be restored.
      </ConfirmModal>
    </Stack>
  );
}
