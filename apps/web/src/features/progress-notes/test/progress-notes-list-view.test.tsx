import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  NOTE_AUTHOR_ID,
  NOTE_CLIENT_ID,
  NOTE_ID,
  NOTE_MATTER_ID,
  PROGRESS_NOTE_CALLS,
  progressNoteAnswers,
  progressNoteListItem,
} from '../../../test/msw/progress-note-answers.ts';
import { NARROW_SCREEN_MEDIA_QUERY } from '../../../components/list-kit/use-list-layout.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { ProgressNotesListView } from '../components/progress-notes-list-view.tsx';
import { EMPTY_TEXT } from '../components/progress-notes-table.tsx';
import { allowSlowRenders, sessionWith, stubApi, USER_B } from './stub-progress-notes.ts';

allowSlowRenders();

const LIST = PROGRESS_NOTE_CALLS.list;
const routes = [
  {
    path: '/progress-update',
    element: (
      <>
        <ProgressNotesListView />
        <LocationProbe />
      </>
    ),
  },
];
const SHARED_ID = 'cdcdcdcd-cdcd-4dcd-8dcd-cdcdcdcdcdcd';
const rows = () => [
  progressNoteListItem(),
  progressNoteListItem({ id: SHARED_ID, title: 'Hearing moved', isSharedWithClient: true, attachmentCount: 2, noteDate: '2024-04-01' }),
];

