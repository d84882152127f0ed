// Largest Contentful Paint of the signing page (/sign/{token}) of a 20-page PDF, in headless
// Chromium at 390 × 844 with the CPU slowed 4×, cold cache each run (ADR 86). On demand, not in CI:
//   PORT=4323 DATA_DIR=/tmp/probe SEED_DEMO=true … npm start          (another shell)
//   node scripts/measure-signing-lcp.mjs --url http://127.0.0.1:4323 --outbox /tmp/probe/outbox --runs 7
// It signs in as the demo administrator, uploads a 20-page letter, sends it for signature to one
// signer and opens that signer's emailed link; --path /sign/{token} measures a link already made.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchMeasuringChromium } from './measuring-chromium.mjs';
import PDFDocument from 'pdfkit';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    outbox: { type: 'string', default: 'data/outbox' },
    path: { type: 'string' },
    pages: { type: 'string', default: '20' },
    runs: { type: 'string', default: '7' },
    cpu: { type: 'string', default: '4' },
    email: { type: 'string', default: 'admin@demo.law' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Matterhorn-demo-2026' },
  },
});

function letterOfPages(pages) {
  const document = new PDFDocument({ size: 'A4', margin: 56 });
  const chunks = [];
  document.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  for (let page = 1; page <= pages; page += 1) {
    if (page > 1) document.addPage();
    document.fontSize(14).text(`Engagement letter — page ${page} of ${pages}`).moveDown();
    document.fontSize(10).text('The client engages the firm on the terms below, which both parties sign. '.repeat(40));
  }
  document.end();
  return done;
}

async function newSigningPath(request) {
  const signedIn = await request.post('/api/auth/login', { data: { email: options.email, password: options.password } });
  const token = (await signedIn.json()).data?.token;
  if (!token) throw new Error(`sign-in failed: ${signedIn.status()}`);
  const headers = { Authorization: `Bearer ${token}` };
  const top = await (await request.get('/api/admin/document/get-folder', { headers })).json();
  const folderId = top.data.subfolders.find((folder) => folder.kind === 'firm').id;
  const name = `Twenty-page letter ${Date.now()}`;
  const uploaded = await request.post('/api/admin/document/upload-document', {
    headers,
    multipart: {
      FolderId: folderId,
      file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: await letterOfPages(Number(options.pages)) },
    },
  });
  const documentId = (await uploaded.json()).data.id;
  const signerEmail = `lcp.${Date.now()}@signers.example`;
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/admin/signature-requests/create-request', {
    headers,
    data: {
      documentId,
      title: name,
      expiresOn,
      signingOrder: 'allAtOnce',
      signers: [{ name: 'Lara Page', email: signerEmail, kind: 'other' }],
      fields: [{ signerIndex: 0, kind: 'signature', page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05 }],
    },
  });
  if (!created.ok()) throw new Error(`request not created: ${await created.text()}`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(options.outbox).catch(() => []);
    for (const file of files.filter((entry) => entry.endsWith('.json'))) {
      const message = JSON.parse(await readFile(join(options.outbox, file), 'utf8'));
      if (message.to === signerEmail && message.link?.includes('/sign/')) return new URL(message.link).pathname;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no signing link in the outbox');
}

const browser = await launchMeasuringChromium();
const setUp = await browser.newContext({ baseURL: options.url });
const path = options.path ?? (await newSigningPath(setUp.request));
await setUp.close();
console.log(`measuring ${path}`);

const results = [];
for (let run = 0; run < Number(options.runs); run += 1) {
  // A new context has its own empty HTTP cache: every run is a first visit.
  const context = await browser.newContext({ baseURL: options.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(options.cpu) });
  await page.addInitScript(() => {
    window.__largestContentfulPaint = { startTime: 0, element: 'none' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const text = (entry.element?.textContent ?? '').trim().slice(0, 30);
        const what = entry.url ? new URL(entry.url).pathname.split('/').slice(-2).join('/') : `"${text}"`;
        window.__largestContentfulPaint = { startTime: entry.startTime, element: `${entry.element?.tagName.toLowerCase()} ${what}` };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const scriptSizes = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scriptSizes.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.bringToFront();
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('[role="group"][data-page-number="1"][data-drawn="true"]').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => window.__largestContentfulPaint.startTime > 0, undefined, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  const { startTime: lcp, element } = await page.evaluate(() => window.__largestContentfulPaint);
  const firstPage = await page.evaluate(() => performance.getEntriesByName('signing:first-page-drawn')[0]?.startTime ?? null);
  const scriptBytes = (await Promise.all(scriptSizes)).reduce((sum, size) => sum + size, 0);
  results.push(lcp);
  console.log(
    `run ${run + 1}: LCP ${Math.round(lcp)} ms (${element}), first page drawn ${firstPage === null ? '–' : Math.round(firstPage)} ms, JavaScript ${(scriptBytes / 1024).toFixed(1)} KB`,
  );
  await context.close();
}
await browser.close();

const sorted = [...results].sort((a, b) => a - b);
console.log(
  `${path}, CPU ${options.cpu}× slower: median LCP ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms over ${results.length} runs`,
);
