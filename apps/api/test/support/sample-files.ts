import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import PizZip from 'pizzip';

const run = promisify(execFile);

/** A PDF made by pdfkit: each paragraph in Helvetica at `fontSize`, or (image) a PNG filling the page. */
export function makePdf(content: { paragraphs?: string[]; fontSize?: number; image?: Buffer }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (content.image) doc.image(content.image, 50, 50, { fit: [495, 742] });
    doc.font('Helvetica').fontSize(content.fontSize ?? 12);
    for (const paragraph of content.paragraphs ?? []) doc.text(paragraph).moveDown();
    doc.end();
  });
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal Word document (.docx): the three parts Word and mammoth need, one paragraph per line. */
export function makeDocx(paragraphs: string[]): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs.map((paragraph) => `<w:p><w:r><w:t xml:space="preserve">${xml(paragraph)}</w:t></w:r></w:p>`).join('') +
      '</w:body></w:document>',
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A "scan" of a printed line: a PDF printing it large, rasterised by pdftoppm to a PNG (no text layer). */
export async function makeScannedPng(line: string): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'matterhorn-sample-'));
  try {
    await writeFile(join(directory, 'printed.pdf'), await makePdf({ paragraphs: [line], fontSize: 28 }));
    await run('pdftoppm', ['-r', '150', '-gray', '-png', '-singlefile', join(directory, 'printed.pdf'), join(directory, 'scan')]);
    return await readFile(join(directory, 'scan.png'));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A scanned PDF: only an image of the printed line, no text layer. */
export async function makeScannedPdf(line: string): Promise<Buffer> {
  return makePdf({ image: await makeScannedPng(line) });
}
