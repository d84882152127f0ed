import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ by its content hash: a changed file is a new URL. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so the browser revalidates it (ETag) on every visit. */
export const PAGE_CACHE = 'no-cache';

/**
 * Serves the built web app beside the API: the brotli or gzip file the build wrote when the
 * browser accepts it, hashed assets cached for a year, and index.html for every page the web app
 * routes on the client, `/` included.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const isHashedAsset = relative(webDistDir, path).startsWith(`assets${sep}`);
      reply.header('cache-control', isHashedAsset ? HASHED_ASSET_CACHE : PAGE_CACHE);
    },
  });
  app.get('/', (_request, reply) => reply.type('text/html').sendFile('index.html'));
}

/**
 * index.html with the chunks every firm page loads (firm-preloads.json, written by the web build)
 * named as modulepreload links: the browser fetches and compiles them while the entry still runs.
 * Read on every request, as the static files are: a new build is served without a restart. Null
 * when the build wrote no list.
 */
export async function firmPageHtml(webDistDir: string): Promise<string | null> {
  const [list, page] = await Promise.all([
    readFile(join(webDistDir, 'firm-preloads.json'), 'utf8').catch(() => null),
    readFile(join(webDistDir, 'index.html'), 'utf8'),
  ]);
  if (list === null) return null;
  const links = (JSON.parse(list) as string[]).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return page.replace('</head>', `${links}</head>`);
}

/** A path that is a missing file, not a page: answering index.html would hand HTML to a script tag. */
export const isMissingAsset = (url: string) => url.startsWith('/assets/');
