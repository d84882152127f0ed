import { dataExportContracts, dataExportSchema, DATA_EXPORT_MESSAGES, type DataExport } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { NO_EXPORTS_TEXT } from '../components/exports-list.tsx';
import { EXPORT_READY_TEXT } from '../hooks/use-data-exports.ts';
import { DATA_EXPORT_INTRO, DataExportPage } from './data-export-page.tsx';

// A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

const LIST = '/api/admin/export/get-exports';
const START = '/api/admin/export/start';
const statusPath = (id: string) => `/api/admin/export/status/${id}`;
const linkPath = (id: string) => `/api/admin/export/download-link/${id}`;

const RUNNING_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const READY_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const FAILED_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const EXPIRED_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

function dataExport(overrides: Partial<DataExport> = {}): DataExport {
  return {
    id: READY_ID,
    status: 'ready',
    progress: 100,
    step: 'Done',
    sizeBytes: 13_002_342,
    requestedBy: 'Grace Hopper',
    createdAt: '2026-03-01T09:05:00',
    finishedAt: '2026-03-01T09:07:00',
    expiresAt: '2026-03-08T09:07:00',
    failure: null,
    ...overrides,
  };
}

const running = (overrides: Partial<DataExport> = {}) =>
  dataExport({
    id: RUNNING_ID,
    status: 'running',
    progress: 25,
    step: 'Documents: 120 of 480',
    sizeBytes: null,
    createdAt: '2026-03-02T10:15:00',
    finishedAt: null,
    expiresAt: null,
    ...overrides,
  });

const failed = dataExport({
  id: FAILED_ID,
  status: 'failed',
  progress: 40,
  sizeBytes: null,
  createdAt: '2026-02-20T08:00:00',
  expiresAt: null,
  failure: 'The file store could not be reached',
});
const expired = dataExport({ id: EXPIRED_ID, status: 'expired', createdAt: '2026-01-10T16:45:00', expiresAt: '2026-01-17T16:50:00' });

const listOf = (rows: DataExport[]) => contractAnswer(dataExportSchema.array(), rows);

function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: { [`GET ${LIST}`]: () => listOf([]) } });
}

