import './lib/zod-without-eval.ts';
import './app/mantine-styles.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/routing/router.tsx';
import { startLoadingSession } from './lib/session/session-provider.tsx';

startLoadingSession();

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * The first page is drawn in one go, not as a transition: there is nothing on screen yet to keep
 * responsive, and a transition's render, cut into slices that yield to the browser, took a fifth
 * longer to reach the screen at a phone's speed. Later navigations are transitions again, so the
 * page a click leaves stays live while the next one renders.
 */
function AppRouter() {
  const [hasFirstPage, setHasFirstPage] = useState(router.state.initialized);
  useEffect(() => {
    if (hasFirstPage) return;
    // The first page may have come between the first render and this effect.
    if (router.state.initialized) {
      setHasFirstPage(true);
      return;
    }
    return router.subscribe((state) => {
      if (state.initialized) setHasFirstPage(true);
    });
  }, [hasFirstPage]);
  return <RouterProvider router={router} useTransitions={hasFirstPage ? undefined : false} />;
}

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
