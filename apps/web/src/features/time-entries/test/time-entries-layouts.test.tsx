import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { NARROW_SCREEN_MEDIA_QUERY } from '../../../components/list-kit/use-list-layout.ts';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TimeEntriesPage } from '../pages/time-entries-page.tsx';
import { allowSlowRenders, entry, LIST, page, sessionWith, stubApi } from './stub-time-entries.ts';

allowSlowRenders();

const routes = [{ path: '/time-entries', element: <TimeEntriesPage /> }];
const ALL = ['timeEntry', 'timeEntry.edit', 'timeEntry.delete'];

/** The screen matches these media queries for the rest of the test. */
function screenMatching(...queries: string[]) {
  const matchMedia = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: queries.includes(query) }));
  onTestFinished(() => void (window.matchMedia = matchMedia));
}

/** axe-core's serious and critical findings (jsdom draws nothing: colour contrast is left to the journeys). */
async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('TimeEntriesPage on narrower screens', { timeout: 60_000 }, () => {
  it('at 1280 px folds activity, fee earner, billable and rate into a line under the description, still sortable from its header', async () => {
    screenMatching(NARROW_SCREEN_MEDIA_QUERY);
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    const row = await screen.findByRole('row', { name: /Drafted the claim/ });

    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Date▼', 'Client↕', 'Matter↕', 'DescriptionActivity↕Fee earner↕', 'Hours↕', 'Amount↕', 'Status', 'Actions']);
    expect(within(row).getByText('Drafting · Grace Hopper · Billable · Rate ₦1,500.00')).toBeInTheDocument();
    expect(within(row).getByText('₦2,250.00')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit time entry 05/03/2024 Acme v Beta' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete time entry 05/03/2024 Acme v Beta' })).toBeInTheDocument();

    expect(await seriousIssues()).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Fee earner/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('SortBy')).toBe('timeEntryUserName asc'));
    expect(screen.getByRole('columnheader', { name: /Description/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('on a phone lists a card per entry, with its amount, status and buttons, and sorts from Sort by', async () => {
    screenMatching(PHONE_MEDIA_QUERY, NARROW_SCREEN_MEDIA_QUERY);
    const api = stubApi({
      [`GET ${LIST}`]: () => page([entry({ duration: '0.1000', recordedDuration: '0.0019', isLocked: true, status: 5 })]),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    const cards = await screen.findByRole('list', { name: 'Time entries' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(cards).getAllByRole('listitem');
    expect(within(card!).getByRole('link', { name: 'Acme v Beta' })).toBeInTheDocument();
    expect(within(card!).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card!).getByText('₦2,250.00')).toBeInTheDocument();
    expect(within(card!).getByText('05/03/2024 · 0.10 h (0.0019 h recorded)')).toBeInTheDocument();
    expect(within(card!).getByText('Drafted the claim')).toBeInTheDocument();
    expect(within(card!).getByText('Drafting · Grace Hopper · Billable · Rate ₦1,500.00')).toBeInTheDocument();
    expect(within(card!).getByTestId('time-entry-locked')).toHaveTextContent('Billed');
    // A billed entry can be edited, not deleted.
    expect(within(card!).getByRole('button', { name: 'Edit time entry 05/03/2024 Acme v Beta' })).toBeInTheDocument();
    expect(within(card!).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Amount, descending' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('SortBy')).toBe('totalAmount desc'));
  });
});
