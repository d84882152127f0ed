import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkZipEntries, DEFAULT_ZIP_LIMITS, ZipRefusedError } from '../src/platform/files/zip-guard.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { addVersion, documentOf, DOCX, PDF, processingDependencies, runJob, versionOf } from './document-processing-fixture.ts';
import { makeDocx, makePdf, makeScannedPdf, makeScannedPng } from './support/sample-files.ts';
import { createTestApp, seedTestFirm, type TestContext } from './support/test-app.ts';

/**
 * Text extraction of stored versions with the real tools: pdfjs for a PDF's text layer, mammoth for
 * Word, pdftoppm and Tesseract for scans. No scanner here: versions are stored Available.
 */
let context: TestContext;
let firm: SeededFirm;
const withOcr = () => processingDependencies(context, { scanner: null, isOcrEnabled: true });
const add = (bytes: Buffer, contentType: string, fileName: string, documentId?: string) =>
  addVersion(context, firm, { bytes, contentType, fileName, scanStatus: 'available', documentId });

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
}, 60_000);
afterAll(() => context.close());

describe('document text extraction', () => {
  it("reads a PDF's text layer into the version and the document's search text", async () => {
    const pdf = await makePdf({
      paragraphs: [
        'Deed of assignment between Lagoon Shipping Limited and Brightwater Energy Limited.',
        'The assignor transfers the leasehold interest in the warehouse at Apapa wharf to the assignee.',
      ],
    });
    const { documentId, versionId } = await add(pdf, PDF, 'deed.pdf');
    await runJob(withOcr());
    const version = await versionOf(context, firm.firmId, versionId);
    expect(version.textStatus).toBe('extracted');
    expect(version.extractedText).toContain('Deed of assignment between Lagoon Shipping Limited');
    expect(version.extractedText).toContain('Apapa wharf');
    expect(version.extractedAt).toBeInstanceOf(Date);
    const document = await documentOf(context, firm.firmId, documentId);
    expect(document.contentText).toBe(version.extractedText);
    expect(document.searchVector).toContain("'apapa'");
  });

  it('reads a Word document', async () => {
    const { versionId } = await add(
      makeDocx(['Witness statement of Amaka Nwosu', 'I was present at the meeting of 4 March.']),
      DOCX,
      'statement.docx',
    );
    await runJob(withOcr());
    const version = await versionOf(context, firm.firmId, versionId);
    expect(version.textStatus).toBe('extracted');
    expect(version.extractedText).toContain('Witness statement of Amaka Nwosu');
    expect(version.extractedText).toContain('present at the meeting of 4 March');
  });

  it('reads a scanned image and a scanned (image-only) PDF by OCR', async () => {
    const line = 'NOTICE OF APPEAL FILED';
    const image = await add(await makeScannedPng(line), 'image/png', 'notice.png');
    const scannedPdf = await add(await makeScannedPdf(line), PDF, 'notice-scan.pdf');
    await runJob(withOcr());
    for (const { versionId } of [image, scannedPdf]) {
      const version = await versionOf(context, firm.firmId, versionId);
      expect(version.textStatus).toBe('extracted');
      expect(version.extractedText?.toUpperCase()).toContain('NOTICE OF APPEAL');
    }
    expect((await documentOf(context, firm.firmId, scannedPdf.documentId)).contentText?.toUpperCase()).toContain('APPEAL');
  }, 60_000);

  it('leaves scans unread when OCR is off, and other types without text', async () => {
    const image = await add(await makeScannedPng('EXHIBIT A'), 'image/png', 'exhibit.png');
    const zip = await add(Buffer.from('PK\x03\x04 not a document'), 'application/zip', 'bundle.zip');
    await runJob(processingDependencies(context, { scanner: null, isOcrEnabled: false }));
    for (const { versionId } of [image, zip]) {
      const version = await versionOf(context, firm.firmId, versionId);
      expect(version.textStatus).toBe('none');
      expect(version.extractedText).toBeNull();
    }
  });

  it('marks a file it cannot read as failed after its third failed attempt, once, without failing the job', async () => {
    const { versionId } = await add(Buffer.from('%PDF-1.7\nthis is not really a PDF'), PDF, 'broken.pdf');
    for (const attempt of [1, 2]) {
      await expect(runJob(withOcr())).resolves.toBeGreaterThanOrEqual(1);
      expect(await versionOf(context, firm.firmId, versionId)).toMatchObject({ textStatus: 'pending', textAttempts: attempt });
    }
    await expect(runJob(withOcr())).resolves.toBeGreaterThanOrEqual(1);
    expect(await versionOf(context, firm.firmId, versionId)).toMatchObject({ textStatus: 'failed', textAttempts: 3 });
    await expect(runJob(withOcr())).resolves.toBe(0);
  });

  it("keeps the document's search text that of its current version", async () => {
    const first = await add(makeDocx(['Original lease of the Ikoyi property']), DOCX, 'lease.docx');
    const second = await add(makeDocx(['Amended lease of the Lekki property']), DOCX, 'lease.docx', first.documentId);
    await runJob(withOcr());
    expect((await versionOf(context, firm.firmId, first.versionId)).extractedText).toContain('Ikoyi');
    expect((await versionOf(context, firm.firmId, second.versionId)).extractedText).toContain('Lekki');
    const document = await documentOf(context, firm.firmId, first.documentId);
    expect(document.contentText).toContain('Lekki');
    expect(document.contentText).not.toContain('Ikoyi');
  });

  it('does nothing twice: a rerun finds no work and changes nothing', async () => {
    const { versionId, documentId } = await add(makeDocx(['Power of attorney']), DOCX, 'poa.docx');
    await runJob(withOcr());
    const before = await versionOf(context, firm.firmId, versionId);
    await expect(Promise.all([runJob(withOcr()), runJob(withOcr())])).resolves.toEqual([0, 0]);
    const after = await versionOf(context, firm.firmId, versionId);
    expect(after.extractedAt).toEqual(before.extractedAt);
    expect((await documentOf(context, firm.firmId, documentId)).contentText).toBe(before.extractedText);
  });
});

describe('the Word document guard', () => {
  it('measures what a zip really inflates to, before mammoth inflates it in memory', async () => {
    const docx = makeDocx(['Tenancy agreement', 'a'.repeat(300_000)]);
    expect(docx.length).toBeLessThan(10_000);
    await expect(checkZipEntries(docx)).resolves.toBeUndefined();
    await expect(checkZipEntries(docx, { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 250_000 })).rejects.toThrow(ZipRefusedError);
    await expect(checkZipEntries(Buffer.from('not a zip at all'))).rejects.toThrow(ZipRefusedError);
    await expect(checkZipEntries(docx.subarray(0, docx.length - 30))).rejects.toThrow(ZipRefusedError);
  });
});
