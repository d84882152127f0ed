import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/api/src/db/database.ts';
import { BENCH_SEARCH, benchEmail, generateData, ISSUE3_GENERATE_OPTIONS } from './generate.ts';
import { databaseUrlFor, isReachable, runOnServer } from './postgres-server.ts';

/**
 * `npm run plans -w bench`: the query plans issue 3's lists and conflict check need, on PostgreSQL
 * at the issue3 scale. It loads the data into a fresh database, then for each query shape runs
 * EXPLAIN (ANALYZE, BUFFERS) as the app role inside the large firm (as database.withFirm does),
 * and times a few plain runs. It prints, per query, the median time, the indexes used and any
 * sequential scan, and drops the database (BENCH_KEEP_DB=1 keeps it for psql).
 *
 * The queries mirror the repositories' SQL ("current"), next to reshaped ones ("proposed") that
 * need no schema change. BENCH_PLAN_INDEXES=proposed first creates the indexes proposed in
 * README.md, to see what they change.
 */

const BENCH_DATABASE = 'matterhorn_bench_plans';
const RUNS = 7;
/** Trigram thresholds of the conflict check (apps/api/src/modules/conflict-checks). */
const SIMILARITY_THRESHOLD = '0.45';
const WORD_SIMILARITY_THRESHOLD = '0.6';

/** The partial indexes README.md proposes: lists of live rows in list order, and the few deleted clients. */
export const PROPOSED_INDEXES = [
  `create index clients_firm_live_idx on clients (firm_id, created_at desc, id desc) include (client_type, status) where deleted_at is null`,
  `create index clients_firm_deleted_idx on clients (firm_id, id) where deleted_at is not null`,
  `create index matters_firm_live_idx on matters (firm_id, created_at desc, id desc) include (client_id, status, billing_type) where deleted_at is null`,
];

type Context = { firmId: string; feeEarnerId: string };
type Shape = { name: string; query: (context: Context) => SQL };

const pattern = (text: string) => `%${text}%`;
const clientColumns = sql`id, client_type, display_name, email, phone, status, is_portal_enabled, created_at`;
const matterColumns = sql`m.id, m.matter_number, m.matter_name, m.billing_type, m.status, m.client_id, c.display_name,
  m.matter_open_date, m.matter_close_date, m.created_at`;
const liveClients = (firmId: string) => sql`firm_id = ${firmId} and deleted_at is null`;
const liveMatters = (firmId: string) => sql`m.firm_id = ${firmId} and m.deleted_at is null and c.deleted_at is null`;
const matterOrder = sql`order by m.created_at desc, m.id desc limit 20`;
/** Matters of a deleted client are hidden: an anti-join on the few deleted clients instead of a join on all of them. */
const clientNotDeleted = (firmId: string) =>
  sql`not exists (select 1 from clients dc where dc.firm_id = ${firmId} and dc.id = m.client_id and dc.deleted_at is not null)`;
const assigned = ({ firmId, feeEarnerId }: Context) =>
  sql`m.id in (select matter_id from matter_assignees where firm_id = ${firmId} and user_id = ${feeEarnerId})`;
const matterSearchOr = (text: string) => sql`(m.search_text ilike ${pattern(text)} or c.display_name ilike ${pattern(text)})`;
/** The same filter in a shape the trigram indexes serve: a bitmap OR of matter text and the matching clients' ids. */
const matterSearchIndexed = (firmId: string, text: string) =>
  sql`(m.search_text ilike ${pattern(text)} or m.client_id = any(array(
    select id from clients where firm_id = ${firmId} and deleted_at is null and display_name ilike ${pattern(text)})))`;

const bounded = (query: SQL) => sql`select count(*)::int from (${query} limit 1001) as bounded`;

