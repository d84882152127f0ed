import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The PDF's text, page by page (each page's text items joined with spaces). */
export async function pdfText(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

/** A run of text as the PDF draws it, boxed in points from the page's top-left corner. */
export type PdfTextRun = { text: string; left: number; right: number; top: number; bottom: number; baseline: number };

/**
 * The PDF's text runs, page by page, each with its box: where a reader would see it. The box's
 * height is the font size (pdf.js's item height), from the baseline up.
 */
export async function pdfTextRuns(pdf: Buffer): Promise<PdfTextRun[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl })
    .promise;
  const pages: PdfTextRun[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const pageHeight = page.getViewport({ scale: 1 }).height;
    const content = await page.getTextContent();
    const runs: PdfTextRun[] = [];
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , , , x, y] = item.transform as number[];
      const baseline = pageHeight - y!;
      runs.push({ text: item.str, left: x!, right: x! + item.width, top: baseline - item.height, bottom: baseline, baseline });
    }
    pages.push(runs);
  }
  await document.destroy();
  return pages;
}
