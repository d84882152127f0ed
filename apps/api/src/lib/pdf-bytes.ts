/**
 * The bytes of a PDFKit document, collected as it is written: resolves once `doc.end()` has flushed
 * the last page, rejects on the document's error. Call it before drawing, so no chunk is missed.
 */
export function pdfBytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
