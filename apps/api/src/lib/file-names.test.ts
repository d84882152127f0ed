import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDispositionOf } from './file-names.ts';

describe('cleanFileName', () => {
  it('keeps the last path part, without control characters or quotes', () => {
    expect(cleanFileName('C:\\Users\\ada\\Brief "final".pdf')).toBe('Brief final.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('Exhibit\u0000 A.pdf')).toBe('Exhibit A.pdf');
  });

  it('drops direction overrides, isolates and C1 controls, so a name cannot pass for another type', () => {
    expect(cleanFileName('Invoice\u202Efdp.exe')).toBe('Invoicefdp.exe');
    expect(cleanFileName('\u2066Brief\u2069\u0085 final\u2028.pdf')).toBe('Brief final.pdf');
    expect(cleanFileName('محمد\u200F.pdf')).toBe('محمد\u200F.pdf');
  });

  it('names a file "attachment" when nothing of a file name is left, or only "." or ".."', () => {
    for (const name of [undefined, '', '   ', 'folder/', '.', '..', 'a/..', ' .. ']) expect(cleanFileName(name)).toBe('attachment');
    expect(cleanFileName('...')).toBe('...');
  });

  it('keeps at most 200 characters', () => {
    expect(cleanFileName(`${'a'.repeat(250)}.pdf`)).toHaveLength(200);
  });
});

describe('contentDispositionOf', () => {
  it('sends the name as ASCII (each other character an underscore, quotes too) and as UTF-8', () => {
    expect(contentDispositionOf('Ọ̀rọ̀ "a".pdf')).toBe(
      `attachment; filename="__r__ _a_.pdf"; filename*=UTF-8''${encodeURIComponent('Ọ̀rọ̀ "a".pdf')}`,
    );
  });
});