const CURRENT: Shape[] = [
  {
    name: 'clients: page',
    query: ({ firmId }) =>
      sql`select ${clientColumns} from clients where ${liveClients(firmId)} order by created_at desc, id desc limit 20`,
  },
  { name: 'clients: count', query: ({ firmId }) => sql`select count(*)::int from clients where ${liveClients(firmId)}` },
  {
    name: `clients: search page`,
    query: ({ firmId }) =>
      sql`select ${clientColumns} from clients where ${liveClients(firmId)} and search_text ilike ${pattern(BENCH_SEARCH.clientName)}
        order by created_at desc, id desc limit 20`,
  },
  {
    name: `clients: search count`,
    query: ({ firmId }) =>
      sql`select count(*)::int from clients where ${liveClients(firmId)} and search_text ilike ${pattern(BENCH_SEARCH.clientName)}`,
  },
  {
    name: 'clients: active companies page',
    query: ({ firmId }) =>
      sql`select ${clientColumns} from clients where ${liveClients(firmId)} and client_type = 'company' and status = 'active'
        order by created_at desc, id desc limit 20`,
  },
  {
    name: 'clients: active companies count',
    query: ({ firmId }) =>
      sql`select count(*)::int from clients where ${liveClients(firmId)} and client_type = 'company' and status = 'active'`,
  },
  {
    name: "clients: a page's open matters",
    query: ({ firmId }) =>
      sql`select client_id, count(*)::int from matters where firm_id = ${firmId} and status = 'Open' and deleted_at is null
        and client_id in (select id from clients where ${liveClients(firmId)} order by created_at desc limit 20) group by client_id`,
  },
  {
    name: 'matters: page',
    query: ({ firmId }) =>
      sql`select ${matterColumns} from matters m join clients c on c.id = m.client_id where ${liveMatters(firmId)} ${matterOrder}`,
  },
  {
    name: 'matters: count',
    query: ({ firmId }) => sql`select count(*)::int from matters m join clients c on c.id = m.client_id where ${liveMatters(firmId)}`,
  },
  {
    name: 'matters: search page',
    query: ({ firmId }) =>
      sql`select ${matterColumns} from matters m join clients c on c.id = m.client_id
        where ${liveMatters(firmId)} and ${matterSearchOr(BENCH_SEARCH.matterName)} ${matterOrder}`,
  },
  {
    name: 'matters: search count',
    query: ({ firmId }) =>
      sql`select count(*)::int from matters m join clients c on c.id = m.client_id where ${liveMatters(firmId)} and ${matterSearchOr(BENCH_SEARCH.matterName)}`,
  },
  {
    name: 'matters: search page, no match',
    query: ({ firmId }) =>
      sql`select ${matterColumns} from matters m join clients c on c.id = m.client_id
        where ${liveMatters(firmId)} and ${matterSearchOr('zzqx')} ${matterOrder}`,
  },
  {
    name: 'matters: open hourly page',
    query: ({ firmId }) =>
      sql`select ${matterColumns} from matters m join clients c on c.id = m.client_id
        where ${liveMatters(firmId)} and m.status = 'Open' and m.billing_type = 'Hourly' ${matterOrder}`,
  },
  {
    name: 'matters: open hourly count',
    query: ({ firmId }) =>
      sql`select count(*)::int from matters m join clients c on c.id = m.client_id
        where ${liveMatters(firmId)} and m.status = 'Open' and m.billing_type = 'Hourly'`,
  },
  {
    name: 'matters: fee earner page',
    query: (context) =>
      sql`select ${matterColumns} from matters m join clients c on c.id = m.client_id
        where ${liveMatters(context.firmId)} and ${assigned(context)} ${matterOrder}`,
  },
  {
    name: 'matters: fee earner count',
    query: (context) =>
      sql`select count(*)::int from matters m join clients c on c.id = m.client_id where ${liveMatters(context.firmId)} and ${assigned(context)}`,
  },
  {
    name: "matters: a page's fee earners and areas",
    query: ({ firmId }) =>
      sql`select matters.id,
        coalesce((select json_agg(json_build_object('userId', u.id, 'name', u.name) order by u.name, u.id)
          from matter_assignees ma join users u on u.id = ma.user_id where ma.matter_id = matters.id), '[]'::json),
        coalesce((select json_agg(pa.name order by pa.name)
          from matter_practice_areas mpa join practice_areas pa on pa.id = mpa.practice_area_id where mpa.matter_id = matters.id), '[]'::json)
        from matters where matters.id in (select id from matters where firm_id = ${firmId} order by created_at desc limit 20)`,
  },
  {
    name: 'conflict: clients.display_name % name',
    query: ({ firmId }) =>
      sql`select display_name, similarity(display_name, ${BENCH_SEARCH.conflictName}) as score from clients
        where ${liveClients(firmId)} and display_name % ${BENCH_SEARCH.conflictName} order by score desc limit 50`,
  },
  { name: 'conflict: the whole check, one name', query: ({ firmId }) => conflictCheck(firmId, BENCH_SEARCH.conflictName) },
];

