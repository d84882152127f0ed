import { BULK_IMPORT_MESSAGES, type BulkImport } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTHING_WRITTEN_TEXT } from '../components/dry-run-report.tsx';
import { IMPORT_ORDER_TEXT, OPENING_BALANCES_TEXT, TOO_LARGE_TEXT } from '../components/file-step.tsx';
import { DOWNLOAD_TEMPLATE_TEXT } from '../components/import-columns.tsx';
import { NO_IMPORTS_TEXT } from '../components/imports-list.tsx';
import { NOT_IN_FILE } from '../components/mapping-step.tsx';
import {
  activeStep,
  at,
  bulkImport,
  catchDownloads,
  cellsOf,
  checked,
  countsOf,
  DRY_RUN,
  fileInput,
  HEADERS,
  LIST,
  listOf,
  OFFERED,
  one,
  renderPage,
  select,
  seriousIssues,
  stubApi,
  UPLOAD,
} from '../test/bulk-import-stubs.tsx';

describe('Settings › Import data: the file, its columns and the dry run', { timeout: 60_000 }, () => {
  it('explains the order, uploads the file as multipart with what it holds, and offers the columns as the API matched them', async () => {
    localStorage.setItem('token', 'firm-token');
    const api = stubApi({ [`POST ${UPLOAD}`]: () => ({ ...one(bulkImport()), status: 201, message: BULK_IMPORT_MESSAGES.uploaded }) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Import data' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'What and file' })).toBeInTheDocument();
    expect(activeStep()).toBe('1What and file');
    expect(screen.getByText(IMPORT_ORDER_TEXT)).toBeInTheDocument();
    expect(screen.getByText(OPENING_BALANCES_TEXT)).toBeInTheDocument();
    expect(await screen.findByText(NO_IMPORTS_TEXT)).toBeInTheDocument();

    // Nothing is sent until both are chosen.
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Choose what the file holds')).toBeInTheDocument();
    expect(screen.getByText(BULK_IMPORT_MESSAGES.noFile)).toBeInTheDocument();
    expect(api.callsTo('POST', UPLOAD)).toHaveLength(0);

    expect(
      within(select('What does the file hold?'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Clients', 'Matters', 'Time entries', 'Expenses', 'Opening trust balances', 'Opening receivables']);
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
    expect(
      within(select('Company name'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([NOT_IN_FILE, ...HEADERS]);
    expect(screen.getByText('Person or Company; blank: a company when it has a company name')).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
    // The new import is listed at once.
    expect(await screen.findByRole('row', { name: /clients\.csv/ })).toHaveTextContent('Columns to check');
  });

  it('lists the columns of what the file holds, required ones marked, and saves their header row as a CSV template', async () => {
    stubApi();
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderPage();
    const kind = await screen.findByRole('combobox', { name: 'What does the file hold?' });
    expect(screen.queryByRole('button', { name: DOWNLOAD_TEMPLATE_TEXT })).not.toBeInTheDocument();

    await user.selectOptions(kind, 'Opening receivables');
    const table = screen.getByRole('table', { name: 'Columns for opening receivables' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Client required',
      'Matter required',
      'Invoice number required',
      'Invoice date required',
      'Due date',
      'Amount owed required',
    ]);
    const invoiceNumber = within(table).getByRole('row', { name: /^Invoice number/ });
    expect(cellsOf(invoiceNumber)).toEqual(['The number in the previous system: kept on the opening invoice']);
    expect(cellsOf(within(table).getByRole('row', { name: /^Due date/ }))).toEqual(['Blank: the firm’s payment terms']);
    expect(await seriousIssues()).toEqual([]);

    await user.click(screen.getByRole('button', { name: DOWNLOAD_TEMPLATE_TEXT }));
    expect(saved.map((file) => file.name)).toEqual(['opening-receivables-template.csv']);
    expect(saved[0]?.blob.type).toMatch(/^text\/csv/);
    // Blob.text() would drop the BOM that Excel needs: it is read as it is.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]!.blob.arrayBuffer());
    expect(text).toBe('\uFEFFClient,Matter,Invoice number,Invoice date,Due date,Amount owed\r\n');

    await user.selectOptions(kind, 'Clients');
    expect(screen.getByRole('table', { name: 'Columns for clients' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Columns for opening receivables' })).not.toBeInTheDocument();
  });

  it('shows why the API refused a file, and refuses one past 25 MB before sending it', async () => {
    let refusal: { status: number; message: string } = { status: 400, message: BULK_IMPORT_MESSAGES.unreadable };
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
      // The dry run answers at once, checking in the background; its progress is asked for until it is checked.
      [`POST ${at('dry-run')}`]: () => ({
        ...one(checked({ status: 'checking', dryRun: null, processedRows: 0, progress: 0 })),
        message: BULK_IMPORT_MESSAGES.checking,
      }),
      [`GET ${at('status')}`]: () => one(checked({ processedRows: 4, progress: 100 })),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Columns' })).toBeInTheDocument();
    expect(select('Company name').value).toBe('');
    await user.selectOptions(select('Company name'), 'Org');
    await user.click(screen.getByRole('button', { name: 'Save mapping and check' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Dry run report' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Checking clients.csv: 0%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Dry run progress' })).toBeInTheDocument();
    expect(screen.getByText('0 of 4 records checked: nothing is written')).toBeInTheDocument();
    expect(await screen.findByText(NOTHING_WRITTEN_TEXT)).toBeInTheDocument();
    expect(api.callsTo('POST', at('map'))[0]?.body).toEqual({ mapping: { ...OFFERED, companyName: 'Org' } });
    // The mapping is saved before the rows are checked with it.
    const order = api.calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(order).toEqual([at('map').slice(4), at('dry-run').slice(4)]);

    expect(countsOf('Dry run counts')).toEqual(['2 will be created', '1 duplicate skipped', '1 invalid']);
    const table = screen.getByRole('table', { name: 'Rows to review' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Row', 'Outcome', 'Reason']);
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
      [`POST ${at('dry-run')}`]: { status: 409, message: BULK_IMPORT_MESSAGES.alreadyChecking },
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
    expect(await screen.findByRole('alert')).toHaveTextContent(BULK_IMPORT_MESSAGES.alreadyChecking);
    expect(screen.getByRole('heading', { level: 2, name: 'Columns' })).toBeInTheDocument();
  });

  it('takes up a dry run under way, and brings one a restart stopped back to its columns, saying so', async () => {
    stubApi({
      [`GET ${LIST}`]: () => listOf([checked({ status: 'checking', dryRun: null, processedRows: 1500, totalRows: 20000, progress: 8 })]),
      [`GET ${at('status')}`]: () => one(bulkImport({ status: 'uploaded', failure: BULK_IMPORT_MESSAGES.checkStopped, totalRows: 20000 })),
    });
    renderPage();
    expect(await screen.findByText('Checking clients.csv: 8%')).toBeInTheDocument();
    expect(screen.getByText('1,500 of 20,000 records checked: nothing is written')).toBeInTheDocument();
    expect(activeStep()).toBe('3Dry run report');
    expect(await screen.findByRole('alert')).toHaveTextContent(BULK_IMPORT_MESSAGES.checkStopped);
    expect(screen.getByRole('heading', { level: 2, name: 'Columns' })).toBeInTheDocument();
  });

  it('offers no import when no row can be created', async () => {
    stubApi({
      [`GET ${LIST}`]: () => listOf([checked({ dryRun: { valid: 0, duplicates: 0, invalid: 1, findings: [DRY_RUN.findings[2]!] } })]),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dry run report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 records' })).toBeDisabled();
  });
});
