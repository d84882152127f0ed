import type { SavedCard } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { SAVED_CARDS_TEXT, SavedCards } from './saved-cards.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const CARD_ID = '6c1d8b54-7b1f-4d66-8e1f-1b9f2d3c4e5f';
const session = fakeSession({ isFirmSignedIn: false, isClientSignedIn: true, clientId: CLIENT_ID, company: 'obi' });
const card: SavedCard = {
  id: CARD_ID,
  gateway: 'paystack',
  description: 'Visa ending 4081',
  consentedAt: '2026-11-02T10:00:00.000Z',
  consentedBy: 'Chidi Obi',
};
const render = () => renderAt(<SavedCards />, { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`, session });

describe('SavedCards', { timeout: 30_000 }, () => {
  it('lists the cards the client agreed to, and stops one after asking', async () => {
    const api = stubApi({
      'GET /client-portal/get-saved-cards': { data: [card] },
      [`POST /client-portal/withdraw-saved-card/${CARD_ID}`]: { data: [], message: 'Automatic payments stopped' },
    });
    render();
    const section = await screen.findByRole('region', { name: SAVED_CARDS_TEXT.title });
    expect(section).toHaveTextContent('Visa ending 4081 · agreed by Chidi Obi on 02/11/2026');
    await userEvent.click(within(section).getByRole('button', { name: `${SAVED_CARDS_TEXT.stop} with Visa ending 4081` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(SAVED_CARDS_TEXT.question('Visa ending 4081'));
    await userEvent.click(within(dialog).getByRole('button', { name: SAVED_CARDS_TEXT.stop }));
    await waitFor(() => expect(api.callsTo('POST', `/client-portal/withdraw-saved-card/${CARD_ID}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: SAVED_CARDS_TEXT.title })).not.toBeInTheDocument());
  });

  it('shows nothing while no card is kept', async () => {
    const api = stubApi({ 'GET /client-portal/get-saved-cards': { data: [] } });
    render();
    await waitFor(() => expect(api.callsTo('GET', '/client-portal/get-saved-cards')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: SAVED_CARDS_TEXT.title })).not.toBeInTheDocument();
  });
});
