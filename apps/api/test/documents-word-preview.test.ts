import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MESSAGES, DOCX_CONTENT_TYPE, WORD_PREVIEW_MAX_BYTES } from '@matterhorn/shared';
import { sanitizeWordHtml } from '../src/modules/documents/document-word-html.ts';
import { createWordPreviewService } from '../src/modules/documents/document-word-preview.ts';
import { makeDocx, makeDocxWithBody } from './support/docx-template.ts';
import { DOCUMENT_BASE, setUpDocumentFixture, type DocumentFixture } from './support/document-fixture.ts';

let fixture: DocumentFixture;
let folderId: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  folderId = await fixture.matterFolderId();
});
afterAll(() => fixture.context.close());

async function uploadWord(fileName: string, content: Buffer): Promise<string> {
  const response = await fixture.upload(folderId, { fileName, content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

const preview = (id: string, query = '', token = fixture.tokens.admin) =>
  fixture.call('GET', `${DOCUMENT_BASE}/preview-html/${id}${query}`, token);

describe('preview-html: a Word document in the page', { timeout: 60_000 }, () => {
  it('answers the paragraphs as HTML, and a version by number', async () => {
    const id = await uploadWord('Engagement letter.docx', makeDocx(['Dear Ms Adebayo,', 'We are pleased to act for you.']));
    const second = makeDocxWithBody(
      '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Revised terms</w:t></w:r></w:p><w:p><w:r><w:t>Our fees are set out below.</w:t></w:r></w:p>',
    );
    expect((await fixture.send(`${DOCUMENT_BASE}/upload-new-version/${id}`, {}, { fileName: 'v2.docx', content: second })).statusCode).toBe(
      201,
    );

    const newest = await preview(id);
    expect(newest.statusCode, newest.body).toBe(200);
    expect(newest.json()).toMatchObject({
      success: true,
      data: { html: '<p><strong>Revised terms</strong></p><p>Our fees are set out below.</p>' },
    });
    const first = await preview(id, '?Version=1');
    expect(first.json().data.html).toBe('<p>Dear Ms Adebayo,</p><p>We are pleased to act for you.</p>');
  });

  it('keeps markup typed in the document as text', async () => {
    const id = await uploadWord('Pasted.docx', makeDocx(['<script>alert(1)</script><img src=x onerror=alert(2)>']));
    const html: string = (await preview(id)).json().data.html;
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</p>');
  });

  it('is refused as the download is: another firm’s (404), while scanning or once quarantined (409)', async () => {
    const id = await uploadWord('Private memo.docx', makeDocx(['Privileged']));
    const theirs = await preview(id, '', fixture.tokens.otherAdmin);
    expect([theirs.statusCode, theirs.json().success]).toEqual([404, false]);
    expect((await preview(id, '?Version=2')).statusCode).toBe(404);
    const noPermission = await fixture.memberWith(['clientInfo']);
    expect((await preview(id, '', noPermission)).statusCode).toBe(403);
    for (const [status, message] of [
      ['scanning', DOCUMENT_MESSAGES.scanning],
      ['quarantined', DOCUMENT_MESSAGES.quarantined],
    ] as const) {
      await fixture.sqlRows(sql`update document_versions set scan_status = ${status} where document_id = ${id}`);
      const refused = await preview(id);
      expect([refused.statusCode, refused.json().message]).toEqual([409, message]);
    }
  });

  it('refuses a document that is not Word (400)', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Lease.pdf', 'Lease');
    const refused = await preview(id);
    expect([refused.statusCode, refused.json().message]).toEqual([400, DOCUMENT_MESSAGES.previewNotWord]);
  });
});

describe('the Word preview’s limits', () => {
  it('refuses a file over the preview size before reading a byte of it (422)', async () => {
    const read = vi.fn(async () => Buffer.alloc(0));
    const wordHtml = vi.fn(async () => '');
    const previews = createWordPreviewService({
      documents: { openVersion: async () => ({ contentType: DOCX_CONTENT_TYPE, sizeBytes: WORD_PREVIEW_MAX_BYTES + 1, read }) },
      work: { wordHtml },
    });
    const principal = { firmId: fixture.firm.firmId } as Parameters<typeof previews.html>[0];
    await expect(previews.html(principal, 'any')).rejects.toMatchObject({ statusCode: 422, message: DOCUMENT_MESSAGES.previewTooLarge });
    expect(read).not.toHaveBeenCalled();
  });

  it.each([
    ['a script', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an event handler and an id', '<p onclick="alert(1)" id="location">Hi</p>', '<p>Hi</p>'],
    [
      'a link to the web',
      '<a href="https://example.com/terms">terms</a>',
      '<a href="https://example.com/terms" rel="noopener noreferrer" target="_blank">terms</a>',
    ],
    ['a javascript: link', '<a href="javascript:alert(1)">click</a>', '<span>click</span>'],
    ['a footnote anchor', '<sup><a href="#footnote-1" id="footnote-ref-1">[1]</a></sup>', '<sup><span>[1]</span></sup>'],
    [
      'an embedded PNG',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Seal" />',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Seal" />',
    ],
    ['an embedded SVG', '<img src="data:image/svg+xml;base64,PHN2Zz4=" />', ''],
    ['an image from elsewhere', '<img src="https://tracker.example/pixel.gif" />', ''],
    ['a style', '<style>body{display:none}</style><p style="color:red">Hi</p>', '<p>Hi</p>'],
    ['a table', '<table><tr><td colspan="2">Fee</td></tr></table>', '<table><tr><td colspan="2">Fee</td></tr></table>'],
  ])('sanitises %s', (_what, html, safe) => {
    expect(sanitizeWordHtml(html)).toBe(safe);
  });
});
