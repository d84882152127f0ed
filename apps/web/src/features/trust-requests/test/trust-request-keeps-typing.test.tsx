import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCARD_CHANGES_TEXTS } from '../../../components/discard-changes-modal.tsx';
import { renderAt } from '../../../test/render.tsx';
import { MatterTrustRequestsPanel } from '../components/trust-requests-list.tsx';
import { ALL_PERMISSIONS, allowSlowRenders, CLIENT_ID, MATTER_ID, sessionWith, stubApi } from './stub-trust-requests.ts';

allowSlowRenders();

async function openNewRequest() {
  stubApi();
  const user = userEvent.setup();
  renderAt(<MatterTrustRequestsPanel clientId={CLIENT_ID} matterId={MATTER_ID} />, {
    path: '/matters/view',
    session: sessionWith(ALL_PERMISSIONS),
  });
  await screen.findByRole('table', { name: 'Trust requests' });
  await user.click(screen.getByRole('button', { name: 'New trust request' }));
  const dialog = await screen.findByRole('dialog', { name: 'New trust request' });
  // The firm's only account, chosen for the user, is where the form starts: no change of theirs.
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Trust account' })).toHaveTextContent('Client Trust Account'));
  return { user, dialog };
}

const requestIsClosed = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'New trust request' })).not.toBeInTheDocument());

describe('New trust request keeps what was typed', { timeout: 60_000 }, () => {
  it('Escape over a typed amount asks first (it used to close the form and lose it); Keep editing keeps it, Discard closes', async () => {
    const { user, dialog } = await openNewRequest();
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '1000.50');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title });
    await user.click(within(ask).getByRole('button', { name: DISCARD_CHANGES_TEXTS.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('1,000.50');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).getByRole('button', { name: 'Discard' }),
    );
    await requestIsClosed();
  });

  it('closes at once on Escape when nothing was typed', async () => {
    const { user } = await openNewRequest();
    await user.keyboard('{Escape}');
    await requestIsClosed();
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument();
  });
});
