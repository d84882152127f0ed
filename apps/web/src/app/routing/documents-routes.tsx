import { lazy, Suspense } from 'react';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { hasPermissions, type DocumentView } from '@matterhorn/shared';
import { Link, Route, Routes } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../lib/session/session-context.ts';

/**
 * Every documents page behind one route (documents/*) and one lazy import in the router: the app's
 * entry, which the sign-in page loads, names one chunk for the whole area. Each page's own code
 * (the dropzone, the preview) loads when it opens.
 */
const LazyDocumentsHomePage = lazy(async () => ({
  default: (await import('../../features/documents/pages/documents-home-page.tsx')).DocumentsHomePage,
}));
const LazyFolderPage = lazy(async () => ({ default: (await import('../../features/documents/pages/folder-page.tsx')).FolderPage }));
const LazyDocumentPage = lazy(async () => ({ default: (await import('../../features/documents/pages/document-page.tsx')).DocumentPage }));
const LazyDocumentSearchPage = lazy(async () => ({
  default: (await import('../../features/documents/pages/document-search-page.tsx')).DocumentSearchPage,
}));
const LazyTemplatesPage = lazy(async () => ({
  default: (await import('../../features/documents/pages/templates-page.tsx')).TemplatesPage,
}));
const LazyRecycleBinPage = lazy(async () => ({
  default: (await import('../../features/documents/pages/recycle-bin-page.tsx')).RecycleBinPage,
}));

const LazySendForSignaturePage = lazy(async () => ({
  default: (await import('../../features/signature-requests/pages/send-for-signature-page.tsx')).SendForSignaturePage,
}));
const LazySignatureRequestsPage = lazy(async () => ({
  default: (await import('../../features/signature-requests/pages/signature-requests-page.tsx')).SignatureRequestsPage,
}));
const LazySignatureRequestPage = lazy(async () => ({
  default: (await import('../../features/signature-requests/pages/signature-request-page.tsx')).SignatureRequestPage,
}));
/**
 * On a document's page: Send for signature (a PDF, document.create) and its requests. Links only, with
 * nothing to load: the document page stays within its JavaScript budget (features never import each other).
 */
function DocumentSignaturesPanel({ document }: { document: DocumentView }) {
  const session = useSession();
  const canSend =
    document.contentType === 'application/pdf' &&
    document.scanStatus === 'available' &&
    document.deletedAt === null &&
    hasPermissions(session.permissions, ['document.create']);
  return (
    <Group gap="sm" component="section" aria-label="Signatures">
      {canSend && (
        <Button component={Link} to={`/documents/document/${document.id}/send-for-signature`} size="sm" variant="light">
          Send for signature
        </Button>
      )}
      <Anchor component={Link} to={`/documents/signature-requests?document=${document.id}`} size="sm">
        Signature requests for this document
      </Anchor>
    </Group>
  );
}

export function DocumentsRoutes() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Routes>
        <Route index element={<LazyDocumentsHomePage />} />
        <Route path="folder/:folderId" element={<LazyFolderPage />} />
        <Route path="document/:id" element={<LazyDocumentPage signaturesPanel={DocumentSignaturesPanel} />} />
        <Route path="document/:id/send-for-signature" element={<LazySendForSignaturePage />} />
        <Route path="signature-requests" element={<LazySignatureRequestsPage />} />
        <Route path="signature-requests/:id" element={<LazySignatureRequestPage />} />
        <Route path="search" element={<LazyDocumentSearchPage />} />
        <Route path="templates" element={<LazyTemplatesPage />} />
        <Route path="recycle-bin" element={<LazyRecycleBinPage />} />
        <Route path="*" element={<DocumentsPageNotFound />} />
      </Routes>
    </Suspense>
  );
}

/** Inside the shell (which has the page's main landmark already), unlike the app's own 404 page. */
function DocumentsPageNotFound() {
  return (
    <Stack gap="sm">
      <PageTitle parts={['Page not found', 'Documents']} />
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Anchor component={Link} to="/documents">
        Back to documents
      </Anchor>
    </Stack>
  );
}
