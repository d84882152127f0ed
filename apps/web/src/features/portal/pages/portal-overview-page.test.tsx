import type { PortalMatter } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PortalOverviewPage } from './portal-overview-page.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const session = fakeSession({
  isFirmSignedIn: false,
  isClientSignedIn: true,
  clientId: CLIENT_ID,
  company: 'obi',
  portalProfile: {
    clientId: CLIENT_ID,
    name: 'Kemi Adebayo',
    email: 'kemi@client.example',
    company: 'obi',
    firmName: 'Obi & Co',
    firmLogo: null,
  },
});
const matters: PortalMatter[] = [
  { matterId: 'm1', matterNumber: 'MAT-00001', matterName: 'Lease dispute', status: 'Open', feeEarners: ['Ada Obi', 'Bob Eze'] },
  { matterId: 'm2', matterNumber: 'MAT-00007', matterName: 'Estate administration', status: 'Closed', feeEarners: [] },
];

describe('PortalOverviewPage', { timeout: 30_000 }, () => {
  it("lists the client's open and closed matters with number, name, status and fee earners", async () => {
    stubApi({ 'GET /client-portal/get-client-portal-matters': { data: matters } });
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=overview`, session });
    const table = await screen.findByRole('table', { name: 'Your matters' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['MAT-00001', 'Lease dispute', 'Open', 'Ada Obi, Bob Eze'],
      ['MAT-00007', 'Estate administration', 'Closed', '—'],
    ]);
    expect(screen.getByRole('heading', { name: 'Welcome, Kemi Adebayo' })).toBeInTheDocument();
  });

  it('says so when the firm has no matters for the client', async () => {
    stubApi({ 'GET /client-portal/get-client-portal-matters': { data: [] } });
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}`, session });
    expect(await screen.findByText('Your firm has no matters for you yet.')).toBeInTheDocument();
  });
});
