import { flatFeeListRoute } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client.ts';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { flatFeeKeys } from '../api/flat-fee-list.ts';
import { UNBILLED_FLAT_FEES_PATH, unbilledFlatFeesKey, usePrefetchUnbilledFlatFees } from '../hooks/use-prefetch-unbilled-flat-fees.ts';
import { allowSlowRenders, LIST, listItem, page, sessionWith, stubApi } from './stub-flat-fees.ts';

allowSlowRenders();

const FEE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

function Prefetcher() {
  usePrefetchUnbilledFlatFees();
  const queryClient = useQueryClient();
  return (
    <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: flatFeeKeys.all })}>
      A flat fee changed
    </button>
  );
}

const idsInState = () => billingState.get().unbilledFlatFees?.map((fee) => fee.id) ?? null;
const routes = [{ path: '/dashboard', element: <Prefetcher /> }];

beforeEach(() => billingState.reset());

describe('usePrefetchUnbilledFlatFees', { timeout: 60_000 }, () => {
  it('fetches the unbilled flat fees (status=Unbilled) into the billing state', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page([listItem({ id: FEE_ID })]) });
    renderRoutes(routes, { path: '/dashboard', session: sessionWith(['flatFeePermission']) });
    await waitFor(() => expect(idsInState()).toEqual([FEE_ID]));
    const query = api.lastQuery(LIST)!;
    expect(query.get('status')).toBe('Unbilled');
    expect(query.get('size')).toBe('100');
    expect(query.has('IsDownlodCsv')).toBe(false);
  });

  it('refreshes when flat fees change (anything that invalidates the flat-fees root)', async () => {
    let rows = [listItem({ id: FEE_ID })];
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard', session: sessionWith(['flatFeePermission']) });
    await waitFor(() => expect(idsInState()).toEqual([FEE_ID]));
    rows = [];
    await user.click(screen.getByRole('button', { name: 'A flat fee changed' }));
    await waitFor(() => expect(idsInState()).toEqual([]));
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });

  it('resolves a failed call to null silently', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => ({ status: 500, message: 'Database on fire' }) });
    renderRoutes(routes, { path: '/dashboard', session: sessionWith(['flatFeePermission']) });
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    await act(async () => {});
    expect(billingState.get().unbilledFlatFees).toBeNull();
    expect(screen.queryByText('Database on fire')).not.toBeInTheDocument();
  });

  it('uses the list module’s path and sits under its root key, so every flat-fee change refreshes it', () => {
    expect(`${API_BASE}${UNBILLED_FLAT_FEES_PATH}`).toBe(flatFeeListRoute.path);
    expect(unbilledFlatFeesKey('scope')).toEqual(flatFeeKeys.unbilled('scope'));
    expect(unbilledFlatFeesKey('scope').slice(0, 1)).toEqual(flatFeeKeys.all);
  });

  it('drops an answer that is not a list of unbilled fees', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page([listItem({ id: FEE_ID, status: 'Billed', isLocked: true })]) });
    renderRoutes(routes, { path: '/dashboard', session: sessionWith(['flatFeePermission']) });
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    await act(async () => {});
    expect(billingState.get().unbilledFlatFees).toBeNull();
  });

  it('does not call the list for a user without flatFeePermission', async () => {
    const api = stubApi();
    renderRoutes(routes, { path: '/dashboard', session: sessionWith(['timeEntry']) });
    await act(async () => {});
    expect(api.callsTo('GET', LIST)).toHaveLength(0);
    expect(billingState.get().unbilledFlatFees).toBeNull();
  });
});
