import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { AppError } from '../../lib/errors.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { pngOfRaster, rasterOfPpm } from './png-of-pixels.ts';

const run = promisify(execFile);

/** The pages' width in pixels: A4 at 150 dpi, sharp on a phone (390 px at 3×) and on a desktop's 880 px column. */
export const PAGE_IMAGE_WIDTH = 1240;
/** A longer document is read with PDF.js: a page-count cap, so one hostile PDF cannot fill the store. */
export const PAGE_IMAGE_MAX_PAGES = 300;
const PDFINFO_TIME_LIMIT_MS = 5_000;
const RENDER_TIME_LIMIT_MS = 15_000;
/** Never a giant raster: a page taller than this many widths (a receipt roll) is read with PDF.js. */
const MAX_ASPECT = 8;

/** 422: no page images of this document here (poppler missing, too many pages, a PDF it cannot draw in time); the page reads the PDF itself. */
const unavailable = (message: string) => new AppError(422, message, undefined, 'UNPROCESSABLE_CONTENT');

export type PageSize = { width: number; height: number };
export type PageLayout = { width: number; pages: PageSize[] };

/** The document version whose pages are shown: its store key prefix names the firm, document, version and its SHA-256. */
export type PageSource = { firmId: string; documentId: string; versionNumber: number; sha256: string; read(): Promise<Buffer> };

async function inTempDirectory<T>(fn: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'matterhorn-pages-'));
  try {
    return await fn(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The pages' sizes in pixels at PAGE_IMAGE_WIDTH, from pdfinfo (its rotation applied). */
export function layoutOfPdfinfo(output: string): PageLayout {
  const sizes = new Map<number, { width: number; height: number; rotation: number }>();
  for (const line of output.split('\n')) {
    const size = /^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+)/.exec(line);
    if (size)
      sizes.set(Number(size[1]), { width: Number(size[2]), height: Number(size[3]), rotation: sizes.get(Number(size[1]))?.rotation ?? 0 });
    const rotation = /^Page\s+(\d+)\s+rot:\s+(\d+)/.exec(line);
    const page = rotation && sizes.get(Number(rotation[1]));
    if (page) page.rotation = Number(rotation[2]);
  }
  const count = Number(/^Pages:\s+(\d+)/m.exec(output)?.[1] ?? 0);
  if (count < 1 || count > PAGE_IMAGE_MAX_PAGES || sizes.size !== count) throw unavailable('This document is shown without page images');
  const pages = [...sizes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, { width, height, rotation }]) => {
      const [across, down] = rotation % 180 === 90 ? [height, width] : [width, height];
      return { width: PAGE_IMAGE_WIDTH, height: Math.round((PAGE_IMAGE_WIDTH * down) / across) };
    });
  if (pages.some((page) => !(page.height > 0) || page.height > PAGE_IMAGE_WIDTH * MAX_ASPECT))
    throw unavailable('This document is shown without page images');
  return { width: PAGE_IMAGE_WIDTH, pages };
}

/** Whether poppler's tools are installed (CI installs them; a developer's machine may not have them). */
let popplerCheck: Promise<boolean> | null = null;
const hasPoppler = () =>
  (popplerCheck ??= run('pdftoppm', ['-v'], { timeout: PDFINFO_TIME_LIMIT_MS }).then(
    () => true,
    () => false,
  ));

/**
 * Page images of the document a signer reads, made by poppler once per document version and kept
 * in the file store beside the documents; the PDF is read and drawn only after the caller's
 * transaction (never while holding a database connection), in a child process with a time limit,
 * so a hostile PDF fails only its own request. Two asks for the same page at once share one drawing.
 */
export function createSigningPageImages(files: FileStore | undefined) {
  const drawing = new Map<string, Promise<Buffer>>();
  const prefixOf = (source: PageSource) =>
    `signing-pages/${source.firmId}/${source.documentId}/${source.versionNumber}-${source.sha256}/${PAGE_IMAGE_WIDTH}`;

  async function kept(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    if (!files) throw unavailable('Page images are not available');
    const stored = await files.read(key);
    if (stored) return buffer(stored);
    let made = drawing.get(key);
    if (!made) {
      made = make().then(async (content) => {
        await files.write(key, Readable.from([content]));
        return content;
      });
      drawing.set(key, made);
      void made.finally(() => drawing.delete(key)).catch(() => {});
    }
    return made;
  }

  async function withPdf<T>(source: PageSource, fn: (pdfPath: string, directory: string) => Promise<T>): Promise<T> {
    if (!(await hasPoppler())) throw unavailable('Page images are not available');
    const content = await source.read();
    return inTempDirectory(async (directory) => {
      const pdfPath = join(directory, 'document.pdf');
      await writeFile(pdfPath, content);
      try {
        return await fn(pdfPath, directory);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw unavailable('This document is shown without page images');
      }
    });
  }

  async function layout(source: PageSource): Promise<PageLayout> {
    const content = await kept(`${prefixOf(source)}/layout.json`, () =>
      withPdf(source, async (pdfPath) => {
        const { stdout } = await run('pdfinfo', ['-f', '1', '-l', String(PAGE_IMAGE_MAX_PAGES + 1), pdfPath], {
          timeout: PDFINFO_TIME_LIMIT_MS,
          maxBuffer: 1024 * 1024,
        });
        return Buffer.from(JSON.stringify(layoutOfPdfinfo(stdout)));
      }),
    );
    return JSON.parse(content.toString('utf8')) as PageLayout;
  }

  return {
    layout,
    /** Page `pageNumber` as a PNG; 404 for a page the document does not have. */
    async page(source: PageSource, pageNumber: number): Promise<Buffer> {
      const { pages } = await layout(source);
      if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages.length)
        throw new AppError(404, `The document has ${pages.length} pages`, undefined, 'NOT_FOUND');
      return kept(`${prefixOf(source)}/page-${pageNumber}.png`, () =>
        withPdf(source, async (pdfPath, directory) => {
          const page = String(pageNumber);
          const target = join(directory, 'page');
          await run(
            'pdftoppm',
            ['-f', page, '-l', page, '-singlefile', '-scale-to-x', String(PAGE_IMAGE_WIDTH), '-scale-to-y', '-1', pdfPath, target],
            {
              timeout: RENDER_TIME_LIMIT_MS,
            },
          );
          return pngOfRaster(rasterOfPpm(await readFile(`${target}.ppm`)));
        }),
      );
    },
  };
}

export type SigningPageImages = ReturnType<typeof createSigningPageImages>;
