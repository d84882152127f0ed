import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A scanned bundle can be hundreds of pages; search needs the first ones, and OCR costs seconds a page. */
export const OCR_MAX_PAGES = 20;
const PAGE_TIME_LIMIT_MS = 60_000;
const RASTER_TIME_LIMIT_MS = 120_000;

/** Whether a program is on PATH (checked once at startup: OCR is offered only when tesseract is installed). */
export function isOnPath(program: string, path = process.env.PATH ?? ''): boolean {
  return path.split(delimiter).some((directory) => {
    try {
      accessSync(join(directory, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Runs fn with a private temporary directory, removed afterwards whatever happens. */
async function inTempDirectory<T>(fn: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'matterhorn-ocr-'));
  try {
    return await fn(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Tesseract on one image file (English), its text on stdout. No shell: arguments are never parsed. */
async function ocrFile(imagePath: string): Promise<string> {
  const { stdout } = await run('tesseract', [imagePath, 'stdout', '-l', 'eng'], {
    timeout: PAGE_TIME_LIMIT_MS,
    maxBuffer: 16 * 1024 * 1024,
    // One thread per page: OpenMP's default of every core makes a busy server slower, not faster.
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  });
  return stdout;
}

/** The text of a scanned image (PNG, JPEG or TIFF; every frame of a multi-page TIFF). */
export function ocrImage(bytes: Buffer): Promise<string> {
  return inTempDirectory(async (directory) => {
    const imagePath = join(directory, 'page');
    await writeFile(imagePath, bytes);
    return ocrFile(imagePath);
  });
}

/** The text of a scanned PDF: its first pages rasterised at 300 dpi by pdftoppm, each OCR'd. */
export function ocrPdf(bytes: Buffer, maxPages = OCR_MAX_PAGES): Promise<string> {
  return inTempDirectory(async (directory) => {
    const pdfPath = join(directory, 'document.pdf');
    await writeFile(pdfPath, bytes);
    await run('pdftoppm', ['-r', '300', '-gray', '-png', '-f', '1', '-l', String(maxPages), pdfPath, join(directory, 'page')], {
      timeout: RASTER_TIME_LIMIT_MS,
    });
    // pdftoppm pads page numbers to the width of the last one, so the names sort in page order.
    const pages = (await readdir(directory)).filter((name) => name.startsWith('page') && name.endsWith('.png')).sort();
    const texts: string[] = [];
    for (const page of pages) texts.push(await ocrFile(join(directory, page)));
    return texts.join('\n\f\n');
  });
}
