import { lazy, Suspense } from 'react';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, Route, Routes } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { PageTitle } from '../../components/page-title.tsx';

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

export function DocumentsRoutes() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Routes>
        <Route index element={<LazyDocumentsHomePage />} />
        <Route path="folder/:folderId" element={<LazyFolderPage />} />
        <Route path="document/:id" element={<LazyDocumentPage />} />
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
