import { Button, Text } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import type { ListDefinition } from './list-params.ts';
import { useListParams } from './use-list-params.ts';

const LIST: ListDefinition<'status', 'date' | 'amount'> = {
  filters: { status: 'status' },
  sortColumns: ['date', 'amount'],
  defaultSort: { column: 'date', type: 'desc' },
};

function Probe({ inUrl = true }: { inUrl?: boolean }) {
  const list = useListParams(LIST, { inUrl });
  return (
    <>
      <Text data-testid="state">{`${list.filters.status || 'all'} page ${list.page} of ${list.size} by ${list.sort.column} ${list.sort.type}`}</Text>
      <Button onClick={() => list.setFilters({ status: 'Sent' })}>Sent only</Button>
      <Button onClick={() => list.setPage(3)}>Page three</Button>
      <Button onClick={() => list.sortBy('amount')}>Sort by amount</Button>
      <Button onClick={list.clearFilters}>Clear</Button>
    </>
  );
}

const routes = (inUrl = true) => [{ path: '/list', element: <Probe inUrl={inUrl} /> }];

describe('useListParams', () => {
  it('keeps the filter, page and sort in the URL, and a link to that URL opens the same list', async () => {
    const user = userEvent.setup();
    const first = renderRoutes(routes(), { path: '/list?activeTab=client' });
    await user.click(screen.getByRole('button', { name: 'Sent only' }));
    await user.click(screen.getByRole('button', { name: 'Sort by amount' }));
    await user.click(screen.getByRole('button', { name: 'Page three' }));
    expect(screen.getByTestId('state')).toHaveTextContent('Sent page 3 of 20 by amount asc');
    const bookmark = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    expect(bookmark).toBe('/list?activeTab=client&status=Sent&sortColumn=amount&sortType=asc&page=3');
    first.unmount();

    // A reload, or a colleague opening the shared link: a fresh app at the same address.
    renderRoutes(routes(), { path: bookmark });
    expect(screen.getByTestId('state')).toHaveTextContent('Sent page 3 of 20 by amount asc');
  });

  it('clears the filters back to page 1 and leaves the rest of the URL alone', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes(), { path: '/list?activeTab=client&status=Sent&page=2&sortColumn=amount&sortType=desc' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe('?activeTab=client&sortColumn=amount&sortType=desc'));
    expect(screen.getByTestId('state')).toHaveTextContent('all page 1 of 20 by amount desc');
  });

  it('keeps the state in the component, not the URL, for a list inside a record’s tab', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes(false), { path: '/list?activeTab=time' });
    await user.click(screen.getByRole('button', { name: 'Sent only' }));
    expect(screen.getByTestId('state')).toHaveTextContent('Sent page 1 of 20 by date desc');
    expect(router.state.location.search).toBe('?activeTab=time');
  });
});