const PROPOSED: Shape[] = [
  {
    name: 'clients: count, bounded at 1,001',
    query: ({ firmId }) => bounded(sql`select 1 from clients where ${liveClients(firmId)}`),
  },
  {
    name: 'clients: active companies count, bounded',
    query: ({ firmId }) =>
      bounded(sql`select 1 from clients where ${liveClients(firmId)} and client_type = 'company' and status = 'active'`),
  },
  {
    name: 'matters: page, anti-join',
    query: ({ firmId }) =>
      sql`select ${matterColumns} from matters m join clients c on c.id = m.client_id
        where m.firm_id = ${firmId} and m.deleted_at is null and ${clientNotDeleted(firmId)} ${matterOrder}`,
  },
  {
    name: 'matters: count, anti-join',
    query: ({ firmId }) =>
      sql`select count(*)::int from matters m where m.firm_id = ${firmId} and m.deleted_at is null and ${clientNotDeleted(firmId)}`,
  },
  {
    name: 'matters: count, anti-join, bounded',
    query: ({ firmId }) =>
      bounded(sql`select 1 from matters m where m.firm_id = ${firmId} and m.deleted_at is null and ${clientNotDeleted(firmId)}`),
  },
  {
    name: 'matters: open hourly count, bounded',
    query: ({ firmId }) =>
      bounded(
        sql`select 1 from matters m where m.firm_id = ${firmId} and m.deleted_at is null and m.status = 'Open' and m.billing_type = 'Hourly'
          and ${clientNotDeleted(firmId)}`,
      ),
  },
  {
    name: 'matters: search page, bitmap OR',
    query: ({ firmId }) =>
      sql`select ${matterColumns} from matters m join clients c on c.id = m.client_id
        where ${liveMatters(firmId)} and ${matterSearchIndexed(firmId, BENCH_SEARCH.matterName)} ${matterOrder}`,
  },
  {
    name: 'matters: search count, bitmap OR',
    query: ({ firmId }) =>
      sql`select count(*)::int from matters m where m.firm_id = ${firmId} and m.deleted_at is null
        and ${matterSearchIndexed(firmId, BENCH_SEARCH.matterName)} and ${clientNotDeleted(firmId)}`,
  },
  {
    name: 'matters: search page, no match, bitmap OR',
    query: ({ firmId }) =>
      sql`select ${matterColumns} from matters m join clients c on c.id = m.client_id
        where ${liveMatters(firmId)} and ${matterSearchIndexed(firmId, 'zzqx')} ${matterOrder}`,
  },
  {
    name: 'matters: fee earner count, anti-join',
    query: (context) =>
      sql`select count(*)::int from matters m where m.firm_id = ${context.firmId} and m.deleted_at is null
        and ${assigned(context)} and ${clientNotDeleted(context.firmId)}`,
  },
];

