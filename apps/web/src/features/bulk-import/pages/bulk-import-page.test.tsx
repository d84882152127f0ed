import { BULK_IMPORT_MESSAGES, bulkImportSchema, type BulkImport } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { COMING_NEXT_TEXT, IMPORT_ORDER_TEXT, TOO_LARGE_TEXT } from '../components/file-step.tsx';
import { FIX_AND_UPLOAD_TEXT } from '../components/import-run.tsx';
import { NOTHING_WRITTEN_TEXT } from '../components/dry-run-report.tsx';
import { NO_IMPORTS_TEXT } from '../components/imports-list.tsx';
import { NOT_IN_FILE } from '../components/mapping-step.tsx';
import { BulkImportPage, READ_ONLY_TEXT } from './bulk-import-page.tsx';

// A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

const BASE = '/api/admin/bulk-import';
const LIST = `${BASE}/get-imports`;
const UPLOAD = `${BASE}/upload`;
const IMPORT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OLDER_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const at = (action: string, id = IMPORT_ID) => `${BASE}/${action}/${id}`;

const HEADERS = ['Type', 'First name', 'Last name', 'Org', 'Email'];
/** What the API offers for HEADERS: matched by header, "Org" left for the user. */
const OFFERED = {
  clientType: 'Type',
  firstName: 'First name',
  lastName: 'Last name',
  companyName: null,
  email: 'Email',
  phone: null,
  address: null,
  city: null,
  contactName: null,
  contactEmail: null,
  contactPhone: null,
};

function bulkImport(overrides: Partial<BulkImport> = {}): BulkImport {
  return {
    id: IMPORT_ID,
    kind: 'clients',
    fileName: 'clients.csv',
    headers: HEADERS,
    mapping: OFFERED,
    status: 'uploaded',
    totalRows: 0,
    processedRows: 0,
    progress: 0,
    createdCount: 0,
    skippedCount: 0,
    failedCount: 0,
    dryRun: null,
    hasErrorFile: false,
    failure: null,
    createdAt: '2026-03-02T10:15:00',
    finishedAt: null,
    ...overrides,
  };
}

const DRY_RUN: NonNullable<BulkImport['dryRun']> = {
  valid: 2,
  duplicates: 1,
  invalid: 1,
  findings: [
    { row: 2, outcome: 'create', errors: [], conflicts: 2 },
    { row: 4, outcome: 'duplicate', errors: ['The same row is in the file twice'] },
    { row: 5, outcome: 'invalid', errors: ['A company needs its company name'] },
  ],
};
const checked = (overrides: Partial<BulkImport> = {}) =>
  bulkImport({ status: 'checked', totalRows: 4, mapping: { ...OFFERED, companyName: 'Org' }, dryRun: DRY_RUN, ...overrides });
const running = (overrides: Partial<BulkImport> = {}) => checked({ status: 'running', progress: 0, ...overrides });
const done = (overrides: Partial<BulkImport> = {}) =>
  checked({
    status: 'done',
    progress: 100,
    processedRows: 4,
    createdCount: 2,
    skippedCount: 1,
    failedCount: 1,
    hasErrorFile: true,
    finishedAt: '2026-03-02T10:16:00',
    ...overrides,
  });

const one = (row: BulkImport) => contractAnswer(bulkImportSchema, row);
const listOf = (rows: BulkImport[]) => contractAnswer(bulkImportSchema.array(), rows);

function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: { [`GET ${LIST}`]: () => listOf([]) } });
}

function renderPage(permissions = ['bulkImport', 'bulkImport.create']) {
  return renderRoutes([{ path: '/settings/import', element: <BulkImportPage /> }], {
    path: '/settings/import',
    session: fakeSession({ permissions }),
  });
}

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

