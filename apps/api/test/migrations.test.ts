import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/database.ts';
import { rowsOf } from './support/test-app.ts';

type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder that stops before the newest migration: an older release. */
async function olderRelease(): Promise<{ folder: string; journal: Journal }> {
  const folder = await mkdtemp(join(tmpdir(), 'matterhorn-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  const older = { ...journal, entries: journal.entries.slice(0, -1) };
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify(older));
  return { folder, journal };
}

describe('upgrading a database left by an older version', () => {
  it('applies the newer migrations without losing data, and re-running changes nothing', async () => {
    const { folder, journal } = await olderRelease();
    expect(journal.entries.length).toBeGreaterThan(1);
    const pglite = new PGlite();
    const database = openDatabase({ pglite });
    try {
      await database.migrate(folder);
      await database.db.execute(sql`insert into firms (id, name) values ('11111111-1111-4111-8111-111111111111', 'Old Firm LLP')`);
      await database.db.execute(
        sql`insert into roles (id, firm_id, name, permissions) values ('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111', 'Administrator', '{administrator}')`,
      );
      await database.db.execute(
        sql`insert into users (firm_id, email, name, password_hash, role_id) values ('11111111-1111-4111-8111-111111111111', 'old@firm.example', 'Old User', 'hash', '22222222-2222-4222-8222-222222222222')`,
      );

      await database.migrate();
      await database.migrate();

      const users = await database.withFirm('11111111-1111-4111-8111-111111111111', (tx) =>
        rowsOf<{ email: string }>(tx.execute(sql`select email from users`)),
      );
      expect(users).toEqual([{ email: 'old@firm.example' }]);
      const applied = await rowsOf<{ n: number }>(database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      expect(applied[0]?.n).toBe(journal.entries.length);
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps a persisted PGlite data directory across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-data-'));
    try {
      const first = openDatabase({ dataDir });
      await first.migrate();
      await first.db.execute(sql`insert into firms (name) values ('Persistent Partners')`);
      await first.close();
      const second = openDatabase({ dataDir });
      await second.migrate();
      const firms = await rowsOf<{ name: string }>(second.db.execute(sql`select name from firms`));
      expect(firms).toEqual([{ name: 'Persistent Partners' }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
