import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onSessionReset } from './session/session-reset.ts';

/**
 * SPEC.md §9: data queries never retry and never refetch on window focus. Offline first (ADR 96): a
 * query is asked once even with no signal, so the service worker can answer the copy it kept,
 * rather than waiting paused (a list spinning for ever) until the connection returns.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}

/** One cache for the whole app, emptied whenever someone signs in or out. */
export const appQueryClient = createAppQueryClient();
onSessionReset(() => appQueryClient.clear());

/**
 * Given by the routes whose pages read data (the firm shell, the portal, firm set-up, joining a
 * team), not by the app's root: the sign-in page loads no query library (issue 13's budget).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