/** Mantine's FileInput labels its button; the file input it opens is the hidden one beside it. */
function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const activeStep = () => screen.getByRole('list', { name: 'Import steps' }).querySelector('[aria-current="step"]')?.textContent;
const countsOf = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** downloadFile's Blob and the name the browser is told to save it under. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs: Blob[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:errors'), revokeObjectURL: () => {} });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.at(-1)! });
  });
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    click.mockRestore();
  });
  return saved;
}

describe('Settings › Import data', { timeout: 60_000 }, () => {
  it('explains the order, uploads the file as multipart with what it holds, and offers the columns as the API matched them', async () => {
    localStorage.setItem('token', 'firm-token');
    const api = stubApi({ [`POST ${UPLOAD}`]: () => ({ ...one(bulkImport()), status: 201, message: BULK_IMPORT_MESSAGES.uploaded }) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Import data' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'What and file' })).toBeInTheDocument();
    expect(activeStep()).toBe('1What and file');
    expect(screen.getByText(IMPORT_ORDER_TEXT)).toBeInTheDocument();
    expect(screen.getByText(COMING_NEXT_TEXT)).toBeInTheDocument();
    expect(await screen.findByText(NO_IMPORTS_TEXT)).toBeInTheDocument();

    // Nothing is sent until both are chosen.
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Choose what the file holds')).toBeInTheDocument();
    expect(screen.getByText(BULK_IMPORT_MESSAGES.noFile)).toBeInTheDocument();
    expect(api.callsTo('POST', UPLOAD)).toHaveLength(0);

    expect(within(select('What does the file hold?')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose…',
      'Clients',
      'Matters',
      'Time entries',
    ]);
    await user.selectOptions(select('What does the file hold?'), 'Clients');
    await user.upload(fileInput(), new File(['Type,First name,Last name,Org,Email\r\n'], 'clients.csv', { type: 'text/csv' }));
    expect(await seriousIssues()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Columns' });
    await waitFor(() => expect(heading).toHaveFocus());
    const [upload] = api.callsTo('POST', UPLOAD);
    expect(upload?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    expect(upload?.headers.get('Authorization')).toBe('Bearer firm-token');
    // The kind first, then the file, as the API reads them.
    const body = String(upload?.body);
    expect(body).toMatch(/name="kind"\r\n\r\nclients\r\n/);
    expect(body).toMatch(/name="file"; filename=/);
    expect(body.indexOf('name="kind"')).toBeLessThan(body.indexOf('name="file"'));

    expect(activeStep()).toBe('2Columns');
    expect(select('First name').value).toBe('First name');
    expect(select('Email').value).toBe('Email');
    expect(select('Company name').value).toBe('');
    expect(within(select('Company name')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      NOT_IN_FILE,
      ...HEADERS,
    ]);
    expect(screen.getByText('Person or Company; blank: a company when it has a company name')).toBeInTheDocument();
    // The new import is listed at once.
    expect(await screen.findByRole('row', { name: /clients\.csv/ })).toHaveTextContent('Columns to check');
  });

  it('shows why the API refused a file, and refuses one past 25 MB before sending it', async () => {
    let refusal = { status: 400, message: BULK_IMPORT_MESSAGES.unreadable };
    const api = stubApi({ [`POST ${UPLOAD}`]: () => refusal });
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'What does the file hold?' }), 'Matters');
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'matters.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BULK_IMPORT_MESSAGES.unreadable);
    expect(screen.getByRole('heading', { level: 2, name: 'What and file' })).toBeInTheDocument();

    refusal = { status: 413, message: 'File must be at most 25 MB' };
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('File must be at most 25 MB'));

    const huge = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 });
    await user.upload(fileInput(), huge);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(TOO_LARGE_TEXT)).toBeInTheDocument();
    expect(api.callsTo('POST', UPLOAD)).toHaveLength(2);
  });

  it('takes up the file left at its columns, sends the changed mapping, then shows the dry run’s counts and findings', async () => {
    const api = stubApi({
      [`GET ${LIST}`]: () => listOf([bulkImport()]),
      [`POST ${at('map')}`]: (call) => ({
        ...one(bulkImport({ mapping: (call.body as { mapping: BulkImport['mapping'] }).mapping })),
        message: BULK_IMPORT_MESSAGES.mapped,
      }),
      [`POST ${at('dry-run')}`]: () => ({ ...one(checked()), message: BULK_IMPORT_MESSAGES.checked }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Columns' })).toBeInTheDocument();
    expect(select('Company name').value).toBe('');
    await user.selectOptions(select('Company name'), 'Org');
    await user.click(screen.getByRole('button', { name: 'Save mapping and check' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Dry run report' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.callsTo('POST', at('map'))[0]?.body).toEqual({ mapping: { ...OFFERED, companyName: 'Org' } });
    // The mapping is saved before the rows are checked with it.
    const order = api.calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(order).toEqual([at('map').slice(4), at('dry-run').slice(4)]);

    expect(screen.getByText(NOTHING_WRITTEN_TEXT)).toBeInTheDocument();
    expect(countsOf('Dry run counts')).toEqual(['2 will be created', '1 duplicate skipped', '1 invalid']);
    const table = screen.getByRole('table', { name: 'Rows to review' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Row', 'Outcome', 'Reason']);
    const [, conflictRow, duplicateRow, invalidRow] = within(table).getAllByRole('row');
    expect(cellsOf(conflictRow!)).toEqual(['2', 'Will be created', '2 possible conflicts — review in Conflict checks']);
    expect(cellsOf(duplicateRow!)).toEqual(['4', 'Duplicate: skipped', 'The same row is in the file twice']);
    expect(cellsOf(invalidRow!)).toEqual(['5', 'Invalid', 'A company needs its company name']);
    expect(screen.getByRole('button', { name: 'Import 2 records' })).toBeEnabled();
    expect(await seriousIssues()).toEqual([]);

    // Back to the columns, as saved.
    await user.click(screen.getByRole('button', { name: 'Change mapping' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Columns' })).toBeInTheDocument();
    expect(select('Company name').value).toBe('Org');
  });

  it('asks for a required column before sending the mapping, and shows the API’s refusal', async () => {
    const matters = bulkImport({
      kind: 'matters',
      fileName: 'matters.csv',
      headers: ['Client', 'Description'],
      mapping: { clientName: 'Client', matterName: null, description: 'Description' },
    });
    const api = stubApi({
      [`GET ${LIST}`]: () => listOf([matters]),
      [`POST ${at('map')}`]: () => one(matters),
      [`POST ${at('dry-run')}`]: { status: 400, message: BULK_IMPORT_MESSAGES.noRows },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Columns' });
    expect(select('Matter name')).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Save mapping and check' }));
    expect(await screen.findByText('Choose the column for Matter name')).toBeInTheDocument();
    expect(api.callsTo('POST', at('map'))).toHaveLength(0);

    await user.selectOptions(select('Matter name'), 'Description');
    await user.click(screen.getByRole('button', { name: 'Save mapping and check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BULK_IMPORT_MESSAGES.noRows);
    expect(screen.getByRole('heading', { level: 2, name: 'Columns' })).toBeInTheDocument();
  });

  it('offers no import when no row can be created', async () => {
    stubApi({ [`GET ${LIST}`]: () => listOf([checked({ dryRun: { valid: 0, duplicates: 0, invalid: 1, findings: [DRY_RUN.findings[2]!] } })]) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dry run report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 records' })).toBeDisabled();
  });

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
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Uploaded',
      'What',
      'File',
      'Status',
      'Result',
      'Actions',
    ]);
    const [, runningRow, doneRow] = within(table).getAllByRole('row');
    expect(cellsOf(runningRow!)).toEqual(['02/03/2026 10:15', 'Clients', 'clients.csv', 'Importing · 75%', '0 created · 0 skipped · 0 failed', '']);
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
