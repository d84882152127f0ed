import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ReactNode } from 'react';

const ToastHost = lazy(async () => ({ default: (await import('./toast-host.tsx')).ToastHost }));

/** The toasts' host and its transitions load with the first toast (it waits in the store meanwhile), not with every page. */
function LazyToastHost() {
  const hasToasts = useNotifications().notifications.length > 0;
  const [isNeeded, setIsNeeded] = useState(hasToasts);
  if (hasToasts && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

/** SPEC.md §9: data queries never retry and never refetch on window focus. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <MantineProvider theme={theme} env={env}>
      <LazyToastHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
