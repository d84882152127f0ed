import { bulkImportSchema, type BulkImport } from '@matterhorn/shared';
import { configure, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { onTestFinished, vi } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { BulkImportPage } from '../pages/bulk-import-page.tsx';

// A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

export const BASE = '/api/admin/bulk-import';
export const LIST = `${BASE}/get-imports`;
export const UPLOAD = `${BASE}/upload`;
export const IMPORT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const OLDER_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const at = (action: string, id = IMPORT_ID) => `${BASE}/${action}/${id}`;

export const HEADERS = ['Type', 'First name', 'Last name', 'Org', 'Email'];
/** What the API offers for HEADERS: matched by header, "Org" left for the user. */
export const OFFERED = {
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

export function bulkImport(overrides: Partial<BulkImport> = {}): BulkImport {
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

export const DRY_RUN: NonNullable<BulkImport['dryRun']> = {
  valid: 2,
  duplicates: 1,
  invalid: 1,
  findings: [
    { row: 2, outcome: 'create', errors: [], conflicts: 2 },
    { row: 4, outcome: 'duplicate', errors: ['The same row is in the file twice'] },
    { row: 5, outcome: 'invalid', errors: ['A company needs its company name'] },
  ],
};
export const checked = (overrides: Partial<BulkImport> = {}) =>
  bulkImport({ status: 'checked', totalRows: 4, mapping: { ...OFFERED, companyName: 'Org' }, dryRun: DRY_RUN, ...overrides });
export const running = (overrides: Partial<BulkImport> = {}) => checked({ status: 'running', progress: 0, ...overrides });
export const done = (overrides: Partial<BulkImport> = {}) =>
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

export const one = (row: BulkImport) => contractAnswer(bulkImportSchema, row);
export const listOf = (rows: BulkImport[]) => contractAnswer(bulkImportSchema.array(), rows);

export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: { [`GET ${LIST}`]: () => listOf([]) } });
}

export function renderPage(permissions = ['bulkImport', 'bulkImport.create']) {
  return renderRoutes([{ path: '/settings/import', element: <BulkImportPage /> }], {
    path: '/settings/import',
    session: fakeSession({ permissions }),
  });
}

export async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

/** Mantine's FileInput labels its button; the file input it opens is the hidden one beside it. */
export function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

export const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
export const activeStep = () => screen.getByRole('list', { name: 'Import steps' }).querySelector('[aria-current="step"]')?.textContent;
export const countsOf = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
export const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** downloadFile's Blob and the name the browser is told to save it under. */
export function catchDownloads() {
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
