import PDFDocument from 'pdfkit';
import PizZip from 'pizzip';
import { type Locator, type Page } from '@playwright/test';
import { expect, firmApi, signInAsFirmUser, test } from './support.ts';

// Seeded demo firm (apps/api/src/seed/demo-seed.ts): Ada Okafor is the administrator and Kestrel
// Software Ltd one of its clients.
const ADMIN = 'admin@demo.law';
const CLIENT = 'Kestrel Software Ltd';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toLowerCase();

/** A real PDF with a line of text, as a court filing would be. */
function pdfWith(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.fontSize(14).text(text);
    document.end();
  });
}

/** A real Word document with the least Word needs (content types, the package's relationship, the body): one paragraph per line. */
function docxWith(lines: string[]): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = lines.map((line) => `<w:p><w:r><w:t xml:space="preserve">${line}</w:t></w:r></w:p>`).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type FileToSend = { name: string; mimeType: string; buffer: Buffer };

/** Drags files onto a drop target as the browser does: dragover, then drop, with the files in a DataTransfer. */
async function dropFiles(page: Page, target: Locator, files: FileToSend[]) {
  const dataTransfer = await page.evaluateHandle(
    (sent) => {
      const transfer = new DataTransfer();
      for (const file of sent) {
        const bytes = Uint8Array.from(atob(file.base64), (character) => character.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** The dialog's File field is a button that opens the file chooser. */
async function chooseFile(page: Page, dialog: Locator, file: FileToSend) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'File' }).click();
  await (await chooser).setFiles(file);
}

async function firstMatterOfClient(page: Page, clientName: string): Promise<string> {
  const clients = await firmApi<{ companies: { companyId: string; companyName?: string; name?: string }[] }>(
    page,
    'GET',
    '/admin/client-info/get-associated-client-users',
  );
  const client = clients.companies.find((company) => JSON.stringify(company).includes(clientName))!;
  const matters = await firmApi<{ id: string }[] | { data: { id: string }[] }>(
    page,
    'GET',
    `/admin/matter-master/get-matter-name-using-client?ClientId=${client.companyId}`,
  );
  return (Array.isArray(matters) ? matters : matters.data)[0]!.id;
}

test('documents: two files dragged into a matter’s folder, a new version, the first restored, checked out and in, found by a word inside, shared with the client', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const id = stamp();
  // A word no other document holds, so the search finds this one by its content alone.
  const word = `quillon${id.replace(/[0-9]/g, '')}x${id.length}`;
  const briefName = `Statement of claim ${id}.pdf`;
  const photoName = `Site photo ${id}.png`;
  const letterName = `Engagement letter ${id}.docx`;
  const first = await pdfWith(`Statement of claim. The claimant relies on the ${word} clause of the lease.`);
  const second = await pdfWith('Statement of claim, amended after the pre-trial conference.');

  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const matterId = await firstMatterOfClient(page, CLIENT);

  // Drop two files on the matter's Documents tab: each has its own progress bar and its size in 1024-based units.
  await page.goto(`/matter/${matterId}?activeTab=documents`);
  await dropFiles(page, page.getByTestId('document-dropzone'), [
    { name: briefName, mimeType: 'application/pdf', buffer: first },
    { name: photoName, mimeType: 'image/png', buffer: PNG },
    {
      name: letterName,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docxWith(['Dear Mr Bello,', 'We are pleased to act for you.']),
    },
  ]);
  const uploads = page.getByTestId('upload-item');
  await expect(uploads).toHaveCount(3);
  await expect(page.getByRole('progressbar', { name: `Uploading ${briefName}` })).toBeAttached();
  await expect(uploads.filter({ hasText: briefName })).toContainText(/Uploaded/);
  await expect(uploads.filter({ hasText: photoName })).toContainText(/Uploaded/);
  await expect(uploads.filter({ hasText: photoName })).toContainText(`${PNG.length} Bytes`);
  await expect(uploads.filter({ hasText: briefName })).toContainText(/\d(\.\d+)? KB/);

  await expect(uploads.filter({ hasText: letterName })).toContainText(/Uploaded/);

  // The Word letter reads in the page, rendered by the server.
  const documentsTable = page.getByRole('table', { name: 'Documents' });
  await documentsTable.getByRole('link', { name: letterName }).click();
  await expect(page).toHaveURL(/\/documents\/document\//);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('document', { name: `Preview of ${letterName}` })).toContainText('We are pleased to act for you.');
  await page.goBack();

  await expect(documentsTable.getByRole('link', { name: photoName })).toBeVisible();
  await documentsTable.getByRole('link', { name: briefName }).click();
  await expect(page).toHaveURL(/\/documents\/document\//);
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByTestId('version-1')).toBeVisible();
  // The PDF in the page, drawn by PDF.js.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('img', { name: `${briefName}, page 1 of 1` })).toBeVisible();

  // A new version; then the first restored as the newest (version 3), the second kept.
  await page.getByRole('button', { name: 'Upload new version' }).click();
  let dialog = page.getByRole('dialog', { name: `Upload a new version of ${briefName}` });
  await chooseFile(page, dialog, { name: briefName, mimeType: 'application/pdf', buffer: second });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(versions.getByTestId('version-2')).toContainText('Current');

  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(versions.getByTestId('version-3')).toContainText('Current');
  await expect(versions.getByTestId('version-2')).toBeVisible();

  // Check out, then check in: a fourth version, and the document is free again.
  await page.getByRole('button', { name: 'Check out' }).click();
  dialog = page.getByRole('dialog', { name: `Check out ${briefName}` });
  await dialog.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByTestId('checkout-status')).toContainText(/Checked out by .+ until \d\d\/\d\d\/\d{4} \d\d:\d\d \(from version 3\)/);
  await page.getByRole('button', { name: 'Check in' }).click();
  dialog = page.getByRole('dialog', { name: `Check in ${briefName}` });
  await chooseFile(page, dialog, { name: briefName, mimeType: 'application/pdf', buffer: first });
  await dialog.getByRole('button', { name: 'Check in' }).click();
  await expect(versions.getByTestId('version-4')).toContainText('Current');
  await expect(page.getByTestId('checkout-status')).toHaveCount(0);

  // Shared with the client.
  await page.getByRole('button', { name: 'Share with client' }).click();
  await expect(page.getByRole('button', { name: 'Unshare' })).toBeVisible();
  const documentUrl = page.url();

  // Found by the word inside it, once its text has been read in the background.
  await page.goto('/documents/search');
  await expect(async () => {
    await page.getByRole('textbox', { name: 'Words to find' }).fill(word);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('search-hit').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const hit = page.getByTestId('search-hit').filter({ hasText: briefName });
  await expect(hit.getByTestId('search-snippet').locator('mark')).toHaveText(word);
  await hit.getByRole('link', { name: briefName }).click();
  await expect(page).toHaveURL(documentUrl);
});