function renderPage() {
  return renderRoutes([{ path: '/settings/export', element: <DataExportPage /> }], {
    path: '/settings/export',
    session: fakeSession({ permissions: ['administrator'] }),
  });
}

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Settings › Export data', { timeout: 60_000 }, () => {
  it('follows the running export it finds on opening: its percentage, its step, and no second export meanwhile', async () => {
    const api = stubApi({
      [`GET ${LIST}`]: () => listOf([running(), dataExport()]),
      [`GET ${statusPath(RUNNING_ID)}`]: () =>
        contractAnswer(dataExportSchema, running({ progress: 42, step: 'Time entries: 300 of 700' })),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Export data' })).toBeInTheDocument();
    expect(screen.getByText(DATA_EXPORT_INTRO)).toBeInTheDocument();

    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(screen.getByText('Your export is being made: 42%')).toBeInTheDocument();
    expect(screen.getByText('Time entries: 300 of 700')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export all data' })).toBeDisabled();
    expect(api.callsTo('GET', statusPath(RUNNING_ID)).length).toBeGreaterThan(0);

    const table = screen.getByRole('table', { name: 'Recent exports' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Started', 'By', 'Status', 'Size', 'Available until', 'Actions']);
    const [, runningRow, readyRow] = within(table).getAllByRole('row');
    expect(cellsOf(runningRow!)).toEqual(['02/03/2026 10:15', 'Grace Hopper', 'Running · 42%', '—', '—', '']);
    expect(within(runningRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(readyRow!).getByRole('button', { name: 'Download export of 01/03/2026 09:05' })).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
  });

  it('stops asking once the export is ready, then lists it with its size and Download', async () => {
    let finished = false;
    const api = stubApi({
      [`GET ${LIST}`]: () => listOf(finished ? [dataExport({ id: RUNNING_ID, createdAt: '2026-03-02T10:15:00' })] : [running()]),
      [`GET ${statusPath(RUNNING_ID)}`]: () => {
        // The second poll finds it done.
        if (api.callsTo('GET', statusPath(RUNNING_ID)).length > 1) finished = true;
        return contractAnswer(dataExportSchema, finished ? dataExport({ id: RUNNING_ID }) : running());
      },
    });
    renderPage();
    expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(await screen.findByText(EXPORT_READY_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    const row = await screen.findByRole('row', { name: /02\/03\/2026 10:15/ });
    await waitFor(() =>
      expect(cellsOf(row)).toEqual(['02/03/2026 10:15', 'Grace Hopper', 'Ready', '12.4 MB', '08/03/2026 09:07', 'Download']),
    );
    expect(screen.getByRole('button', { name: 'Export all data' })).toBeEnabled();
    const polls = api.callsTo('GET', statusPath(RUNNING_ID)).length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(api.callsTo('GET', statusPath(RUNNING_ID))).toHaveLength(polls);
  });

  it('starts an export, says so, and shows its progress', async () => {
    let rows: DataExport[] = [];
    const api = stubApi({
      [`GET ${LIST}`]: () => listOf(rows),
      [`POST ${START}`]: () => {
        rows = [running({ progress: 0, step: 'Starting' })];
        return { ...contractAnswer(dataExportSchema, rows[0]!), message: DATA_EXPORT_MESSAGES.started };
      },
      [`GET ${statusPath(RUNNING_ID)}`]: () => contractAnswer(dataExportSchema, running({ progress: 5, step: 'Clients: 10 of 200' })),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(NO_EXPORTS_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export all data' }));
    expect(await screen.findByText('Your export has started. We will email you when it is ready.')).toBeInTheDocument();
    expect(api.callsTo('POST', START)).toHaveLength(1);
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '5'));
    expect(screen.getByText('Clients: 10 of 200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export all data' })).toBeDisabled();
    expect(screen.getByRole('row', { name: /02\/03\/2026 10:15/ })).toHaveTextContent('Running · 5%');
  });

  it('shows why an export was refused (one is being made) and follows that one', async () => {
    let rows: DataExport[] = [];
    stubApi({
      [`GET ${LIST}`]: () => listOf(rows),
      [`POST ${START}`]: () => {
        rows = [running()];
        return { status: 409, message: DATA_EXPORT_MESSAGES.alreadyRunning };
      },
      [`GET ${statusPath(RUNNING_ID)}`]: () => contractAnswer(dataExportSchema, running()),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(NO_EXPORTS_TEXT);
    await user.click(screen.getByRole('button', { name: 'Export all data' }));
    expect(await screen.findByText('An export is already being made: wait for it to finish')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '25');
  });

  it('offers Download only for a ready export, says why one failed, and saves the zip through a one-minute link', async () => {
    localStorage.setItem('token', 'firm-token');
    const linkUrl = `/api/export-files/${READY_ID}?token=sealed`;
    const api = stubApi({
      [`GET ${LIST}`]: () => listOf([dataExport(), failed, expired]),
      [`POST ${linkPath(READY_ID)}`]: contractAnswer(dataExportContracts.downloadLink.response, { url: linkUrl }),
    });
    const opened: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.getAttribute('href') ?? '');
    });
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Recent exports' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export all data' })).toBeEnabled();
    const [, readyRow, failedRow, expiredRow] = within(table).getAllByRole('row');
    expect(cellsOf(failedRow!)).toEqual(['20/02/2026 08:00', 'Grace Hopper', 'FailedThe file store could not be reached', '—', '—', '']);
    expect(cellsOf(expiredRow!)).toEqual(['10/01/2026 16:45', 'Grace Hopper', 'Expired', '12.4 MB', '17/01/2026 16:50', '']);
    expect(within(failedRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(expiredRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Download/ })).toHaveLength(1);

    // The browser's own download saves the zip (streamed to disk): the page never holds it.
    await user.click(within(readyRow!).getByRole('button', { name: 'Download export of 01/03/2026 09:05' }));
    await waitFor(() => expect(opened).toEqual([linkUrl]));
    expect(api.callsTo('POST', linkPath(READY_ID))[0]?.headers.get('Authorization')).toBe('Bearer firm-token');
  });

  it('shows each export as a card on a phone, with its Download', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === PHONE_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    stubApi({ [`GET ${LIST}`]: () => listOf([dataExport(), failed]) });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Recent exports' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [ready, failedCard] = within(list).getAllByRole('listitem');
    expect(ready).toHaveTextContent('Started 01/03/2026 09:05');
    expect(ready).toHaveTextContent('Size: 12.4 MB');
    expect(within(ready!).getByRole('button', { name: 'Download export of 01/03/2026 09:05' })).toBeInTheDocument();
    expect(failedCard).toHaveTextContent('The file store could not be reached');
    expect(within(failedCard!).queryByRole('button')).not.toBeInTheDocument();
  });
});
