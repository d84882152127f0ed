import type { BulkImport } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { errorFileNameOf, findingReason, importToResume, stepOf } from './import-display.ts';

const importOf = (id: string, status: BulkImport['status']) => ({ id, status }) as BulkImport;

describe('an import as the page shows it', () => {
  it.each([
    ['clients.csv', 'clients-errors.csv'],
    ['Time 2026.XLSX', 'Time 2026-errors.csv'],
    ['matters', 'matters-errors.csv'],
  ])('names the refused rows of %s %s, as the server does', (fileName, expected) => {
    expect(errorFileNameOf(fileName)).toBe(expected);
  });

  it('is at step 0, choosing a file, without an import', () => {
    expect(stepOf(null, false)).toBe(0);
  });

  it.each([
    ['uploaded', false, 1],
    ['uploaded', true, 1],
    ['checking', false, 2],
    ['checked', false, 2],
    ['checked', true, 1],
    ['running', false, 3],
    ['done', true, 3],
    ['failed', false, 3],
  ] as const)('puts an import %s (changing the mapping: %s) at step %i', (status, isChangingMapping, expected) => {
    expect(stepOf(importOf('a', status), isChangingMapping)).toBe(expected);
  });

  it.each([
    [[], null],
    [[importOf('new', 'uploaded'), importOf('old', 'done')], 'new'],
    [[importOf('new', 'checked')], 'new'],
    [[importOf('new', 'done'), importOf('old', 'uploaded')], null],
    [[importOf('new', 'failed'), importOf('old', 'running')], 'old'],
    [[importOf('new', 'done'), importOf('old', 'checking')], 'old'],
  ])('takes up again, of %j, %s', (imports, expected) => {
    expect(importToResume(imports)?.id ?? null).toBe(expected);
  });

  it.each([
    [{ row: 2, outcome: 'invalid', errors: ['A company needs its company name'] }, 'A company needs its company name'],
    [{ row: 3, outcome: 'create', errors: [], conflicts: 1 }, '1 possible conflict — review in Conflict checks'],
    [{ row: 4, outcome: 'create', errors: [], conflicts: 3 }, '3 possible conflicts — review in Conflict checks'],
    [
      { row: 5, outcome: 'invalid', errors: ['Email "x" is not an email address', 'Type "Firm" is not Person or Company'] },
      'Email "x" is not an email address; Type "Firm" is not Person or Company',
    ],
  ] as const)('gives row %# its reason', (finding, expected) => {
    expect(findingReason({ ...finding, errors: [...finding.errors] })).toBe(expected);
  });
});
