import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION, TOP_BAR_HEIGHT_VARIABLE } from '../lib/toasts.ts';

/**
 * Colours that pass WCAG AA (4.5:1 for text) everywhere, set once here rather than per component:
 * Mantine's default shade 6 of blue gives 3.55:1 with white, its dimmed grey 3.32:1 on white, its
 * error red 3.3:1. Shade 8 for filled and outline colours, and black text on light fills (yellow).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});

/** Toasts stay top-right (SPEC.md §2) but start under the top bar, never over its timer, Create New or Logout. */
const TOASTS_BELOW_TOP_BAR = { root: { top: `calc(var(${TOP_BAR_HEIGHT_VARIABLE}, 0px) + var(--mantine-spacing-md))` } };

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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} styles={TOASTS_BELOW_TOP_BAR} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
