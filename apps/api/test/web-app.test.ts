import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/test-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const INTAKE_HTML = '<!doctype html><html><head><script type="module" src="/assets/intake-Ef56Gh78.js"></script></head></html>';
const SCRIPT = `console.log(${JSON.stringify('the web app '.repeat(200))});`;

type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Over real HTTP, without a client that decompresses: the bytes exactly as the browser receives them. */
function fetchRaw(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** A build as vite writes it: hashed assets under assets/, each beside its .br and .gz. */
async function writeBuild(directory: string) {
  await mkdir(join(directory, 'assets'), { recursive: true });
  for (const [path, content] of [
    ['index.html', INDEX_HTML],
    ['intake.html', INTAKE_HTML],
    ['assets/index-Ab12Cd34.js', SCRIPT],
  ] as const) {
    await writeFile(join(directory, path), content);
    await writeFile(join(directory, `${path}.br`), brotliCompressSync(content));
    await writeFile(join(directory, `${path}.gz`), gzipSync(content));
  }
}

let distDir: string;
let context: TestContext;
let port: number;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'matterhorn-web-'));
  await writeBuild(distDir);
  context = await createTestApp({ webDistDir: distDir });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  port = (context.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await context.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the web app beside the API', () => {
  it('opens the web app at / (the page routes to sign-in or the dashboard)', async () => {
    const answer = await fetchRaw(port, '/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body.toString()).toBe(INDEX_HTML);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('answers every client-side page with index.html, never cached without revalidation', async () => {
    for (const path of ['/login', '/time-entries?page=2', '/matter/3f9a']) {
      const answer = await fetchRaw(port, path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      const html = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body;
      expect(html.toString(), path).toBe(INDEX_HTML);
    }
  });

  it('sends the brotli file to a browser that accepts it, gzip to one that accepts only gzip, plain text otherwise', async () => {
    const brotli = await fetchRaw(port, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);
    expect(brotli.body.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await fetchRaw(port, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const identity = await fetchRaw(port, '/assets/index-Ab12Cd34.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(SCRIPT);
  });

  it('lets the browser keep hashed assets for a year', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await fetchRaw(port, '/assets/index-Ab12Cd34.js', { 'accept-encoding': encoding });
      expect(answer.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('tells search engines to list the sign-in pages only, not the application, the API or the public links', async () => {
    const answer = await fetchRaw(port, '/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const rules = answer.body.toString().split('\n');
    expect(rules[0]).toBe('User-agent: *');
    expect(rules).toEqual(expect.arrayContaining(['Allow: /login', 'Allow: /signup', 'Allow: /portal/*/login']));
    // Everything else, the public invoice and trust-request links included, falls under the last rule.
    expect(rules.filter((rule) => rule.startsWith('Disallow:'))).toEqual(['Disallow: /']);
    expect(rules.some((rule) => rule.includes('/billing'))).toBe(false);
  });

  it('compresses the API’s JSON for a browser that accepts it', async () => {
    const plain = await fetchRaw(port, '/api/docs/json', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = await fetchRaw(port, '/api/docs/json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(answer.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('leaves the web app’s pages out of the API document, so none is said to need a token', async () => {
    const paths = Object.keys(JSON.parse((await fetchRaw(port, '/api/docs/json')).body.toString()).paths as object);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('answers a missing asset with 404, not with the page a script cannot run', async () => {
    const answer = await fetchRaw(port, '/assets/index-Old00000.js');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toEqual({ success: false, message: 'Route not found', code: 'NOT_FOUND', data: null });
  });

  it('answers a public intake form with its own small page, which any website may frame (the embed snippet)', async () => {
    const answer = await fetchRaw(port, '/intake/demo/contact-us', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body;
    expect(html.toString()).toBe(INTAKE_HTML);
    expect(answer.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers['x-frame-options']).toBeUndefined();
    // Every other page still refuses to be framed by another site.
    const login = await fetchRaw(port, '/login');
    expect(login.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(login.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('leaves scripts on plain HTTP when APP_URL is http (a LAN address)', async () => {
    const answer = await fetchRaw(port, '/');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('the security policy behind https', () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await createTestApp({ appUrl: 'https://matterhorn.example', webDistDir: distDir });
  });
  afterAll(() => secure.close());

  it('upgrades insecure requests when APP_URL is https', async () => {
    const answer = await secure.app.inject({ method: 'GET', url: '/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('the firm pages name the firm shell’s code for preloading', () => {
  let withList: TestContext;
  let listDir: string;
  const PRELOADS = ['assets/Shell123.js', 'assets/Query456.js'];
  beforeAll(async () => {
    listDir = await mkdtemp(join(tmpdir(), 'matterhorn-web-'));
    await writeBuild(listDir);
    await writeFile(join(listDir, 'firm-preloads.json'), JSON.stringify(PRELOADS));
    withList = await createTestApp({ webDistDir: listDir });
  });
  afterAll(async () => {
    await withList.close();
    await rm(listDir, { recursive: true, force: true });
  });

  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((found) => found[1]);

  it('links the chunks every firm page loads, in the page of a firm address', async () => {
    for (const url of ['/dashboard', '/time-entries?page=2', '/matter/3f9a?activeTab=time', '/billing/invoice/invoice-empty', '/billing']) {
      const answer = await withList.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(preloadsOf(answer.body), url).toEqual(PRELOADS);
      expect(answer.body, url).toContain('<script type="module" src="/assets/index-Ab12Cd34.js">');
    }
  });

  it('sends a firm page compressed like the build’s files, and plain to a client that accepts neither', async () => {
    const brotli = await withList.app.inject({ method: 'GET', url: '/time-entries', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(preloadsOf(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(PRELOADS);
    const gzip = await withList.app.inject({ method: 'GET', url: '/time-entries', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(preloadsOf(gunzipSync(gzip.rawPayload).toString())).toEqual(PRELOADS);
    const plain = await withList.app.inject({ method: 'GET', url: '/time-entries', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(preloadsOf(plain.body)).toEqual(PRELOADS);
  });

  it('names a new build’s chunks without a restart', async () => {
    await writeFile(join(listDir, 'firm-preloads.json'), JSON.stringify(['assets/Shell789.js']));
    const answer = await withList.app.inject({ method: 'GET', url: '/dashboard' });
    expect(preloadsOf(answer.body)).toEqual(['assets/Shell789.js']);
    await writeFile(join(listDir, 'firm-preloads.json'), JSON.stringify(PRELOADS));
  });

  it('sends sign-in, the public pages and the portal without them (their budgets hold no firm code)', async () => {
    for (const url of [
      '/',
      '/login',
      '/login?redirect=%2Fbilling',
      '/signup',
      '/forgot-password/reset/abc',
      '/verification',
      '/join-team/abc',
      '/setup-firm',
      '/portal/demo/login',
      '/billing/invoice/Zx81slug',
      '/billing/trust-accounting/Zx81slug',
    ]) {
      const answer = await withList.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe(INDEX_HTML);
    }
  });
});
