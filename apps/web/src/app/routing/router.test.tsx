import { describe, expect, it, vi } from 'vitest';
import { createAppRouter } from './router.tsx';

/** Starts the app's router at `path` and waits until it has matched (and loaded) what it shows there. */
async function routerAt(path: string) {
  window.history.replaceState(null, '', path);
  const router = createAppRouter();
  await vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), { timeout: 10_000 });
  const shell = router.routes[0]?.children?.find((route) => route.id === 'firm-shell');
  const matched = router.state.matches.map((match) => match.route.path).filter(Boolean);
  router.dispose();
  return { matched, firmRoutesAdded: (shell?.children?.length ?? 0) > 0 };
}

describe("the app's router adds the firm's routes only for a firm address", () => {
  it.each([
    ['/clients/list', ['clients/list']],
    ['/billing/invoice/invoice-empty', ['billing/invoice/invoice-empty']],
    ['/no-such-page', ['*']],
  ])('%s is a firm address: the firm routes are added and it matches %j', async (path, matched) => {
    expect(await routerAt(path)).toEqual({ matched, firmRoutesAdded: true });
  });

  it.each([
    ['/login', ['login']],
    ['/billing/invoice/3f1c2b', ['billing/invoice/:slug']],
    ['/portal/demo/login', ['portal/:company', 'login']],
    ['/confirm-email-change?token=3f1c2b', ['confirm-email-change']],
    ['/undo-email-change?token=3f1c2b', ['undo-email-change']],
  ])('%s is not: it matches %j without them', async (path, matched) => {
    expect(await routerAt(path)).toEqual({ matched, firmRoutesAdded: false });
  });
});
