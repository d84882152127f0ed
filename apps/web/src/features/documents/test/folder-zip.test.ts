import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_CALLS, MATTER_FOLDER_ID } from '../../../test/msw/document-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { downloadFolderZip } from '../api/downloads.ts';

const { createObjectURL: originalCreate, revokeObjectURL: originalRevoke } = URL;
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

describe('downloadFolderZip', () => {
  it('reads the zip as a stream with the session, reports progress against X-Content-Bytes, and saves it under the folder’s name', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:zip';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    localStorage.setItem('token', 'firm-token');
    const zip = 'PK'.padEnd(4000, 'x');
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.zip(MATTER_FOLDER_ID)}`]: {
        body: zip,
        headers: { 'Content-Type': 'application/zip', 'X-Content-Bytes': '4000' },
      },
    });
    const progress: (number | null)[] = [];
    await downloadFolderZip(MATTER_FOLDER_ID, 'Share purchase', (fraction) => progress.push(fraction));
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((fraction) => fraction !== null && fraction >= 0 && fraction <= 1)).toBe(true);
    expect(clicked).toEqual(['Share purchase.zip']);
    expect(saved[0]?.size).toBe(4000);
    expect(api.callsTo('GET', DOCUMENT_CALLS.zip(MATTER_FOLDER_ID))[0]?.headers.get('Authorization')).toBe('Bearer firm-token');
    click.mockRestore();
  });
});
