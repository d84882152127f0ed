import { focusManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { QueryProvider } from '../../../lib/query-client.tsx';
import { needs } from '../../../app/routing/page-permissions.ts';
import { FirmShell } from '../../../app/shell/firm-shell.tsx';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { SessionContext } from '../../../lib/session/session-context.ts';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { fakeProfile, fakeSession, renderRoutes } from '../../../test/render.tsx';
import { timeEntryKeys } from '../api/time-entry-list.ts';
import { usePrefetchBillableTimeEntries } from '../hooks/use-prefetch-billable-time-entries.ts';
import { entry, LIST, page, sessionWith, stubApi, allowSlowRenders } from './stub-time-entries.ts';

allowSlowRenders();

const OPEN_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BILLED_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const rows = [entry({ id: OPEN_ID }), entry({ id: BILLED_ID, isLocked: true, status: 5 })];

function Prefetcher() {
  usePrefetchBillableTimeEntries();
  const queryClient = useQueryClient();
  return (
    <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: timeEntryKeys.all })}>
      A time entry changed
    </button>
  );
}

const idsInState = () => billingState.get().unbilledTimeEntries?.map((item) => item.id) ?? null;

beforeEach(() => billingState.reset());

describe('usePrefetchBillableTimeEntries', { timeout: 60_000 }, () => {
  it('fetches billable entries into the billing state, leaving out billed (locked) ones', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows) });
    renderRoutes([{ path: '/dashboard', element: <Prefetcher /> }], { path: '/dashboard', session: sessionWith(['timeEntry']) });
    await waitFor(() => expect(idsInState()).toEqual([OPEN_ID]));
    const query = api.lastQuery(LIST);
    expect(query?.get('IsBillable')).toBe('4');
    expect(query?.get('size')).toBe('100');
    expect(query?.has('IsDownlodCsv')).toBe(false);
  });

  it('refreshes when time entries change (anything that invalidates the time-entries root)', async () => {
    let answer = rows;
    const api = stubApi({ [`GET ${LIST}`]: () => page(answer) });
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard', element: <Prefetcher /> }], { path: '/dashboard', session: sessionWith(['timeEntry']) });
    await waitFor(() => expect(idsInState()).toEqual([OPEN_ID]));
    answer = [];
    await user.click(screen.getByRole('button', { name: 'A time entry changed' }));
    await waitFor(() => expect(idsInState()).toEqual([]));
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });

  it('resolves a failed call to null silently', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => ({ status: 500, message: 'Database on fire' }) });
    renderRoutes([{ path: '/dashboard', element: <Prefetcher /> }], { path: '/dashboard', session: sessionWith(['timeEntry']) });
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    await act(async () => {});
    expect(billingState.get().unbilledTimeEntries).toBeNull();
    expect(screen.queryByText('Database on fire')).not.toBeInTheDocument();
  });

  it('does not call the list for a user without timeEntry', async () => {
    const api = stubApi();
    renderRoutes([{ path: '/dashboard', element: <Prefetcher /> }], { path: '/dashboard', session: sessionWith(['clientInfo']) });
    await act(async () => {});
    expect(api.callsTo('GET', LIST)).toHaveLength(0);
    expect(billingState.get().unbilledTimeEntries).toBeNull();
  });

  it('with the app’s own query client: no retry after a failure and no refetch on window focus', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => ({ status: 500 }) });
    render(
      <AppProviders env="test">
        <QueryProvider>
          <SessionContext.Provider value={sessionWith(['timeEntry'])}>
            <Prefetcher />
          </SessionContext.Provider>
        </QueryProvider>
      </AppProviders>,
    );
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
    focusManager.setFocused(undefined);
  });
});

describe('FirmShell pre-fetch', { timeout: 60_000 }, () => {
  const profile = fakeProfile();
  const shellRoutes = [
    { element: <FirmShell />, children: [{ path: '/clients/list', handle: needs('clientInfo'), element: <h1>Clients</h1> }] },
  ];

  it('pre-fetches on a firm page, whatever the page', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows) });
    renderRoutes(shellRoutes, {
      path: '/clients/list',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['clientInfo', 'timeEntry'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    await waitFor(() => expect(idsInState()).toEqual([OPEN_ID]));
    expect(api.lastQuery(LIST)?.get('IsBillable')).toBe('4');
  });

  it('pre-fetches the unbilled flat fees beside the billable time entries', async () => {
    const flatFees = '/api/admin/expense-flat-fees-info/get-flat-fees-list';
    const api = stubApi({
      [`GET ${LIST}`]: () => page(rows),
      [`GET ${flatFees}`]: () => ({ data: { data: [], page: 1, size: 100, totalCount: 0 } }),
    });
    renderRoutes(shellRoutes, {
      path: '/clients/list',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['clientInfo', 'timeEntry', 'flatFeePermission'] }),
    });
    await waitFor(() => expect(billingState.get().unbilledFlatFees).toEqual([]));
    expect(idsInState()).toEqual([OPEN_ID]);
    expect(api.lastQuery(flatFees)?.get('status')).toBe('Unbilled');
  });

  it('waits for the page’s own data before it pre-fetches, so the page’s rows come first', async () => {
    let answerPage = () => {};
    function SlowPage() {
      useQuery({ queryKey: ['slow page'], queryFn: () => new Promise<string>((resolve) => (answerPage = () => resolve('rows'))) });
      return <h1>Clients</h1>;
    }
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows) });
    renderRoutes([{ element: <FirmShell />, children: [{ path: '/clients/list', handle: needs('clientInfo'), element: <SlowPage /> }] }], {
      path: '/clients/list',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['clientInfo', 'timeEntry'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    // Painted, and longer than the quiet spell that follows the page's last answer: still waiting.
    await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
    expect(api.callsTo('GET', LIST)).toHaveLength(0);
    act(() => answerPage());
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
  });

  it('fetches nothing for a visitor who is not signed in', async () => {
    const api = stubApi();
    renderRoutes(shellRoutes, { path: '/clients/list', session: fakeSession({ isFirmSignedIn: false }) });
    await act(async () => {});
    expect(api.callsTo('GET', LIST)).toHaveLength(0);
  });
});
