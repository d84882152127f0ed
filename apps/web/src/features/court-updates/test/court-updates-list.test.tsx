import { todayIso } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { NARROW_SCREEN_MEDIA_QUERY } from '../../../components/list-kit/use-list-layout.ts';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { CourtUpdatesListView } from '../components/court-updates-list-view.tsx';
import {
  allowSlowRenders,
  CLIENT_ID,
  COURT_ID,
  COURT_UPDATE_API,
  COURT_UPDATE_ID,
  courtUpdateAnswers,
  courtUpdateListItem,
  MATTER_ID,
  sessionWith,
  stubApi,
} from './stub-court-updates.ts';

allowSlowRenders();

const PAGE = '/progress-update';
const routes = [
  {
    path: PAGE,
    element: (
      <>
        <CourtUpdatesListView />
        <LocationProbe />
      </>
    ),
  },
  { path: '/progress-update/edit-court-update/:id', element: <LocationProbe /> },
  { path: '/view/court-update', element: <LocationProbe /> },
];

function inDays(days: number): string {
  const date = new Date(`${todayIso()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Court Updates tab', { timeout: 60_000 }, () => {
  it('lists hearings with DD/MM/YYYY dates, a link to each, the outcome’s first line and the next date highlighted within 14 days', async () => {
    const api = stubApi({
      [`GET ${COURT_UPDATE_API.list}`]: () =>
        courtUpdateAnswers.page([
          courtUpdateListItem({ nextAdjournedDate: inDays(3), nextAdjournedTime: '09:30', nextAdjournedPurpose: 'Ruling' }),
          courtUpdateListItem({ id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', suitNumber: 'LD/99/2023', nextAdjournedDate: inDays(40) }),
        ]),
    });
    renderRoutes(routes, { path: `${PAGE}?activeTab=court-update`, session: sessionWith() });
    const row = await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`);
    expect(within(row).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'FHC/L/CS/123/2024' })).toHaveAttribute(
      'href',
      `/view/court-update?id=${COURT_UPDATE_ID}`,
    );
    expect(within(row).getByText('Federal High Court, Lagos Judicial Division')).toBeInTheDocument();
    expect(within(row).getByText('Lease dispute')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText('Trial opened; the claimant’s first witness testified.')).toBeInTheDocument();
    expect(within(row).getByText('Ruling')).toBeInTheDocument();
    expect(within(row).getByText('Within 14 days')).toBeInTheDocument();
    const later = screen.getByTestId('court-update-row-eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee');
    expect(within(later).queryByText('Within 14 days')).not.toBeInTheDocument();
    expect(screen.getByText('2 court updates')).toBeInTheDocument();
    const query = api.lastQuery(COURT_UPDATE_API.list)!;
    expect(query.get('sortColumn')).toBe('hearingDate');
    expect(query.get('sortType')).toBe('desc');
    expect(query.get('page')).toBe('1');
    expect(query.has('IsDownlodCsv')).toBe(false);
  });

  it('at 1280 px folds the client under the matter, still sortable from the matter’s header', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === NARROW_SCREEN_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: `${PAGE}?activeTab=court-update`, session: sessionWith() });
    const row = await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`);
    expect(screen.queryByRole('columnheader', { name: /^Client/ })).not.toBeInTheDocument();
    const matter = within(row).getByRole('link', { name: 'Lease dispute' }).closest('td')!;
    expect(within(matter).getByText('Ada Lovelace')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Client/ }));
    await waitFor(() => expect(api.lastQuery(COURT_UPDATE_API.list)?.get('sortColumn')).toBe('clientName'));
    expect(screen.getByRole('columnheader', { name: /^Matter/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sends the global search’s text as GeneralSearchText', async () => {
    const api = stubApi();
    renderRoutes(routes, { path: `${PAGE}?activeTab=court-update&search=FHC%2FL`, session: sessionWith() });
    await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`);
    expect(api.lastQuery(COURT_UPDATE_API.list)?.get('GeneralSearchText')).toBe('FHC/L');
    expect(screen.getByRole('searchbox', { name: 'Search court updates' })).toHaveValue('FHC/L');
  });

  it('turns the filters into the list’s query parameters and keeps them in the URL', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: `${PAGE}?activeTab=court-update`, session: sessionWith() });
    await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`);
    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00001 — Lease dispute');
    await choose(user, 'Court', 'Federal High Court, Lagos Judicial Division');
    await user.type(screen.getByRole('combobox', { name: 'Hearing from' }), '01/03/2024');
    await user.type(screen.getByRole('combobox', { name: 'Hearing to' }), '31/03/2024');
    await user.type(screen.getByRole('combobox', { name: 'Next adjourned from' }), '01/04/2024');
    await user.type(screen.getByRole('combobox', { name: 'Next adjourned to' }), '30/04/2024');
    await waitFor(() => expect(api.lastQuery(COURT_UPDATE_API.list)?.get('ToNextAdjournedDate')).toBe('2024-04-30'));
    const query = api.lastQuery(COURT_UPDATE_API.list)!;
    expect(query.get('ClientId')).toBe(CLIENT_ID);
    expect(query.get('MatterId')).toBe(MATTER_ID);
    expect(query.get('CourtId')).toBe(COURT_ID);
    expect(query.get('FromHearingDate')).toBe('2024-03-01');
    expect(query.get('ToHearingDate')).toBe('2024-03-31');
    expect(query.get('FromNextAdjournedDate')).toBe('2024-04-01');
    expect(screen.getByTestId('location')).toHaveTextContent(`courtId=${COURT_ID}`);
    expect(screen.getByTestId('location')).toHaveTextContent('activeTab=court-update');

    await user.click(screen.getByRole('button', { name: /Suit number/ }));
    await waitFor(() => expect(api.lastQuery(COURT_UPDATE_API.list)?.get('sortColumn')).toBe('suitNumber'));
    expect(api.lastQuery(COURT_UPDATE_API.list)?.get('sortType')).toBe('asc');
  });

  it('offers Edit and Delete only with their permissions, and deletes after confirmation', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { unmount } = renderRoutes(routes, { path: `${PAGE}?activeTab=court-update`, session: sessionWith(['courtUpdate']) });
    const row = await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`);
    expect(within(row).getByRole('link', { name: /View court update/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    unmount();

    renderRoutes(routes, { path: `${PAGE}?activeTab=court-update`, session: sessionWith() });
    const fullRow = await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`);
    await user.click(within(fullRow).getByRole('button', { name: 'Delete court update FHC/L/CS/123/2024 of 05/03/2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Court Update?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', COURT_UPDATE_API.delete(COURT_UPDATE_ID))).toHaveLength(1));
    expect(await screen.findByText('Court update deleted')).toBeInTheDocument();

    await user.click(within(await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`)).getByRole('button', { name: /^Edit/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/progress-update/edit-court-update/${COURT_UPDATE_ID}`));
  });

  it('downloads the filtered list as CSV with IsDownlodCsv=true', async () => {
    const api = stubApi({
      [`GET ${COURT_UPDATE_API.list}`]: (call) =>
        call.query.get('IsDownlodCsv') === 'true' ? { body: 'a,b\n' } : courtUpdateAnswers.page([courtUpdateListItem()]),
    });
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} });
    onTestFinished(() => void Object.assign(URL, original));
    const user = userEvent.setup();
    renderRoutes(routes, { path: `${PAGE}?activeTab=court-update&courtId=${COURT_ID}`, session: sessionWith() });
    await screen.findByTestId(`court-update-row-${COURT_UPDATE_ID}`);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(api.callsTo('GET', COURT_UPDATE_API.list).some((call) => call.query.get('IsDownlodCsv') === 'true')).toBe(true),
    );
    const csvCall = api.callsTo('GET', COURT_UPDATE_API.list).find((call) => call.query.get('IsDownlodCsv') === 'true')!;
    expect(csvCall.query.get('CourtId')).toBe(COURT_ID);
    expect(csvCall.query.has('page')).toBe(false);
  });

  it('on a phone shows cards with the next date and actions, and folds the filters under a button', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === PHONE_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: `${PAGE}?activeTab=court-update&courtId=${COURT_ID}`, session: sessionWith() });
    const card = await screen.findByTestId(`court-update-card-${COURT_UPDATE_ID}`);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'FHC/L/CS/123/2024' })).toBeInTheDocument();
    expect(within(card).getByText('10/04/2024 09:30')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Delete court update/ })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filters (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
  });
});
