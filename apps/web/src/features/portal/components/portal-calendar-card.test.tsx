import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PortalCalendarCard } from './portal-calendar-card.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const session = fakeSession({ isFirmSignedIn: false, isClientSignedIn: true, clientId: CLIENT_ID, company: 'obi' });
const URL_ONE = 'http://localhost/api/client-portal/calendar/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics';
const URL_TWO = 'http://localhost/api/client-portal/calendar/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ics';
const createdAnswer = (url: string) => ({
  isActive: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  url,
  webcalUrl: url.replace('http:', 'webcal:'),
});

describe('PortalCalendarCard', () => {
  it('makes the calendar link and offers to copy it or add it to a calendar app', async () => {
    const api = stubApi({
      'GET /client-portal/calendar-feed': { data: { isActive: false, createdAt: null } },
      'POST /client-portal/calendar-feed': { status: 201, data: createdAnswer(URL_ONE) },
    });
    const user = userEvent.setup();
    renderAt(<PortalCalendarCard clientId={CLIENT_ID} />, { session });
    const card = await screen.findByRole('region', { name: 'Your court dates in your calendar' });
    await user.click(await within(card).findByRole('button', { name: 'Create calendar link' }));
    expect(await within(card).findByRole('textbox', { name: 'Calendar link' })).toHaveValue(URL_ONE);
    expect(within(card).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', URL_ONE.replace('http:', 'webcal:'));
    expect(within(card).getByRole('button', { name: 'Reset link' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/client-portal/calendar-feed')).toHaveLength(1);
  });

  it('says a link is active without showing it, and resets it after asking', async () => {
    const api = stubApi({
      'GET /client-portal/calendar-feed': { data: { isActive: true, createdAt: '2026-11-02T08:00:00.000Z' } },
      'POST /client-portal/calendar-feed': { status: 201, data: createdAnswer(URL_TWO) },
    });
    const user = userEvent.setup();
    renderAt(<PortalCalendarCard clientId={CLIENT_ID} />, { session });
    const card = await screen.findByRole('region', { name: 'Your court dates in your calendar' });
    expect(await within(card).findByText(/Your calendar link is active since 02\/11\/2026/)).toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: 'Calendar link' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(api.callsTo('POST', '/client-portal/calendar-feed')).toHaveLength(1));
    expect(await within(card).findByRole('textbox', { name: 'Calendar link' })).toHaveValue(URL_TWO);
  });
});
