import { recycleBinEntryPageSchema, type RecycleBinEntry } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { contractAnswer, lookupAnswers, teamMember } from '../../../test/msw/contract-answers.ts';
import { envelope } from '../../../test/msw/envelope.ts';
import { server } from '../../../test/msw/server.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession, LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { CONFIRM_NAME_LABEL, purgeWarning } from '../components/purge-item-modal.tsx';
import { EMPTY_BIN_TEXT, RECYCLE_BIN_INTRO, RecycleBinPage } from './recycle-bin-page.tsx';

// A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

const LIST = '/api/admin/recycle-bin/get-items';
const TEAM = '/api/admin/team-member-details/get-all-user';
const restorePath = (id: string) => `/api/admin/recycle-bin/restore/${id}`;
const purgePath = (id: string) => `/api/admin/recycle-bin/purge/${id}`;

const MATTER_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const ENTRY_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const GRACE = '22222222-2222-4222-8222-222222222222';

function entry(overrides: Partial<RecycleBinEntry> = {}): RecycleBinEntry {
  return {
    id: MATTER_ID,
    kind: 'matter',
    kindLabel: 'Matter',
    name: 'Boundary dispute',
    belongsTo: 'Lagoon Shipping Ltd',
    deletedAt: '2026-03-01T09:05:00',
    deletedBy: 'Grace Hopper',
    purgeAfter: '2026-03-31T09:05:00',
    daysLeft: 29,
    ...overrides,
  };
}

const ENTRIES = [
  entry(),
  entry({
    id: ENTRY_ID,
    kind: 'timeEntry',
    kindLabel: 'Time entry',
    name: 'Drafting the lease',
    belongsTo: null,
    deletedBy: null,
    deletedAt: '2026-02-01T17:30:00',
    daysLeft: 0,
  }),
];

const binPage = (rows: RecycleBinEntry[]) =>
  contractAnswer(recycleBinEntryPageSchema, { data: rows, page: 1, size: 20, totalCount: rows.length });

function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, {
    defaults: {
      [`GET ${LIST}`]: () => binPage(ENTRIES),
      [`GET ${TEAM}`]: lookupAnswers.teamMembers([teamMember(GRACE, 'Grace Hopper')]),
    },
  });
}

const ADMIN = ['recycleBin', 'recycleBin.delete'];

