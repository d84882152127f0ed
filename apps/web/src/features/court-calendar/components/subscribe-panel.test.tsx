import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { courtCalendarAnswers } from '../../../test/msw/court-calendar-answers.ts';
import { renderAt } from '../../../test/render.tsx';
import { prepareCalendarTests, FEED, sessionWith, stubApi } from '../test/stub-court-calendar.ts';
import { SubscribePanel } from './subscribe-panel.tsx';

beforeAll(prepareCalendarTests);

const SECRET_URL = 'https://matterhorn.test/api/calendar/feed/secret-token.ics';
const created = (scope: 'mine' | 'firm', token = 'secret-token') =>
  courtCalendarAnswers.feedCreated({
    isActive: true,
    scope,
    createdAt: '2025-03-12T08:00:00Z',
    url: `https://matterhorn.test/api/calendar/feed/${token}.ics`,
    webcalUrl: `webcal://matterhorn.test/api/calendar/feed/${token}.ics`,
  });
const ACTIVE = courtCalendarAnswers.feedStatus({ isActive: true, scope: 'mine', createdAt: '2025-03-01T08:00:00Z' });

const renderPanel = (canSeeFirm = true) => renderAt(<SubscribePanel canSeeFirm={canSeeFirm} />, { session: sessionWith() });

describe('SubscribePanel', { timeout: 60_000 }, () => {
  it('makes a link for the chosen scope and shows it once, with copy, webcal and each app’s steps', async () => {
    const api = stubApi({ [`POST ${FEED}`]: created('firm') });
    const user = userEvent.setup();
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Subscribe in your calendar app' });
    expect(await within(panel).findByText(/You have no subscription link\./)).toBeInTheDocument();

    await user.click(within(panel).getByRole('radio', { name: 'Whole firm' }));
    await user.click(within(panel).getByRole('button', { name: 'Create subscription link' }));

    const modal = await screen.findByRole('dialog', { name: 'Your calendar subscription link' });
    expect(api.callsTo('POST', FEED)[0]?.body).toEqual({ scope: 'firm' });
    const field = within(modal).getByRole('textbox', { name: 'Subscription link' });
    expect(field).toHaveValue(SECRET_URL);
    expect(field).toHaveAttribute('readonly');
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(modal).getByText(/Anyone with this link can see these hearings\. It is shown only now/)).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      'webcal://matterhorn.test/api/calendar/feed/secret-token.ics',
    );
    expect(within(modal).getByText('From URL')).toBeInTheDocument();
    expect(within(modal).getByText('Subscribe from web')).toBeInTheDocument();
    expect(within(modal).getByText('New Calendar Subscription')).toBeInTheDocument();

    await user.click(within(modal).getByRole('button', { name: 'Copy link' }));
    expect(await within(modal).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET_URL);

    await user.click(within(modal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Shown once: the page no longer holds the URL anywhere, only the status.
    expect(document.body.innerHTML).not.toContain('secret-token');
    expect(within(panel).getByText(/Active since 12\/03\/2025 \(Whole firm\)\./)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Reset link' })).toHaveFocus());
  });

  it('resets an active link only after a confirmation that the old one stops working', async () => {
    const api = stubApi({ [`GET ${FEED}`]: ACTIVE, [`POST ${FEED}`]: created('mine', 'new-token') });
    const user = userEvent.setup();
    renderPanel(false);
    const panel = await screen.findByRole('region', { name: 'Subscribe in your calendar app' });
    expect(await within(panel).findByText(/Active since 01\/03\/2025 \(My matters\)\./)).toBeInTheDocument();
    // Without the firm's view there is no scope to choose.
    expect(within(panel).queryByRole('radio')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Reset link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the subscription link?' });
    expect(confirm).toHaveTextContent('the old one stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', FEED)).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Reset link' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset the subscription link?' })).getByRole('button', { name: 'Reset link' }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Your calendar subscription link' });
    expect(within(modal).getByRole('textbox', { name: 'Subscription link' })).toHaveValue(
      'https://matterhorn.test/api/calendar/feed/new-token.ics',
    );
    expect(api.callsTo('POST', FEED)[0]?.body).toEqual({ scope: 'mine' });
    await user.click(within(modal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Reset link' })).toHaveFocus());
  });

  it('turns the subscription off', async () => {
    const api = stubApi({
      [`GET ${FEED}`]: ACTIVE,
      [`DELETE ${FEED}`]: courtCalendarAnswers.feedStatus({ isActive: false, scope: null, createdAt: null }),
    });
    const user = userEvent.setup();
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Subscribe in your calendar app' });
    await user.click(await within(panel).findByRole('button', { name: 'Turn off' }));
    const confirm = await screen.findByRole('dialog', { name: 'Turn off the subscription?' });
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));

    expect(await within(panel).findByText(/You have no subscription link\./)).toBeInTheDocument();
    expect(api.callsTo('DELETE', FEED)).toHaveLength(1);
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Create subscription link' })).toHaveFocus());
    expect(within(panel).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
