import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { connectionOptionsOf, parseMultiHostUrl } from '../src/db/multi-host.ts';
import { isDatabaseUnavailable } from '../src/lib/database-errors.ts';
import { freePort } from './support/local-postgres.ts';

describe('a multi-host DATABASE_URL (libpq form, for a failover pair)', () => {
  it('is split into one ordinary URL per host, keeping credentials, database and other parameters', () => {
    expect(
      parseMultiHostUrl('postgres://app:s%40cret@db-1:5432,db-2:6432/matterhorn?target_session_attrs=read-write&sslmode=require'),
    ).toEqual({
      hostUrls: [
        'postgres://app:s%40cret@db-1:5432/matterhorn?sslmode=require',
        'postgres://app:s%40cret@db-2:6432/matterhorn?sslmode=require',
      ],
      sessionAttributes: 'read-write',
      connectTimeoutMs: 5000,
    });
    expect(parseMultiHostUrl('postgresql://db-1,db-2/matterhorn?connect_timeout=2')).toMatchObject({
      hostUrls: ['postgresql://db-1/matterhorn?connect_timeout=2', 'postgresql://db-2/matterhorn?connect_timeout=2'],
      sessionAttributes: 'any',
      connectTimeoutMs: 2000,
    });
  });

  it('leaves a single-host URL to pg exactly as before', () => {
    const url = 'postgres://app@db-1:5432/matterhorn?target_session_attrs=read-write';
    expect(parseMultiHostUrl(url)).toBeNull();
    expect(connectionOptionsOf(url)).toEqual({ connectionString: url, Client: pg.Client });
  });

  it('refuses a target_session_attrs it does not honour rather than ignoring it', () => {
    expect(() => parseMultiHostUrl('postgres://db-1,db-2/matterhorn?target_session_attrs=standby')).toThrow(/not supported/);
  });

  it('is accepted as DATABASE_URL by the configuration', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db-1:5432,db-2:5432/matterhorn?target_session_attrs=read-write',
      APP_SECRET: 'a'.repeat(32),
      SEED_DEMO: 'false',
    });
    expect(config.databaseUrl).toContain('db-1:5432,db-2:5432');
    expect(() => loadConfig({ DATABASE_URL: 'not a url', APP_SECRET: 'a'.repeat(32) })).toThrow(/DATABASE_URL/);
  });

  it('fails like an outage (503) when no host can be reached', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()},127.0.0.1:${await freePort()}/matterhorn?target_session_attrs=read-write`;
    const { connectionString, Client } = connectionOptionsOf(url);
    const client = new Client({ connectionString });
    const failure = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: '08001', message: expect.stringMatching(/^No host of DATABASE_URL accepts writes/) });
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
