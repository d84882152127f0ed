import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { MailMessage } from '../src/lib/mailer.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { deliverOutbox, openTestDatabase, seedTestFirm } from './support/test-app.ts';

/** As slow as a distant SMTP server: before the fix, a known address took this much longer to answer. */
const MAIL_DELAY_MS = 400;
const sent: MailMessage[] = [];
const slowMailer = {
  send: async (email: MailMessage) => {
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
    sent.push(email);
  },
};

let app: FastifyInstance;
let firm: SeededFirm;
let cleanUp: () => Promise<void>;
beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-test-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, APP_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    authRequestsPerMinutePerAddress: 10_000,
    webDistDir: null,
  };
  const { database, drop } = await openTestDatabase();
  app = await buildApp(config, { database, mailer: slowMailer });
  await app.ready();
  firm = await seedTestFirm(database);
  cleanUp = async () => {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => cleanUp());

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Alternates the two requests, so a busy moment of the machine falls on both alike. */
async function timesOf(requests: { known: () => Promise<number>; unknown: () => Promise<number> }) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < 5; round++) {
    known.push(await requests.known());
    unknown.push(await requests.unknown());
  }
  return { known: median(known), unknown: median(unknown) };
}

const timed = async (url: string, payload: object) => {
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(200);
  return performance.now() - started;
};

describe('asking for a password reset takes the same time whether or not the address has an account', () => {
  it('on the firm sign-in, and the email still arrives', async () => {
    const email = firm.users.feeEarner.email;
    const times = await timesOf({
      known: () => timed('/api/auth/forgot-password', { email }),
      unknown: () => timed('/api/auth/forgot-password', { email: `nobody.${Date.now()}@nowhere.example` }),
    });
    expect(Math.abs(times.known - times.unknown), JSON.stringify(times)).toBeLessThan(MAIL_DELAY_MS / 2);
    await deliverOutbox(app);
    const resets = sent.filter((message) => message.to === email);
    expect(resets).toHaveLength(5);
    expect(resets[0]!.subject).toBe('Reset your Matterhorn password');
    expect(sent.some((message) => message.to.endsWith('@nowhere.example'))).toBe(false);
  });

  it('on a client portal, and the email still arrives', async () => {
    const email = firm.portalClient.email;
    const times = await timesOf({
      known: () => timed('/api/client-portal/forgot-password', { slug: firm.slug, email }),
      unknown: () => timed('/api/client-portal/forgot-password', { slug: firm.slug, email: `nobody.${Date.now()}@nowhere.example` }),
    });
    expect(Math.abs(times.known - times.unknown), JSON.stringify(times)).toBeLessThan(MAIL_DELAY_MS / 2);
    await deliverOutbox(app);
    expect(sent.filter((message) => message.to === email).map((message) => message.subject)).toEqual(
      Array(5).fill('Reset your client portal password'),
    );
  });
});
