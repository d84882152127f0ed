import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TimeEntriesPage } from '../pages/time-entries-page.tsx';
import { CLIENT_ID, entry, LIST, page, sessionWith, stubApi, TOTALS, allowSlowRenders } from './stub-time-entries.ts';

allowSlowRenders();

const routes = [{ path: '/time-entries', element: <TimeEntriesPage /> }];
const OPEN_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const LOCKED_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const ALL = ['timeEntry', 'timeEntry.create', 'timeEntry.edit', 'timeEntry.delete'];

const rows = () => [
  entry({ id: OPEN_ID, description: 'Drafted the claim' }),
  entry({ id: LOCKED_ID, description: 'Court hearing', timeEntryDate: '2024-02-01', isLocked: true, status: 5 }),
];

beforeEach(() => timeEntryPopup.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('TimeEntriesPage row actions', { timeout: 60_000 }, () => {
  it('deletes an entry through the confirm modal and refreshes the list and totals', async () => {
    let isDeleted = false;
    const api = stubApi({
      [`GET ${LIST}`]: () => page(isDeleted ? rows().slice(1) : rows()),
      [`DELETE ${LIST}/${OPEN_ID}`]: () => {
        isDeleted = true;
        return { message: 'Time entry deleted' };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    const row = await screen.findByRole('row', { name: /Drafted the claim/ });
    const totalsCalls = api.callsTo('GET', TOTALS).length;

    await user.click(within(row).getByRole('button', { name: 'Delete time entry 05/03/2024 Acme v Beta' }));
    const modal = await screen.findByRole('dialog', { name: 'Delete Time Entry?' });
    expect(within(modal).getByText('Are you sure you want delete the time entry?')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Drafted the claim/ })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `${LIST}/${OPEN_ID}`)).toHaveLength(1);
    expect(api.callsTo('GET', TOTALS).length).toBeGreaterThan(totalsCalls);
    expect(await screen.findByText('Time entry deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Time Entry?' })).not.toBeInTheDocument());
  });

  it('keeps the entry when the modal is cancelled', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    const row = await screen.findByRole('row', { name: /Drafted the claim/ });
    await user.click(within(row).getByRole('button', { name: /^Delete/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('shows the server’s refusal and keeps the modal open', async () => {
    stubApi({
      [`GET ${LIST}`]: () => page(rows()),
      [`DELETE ${LIST}/${OPEN_ID}`]: () => ({ status: 409, message: 'This time entry is on an invoice and cannot be deleted' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    const row = await screen.findByRole('row', { name: /Drafted the claim/ });
    await user.click(within(row).getByRole('button', { name: /^Delete/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This time entry is on an invoice and cannot be deleted')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete Time Entry?' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Drafted the claim/ })).toBeInTheDocument();
  });

  it('shows a lock badge and no Delete on a billed entry, which can still be edited', async () => {
    stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    const locked = await screen.findByRole('row', { name: /Court hearing/ });
    expect(within(locked).getByTestId('time-entry-locked')).toHaveTextContent('Billed');
    expect(within(locked).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(locked).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    const open = screen.getByRole('row', { name: /Drafted the claim/ });
    expect(within(open).queryByTestId('time-entry-locked')).not.toBeInTheDocument();
    expect(within(open).getByText('Unbilled')).toBeInTheDocument();
  });

  it('opens the popup with the entry’s id from Edit', async () => {
    stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    const row = await screen.findByRole('row', { name: /Drafted the claim/ });
    await user.click(within(row).getByRole('button', { name: 'Edit time entry 05/03/2024 Acme v Beta' }));
    expect(timeEntryPopup.getSnapshot()).toMatchObject({ isOpen: true, request: { entryId: OPEN_ID } });
  });

  it('opens an empty popup from New Time Entry', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    await user.click(await screen.findByRole('button', { name: 'New Time Entry' }));
    expect(timeEntryPopup.getSnapshot()).toMatchObject({ isOpen: true, request: {} });
    expect(timeEntryPopup.getSnapshot().request.entryId).toBeUndefined();
  });

  it('hides New Time Entry, Edit and Delete without their permissions', async () => {
    stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(['timeEntry']) });
    const row = await screen.findByRole('row', { name: /Drafted the claim/ });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Time Entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('downloads the filtered list as a CSV file with the bearer token', async () => {
    localStorage.setItem('token', 'firm-token');
    const api = stubApi({
      [`GET ${LIST}`]: (call) =>
        call.query.get('IsDownlodCsv') === 'true'
          ? {
              body: 'Date,Client\n2024-03-05,Ada Lovelace\n',
              headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="time-entries-2024.csv"' },
            }
          : page(rows()),
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
    renderRoutes(routes, {
      path: `/time-entries?billable=billable&clientId=${CLIENT_ID}&page=3&sortColumn=duration&sortType=asc`,
      session: sessionWith(ALL),
    });
    await screen.findByRole('row', { name: /Drafted the claim/ });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['time-entries-2024.csv blob:csv']));
    const csvCall = api.callsTo('GET', LIST).find((call) => call.query.get('IsDownlodCsv') === 'true');
    expect(csvCall?.headers.get('Authorization')).toBe('Bearer firm-token');
    expect(csvCall?.query.get('IsBillable')).toBe('4');
    expect(csvCall?.query.get('ClientId')).toBe(CLIENT_ID);
    expect(csvCall?.query.get('SortBy')).toBe('duration asc');
    expect(csvCall?.query.has('page')).toBe(false);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });

  it('toasts a refused download', async () => {
    stubApi({
      [`GET ${LIST}`]: (call) =>
        call.query.get('IsDownlodCsv') === 'true' ? { status: 403, message: 'Not allowed to download' } : page(rows()),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(ALL) });
    await screen.findByRole('row', { name: /Drafted the claim/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Not allowed to download')).toBeInTheDocument();
  });
});
