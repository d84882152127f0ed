import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ocrImage, ocrPdf } from './document-text-ocr.ts';
import { checkZipEntries, DEFAULT_ZIP_LIMITS, type ZipLimits } from '../../platform/files/zip-guard.ts';

/** What search keeps of a document: more than a long contract, less than a row PostgreSQL chokes on. */
export const EXTRACTED_TEXT_MAX_CHARS = 1_000_000;
/** Fewer letters than this per page and a PDF is taken for a scan (its "text" is a stray header at most). */
const SCANNED_PDF_CHARS_PER_PAGE = 20;

export type ExtractedText = { status: 'extracted'; text: string } | { status: 'none' };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const OCR_IMAGES = new Set(['image/png', 'image/jpeg', 'image/tiff']);
/** Accepted only when their first bytes were UTF-8 (document-uploads.ts): read as they are. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'message/rfc822']);
/** UTF-8 takes at most 4 bytes a character: past this, nothing more would be kept. */
const TEXT_MAX_BYTES = 4 * EXTRACTED_TEXT_MAX_CHARS;

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The PDF's text layer, page by page, and how many pages it has. */
async function pdfTextLayer(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    // A thousand-page bundle stops being read once it has filled what search keeps.
    for (let number = 1; number <= pdf.numPages && length < EXTRACTED_TEXT_MAX_CHARS; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
      pages.push(text);
      length += text.length;
      page.cleanup();
    }
    return { text: pages.join('\n\f\n'), pages: pdf.numPages };
  } finally {
    await pdf.destroy();
  }
}

const letterCount = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length;

/** Spaces collapsed within lines, blank runs shortened, capped: what is stored and indexed. */
export function tidyText(text: string): string {
  const tidy = text
    // PostgreSQL text cannot hold NUL, and some PDFs' text layers are full of them.
    .replace(/\0/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n\f]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return tidy.slice(0, EXTRACTED_TEXT_MAX_CHARS);
}

/**
 * The searchable text of a file, by its (sniffed) content type: a PDF's text layer, or OCR of its
 * pages when it has (almost) none; a Word document's paragraphs; a text, CSV or email file as it
 * is; an image's OCR. Other types (a zip is never opened here: only the scanner looks inside), and
 * scans when OCR is off, have none. Throws when the file cannot be read (a corrupt PDF, a zip bomb).
 * Runs in the document worker (document-work.ts), never in the API process.
 */
export async function extractText(
  contentType: string,
  bytes: Buffer,
  { isOcrEnabled, zipLimits = DEFAULT_ZIP_LIMITS }: { isOcrEnabled: boolean; zipLimits?: ZipLimits },
): Promise<ExtractedText> {
  let text = '';
  if (contentType === 'application/pdf') {
    const layer = await pdfTextLayer(bytes);
    text = layer.text;
    if (isOcrEnabled && letterCount(text) < SCANNED_PDF_CHARS_PER_PAGE * Math.max(layer.pages, 1)) {
      const scanned = await ocrPdf(bytes);
      if (letterCount(scanned) > letterCount(text)) text = scanned;
    }
  } else if (contentType === DOCX) {
    // mammoth inflates every part it reads whole, in memory.
    await checkZipEntries(bytes, zipLimits);
    text = (await mammoth.extractRawText({ buffer: bytes })).value;
  } else if (TEXT_TYPES.has(contentType)) {
    text = bytes.subarray(0, TEXT_MAX_BYTES).toString('utf8');
  } else if (OCR_IMAGES.has(contentType) && isOcrEnabled) {
    text = await ocrImage(bytes);
  } else {
    return { status: 'none' };
  }
  const tidy = tidyText(text);
  return tidy ? { status: 'extracted', text: tidy } : { status: 'none' };
}
