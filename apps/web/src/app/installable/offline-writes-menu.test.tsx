import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { offlineWrites } from '../../lib/offline/offline-writes.ts';
import { fakeProfile, fakeSession, renderAt } from '../../test/render.tsx';
import { OfflineWritesMenu } from './offline-writes-menu.tsx';

const session = fakeSession({ profile: fakeProfile({ id: 'p1' }) });
const keep = (key: string, kind: 'courtUpdate' | 'timeEntry', summary: string, ownerId = 'p1') =>
  offlineWrites.keep({ key, kind, ownerId, path: '/admin/x', body: {}, summary, formValues: {} });

beforeEach(async () => {
  for (const kept of await offlineWrites.refresh()) await offlineWrites.forget(kept.key);
});

describe("the top bar's writes kept on the device", () => {
  it("shows nothing when this person has none waiting (another person's are not theirs to see)", async () => {
    await keep('key-theirs-00001', 'courtUpdate', 'Court update: LD/1/2025', 'p2');
    renderAt(<OfflineWritesMenu />, { session });
    // Read from the device first: give the store its turn before asserting nothing came.
    await offlineWrites.refresh();
    expect(screen.queryByRole('button', { name: /Waiting to send/ })).not.toBeInTheDocument();
  });

  it('counts what waits, and lists a refusal with the server’s message, Edit and Discard', async () => {
    await keep('key-waiting-0001', 'timeEntry', 'Time entry: 2.5 h, Attended court');
    await keep('key-refused-0001', 'courtUpdate', 'Court update: FHC/L/CS/9/2025');
    renderAt(<OfflineWritesMenu />, { session });
    expect(await screen.findByRole('button', { name: 'Waiting to send (2)' })).toBeInTheDocument();

    await offlineWrites.refuse('key-refused-0001', 'The matter is closed');
    await userEvent.click(await screen.findByRole('button', { name: '1 not sent: to resolve' }));
    expect(screen.getByText('Time entry: 2.5 h, Attended court')).toBeInTheDocument();
    expect(screen.getByText('Waiting to send')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not sent: The matter is closed');

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/progress-update/add-progress-update?iscourtupdate=true&offlineWrite=key-refused-0001',
    );
  });

  it('forgets a refused write on Discard', async () => {
    await keep('key-discard-0001', 'courtUpdate', 'Court update: LD/7/2025');
    await offlineWrites.refuse('key-discard-0001', 'The matter is closed');
    renderAt(<OfflineWritesMenu />, { session });
    await userEvent.click(await screen.findByRole('button', { name: '1 not sent: to resolve' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Court update: LD/7/2025')).not.toBeInTheDocument());
    expect(await offlineWrites.find('key-discard-0001')).toBeUndefined();
  });
});
