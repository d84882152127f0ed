import { describe, expect, it, vi } from 'vitest';
import { portalOverviewQuery } from '../../features/portal/api/portal-api.ts';
import { appQueryClient } from '../../lib/query-client.tsx';
import { storeClientSession } from '../../lib/session-storage.ts';
import { stubApi } from '../../test/msw/stub-api.ts';
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

describe("the portal overview's data", () => {
  const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
  const overview = { matters: [], nextCourtDates: [], recentlyShared: [], balancesDue: [], trustHeld: [] };

  it('is asked for once, as the address matches, before any page is drawn', async () => {
    storeClientSession('client-token', CLIENT_ID, 'obi');
    const api = stubApi({
      'GET /client-portal/get-overview': { data: overview },
      'GET /client-portal/get-client-portal-matters': { data: [] },
    });
    expect(await routerAt(`/portal/obi/${CLIENT_ID}`)).toEqual({ matched: ['portal/:company', ':clientId'], firmRoutesAdded: false });
    await vi.waitFor(() => expect(appQueryClient.getQueryData(portalOverviewQuery(CLIENT_ID).queryKey)).toEqual(overview));
    expect(api.callsTo('GET', '/client-portal/get-overview')).toHaveLength(1);
    expect(api.callsTo('GET', '/client-portal/get-client-portal-matters')).toHaveLength(1);
  });

  it("is not asked for without that portal's stored client: the guard sends them to sign in", async () => {
    storeClientSession('client-token', CLIENT_ID, 'another-firm');
    const api = stubApi();
    await routerAt(`/portal/obi/${CLIENT_ID}`);
    expect(api.calls).toEqual([]);
  });
});