function renderBin(permissions: string[] = ADMIN, path = '/settings/recycle-bin') {
  return renderRoutes(
    [
      {
        path: '/settings/recycle-bin',
        element: (
          <>
            <RecycleBinPage />
            <LocationProbe />
          </>
        ),
      },
    ],
    { path, session: fakeSession({ permissions }) },
  );
}

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('Settings › Recycle bin', { timeout: 60_000 }, () => {
  it('lists what was deleted with its type, name, owner, who deleted it, when (DD/MM/YYYY HH:mm) and the days left', async () => {
    const api = stubApi();
    renderBin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Recycle bin' })).toBeInTheDocument();
    expect(screen.getByText(RECYCLE_BIN_INTRO)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Deleted items' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Type', 'Name', 'Belonged to', 'Deleted by', 'Deleted on', 'Days left', 'Actions']);

    const matter = within(table).getByRole('row', { name: /Boundary dispute/ });
    expect(
      within(matter)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Matter',
      'Boundary dispute',
      'Lagoon Shipping Ltd',
      'Grace Hopper',
      '01/03/2026 09:05',
      '29 days',
      'RestoreDelete permanently',
    ]);
    expect(within(matter).getByRole('button', { name: 'Restore: Boundary dispute' })).toBeInTheDocument();
    expect(within(matter).getByRole('button', { name: 'Delete permanently: Boundary dispute' })).toBeInTheDocument();

    const timeEntry = within(table).getByRole('row', { name: /Drafting the lease/ });
    expect(
      within(timeEntry)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Time entry', 'Drafting the lease', '—', '—', '01/02/2026 17:30', 'Today', 'RestoreDelete permanently']);
    expect(screen.getByTestId('recycle-bin-count')).toHaveTextContent('2 deleted items');
    const [call] = api.callsTo('GET', LIST);
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('size')).toBe('20');
    expect(await seriousIssues()).toEqual([]);
  });

  it('asks for the type, search and member the URL names, and keeps new filters in the URL', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderBin(ADMIN, `/settings/recycle-bin?kind=matter&search=lease&deletedBy=${GRACE}`);
    await screen.findByRole('table', { name: 'Deleted items' });
    const first = api.callsTo('GET', LIST)[0]!.query;
    expect(first.get('Kind')).toBe('matter');
    expect(first.get('Search')).toBe('lease');
    expect(first.get('DeletedBy')).toBe(GRACE);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Matter');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Deleted by' })).toHaveTextContent('Grace Hopper'));

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Time entry' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('timeEntry'));
    await waitFor(() => expect(api.callsTo('GET', LIST).at(-1)?.query.get('Kind')).toBe('timeEntry'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(api.callsTo('GET', LIST).at(-1)?.query.has('Kind')).toBe(false));
  });

  it('says the bin is empty when nothing was deleted', async () => {
    stubApi({ [`GET ${LIST}`]: () => binPage([]) });
    renderBin();
    expect(await screen.findByText(EMPTY_BIN_TEXT)).toBeInTheDocument();
  });

  it('keeps Delete disabled until the exact name is typed, then sends it as confirmName and says so', async () => {
    let rows = ENTRIES;
    const api = stubApi({
      [`GET ${LIST}`]: () => binPage(rows),
      [`DELETE ${purgePath(MATTER_ID)}`]: () => {
        rows = rows.filter((row) => row.id !== MATTER_ID);
        return { data: null, message: 'Deleted permanently' };
      },
    });
    const user = userEvent.setup();
    renderBin();
    await user.click(await screen.findByRole('button', { name: 'Delete permanently: Boundary dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete permanently' });
    expect(within(dialog).getByText(purgeWarning('Boundary dispute'))).toBeInTheDocument();
    expect(purgeWarning('Boundary dispute')).toBe(
      'This deletes Boundary dispute and everything deleted with it for good, with its files. It cannot be undone.',
    );
    const field = within(dialog).getByRole('textbox', { name: CONFIRM_NAME_LABEL });
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.type(field, 'Boundary disput');
    expect(remove).toBeDisabled();
    await user.type(field, 'E');
    expect(remove).toBeDisabled();
    await user.type(field, '{Backspace}e ');
    expect(remove).toBeEnabled();
    await user.click(remove);

    await waitFor(() => expect(api.callsTo('DELETE', purgePath(MATTER_ID))).toHaveLength(1));
    expect(api.callsTo('DELETE', purgePath(MATTER_ID))[0]!.body).toEqual({ confirmName: 'Boundary dispute' });
    expect(await screen.findByText('Deleted permanently')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete permanently' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('row', { name: /Boundary dispute/ })).not.toBeInTheDocument());
    // The row's button went with the row: focus waits on the page's heading, not lost on the body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Recycle bin' })).toHaveFocus());
  });

  it('keeps the modal open and shows the refusal when the item holds money history', async () => {
    const refusal = 'It holds money history (invoices, payments, trust money or journals): it cannot be deleted permanently';
    stubApi({ [`DELETE ${purgePath(MATTER_ID)}`]: { status: 409, message: refusal } });
    const user = userEvent.setup();
    renderBin();
    await user.click(await screen.findByRole('button', { name: 'Delete permanently: Boundary dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete permanently' });
    await user.type(within(dialog).getByRole('textbox', { name: CONFIRM_NAME_LABEL }), 'Boundary dispute');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete permanently' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('offers Restore but not Delete permanently without recycleBin.delete', async () => {
    stubApi();
    renderBin(['recycleBin']);
    const table = await screen.findByRole('table', { name: 'Deleted items' });
    expect(within(table).getByRole('button', { name: 'Restore: Boundary dispute' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Delete permanently/ })).not.toBeInTheDocument();
  });

  it('restores with the row’s button disabled while it runs, shows the message and refreshes the list', async () => {
    let rows = ENTRIES;
    const api = stubApi({ [`GET ${LIST}`]: () => binPage(rows) });
    // The restore answers only when the test says so, so the busy button can be seen.
    let answerRestore: () => void = () => undefined;
    const restoreAnswered = new Promise<void>((resolve) => (answerRestore = resolve));
    const restores: string[] = [];
    server.use(
      http.post(restorePath(MATTER_ID), async ({ request }) => {
        restores.push(new URL(request.url).pathname);
        await restoreAnswered;
        rows = rows.filter((row) => row.id !== MATTER_ID);
        return envelope({ kind: 'matter', id: MATTER_ID }, { message: 'Restored' });
      }),
    );
    const user = userEvent.setup();
    renderBin();
    const restore = await screen.findByRole('button', { name: 'Restore: Boundary dispute' });
    await user.click(restore);
    await waitFor(() => expect(restore).toBeDisabled());
    expect(restores).toEqual([restorePath(MATTER_ID)]);
    answerRestore();
    expect(await screen.findByText('Restored')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Boundary dispute/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Drafting the lease/ })).toBeInTheDocument();
    expect(api.callsTo('GET', LIST).length).toBeGreaterThan(1);
  });

  it('shows the reason when a record cannot be restored yet, and keeps it in the list', async () => {
    stubApi({ [`POST ${restorePath(ENTRY_ID)}`]: { status: 409, message: 'Restore its matter first' } });
    const user = userEvent.setup();
    renderBin();
    const restore = await screen.findByRole('button', { name: 'Restore: Drafting the lease' });
    await user.click(restore);
    expect(await screen.findByText('Restore its matter first')).toBeInTheDocument();
    await waitFor(() => expect(restore).toBeEnabled());
    expect(screen.getByRole('row', { name: /Drafting the lease/ })).toBeInTheDocument();
  });

  it('shows each item as a card on a phone, with its actions', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === PHONE_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    stubApi();
    renderBin();
    const card = await screen.findByTestId(`recycle-bin-card-${MATTER_ID}`);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Boundary dispute')).toBeInTheDocument();
    expect(within(card).getByText('Deleted 01/03/2026 09:05 by Grace Hopper')).toBeInTheDocument();
    expect(within(card).getByText('Days left: 29 days')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Restore: Boundary dispute' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete permanently: Boundary dispute' })).toBeInTheDocument();
  });
});
