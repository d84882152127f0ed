import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '../lib/toasts.ts';

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
      <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
