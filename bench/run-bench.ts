import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { defaultDatabasePoolSize } from '../apps/api/src/config.ts';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { killServers, startServer, type RunningServer } from './child-servers.ts';
import { STATEMENT_PATHS } from './statement-paths.ts';
import { BENCH_SEARCH, benchEmail, GENERATE_OPTIONS_BY_SCALE, type GeneratedData, type Scale } from './generate.ts';
import { runBooks } from './books.ts';
import { runReports } from './reports.ts';
import { runIssue14 } from './issue14.ts';
import { runIssue15 } from './issue15.ts';
import { runIssue16 } from './issue16.ts';
import { runIssue17 } from './issue17.ts';
import { runIssue18 } from './issue18.ts';
import { runIssue4 } from './issue4.ts';
import { databaseUrlFor, hasGeneratedData, isReachable, runOnServer } from './postgres-server.ts';
import {
  describeData,
  format,
  printTable,
  round,
  type Check,
  type Download,
  type Measurement,
  type Section,
  type SkippedScenario,
  type Target,
  type Timing,
} from './report.ts';

/**
 * `npm run bench`: for each database (PGlite in memory, then the PostgreSQL server), start a bare
 * node:http hello world and the real API in child processes, and measure them with autocannon
 * under the same load. `npm run bench -- --scale=issue3` (or BENCH_SCALE=issue3) loads issue 3's
 * volumes and adds the client list, matter list and conflict-check scenarios with their targets;
 * `--scale=issue4` loads a firm of 1,000,000 time entries and runs issue 4's (issue4.ts);
 * `--scale=issue14` a firm of 200,000 expenses and 50,000 flat fees and runs issue 14's (issue14.ts);
 * `--scale=issue15` a firm of 100,000 invoices and runs issue 15's (issue15.ts);
 * `--scale=issue16` a trust account of 1,000 clients and 100,000 movements and runs issue 16's (issue16.ts);
 * `--scale=issue17` a firm of 300,000 progress notes and 100,000 court updates and runs issue 17's (issue17.ts);
 * `--scale=issue18` a firm of 100,000 documents (10,000 in one folder) and runs issue 18's (issue18.ts);
 * `--scale=books` a firm of 1,000,000 journal lines and runs its statements and general ledger (books.ts);
 * `--scale=reports` the same firm with 1,000,000 time entries and runs the report centre (reports.ts).
 * See README.md for the environment variables.
 */

const PASSWORD = 'Bench-password-2026';
/** BENCH_DATABASE_NAME lets two runs on one server use databases of their own. */
const BENCH_DATABASE = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DATABASE_NAME ?? '')
  ? process.env.BENCH_DATABASE_NAME!
  : 'matterhorn_bench';
const SCENARIOS = [
  { name: 'GET /api/users/get-user-profile', path: '/api/users/get-user-profile' },
  { name: 'GET /api/me/permissions', path: '/api/me/permissions' },
] as const;

/** Issue 3 ("Speed"): the lists' first pages and a conflict check, as the large firm's administrator. */
const LIST_TARGET_MS = 25;
const CONFLICT_TARGET_MS = 50;
type ApiScenario = { name: string; method: 'GET' | 'POST'; path: string; query?: string; body?: unknown; targetP99Ms: number };

function issue3Scenarios(feeEarnerId: string): ApiScenario[] {
  const clients = '/api/admin/client-info/get-clients-list';
  const matters = '/api/admin/matter-master/get-matter-list';
  const list = (name: string, path: string, query: string): ApiScenario => ({
    name,
    method: 'GET',
    path,
    query: `page=1&size=20${query}`,
    targetP99Ms: LIST_TARGET_MS,
  });
  return [
    list('clients: first page', clients, ''),
    list(`clients: search "${BENCH_SEARCH.clientName}"`, clients, `&GeneralSearchText=${BENCH_SEARCH.clientName}`),
    list('clients: active companies', clients, '&ClientType=company&Status=active'),
    list('matters: first page', matters, ''),
    list(`matters: search "${BENCH_SEARCH.matterName}"`, matters, `&GeneralSearchText=${BENCH_SEARCH.matterName}`),
    list('matters: open, hourly', matters, '&Status=Open&MatterRate=Hourly'),
    list('matters: one fee earner', matters, `&AssignedUserId=${feeEarnerId}`),
    {
      name: `conflict check "${BENCH_SEARCH.conflictName}"`,
      method: 'POST',
      path: '/api/admin/conflict-check/run-conflict-check',
      body: { names: [BENCH_SEARCH.conflictName], context: 'standalone' },
      targetP99Ms: CONFLICT_TARGET_MS,
    },
  ];
}

