import { notifications } from '@mantine/notifications';
import { TIME_ENTRY_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { ALL_PERMISSIONS, fillLinks, openPopup, renderPopupHost, sessionFor, stubPopupApi } from './popup-test-support.tsx';

afterEach(() => {
  notifications.clean();
  timeEntryPopup.close();
});

const durationField = (popup: HTMLElement) => within(popup).getByRole('textbox', { name: 'Duration' });
/** The line under Duration, which Mantine ties to the field as its description. */
const readingOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

/** A new entry's popup with its client, matter and activity chosen, over the stubbed API. */
async function openNewEntry(session?: ReturnType<typeof sessionFor>) {
  const api = stubPopupApi();
  const user = userEvent.setup();
  renderPopupHost(session ? { session } : {});
  openPopup();
  const popup = await screen.findByRole('dialog', { name: 'New Time Entry' });
  await fillLinks(user);
  return { api, user, popup };
}

describe('Duration in quick forms', { timeout: 120_000 }, () => {
  it('reads "1h20m" before save, and records it as decimal hours rounded to the firm’s increment', async () => {
    const { api, user, popup } = await openNewEntry();
    const duration = durationField(popup);
    await user.type(duration, '1h20m');
    await waitFor(() => expect(readingOf(duration)).toBe('1 h 20 min = 1.3333 h → 1.4 h billed'));
    await waitFor(() => expect(within(popup).getByRole('textbox', { name: 'Rate' })).toHaveValue('150.00'));
    expect(within(popup).getByTestId('time-entry-total-amount')).toHaveTextContent('₦210.00');

    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Time entry created')).toBeInTheDocument();
    const [post] = api.callsTo('POST', '/admin/time-entry');
    expect(post?.body).toMatchObject({ duration: '1.3333', userRate: '150.00' });
  });

  it('names what cannot be read with SPEC’s message, and saves nothing', async () => {
    const { api, user, popup } = await openNewEntry();
    await user.type(durationField(popup), '2h-5m');
    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    expect(await within(popup).findByText(TIME_ENTRY_MESSAGES.durationNumber)).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(0);
  });

  it('reads a whole number as minutes for a fee earner who counts in minutes', async () => {
    const { api, user, popup } = await openNewEntry(sessionFor(ALL_PERMISSIONS, { bareNumberUnit: 'minutes' }));
    const duration = durationField(popup);
    await user.type(duration, '90');
    await waitFor(() => expect(readingOf(duration)).toBe('1 h 30 min = 1.5 h'));
    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Time entry created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/time-entry')[0]?.body).toMatchObject({ duration: '1.5000' });
  });
});