type User = ReturnType<typeof userEvent.setup>;
async function choose(user: User, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ProgressNotesListView', { timeout: 60_000 }, () => {
  it('lists notes with DD/MM/YYYY dates, a link to each, sharing and attachment counts, newest first by default', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => progressNoteAnswers.page(rows()) });
    renderRoutes(routes, { path: '/progress-update?activeTab=progress-notes', session: sessionWith() });
    const row = await screen.findByRole('row', { name: /Call with the other side/ });
    expect(within(row).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Call with the other side' })).toHaveAttribute(
      'href',
      `/view/progress-note?id=${NOTE_ID}`,
    );
    expect(within(row).getByRole('link', { name: 'MAT-00002 · Share purchase agreement' })).toHaveAttribute(
      'href',
      `/matter/${NOTE_MATTER_ID}`,
    );
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(row).getByText('Internal')).toBeInTheDocument();
    expect(within(row).getByText('They accept the price.')).toBeInTheDocument();
    const shared = screen.getByRole('row', { name: /Hearing moved/ });
    expect(within(shared).getByText('Shared with client')).toBeInTheDocument();
    expect(within(shared).getByText('2')).toBeInTheDocument();
    const query = api.lastQuery(LIST)!;
    expect(query.get('sortColumn')).toBe('noteDate');
    expect(query.get('sortType')).toBe('desc');
    expect(query.get('page')).toBe('1');
    expect(query.has('IsDownlodCsv')).toBe(false);
  });

  it('sends the URL’s filters, and the global search’s ?search= as GeneralSearchText', async () => {
    const api = stubApi();
    renderRoutes(routes, {
      path: `/progress-update?activeTab=progress-notes&search=price&clientId=${NOTE_CLIENT_ID}&matterId=${NOTE_MATTER_ID}&authorId=${USER_B}&from=2024-01-01&to=2024-03-31&shared=true`,
      session: sessionWith(),
    });
    await screen.findByRole('row', { name: /Call with the other side/ });
    expect(Object.fromEntries(api.lastQuery(LIST)!)).toMatchObject({
      GeneralSearchText: 'price',
      ClientId: NOTE_CLIENT_ID,
      MatterId: NOTE_MATTER_ID,
      AuthorUserId: USER_B,
      FromDate: '2024-01-01',
      ToDate: '2024-03-31',
      IsSharedWithClient: 'true',
    });
    expect(screen.getByRole('searchbox', { name: 'Search progress notes' })).toHaveValue('price');
  });

  it('filters by author, client, matter, sharing and search, and sorts, each into the URL and the call', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/progress-update?activeTab=progress-notes', session: sessionWith() });
    await screen.findByRole('row', { name: /Call with the other side/ });

    await choose(user, 'Author', 'Grace Hopper');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('AuthorUserId')).toBe(NOTE_AUTHOR_ID));
    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00002 — Share purchase agreement');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('MatterId')).toBe(NOTE_MATTER_ID));
    expect(api.lastQuery(LIST)?.get('ClientId')).toBe(NOTE_CLIENT_ID);
    await choose(user, 'Shared with client', 'Not shared');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('IsSharedWithClient')).toBe('false'));
    await user.type(screen.getByRole('searchbox', { name: 'Search progress notes' }), 'hearing{Enter}');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('GeneralSearchText')).toBe('hearing'));
    await user.click(screen.getByRole('button', { name: /^Title/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('sortColumn')).toBe('title'));
    expect(api.lastQuery(LIST)?.get('sortType')).toBe('asc');
    expect(screen.getByTestId('location')).toHaveTextContent('shared=false');
    expect(screen.getByTestId('location')).toHaveTextContent('activeTab=progress-notes');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.has('AuthorUserId')).toBe(false));
    expect(api.lastQuery(LIST)?.has('GeneralSearchText')).toBe(false);
  });

  it('says so when nothing matches', async () => {
    stubApi({ [`GET ${LIST}`]: () => progressNoteAnswers.page([]) });
    renderRoutes(routes, { path: '/progress-update', session: sessionWith() });
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
  });

  it('at 1280 px folds the client under the matter, the author under the title and the attachments under the excerpt', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === NARROW_SCREEN_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    const api = stubApi({ [`GET ${LIST}`]: () => progressNoteAnswers.page(rows()) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/progress-update', session: sessionWith() });
    const row = await screen.findByRole('row', { name: /Hearing moved/ });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date▼',
      'Title↕Author↕',
      'Matter↕Client↕',
      'Shared',
      'Excerpt',
      'Actions',
    ]);
    expect(within(row).getByText('2 attachments')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^View progress note/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Edit progress note/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Delete progress note/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Author/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('sortColumn')).toBe('authorName'));
  });

  it('offers Edit and Delete only with the permissions; View always', async () => {
    stubApi();
    renderRoutes(routes, { path: '/progress-update', session: sessionWith(['progressNote']) });
    const row = await screen.findByRole('row', { name: /Call with the other side/ });
    expect(within(row).getByRole('link', { name: 'View progress note 05/03/2024 Call with the other side' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Edit|^Delete/ })).not.toBeInTheDocument();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let isDeleted = false;
    const api = stubApi({
      [`GET ${LIST}`]: () => progressNoteAnswers.page(isDeleted ? [] : [progressNoteListItem()]),
      [`DELETE ${PROGRESS_NOTE_CALLS.remove(NOTE_ID)}`]: () => {
        isDeleted = true;
        return { data: null, message: 'Progress note deleted' };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/progress-update', session: sessionWith() });
    const row = await screen.findByRole('row', { name: /Call with the other side/ });
    await user.click(within(row).getByRole('button', { name: 'Delete progress note 05/03/2024 Call with the other side' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Progress Note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(api.callsTo('DELETE', PROGRESS_NOTE_CALLS.remove(NOTE_ID))).toHaveLength(1);
    expect(await screen.findByText('Progress note deleted')).toBeInTheDocument();
  });

  it('goes to the edit page from a row', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/progress-update', session: sessionWith() });
    const row = await screen.findByRole('row', { name: /Call with the other side/ });
    await user.click(within(row).getByRole('button', { name: 'Edit progress note 05/03/2024 Call with the other side' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/progress-update/edit-progress-note/${NOTE_ID}`));
  });

  it('downloads the filtered list as CSV (IsDownlodCsv=true, same filter and order, no paging)', async () => {
    localStorage.setItem('token', 'firm-token');
    const api = stubApi({
      [`GET ${LIST}`]: (call) =>
        call.query.get('IsDownlodCsv') === 'true'
          ? {
              body: 'Date,Title\n05/03/2024,Call\n',
              headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="progress-notes.csv"' },
            }
          : progressNoteAnswers.page(rows()),
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: lend them for this test only.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, original));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/progress-update?shared=true&page=2&sortColumn=title&sortType=asc', session: sessionWith() });
    await screen.findByRole('row', { name: /Call with the other side/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['progress-notes.csv blob:csv']));
    const csvCall = api.callsTo('GET', LIST).find((call) => call.query.get('IsDownlodCsv') === 'true')!;
    expect(csvCall.headers.get('Authorization')).toBe('Bearer firm-token');
    expect(csvCall.query.get('IsSharedWithClient')).toBe('true');
    expect(csvCall.query.get('sortColumn')).toBe('title');
    expect(csvCall.query.get('sortType')).toBe('asc');
    expect(csvCall.query.has('page')).toBe(false);
    expect(csvCall.query.has('size')).toBe(false);
  });
});