const settings = readSettings(process.env, process.argv.slice(2));
/**
 * BENCH_REUSE_DATABASE=1: keep the generated database, and on later runs serve it as it is (after
 * any new migration) instead of generating it again: a large scale takes minutes to load, and a
 * before/after comparison should read the same rows.
 */
const isReusing = process.env.BENCH_REUSE_DATABASE === '1';

/**
 * `--scale=issue3`, `--scale issue3` or BENCH_SCALE=issue3 (issue4 alike); the default scale
 * otherwise. From the repository root, `npm run bench -- --scale=issue3` reaches this process as
 * npm's own setting npm_config_scale (the root script runs npm again, which takes the flag for itself).
 */
function readScale(environment: NodeJS.ProcessEnv, argv: string[]): Scale {
  let scale = environment.BENCH_SCALE || environment.npm_config_scale || 'default';
  argv.forEach((argument, index) => {
    if (argument.startsWith('--scale=')) scale = argument.slice('--scale='.length);
    else if (argument === '--scale') scale = argv[index + 1] ?? '';
  });
  if (!['default', 'issue3', 'issue4', 'issue14', 'issue15', 'issue16', 'issue17', 'issue18', 'books', 'reports'].includes(scale))
    throw new Error(`Unknown scale "${scale}" (default, issue3, issue4, issue14, issue15, issue16, issue17, issue18, books)`);
  return scale as Scale;
}

