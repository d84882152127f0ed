import { BULK_IMPORT_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { FIX_AND_UPLOAD_TEXT } from '../components/import-run.tsx';
import {
  activeStep,
  at,
  catchDownloads,
  cellsOf,
  checked,
  countsOf,
  done,
  LIST,
  listOf,
  OLDER_ID,
  one,
  renderPage,
  running,
  seriousIssues,
  stubApi,
} from '../test/bulk-import-stubs.tsx';
import { READ_ONLY_TEXT } from './bulk-import-page.tsx';

describe('Settings › Import data: the run and the recent imports', { timeout: 60_000 }, () => {
  it('starts the run, follows its progress bar, then shows the result and saves the rows that failed as CSV', async () => {
    localStorage.setItem('token', 'firm-token');
    const saved = catchDownloads();
    const api = stubApi({
      [`GET ${LIST}`]: () => listOf([checked()]),
      [`POST ${at('run')}`]: () => ({ ...one(running()), message: BULK_IMPORT_MESSAGES.started }),
      // The first poll finds it half way, the next one done.
      [`GET ${at('status')}`]: () =>
        one(api.callsTo('GET', at('status')).length > 1 ? done() : running({ progress: 50, processedRows: 2 })),
      [`GET ${at('errors')}`]: {
        body: 'Type,First name,Last name,Org,Email,error\r\nCompany,,,,,A company needs its company name\r\n',
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="clients-errors.csv"' },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Import 2 records' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Import' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.callsTo('POST', at('run'))).toHaveLength(1);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Importing clients.csv: 50%')).toBeInTheDocument();
    expect(screen.getByText('2 of 4 records')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /clients\.csv/ })).toHaveTextContent('Importing · 50%');

    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(countsOf('Import results')).toEqual(['2 created', '1 skipped: already in Matterhorn or in the file twice', '1 failed']);
    expect(screen.getByText(FIX_AND_UPLOAD_TEXT)).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
    await waitFor(() => expect(screen.getByRole('row', { name: /clients\.csv/ })).toHaveTextContent('2 created · 1 skipped · 1 failed'));
    const polls = api.callsTo('GET', at('status')).length;

    await user.click(screen.getByRole('button', { name: 'Download the rows that failed (CSV)' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['clients-errors.csv']));
    expect(api.callsTo('GET', at('errors'))[0]?.headers.get('Authorization')).toBe('Bearer firm-token');
    expect(saved[0]?.blob.type).toMatch(/^text\/csv/);

    // Finished: no more polls.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(api.callsTo('GET', at('status'))).toHaveLength(polls);

    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    const first = await screen.findByRole('heading', { level: 2, name: 'What and file' });
    await waitFor(() => expect(first).toHaveFocus());
  });

  it('takes up a running import after a reload and lists the firm’s imports with their results', async () => {
    const api = stubApi({
      [`GET ${LIST}`]: () =>
        listOf([
          running({ progress: 25, processedRows: 1 }),
          done({ id: OLDER_ID, fileName: 'old-clients.xlsx', createdAt: '2026-03-01T09:05:00' }),
        ]),
      [`GET ${at('status')}`]: () => one(running({ progress: 75, processedRows: 3 })),
    });
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(activeStep()).toBe('4Import');
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'));
    expect(screen.getByText('3 of 4 records')).toBeInTheDocument();
    expect(api.callsTo('GET', at('status')).length).toBeGreaterThan(0);

    const table = screen.getByRole('table', { name: 'Recent imports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Uploaded', 'What', 'File', 'Status', 'Result', 'Actions']);
    const [, runningRow, doneRow] = within(table).getAllByRole('row');
    expect(cellsOf(runningRow!)).toEqual([
      '02/03/2026 10:15',
      'Clients',
      'clients.csv',
      'Importing · 75%',
      '0 created · 0 skipped · 0 failed',
      '',
    ]);
    expect(cellsOf(doneRow!)).toEqual([
      '01/03/2026 09:05',
      'Clients',
      'old-clients.xlsx',
      'Done',
      '2 created · 1 skipped · 1 failed',
      'Failed rows (CSV)',
    ]);
    expect(
      within(doneRow!).getByRole('button', { name: 'Failed rows (CSV) of old-clients.xlsx, uploaded 01/03/2026 09:05' }),
    ).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
  });

  it('shows a member who may only read imports the running one and the list, without the steps', async () => {
    stubApi({
      [`GET ${LIST}`]: () => listOf([running({ progress: 25 })]),
      [`GET ${at('status')}`]: () => one(running({ progress: 25 })),
    });
    renderPage(['bulkImport']);
    expect(await screen.findByText(READ_ONLY_TEXT)).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.queryByRole('list', { name: 'Import steps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('shows each import as a card on a phone', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === PHONE_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    stubApi({ [`GET ${LIST}`]: () => listOf([done({ fileName: 'old-clients.xlsx', createdAt: '2026-03-01T09:05:00' })]) });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Recent imports' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('Clients: old-clients.xlsx');
    expect(card).toHaveTextContent('Uploaded 01/03/2026 09:05');
    expect(card).toHaveTextContent('2 created · 1 skipped · 1 failed');
    expect(within(card!).getByRole('button', { name: /^Failed rows \(CSV\) of old-clients\.xlsx/ })).toBeInTheDocument();
    // A finished import is not taken up again: the steps start with a new file.
    expect(screen.getByRole('heading', { level: 2, name: 'What and file' })).toBeInTheDocument();
  });
});
