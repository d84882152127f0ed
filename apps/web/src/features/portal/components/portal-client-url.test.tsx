import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { PortalClientUrl } from './portal-client-url.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const OTHER_ID = '0f0e0d0c-0b0a-4909-8807-060504030201';
const session = fakeSession({ isFirmSignedIn: false, isClientSignedIn: true, clientId: CLIENT_ID, company: 'obi' });

const routes = [
  {
    path: '/portal/:company/:clientId',
    element: (
      <>
        <PortalClientUrl />
        <p>Portal page</p>
      </>
    ),
  },
];

describe('PortalClientUrl', () => {
  it('leaves the signed-in client’s own address alone', async () => {
    const { router } = renderRoutes(routes, { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`, session });
    expect(await screen.findByText('Portal page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/portal/obi/${CLIENT_ID}`);
    expect(router.state.historyAction).toBe('POP');
  });

  it('replaces another client id in the address with the signed-in client’s, keeping the tab', async () => {
    const { router } = renderRoutes(routes, { path: `/portal/obi/${OTHER_ID}?activeTab=messages&matterId=m1`, session });
    expect(await screen.findByText('Portal page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/portal/obi/${CLIENT_ID}`);
    expect(router.state.location.search).toBe('?activeTab=messages&matterId=m1');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