function readSettings(environment: NodeJS.ProcessEnv, argv: string[]) {
  const integer = (name: string, fallback: number, minimum: number) => {
    const text = environment[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < minimum)
      throw new Error(`${name} must be a whole number of at least ${minimum}, got "${text}"`);
    return value;
  };
  const databases = (environment.BENCH_DATABASES ?? 'pglite,postgres')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of databases)
    if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_DATABASES: unknown database "${name}" (pglite, postgres)`);
  const scale = readScale(environment, argv);
  const base = GENERATE_OPTIONS_BY_SCALE[scale];
  const large = base.largeFirm;
  const largeClients = integer('BENCH_LARGE_FIRM_CLIENTS', large.clients, 0);
  // Matters keep the scale's ratio to clients (half as many by default, twice as many for issue 3).
  const largeMatters = integer('BENCH_LARGE_FIRM_MATTERS', Math.ceil((largeClients * large.matters) / large.clients), 0);
  // The books scale: its invoices keep their share of the journal lines (100,000 of 1,000,000).
  const journalLines = base.journals ? integer('BENCH_LARGE_FIRM_JOURNAL_LINES', base.journals.largeFirmLines, 10_000) : 0;
  const books =
    base.journals && base.invoices
      ? {
          journals: { largeFirmLines: journalLines },
          invoices: {
            perFirm: base.invoices.perFirm,
            largeFirm: Math.round((base.invoices.largeFirm * journalLines) / base.journals.largeFirmLines),
          },
        }
      : undefined;
  return {
    scale,
    generate: base,
    firms: integer('BENCH_FIRMS', base.firms, 1),
    largeFirm: { users: large.users, clients: largeClients, matters: largeMatters },
    timeEntries: base.timeEntries && {
      perFirm: base.timeEntries.perFirm,
      largeFirm: integer('BENCH_LARGE_FIRM_TIME_ENTRIES', base.timeEntries.largeFirm, 0),
    },
    books,
    durationSeconds: integer('BENCH_DURATION', 10, 1),
    warmupSeconds: integer('BENCH_WARMUP', 2, 0),
    connections: integer('BENCH_CONNECTIONS', 10, 1),
    openLoopRate: integer('BENCH_OPEN_LOOP_RATE', 200, 1),
    databases: databases as Target[],
    postgresAdminUrl: environment.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

// ---------------------------------------------------------------------------------------------
// Load

type Request = { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> };

async function load(url: string, title: string, seconds: number, tokens: string[] = [], request: Request = {}): Promise<Result> {
  let nextToken = 0;
  // One token per connection: each connection is a different user of a different firm.
  const setupClient = tokens.length
    ? (client: { setHeaders(headers: Record<string, string>): void }) => {
        client.setHeaders({ authorization: `Bearer ${tokens[nextToken++ % tokens.length]}` });
      }
    : undefined;
  return autocannon({
    url,
    title,
    connections: settings.connections,
    duration: seconds,
    ...request,
    ...(setupClient ? { setupClient } : {}),
  });
}

async function measure(url: string, scenario: string, tokens?: string[], request?: Request): Promise<Result> {
  if (settings.warmupSeconds > 0) await load(url, `${scenario} (warm-up)`, settings.warmupSeconds, tokens, request);
  const result = await load(url, scenario, settings.durationSeconds, tokens, request);
  const failures = result.non2xx + result.errors;
  console.log(
    `  ${scenario.padEnd(40)} ${format(result.requests.average, 0).padStart(8)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms` +
      (failures ? `   !! ${result.non2xx} non-2xx, ${result.errors} errors` : ''),
  );
  return result;
}

/** Issue 34: every list at least 75% of its statement alone. */
const MIN_SHARE_OF_STATEMENT = 0.75;

/** The scenario offered at settings.openLoopRate requests/s in all, as a firm's users would send them (issue 34). */
async function measureOpenLoop(url: string, scenario: string, request: Request): Promise<Measurement['openLoop']> {
  const result = await autocannon({
    url,
    title: `${scenario} (at ${settings.openLoopRate}/s)`,
    connections: settings.connections,
    duration: settings.durationSeconds,
    overallRate: settings.openLoopRate,
    ...request,
  });
  const failures = result.non2xx + result.errors;
  console.log(
    `  ${`  at ${settings.openLoopRate}/s offered`.padEnd(40)} ${format(result.requests.average, 0).padStart(8)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms` +
      (failures ? `   !! ${result.non2xx} non-2xx, ${result.errors} errors` : ''),
  );
  if (failures) throw new Error(`${scenario} at ${settings.openLoopRate}/s: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    offeredPerSecond: settings.openLoopRate,
    requestsPerSecond: round(result.requests.average, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/**
 * A list route closed-loop and open-loop, then its statement alone (statement-server.ts) the same
 * two ways when the statement server answers its path: the route's row carries its share of the
 * statement's requests/s.
 */
async function measureListWith(
  statementBaseUrl: string | null,
  hello: Result,
  url: string,
  scenario: string,
  request: Request,
): Promise<Measurement[]> {
  const route = summarize(await measure(url, scenario, [], request), hello);
  route.openLoop = await measureOpenLoop(url, scenario, request);
  const { pathname, search } = new URL(url);
  if (!statementBaseUrl || !STATEMENT_PATHS.has(pathname)) return [route];
  const statementUrl = `${statementBaseUrl}${pathname}${search}`;
  // The statement server must answer what the route answers, or the comparison means nothing.
  const [fromRoute, fromStatement] = await Promise.all([fetch(url, { headers: request.headers }), fetch(statementUrl)]);
  const [routeBody, statementBody] = [(await fromRoute.json()) as { data?: unknown }, (await fromStatement.json()) as { data?: unknown }];
  const difference = firstDifference(routeBody.data, statementBody.data, 'data');
  if (difference) throw new Error(`${scenario}: the statement server answered differently from the route at ${difference}`);
  const name = `statement alone: ${scenario}`;
  const statement = summarize(await measure(statementUrl, name), hello);
  statement.openLoop = await measureOpenLoop(statementUrl, name, {});
  const share = statement.requestsPerSecond > 0 ? round(route.requestsPerSecond / statement.requestsPerSecond, 4) : 0;
  return [{ ...route, statementScenario: name, shareOfStatement: share, minShareOfStatement: MIN_SHARE_OF_STATEMENT }, statement];
}

/**
 * Where the statement server's answer differs from the route's, or null: only what the route
 * answers counts, since the route's response schema drops fields the service returns beyond it.
 */
function firstDifference(route: unknown, statement: unknown, path: string): string | null {
  if (route !== null && typeof route === 'object' && statement !== null && typeof statement === 'object') {
    for (const [key, value] of Object.entries(route)) {
      const difference = firstDifference(value, (statement as Record<string, unknown>)[key], `${path}.${key}`);
      if (difference) return difference;
    }
    return null;
  }
  return route === statement ? null : `${path} (${JSON.stringify(route)} ≠ ${JSON.stringify(statement)})`;
}

/** The large firm's administrator, as the statement server reads (benchEmail(0, 1)). */
async function largeFirmAdministrator(databaseUrl: string): Promise<string | null> {
  const owner = openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const result = (await owner.db.execute(sql`select id from users where email = ${benchEmail(0, 1)}`)) as unknown as {
      rows: { id: string }[];
    };
    return result.rows[0]?.id ?? null;
  } finally {
    await owner.close();
  }
}

function summarize(result: Result, hello: Result): Measurement {
  return {
    scenario: result.title ?? result.url,
    requestsPerSecond: round(result.requests.average, 1),
    latencyMs: {
      average: round(result.latency.average, 2),
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    ratioToHelloWorld: round(result.requests.average / hello.requests.average, 4),
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------
// The API: sign-in and a sanity check before loading it

async function signInAs(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token?: string }; message?: string };
  if (!response.ok || !body.data?.token) throw new Error(`Sign-in as ${email} failed: ${response.status} ${body.message ?? ''}`);
  return body.data.token;
}

async function signIn(baseUrl: string, data: GeneratedData): Promise<string[]> {
  // Spread the users over the firms (the large one first) and over the roles; sign-in is
  // limited per address (server-process.ts allows 100 a minute), so at most 25 distinct users.
  const firstOrdinal = settings.largeFirm.clients > 0 ? 0 : 1;
  const firmCount = data.counts.firms;
  const count = Math.min(settings.connections, 25);
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const firm = firstOrdinal + Math.floor((index * firmCount) / count);
    tokens.push(await signInAs(baseUrl, benchEmail(firm, index % 2 === 0 ? 1 : 2)));
  }
  return tokens;
}

async function checkScenarios(baseUrl: string, token: string) {
  for (const scenario of SCENARIOS) {
    const response = await fetch(`${baseUrl}${scenario.path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as unknown;
    const isExpected = scenario.path.endsWith('permissions') ? Array.isArray(body) : (body as { success?: boolean }).success === true;
    if (response.status !== 200 || !isExpected)
      throw new Error(`${scenario.name} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/** The API's routes as its OpenAPI document lists them: `GET /api/…`. */
async function documentedRoutes(baseUrl: string): Promise<Set<string>> {
  const response = await fetch(`${baseUrl}/api/docs/json`);
  if (!response.ok) throw new Error(`GET /api/docs/json answered ${response.status}`);
  const document = (await response.json()) as { paths?: Record<string, Record<string, unknown>> };
  return new Set(
    Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
}

function requestOf(scenario: ApiScenario, token: string): Request {
  return {
    method: scenario.method,
    headers: { authorization: `Bearer ${token}`, ...(scenario.body ? { 'content-type': 'application/json' } : {}) },
    ...(scenario.body ? { body: JSON.stringify(scenario.body) } : {}),
  };
}

const urlOf = (baseUrl: string, scenario: ApiScenario) => `${baseUrl}${scenario.path}${scenario.query ? `?${scenario.query}` : ''}`;

/**
 * Issue 3's scenarios that can run: the endpoint is built and answers the request once with a
 * success (and, for a list, a non-empty page; for a conflict check, at least one match).
 */
async function readyScenarios(baseUrl: string, token: string, scenarios: ApiScenario[]) {
  const routes = await documentedRoutes(baseUrl);
  const ready: ApiScenario[] = [];
  const skipped: SkippedScenario[] = [];
  for (const scenario of scenarios) {
    if (!routes.has(`${scenario.method} ${scenario.path}`)) {
      skipped.push({ scenario: scenario.name, reason: 'endpoint not built yet' });
      console.log(`  ${scenario.name.padEnd(40)} skipped: endpoint not built yet`);
      continue;
    }
    const request = requestOf(scenario, token);
    const response = await fetch(urlOf(baseUrl, scenario), {
      method: request.method,
      headers: request.headers,
      ...(request.body ? { body: request.body } : {}),
    });
    const text = await response.text();
    let body: { success?: boolean; data?: { totalCount?: number; matches?: unknown[] } } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON: reported below with the status and the text.
    }
    const found = body.data?.matches?.length ?? body.data?.totalCount ?? 0;
    if (response.status !== 200 || body.success !== true || found === 0) {
      const reason = `answered ${response.status} with ${found} results: ${text.slice(0, 300)}`;
      skipped.push({ scenario: scenario.name, reason });
      console.log(`  ${scenario.name.padEnd(40)} skipped: ${reason}`);
      continue;
    }
    const unit = body.data?.matches ? 'matches' : 'in all';
    console.log(`  ${scenario.name.padEnd(40)} ready: ${found} ${unit}`);
    ready.push(scenario);
  }
  return { ready, skipped };
}

// ---------------------------------------------------------------------------------------------

async function benchDatabase(target: Target): Promise<Section> {
  if (target === 'pglite' && settings.scale !== 'default') {
    const note = `PGlite skipped: the ${settings.scale} scale takes too long to load into PGlite; it runs on PostgreSQL`;
    console.log(`\n${note}`);
    return { database: target, skipped: note };
  }
  let databaseUrl: string | undefined;
  let label = 'PGlite (in-memory, in the API process)';
  let reusing = false;
  if (target === 'postgres') {
    if (!(await isReachable(settings.postgresAdminUrl))) {
      const note = `PostgreSQL skipped: nothing answers at ${new URL(settings.postgresAdminUrl).host} (set BENCH_PG_URL)`;
      console.log(`\n${note}`);
      return { database: target, skipped: note };
    }
    try {
      reusing = isReusing && (await hasGeneratedData(databaseUrlFor(settings.postgresAdminUrl, BENCH_DATABASE)));
      if (!reusing) {
        await runOnServer(settings.postgresAdminUrl, `drop database if exists ${BENCH_DATABASE} with (force)`);
        await runOnServer(settings.postgresAdminUrl, `create database ${BENCH_DATABASE}`);
      }
    } catch (error) {
      const note = `PostgreSQL skipped: cannot create database ${BENCH_DATABASE} (${error instanceof Error ? error.message : String(error)})`;
      console.log(`\n${note}`);
      return { database: target, skipped: note };
    }
    databaseUrl = databaseUrlFor(settings.postgresAdminUrl, BENCH_DATABASE);
    label = `PostgreSQL (${new URL(databaseUrl).host}/${BENCH_DATABASE}${reusing ? ', reused' : ''}, pool of ${defaultDatabasePoolSize()})`;
  }
  console.log(`\n${label}`);
  const loadAverage = warnIfBusy();
  try {
    const hello = await startServer({ kind: 'hello' });
    let helloResult: Result;
    try {
      helloResult = await measure(`http://127.0.0.1:${hello.ready.port}/`, 'node:http hello world');
    } finally {
      await hello.stop();
    }

    const { largeFirm, firms, timeEntries, books } = settings;
    let statements: RunningServer | null = null;
    const app = await startServer({
      kind: 'app',
      password: PASSWORD,
      ...(databaseUrl ? { databaseUrl } : {}),
      generate: { ...settings.generate, firms, largeFirm, ...(timeEntries ? { timeEntries } : {}), ...books },
      ...(reusing ? { reuse: true } : {}),
    });
    try {
      const data = app.ready.generated!;
      console.log(
        `  data: ${describeData(data)} (migrations ${app.ready.timings!.migrateMs} ms, generated in ${format(data.milliseconds / 1000, 1)} s)`,
      );
      const baseUrl = `http://127.0.0.1:${app.ready.port}`;
      const signInStarted = performance.now();
      const tokens = await signIn(baseUrl, data);
      const signInMs = Math.round(performance.now() - signInStarted);
      await checkScenarios(baseUrl, tokens[0]!);
      const results: Measurement[] = [summarize(helloResult, helloResult)];
      for (const scenario of SCENARIOS) {
        results.push(summarize(await measure(`${baseUrl}${scenario.path}`, scenario.name, tokens), helloResult));
      }
      // Issue 34: each list's statement alone, served as the large firm's administrator, at every issue's scale.
      const administratorId =
        settings.scale !== 'default' && databaseUrl && data.largeFirmId ? await largeFirmAdministrator(databaseUrl) : null;
      statements =
        databaseUrl && data.largeFirmId && administratorId
          ? await startServer({ kind: 'statements', databaseUrl, firmId: data.largeFirmId, userId: administratorId })
          : null;
      const statementBaseUrl = statements ? `http://127.0.0.1:${statements.ready.port}` : null;
      // Issue 3: every connection is the large firm's administrator (the first token).
      let skippedScenarios: SkippedScenario[] = [];
      if (settings.scale === 'issue3' && data.largeFirmFeeEarnerId) {
        const { ready, skipped } = await readyScenarios(baseUrl, tokens[0]!, issue3Scenarios(data.largeFirmFeeEarnerId));
        skippedScenarios = skipped;
        for (const scenario of ready) {
          const request = requestOf(scenario, tokens[0]!);
          const [result, ...statement] =
            scenario.method === 'GET'
              ? await measureListWith(statementBaseUrl, helloResult, urlOf(baseUrl, scenario), scenario.name, request)
              : [summarize(await measure(urlOf(baseUrl, scenario), scenario.name, [], request), helloResult)];
          results.push(
            { ...result!, targetP99Ms: scenario.targetP99Ms, pass: result!.latencyMs.p99 <= scenario.targetP99Ms },
            ...statement,
          );
        }
      }
      // Issue 4: the time-entry list and its CSV as the large firm's administrator, and the timer.
      let downloads: Download[] | undefined;
      let timings: Timing[] | undefined;
      let checks: Check[] | undefined;
      const runners = {
        issue4: runIssue4,
        issue14: runIssue14,
        issue15: runIssue15,
        issue16: runIssue16,
        issue17: runIssue17,
        issue18: runIssue18,
        books: runBooks,
        reports: runReports,
      } as const;
      if (settings.scale in runners && databaseUrl) {
        const run = runners[settings.scale as keyof typeof runners];
        const issue4 = await run({
          baseUrl,
          adminToken: tokens[0]!,
          data,
          app,
          databaseUrl,
          routes: await documentedRoutes(baseUrl),
          hello: helloResult,
          settings,
          signIn: (email) => signInAs(baseUrl, email),
          measure,
          summarize,
          measureList: (url, scenario, request) => measureListWith(statementBaseUrl, helloResult, url, scenario, request),
        });
        results.push(...issue4.results);
        downloads = issue4.downloads;
        timings = issue4.timings;
        checks = issue4.checks;
        skippedScenarios = issue4.skipped;
      }
      return {
        database: target,
        label,
        loadAverage,
        data,
        setupMs: {
          migrate: app.ready.timings!.migrateMs,
          passwordHash: app.ready.timings!.hashMs,
          generate: data.milliseconds,
          signIn: signInMs,
        },
        results,
        ...(downloads ? { downloads } : {}),
        ...(timings ? { timings } : {}),
        ...(checks ? { checks } : {}),
        skippedScenarios,
      };
    } finally {
      await statements?.stop();
      await app.stop();
    }
  } finally {
    // BENCH_KEEP_DATABASE=1 leaves the generated data behind, to read a statement's plan with EXPLAIN ANALYZE.
    if (target === 'postgres' && process.env.BENCH_KEEP_DATABASE !== '1' && !isReusing)
      await runOnServer(settings.postgresAdminUrl, `drop database if exists ${BENCH_DATABASE} with (force)`);
  }
}

/** The numbers only mean something on an otherwise idle machine: say so when it is not. */
function warnIfBusy(): number {
  const [oneMinute = 0] = loadavg();
  if (oneMinute > cpus().length / 2) {
    console.log(
      `  note: load average ${oneMinute.toFixed(2)} on ${cpus().length} CPUs before starting: other processes are competing, expect lower, noisier numbers`,
    );
  }
  return round(oneMinute, 2);
}

async function main() {
  const started = performance.now();
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
  const { clients: largeClients, matters: largeMatters } = settings.largeFirm;
  const largeEntries =
    (settings.timeEntries ? `, ${settings.timeEntries.largeFirm} time entries` : '') +
    (settings.books ? `, ${settings.books.journals.largeFirmLines} journal lines` : '');
  console.log(
    `Matterhorn API benchmark (scale ${settings.scale}): ${settings.connections} connections, ${settings.durationSeconds} s per scenario after a ${settings.warmupSeconds} s warm-up; ` +
      `${settings.firms} firms${largeClients ? ` + 1 large firm (${largeClients} clients, ${largeMatters} matters${largeEntries})` : ''}; ${machine.cpus} CPUs, Node ${machine.node}`,
  );
  const sections: Section[] = [];
  for (const target of settings.databases) sections.push(await benchDatabase(target));

  console.log(
    '\nResults (requests/s are per-second averages; "vs hello" is throughput as a share of the hello-world server in the same section)',
  );
  for (const section of sections) {
    if ('skipped' in section) console.log(`\n${section.skipped}`);
    else printTable(section);
  }

  const resultsDirectory = join(import.meta.dirname, 'results');
  mkdirSync(resultsDirectory, { recursive: true });
  const file = join(resultsDirectory, 'latest.json');
  const { postgresAdminUrl: _adminUrl, generate: _generate, ...publicSettings } = settings;
  const totalSeconds = round((performance.now() - started) / 1000, 1);
  writeFileSync(
    file,
    `${JSON.stringify({ finishedAt: new Date().toISOString(), totalSeconds, machine, settings: publicSettings, sections }, null, 2)}\n`,
  );
  console.log(`\nWrote ${file} (${totalSeconds} s in all)`);

  const failed = sections.some((section) => 'results' in section && section.results.some((result) => result.non2xx + result.errors > 0));
  if (failed) {
    console.error('Some requests failed (non-2xx or socket errors): those numbers do not measure the intended work.');
    process.exitCode = 1;
  }
  const failedChecks = sections.flatMap((section) => ('checks' in section ? (section.checks ?? []).filter((check) => !check.pass) : []));
  if (failedChecks.length > 0) {
    console.error(`Some checks failed: ${failedChecks.map((check) => check.scenario).join('; ')}`);
    process.exitCode = 1;
  }
  const broken = sections.flatMap((section) =>
    'skippedScenarios' in section ? section.skippedScenarios.filter((skipped) => skipped.reason !== 'endpoint not built yet') : [],
  );
  if (broken.length > 0) {
    console.error(`Some scenarios could not run: ${broken.map((skipped) => skipped.scenario).join('; ')}`);
    process.exitCode = 1;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killServers('SIGTERM');
    process.exit(130);
  });
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  killServers('SIGKILL');
  process.exitCode = 1;
});
