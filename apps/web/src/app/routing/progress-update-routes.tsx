import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

/**
 * Every page of progress notes, court updates and the court calendar is reached through this one
 * module, so the app's entry (what the sign-in page loads) names one chunk for all seven routes
 * instead of each page's list of chunks.
 */
const LazyViewProgressNotePage = lazy(async () => ({
  default: (await import('../../features/progress-notes/pages/view-progress-note-page.tsx')).ViewProgressNotePage,
}));
const LazyEditProgressNotePage = lazy(async () => ({
  default: (await import('../../features/progress-notes/pages/edit-progress-note-page.tsx')).EditProgressNotePage,
}));
const LazyViewCourtUpdatePage = lazy(async () => ({
  default: (await import('../../features/court-updates/pages/view-court-update-page.tsx')).ViewCourtUpdatePage,
}));
const LazyEditCourtUpdatePage = lazy(async () => ({
  default: (await import('../../features/court-updates/pages/edit-court-update-page.tsx')).EditCourtUpdatePage,
}));
const LazyCourtCalendarPage = lazy(async () => ({
  default: (await import('../../features/court-calendar/pages/court-calendar-page.tsx')).CourtCalendarPage,
}));

function withSpinner(Page: ComponentType) {
  return function LoadedPage() {
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <Page />
      </Suspense>
    );
  };
}

export const ProgressUpdateRoute = withSpinner(
  lazy(async () => ({ default: (await import('./progress-update-page.tsx')).ProgressUpdateRoute })),
);
export const AddProgressUpdateRoute = withSpinner(
  lazy(async () => ({ default: (await import('./add-progress-update-page.tsx')).AddProgressUpdateRoute })),
);
export const ViewProgressNoteRoute = withSpinner(LazyViewProgressNotePage);
export const EditProgressNoteRoute = withSpinner(LazyEditProgressNotePage);
export const ViewCourtUpdateRoute = withSpinner(LazyViewCourtUpdatePage);
export const EditCourtUpdateRoute = withSpinner(LazyEditCourtUpdatePage);
export const CourtCalendarRoute = withSpinner(LazyCourtCalendarPage);
