import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { billRunFiltersSchema } from '@matterhorn/shared';
import { rowsOf } from '../apps/api/src/db/database.ts';
import { createBillRunService, runWaitingBillRuns } from '../apps/api/src/modules/bill-runs/bill-runs.api.ts';
import type { FirmPrincipal } from '../apps/api/src/plugins/route-access.ts';
import { seedFirm } from '../apps/api/src/seed/demo-seed.ts';
import { throwawayDatabase } from './postgres-server.ts';

/**
 * Issue 44's bill-run target on PostgreSQL: a run over 500 matters holding 100,000 unbilled time
 * entries finishes in ≤ 60 s with flat memory. 100 clients with 5 matters each (every tenth client
 * prefers one invoice per client), 200 entries a matter; the run is started through the service
 * and drafted by the queue job's own function, in this process, while its heap is sampled.
 * `npm run bill-runs -w bench` (DATABASE_URL: a PostgreSQL server; a throwaway database is made on it).
 */
const CLIENTS = 100;
const MATTERS_PER_CLIENT = 5;
const ENTRIES_PER_MATTER = 200;
const adminUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const { database, drop } = await throwawayDatabase(adminUrl, 'bench_bill_runs');
try {
  await database.migrate();
  const firm = await seedFirm(database, {
    slug: `bench-${Date.now()}`,
    firmName: 'Bill Run Bench',
    emailDomain: 'bench.example',
    password: 'x',
  });
  const firmId = firm.firmId;
  const userId = firm.users.feeEarner.id;
  await database.db.execute(sql`
    insert into clients (firm_id, client_number, client_type, company_name, billing_preference)
    select ${firmId}, 'BR-' || n, 'company', 'Bench Client ' || n, case when n % 10 = 0 then 'perClient' else 'perMatter' end
    from generate_series(1, ${CLIENTS}) n`);
  await database.db.execute(sql`
    insert into matters (firm_id, client_id, matter_number, matter_name, billing_type)
    select ${firmId}, c.id, c.client_number || '-' || n, 'Bench matter ' || c.client_number || '-' || n, 'Hourly'
    from clients c cross join generate_series(1, ${MATTERS_PER_CLIENT}) n
    where c.firm_id = ${firmId} and c.client_number like 'BR-%'`);
  await database.db.execute(sql`
    insert into time_entries (firm_id, client_id, matter_id, activity_type_id, user_id, is_billable, description, time_entry_date,
      duration, user_rate, foreign_user_rate, home_currency_id, exchange_rate, total_amount, foreign_total_amount, home_total_amount)
    select ${firmId}, m.client_id, m.id, (select id from activity_types where firm_id = ${firmId} limit 1), ${userId}, 4,
      'Bench work ' || n, date '2026-01-01' + (n % 300), 1.5, 50000, 50000, f.home_currency_id, 1, 75000, 75000, 75000
    from matters m cross join generate_series(1, ${ENTRIES_PER_MATTER}) n cross join firms f
    where m.firm_id = ${firmId} and m.matter_number like 'BR-%' and f.id = ${firmId}`);
  await database.db.execute(sql`analyze`);

  const principal: FirmPrincipal = {
    kind: 'firm',
    sessionId: 'bench',
    firmId,
    userId: firm.users.admin.id,
    adminUserId: firm.users.admin.id,
    permissions: ['administrator'],
    isVerified: true,
  };
  const billRuns = createBillRunService({ database, requestRun: () => undefined });
  const filters = billRunFiltersSchema.parse({ workUpTo: '2026-12-31' });
  const previewStarted = performance.now();
  const preview = await billRuns.preview(principal, filters);
  console.log(
    `preview: ${preview.invoiceCount} invoices over ${preview.matterCount} matters in ${(performance.now() - previewStarted).toFixed(0)} ms`,
  );
  const run = await billRuns.start(principal, filters);

  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 50);
  const started = performance.now();
  await runWaitingBillRuns({ database });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  globalThis.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;

  const done = await billRuns.detail(principal, run.id);
  const [billed] = await rowsOf<{ entries: number; invoices: number }>(
    database.db.execute(
      sql`select count(*)::int as entries, count(distinct invoice_id)::int as invoices from time_entries where firm_id = ${firmId} and invoice_id is not null`,
    ),
  );
  console.log(
    `bill run: ${done.status}, ${done.draftedCount} drafted, ${done.skippedCount} skipped of ${done.total}; ${billed!.entries} entries on ${billed!.invoices} invoices`,
  );
  console.log(`run took ${seconds.toFixed(1)} s (target 60)`);
  console.log(`heap: before ${mebibytes(heapBefore)}, peak ${mebibytes(heapPeak)}, after ${mebibytes(heapAfter)}`);
  if (billed!.entries !== CLIENTS * MATTERS_PER_CLIENT * ENTRIES_PER_MATTER) throw new Error('Not every entry was drafted');
} finally {
  await database.close();
  await drop();
}
