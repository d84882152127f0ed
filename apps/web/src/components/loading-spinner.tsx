import { Center, Loader } from '@mantine/core';

export function LoadingSpinner({ label = 'Loading', size = 'md' }: { label?: string; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Center p="md" role="status" aria-label={label}>
      <Loader size={size} />
    </Center>
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
