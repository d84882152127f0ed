import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
  app.get('/intake/*', (_request, reply) => {
    reply.header('cache-control', PAGE_CACHE);
    embeddableAnywhere(reply);
    return reply.type('text/html').sendFile(INTAKE_PAGE);
  });
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', PAGE_CACHE).send(ROBOTS_TXT));
}

/**
 * The public intake form's page (/intake/:company/:form): its own small build, not the app's
 * index.html, so a visitor on a phone downloads none of the firm app (ADR 81).
 */
export const INTAKE_PAGE = 'intake.html';

/**
 * A firm pastes its intake form into its own website as an iframe: that page alone may be framed by
 * any site (helmet's frame-ancestors 'self' and X-Frame-Options otherwise refuse it). It holds
 * nothing of the visitor's but what they type into it.
 */
function embeddableAnywhere(reply: FastifyReply) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
}

/**
 * Search engines may list the doors in (sign-in, sign-up, a firm's portal sign-in) and nothing
 * behind them: the application, the API, and the public invoice and trust-request links, whose
 * unguessable addresses are meant for one client each.
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /login',
  'Allow: /signup',
  'Allow: /forgot-password',
  'Allow: /portal/*/login',
  'Allow: /portal/*/signup',
  'Disallow: /',
  '',
].join('\n');

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

/**
 * Sends a page written per request (a firm page's index.html with its preload links) compressed
 * as the build's files are: the not-found handler that answers pages is not a route, so the
 * compression plugin does not see it. A few kilobytes: compressing them costs microseconds.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html').header('cache-control', PAGE_CACHE).header('vary', 'accept-encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === null) return reply.send(html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? brotliCompressSync(html) : gzipSync(html));
}

/** A path that is a missing file, not a page: answering index.html would hand HTML to a script tag. */
export const isMissingAsset = (url: string) => url.startsWith('/assets/');
