import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { MatterTrustRequestsPanel, TrustRequestsTab } from '../components/trust-requests-list.tsx';
import { ACCOUNT_ID, ALL_PERMISSIONS, allowSlowRenders, CLIENT_ID, LIST, MATTER_ID, sessionWith, stubApi } from './stub-trust-requests.ts';

allowSlowRenders();

const searchOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('The trust requests list keeps its status and page', { timeout: 60_000 }, () => {
  it("in the trust account page's URL: a link opens the same list, a change writes it back on page 1", async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderAt(<TrustRequestsTab trustAccountId={ACCOUNT_ID} />, {
      path: '/trust-account/main?activeTab=requests&status=Sent&page=2&size=50',
      session: sessionWith(ALL_PERMISSIONS),
    });
    await screen.findByRole('table', { name: 'Trust requests' });
    await waitFor(() => expect(api.lastQuery(LIST)?.get('Status')).toBe('Sent'));
    expect(Object.fromEntries(api.lastQuery(LIST) ?? [])).toMatchObject({ TrustAccountId: ACCOUNT_ID, page: '2', size: '50' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Sent');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await waitFor(() => expect(searchOf(router.state.location.search)).toEqual({ activeTab: 'requests', status: 'Paid', size: '50' }));
    await waitFor(() => expect(Object.fromEntries(api.lastQuery(LIST) ?? [])).toMatchObject({ Status: 'Paid', page: '1' }));
  });

  it('reads a status the API does not know as all statuses', async () => {
    const api = stubApi();
    renderAt(<TrustRequestsTab trustAccountId={ACCOUNT_ID} />, {
      path: '/trust-account/main?status=Lost',
      session: sessionWith(ALL_PERMISSIONS),
    });
    await screen.findByRole('table', { name: 'Trust requests' });
    expect(api.lastQuery(LIST)?.has('Status')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it("inside a matter's tab: the URL stays the matter's", async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderAt(<MatterTrustRequestsPanel clientId={CLIENT_ID} matterId={MATTER_ID} />, {
      path: '/matters/view?activeTab=trust',
      session: sessionWith(ALL_PERMISSIONS),
    });
    await screen.findByRole('table', { name: 'Trust requests' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('Status')).toBe('Paid'));
    expect(api.lastQuery(LIST)?.get('MatterId')).toBe(MATTER_ID);
    expect(router.state.location.search).toBe('?activeTab=trust');
  });
});
