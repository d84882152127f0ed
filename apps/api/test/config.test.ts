import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('loadConfig: the database pool', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matterhorn-config-'));
  const environment = { DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('defaults to 2 × cores + 1 connections', () => {
    expect(loadConfig(environment).databasePoolSize).toBe(2 * availableParallelism() + 1);
  });

  it('takes DATABASE_POOL_SIZE, and refuses one that is not a positive whole number', () => {
    expect(loadConfig({ ...environment, DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    for (const size of ['0', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ ...environment, DATABASE_POOL_SIZE: size }), size).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe('loadConfig: payment gateways', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matterhorn-config-'));
  const environment = { DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('offers no online payment without keys, and each gateway with its own', () => {
    expect(loadConfig(environment).payments).toEqual({ paystack: null, stripe: null });
    const configured = loadConfig({
      ...environment,
      PAYSTACK_SECRET_KEY: 'sk_live_paystack',
      STRIPE_SECRET_KEY: 'sk_live_stripe',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    }).payments;
    expect(configured).toEqual({
      paystack: { secretKey: 'sk_live_paystack', apiUrl: 'https://api.paystack.co' },
      stripe: { secretKey: 'sk_live_stripe', webhookSecret: 'whsec_1', apiUrl: 'http://127.0.0.1:12111' },
    });
  });

  it('refuses a Stripe key without the webhook signing secret (no payment could ever be recorded)', () => {
    expect(() => loadConfig({ ...environment, STRIPE_SECRET_KEY: 'sk_live_stripe' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