/** The conflict check's query as the repository builds it (clients, contacts and matter parties). */
function conflictCheck(firmId: string, name: string): SQL {
  const score = (column: SQL) =>
    sql`round(greatest(similarity(${column}, ${name}), word_similarity(${name}, ${column}))::numeric, 3)::float8`;
  const resembles = (column: SQL) => sql`(${column} % ${name} or ${name} <% ${column})`;
  return sql`select * from (
    (select c.display_name as matched_name, ${score(sql`c.display_name`)} as score, c.id as client_id, null::uuid as matter_id
       from clients c where c.firm_id = ${firmId} and c.deleted_at is null and ${resembles(sql`c.display_name`)}
      order by score desc limit 50)
    union all
    (select cc.name, ${score(sql`cc.name`)} as score, c.id, null::uuid
       from client_contacts cc join clients c on c.firm_id = cc.firm_id and c.id = cc.client_id
      where cc.firm_id = ${firmId} and c.deleted_at is null and ${resembles(sql`cc.name`)}
      order by score desc limit 50)
    union all
    (select p.name, ${score(sql`p.name`)} as score, c.id, m.id
       from matter_parties p join matters m on m.firm_id = p.firm_id and m.id = p.matter_id
       join clients c on c.firm_id = m.firm_id and c.id = m.client_id
      where p.firm_id = ${firmId} and m.deleted_at is null and c.deleted_at is null and ${resembles(sql`p.name`)}
      order by score desc limit 50)
  ) as found order by score desc, matched_name, client_id limit 50`;
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
type Explained = [{ Plan: PlanNode; 'Execution Time': number }];

function scansOf(node: PlanNode, found = { indexes: new Set<string>(), seqScans: new Set<string>() }) {
  if (node['Index Name']) found.indexes.add(node['Index Name']);
  if (node['Node Type'].includes('Seq Scan') && node['Relation Name']) found.seqScans.add(node['Relation Name']);
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

/** As database.withFirm: one transaction as the app role, seeing only the firm's rows. */
function asApp<T>(database: Database, firmId: string, work: (run: (query: SQL) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', 'matterhorn_app', true), set_config('app.firm_id', ${firmId}, true),
      set_config('pg_trgm.similarity_threshold', ${SIMILARITY_THRESHOLD}, true),
      set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`);
    return work(async (query) => ((await tx.execute(query)) as unknown as { rows: unknown[] }).rows);
  });
}

async function measureShape(database: Database, context: Context, shape: Shape) {
  return asApp(database, context.firmId, async (run) => {
    const [row] = (await run(sql`explain (analyze, buffers, format json) ${shape.query(context)}`)) as [{ 'QUERY PLAN': Explained }];
    const [explained] = row['QUERY PLAN'];
    const times: number[] = [];
    let rows = 0;
    for (let attempt = 0; attempt < RUNS; attempt += 1) {
      const started = performance.now();
      rows = (await run(shape.query(context))).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { medianMs: times[Math.floor(times.length / 2)]!, explainMs: explained['Execution Time'], rows, ...scansOf(explained.Plan) };
  });
}

async function main() {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await isReachable(adminUrl))) throw new Error(`Nothing answers at ${new URL(adminUrl).host} (set BENCH_PG_URL)`);
  await runOnServer(adminUrl, `drop database if exists ${BENCH_DATABASE} with (force)`);
  await runOnServer(adminUrl, `create database ${BENCH_DATABASE}`);
  const database = openDatabase({ databaseUrl: databaseUrlFor(adminUrl, BENCH_DATABASE), poolSize: 1 });
  try {
    await database.migrate();
    const { firms, largeFirm } = ISSUE3_GENERATE_OPTIONS;
    console.log(`Generating ${firms} firms and one of ${largeFirm.clients} clients and ${largeFirm.matters} matters…`);
    const data = await generateData(database, { ...ISSUE3_GENERATE_OPTIONS, passwordHash: 'not used' });
    console.log(`  generated in ${(data.milliseconds / 1000).toFixed(1)} s`);
    if (process.env.BENCH_PLAN_INDEXES === 'proposed') {
      for (const statement of PROPOSED_INDEXES) await database.db.execute(sql.raw(statement));
      await database.db.execute(sql`vacuum analyze clients, matters`);
      console.log(`  with the proposed indexes: ${PROPOSED_INDEXES.map((statement) => statement.split(' ')[2]).join(', ')}`);
    }
    const result = (await database.db.execute(
      sql`select u.firm_id as "firmId", u.id as "feeEarnerId" from users u where u.email = ${benchEmail(0, 2)}`,
    )) as unknown as { rows: Context[] };
    const context = result.rows[0]!;
    for (const [title, shapes] of [
      ['current (as the repositories query today)', CURRENT],
      ['proposed (same answers, reshaped)', PROPOSED],
    ] as const) {
      console.log(
        `\n${title}\n${'query'.padEnd(44)} ${'median'.padStart(9)} ${'explain'.padStart(9)} ${'rows'.padStart(5)}  indexes / sequential scans`,
      );
      for (const shape of shapes) {
        const measured = await measureShape(database, context, shape);
        const scans = [...measured.indexes, ...[...measured.seqScans].map((table) => `SEQ SCAN ${table}`)].join(', ');
        console.log(
          `${shape.name.padEnd(44)} ${measured.medianMs.toFixed(1).padStart(6)} ms ${measured.explainMs.toFixed(1).padStart(6)} ms ${String(measured.rows).padStart(5)}  ${scans}`,
        );
      }
    }
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_DB === '1') console.log(`\nKept database ${BENCH_DATABASE}: drop it when done.`);
    else await runOnServer(adminUrl, `drop database if exists ${BENCH_DATABASE} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
