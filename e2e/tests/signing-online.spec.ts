import PDFDocument from 'pdfkit';
import { readFile } from 'node:fs/promises';
import { emailedLink, expect, signInAsFirmUser, test, uniqueEmail } from './support.ts';

/** A three-page letter, as the firm would send for signature. */
function letterPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    for (let page = 1; page <= 3; page += 1) {
      if (page > 1) document.addPage();
      document.fontSize(14).text(`Engagement letter, page ${page} of 3. The client engages the firm on the terms below.`);
    }
    document.end();
  });
}

test('signing online: the firm sends a PDF with a place marked by keyboard, the signer signs it on a phone with a typed signature, and the firm downloads the sealed copy', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const signerEmail = uniqueEmail('signer');
  const name = `Engagement letter ${Date.now()}`;

  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Set-up: the letter uploaded into the firm's precedents folder.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const top = (await (await page.request.get('/api/admin/document/get-folder', { headers })).json()) as {
    data: { subfolders: { id: string; kind: string }[] };
  };
  const folderId = top.data.subfolders.find((folder) => folder.kind === 'firm')!.id;
  const uploaded = await page.request.post('/api/admin/document/upload-document', {
    headers,
    multipart: { FolderId: folderId, file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: await letterPdf() } },
  });
  expect(uploaded.status()).toBe(201);
  const documentId = ((await uploaded.json()) as { data: { id: string } }).data.id;

  // The sender: signer, then a signature place added from the palette and moved and widened by keyboard.
  await page.goto(`/documents/document/${documentId}`);
  await page.getByRole('link', { name: 'Send for signature' }).click();
  await expect(page.getByRole('heading', { name: `Send ${name}.pdf for signature` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Name' }).fill('Sam Signer');
  await page.getByRole('textbox', { name: 'Email' }).fill(signerEmail);
  await page.getByRole('button', { name: 'Next: place fields' }).click();
  await page.getByRole('button', { name: 'Signature', exact: true }).click();
  const place = page.getByRole('button', { name: 'Signature · Sam Signer' });
  await expect(place).toBeFocused();
  const before = await place.boundingBox();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  const after = await place.boundingBox();
  expect(after!.y).toBeGreaterThan(before!.y);
  expect(after!.width).toBeGreaterThan(before!.width);
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page).toHaveURL(/\/documents\/signature-requests\/[0-9a-f-]+$/);
  const requestUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('row', { name: /Sam Signer/ })).toContainText('Sent');

  // The signer, on a phone, from the emailed link.
  const link = await emailedLink(signerEmail, /\/sign\//);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('group', { name: `${name}.pdf, page 1 of 3` })).toHaveAttribute('data-drawn', 'true');
  await page.getByRole('checkbox', { name: 'I agree to sign electronically' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Adopt your signature' }).click();
  const adopt = page.getByRole('dialog', { name: 'Adopt your signature' });
  await expect(adopt.getByRole('textbox', { name: 'Your signature' })).toHaveValue('Sam Signer');
  await adopt.getByRole('button', { name: 'Adopt and sign' }).click();
  await expect(page.getByRole('button', { name: 'Sam Signer', pressed: true })).toBeVisible();
  await page.getByRole('button', { name: 'Finish signing' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Everyone has signed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish signing' })).toHaveCount(0);

  // The sender sees it completed (the page looks again every few seconds while it is sealed) and downloads the signed copy.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(new URL(requestUrl).pathname);
  await expect(page.getByRole('button', { name: 'Download signed PDF' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download signed PDF' }).click();
  const signed = await download;
  expect(signed.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile((await signed.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
});
