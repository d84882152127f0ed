import { Center, Loader } from '@mantine/core';
import { PageTitle, type TitlePart } from './page-title.tsx';

export function LoadingSpinner({ label = 'Loading', size = 'md' }: { label?: string; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Center p="md" role="status" aria-label={label}>
      <Loader size={size} />
    </Center>
  );
}

/** A page still loading what it shows: the spinner, with the tab already titled by its section ("Matters"). */
export function LoadingPage({ title, label }: { title: readonly TitlePart[]; label?: string }) {
  return (
    <>
      <PageTitle parts={title} />
      <LoadingSpinner label={label} />
    </>
  );
}

/** Full-screen loading while the session starts (SPEC.md §4). */
export function LoadingScreen() {
  return (
    <Center h="100vh" role="status" aria-label="Loading Matterhorn">
      <Loader size="xl" />
    </Center>
  );
}
