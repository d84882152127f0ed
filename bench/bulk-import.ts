import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { createAfterResponse } from '../apps/api/src/lib/after-response.ts';
import { createBulkImport } from '../apps/api/src/modules/bulk-import/bulk-import.service.ts';
import { createFileStore } from '../apps/api/src/platform/files/files.ts';
import { seedFirm } from '../apps/api/src/seed/demo-seed.ts';
import { seedPrincipalOf } from '../apps/api/src/seed/seeded-firm.ts';
import { databaseUrlFor, isReachable, runOnServer } from './postgres-server.ts';

/**
 * Issue 39's import target: 100,000 time entries in ≤ 60 s on PostgreSQL with flat memory (the file
 * is read as a stream and written a batch of 500 at a time). Builds the CSV, then times the dry run
 * and the run through the service, sampling the process's memory as it goes.
 * `npm run bulk-import -w bench` (DATABASE_URL: a PostgreSQL server; a throwaway database is made on it).
 */
const ROWS = Number(process.env['BENCH_IMPORT_ROWS'] ?? 100_000);
const TARGET_SECONDS = 60;
const adminUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (!(await isReachable(adminUrl))) throw new Error(`No PostgreSQL at ${adminUrl}`);
const name = `bench_import_${Date.now()}`;
await runOnServer(adminUrl, `create database ${name}`);
const database = openDatabase({ databaseUrl: databaseUrlFor(adminUrl, name) });
const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-import-bench-'));
try {
  await database.migrate();
  const firm = await seedFirm(database, {
    slug: `bench-${Date.now()}`,
    firmName: 'Import Bench',
    emailDomain: 'bench.example',
    password: 'bench-password-123',
  });
  const [matter] = (
    (await database.withFirm(firm.firmId, (tx) =>
      tx.execute(
        sql`select m.matter_name as matter, c.display_name as client from matters m join clients c on c.id = m.client_id where m.status = 'Open' limit 1`,
      ),
    )) as unknown as { rows: { matter: string; client: string }[] }
  ).rows;
  const csvPath = join(dataDir, 'time.csv');
  const out = createWriteStream(csvPath);
  out.write('Date,Client,Matter,Fee earner,Hours,Rate,Narrative\n');
  for (let index = 0; index < ROWS; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    const line = `${day}/03/2026,"${matter!.client}","${matter!.matter}",${firm.users.feeEarner.email},${((index % 40) / 10 + 0.1).toFixed(1)},95000,Research item ${index}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const sha256 = createHash('sha256')
    .update(await readFile(csvPath))
    .digest('hex');

  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const afterResponse = createAfterResponse(console);
  const imports = createBulkImport({ database, files: createFileStore({ dataDir, s3: null }), afterResponse });
  const principal = seedPrincipalOf(firm);
  const uploaded = await imports.upload(principal, 'timeEntries', { path: csvPath, fileName: 'time.csv', sha256 });
  const startRss = process.memoryUsage().rss;
  let started = performance.now();
  const checked = await imports.dryRun(principal, uploaded.id);
  const dryRunSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await imports.run(principal, uploaded.id);
  await afterResponse.settled();
  const runSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const result = await imports.status(principal, uploaded.id);
  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        dryRun: { seconds: Number(dryRunSeconds.toFixed(1)), valid: checked.dryRun?.valid },
        run: { seconds: Number(runSeconds.toFixed(1)), created: result.createdCount, failed: result.failedCount },
        memoryMb: { atStart: Math.round(startRss / 2 ** 20), peak: Math.round(peakRss / 2 ** 20) },
        verdict: runSeconds <= TARGET_SECONDS && result.createdCount === ROWS ? 'met' : 'missed',
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  await runOnServer(adminUrl, `drop database if exists ${name}`);
  await rm(dataDir, { recursive: true, force: true });
}
