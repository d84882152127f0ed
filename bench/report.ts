import type { GeneratedData } from './generate.ts';

/** What a run produces: the shape of results/latest.json and the printed tables. */

export type Target = 'pglite' | 'postgres';

export type Measurement = {
  scenario: string;
  requestsPerSecond: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  /** Throughput as a share of the hello-world server's in the same section (1 = as fast). */
  ratioToHelloWorld: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Issue 3's and 4's goal for this scenario's p99, and whether the run met it (and minShareOfBare). */
  targetP99Ms?: number;
  pass?: boolean;
  /** Issue 4: the bare handler serving the same SQL in the same run, and this route's requests/s as a share of its. */
  bareScenario?: string;
  shareOfBare?: number;
  /** Issue 4's goal for shareOfBare (0.7). */
  minShareOfBare?: number;
  /**
   * Issue 34: the same scenario offered at a fixed rate (autocannon's overallRate) instead of as
   * fast as the connections allow: the latency a firm's users see at a realistic load.
   */
  openLoop?: { offeredPerSecond: number; requestsPerSecond: number; p50: number; p99: number };
  /** The 1-minute load average when this scenario's measured run started (the books scale records it per scenario). */
  loadAverage?: number;
  /**
   * CPU milliseconds per answered request of the API process and of its PostgreSQL backends (cpu-time.ts; null
   * where the backends cannot be read): the work itself, whatever else competes for the cores (the books scale).
   */
  cpuMsPerRequest?: { api: number; database: number | null };
  /**
   * The books scale: the same rate as autocannon's overallRate sends it, each connection's share at once when
   * its second begins (books-load.ts), for comparison with the row's evenly offered requests.
   */
  burst?: { offeredPerSecond: number; requestsPerSecond: number; p50: number; p99: number };
  /** Issue 34: the row of this list's statement alone (statement-server.ts), and this row's requests/s as a share of its. */
  statementScenario?: string;
  shareOfStatement?: number;
  /** Issue 34's goal for shareOfStatement (0.75). */
  minShareOfStatement?: number;
};

/** Issue 4: a CSV download, timed, with the server's memory before and at its peak. */
export type Download = {
  scenario: string;
  /** Data rows (lines after the header) and bytes of one download. */
  rows: number;
  bytes: number;
  /** Each download, in seconds from the request to the last byte; the target applies to the median. */
  seconds: number[];
  medianSeconds: number;
  firstByteMs: number;
  /** Each download's RSS growth (MiB): the first usually grows most, V8 then reuses its heap. */
  rssGrowthMiBPerRun: number[];
  /** The server's RSS before the download it grew most in, its peak then, and that growth (MiB). */
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
  /** proc+hwm: /proc every 50 ms and the kernel's peak; proc: /proc every 50 ms; ipc: the process's own reading every 50 ms. */
  memorySource: string;
  /** None where only memory is targeted (issue 18's 100 MB upload and download). */
  targetSeconds?: number;
  targetRssGrowthMiB: number;
  pass: boolean;
};

/** Issue 15: work timed run by run (a create over HTTP, a PDF build); the target applies to the median. */
export type Timing = {
  scenario: string;
  runsMs: number[];
  medianMs: number;
  worstMs: number;
  targetMs: number;
  pass: boolean;
  detail?: string;
};

/** Issue 15: a correctness check under load (50 creates racing over the same items). */
export type Check = { scenario: string; pass: boolean; detail: string };

/** A scenario that was not measured, and why (the endpoint is not built yet, or it failed its check). */
export type SkippedScenario = { scenario: string; reason: string };

export type Section =
  | { database: Target; skipped: string }
  | {
      database: Target;
      label: string;
      /** 1-minute load average before the section: above the CPU count, other work skewed it. */
      loadAverage: number;
      data: GeneratedData;
      setupMs: { migrate: number; passwordHash: number; generate: number; signIn: number };
      results: Measurement[];
      downloads?: Download[];
      timings?: Timing[];
      checks?: Check[];
      skippedScenarios: SkippedScenario[];
    };

export function printTable(section: Extract<Section, { results: Measurement[] }>) {
  const withTargets = section.results.some((result) => result.targetP99Ms !== undefined);
  const withBare = section.results.some((result) => result.shareOfBare !== undefined);
  const withOpenLoop = section.results.some((result) => result.openLoop !== undefined);
  const withStatement = section.results.some((result) => result.shareOfStatement !== undefined);
  const withCpu = section.results.some((result) => result.cpuMsPerRequest !== undefined);
  const withLoad = section.results.some((result) => result.loadAverage !== undefined);
  const withBurst = section.results.some((result) => result.burst !== undefined);
  const offered = section.results.find((result) => result.openLoop)?.openLoop?.offeredPerSecond;
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    ...(withOpenLoop ? [`p99 ms at ${offered}/s`] : []),
    ...(withBurst ? ['p99 ms in bursts'] : []),
    'vs hello',
    ...(withBare ? ['vs bare'] : []),
    ...(withStatement ? ['vs statement'] : []),
    ...(withCpu ? ['CPU ms/req API+DB'] : []),
    ...(withLoad ? ['load'] : []),
    'non-2xx',
    ...(withTargets ? ['target', 'result'] : []),
  ];
  const target = (result: Measurement) =>
    `p99 ≤ ${result.targetP99Ms} ms${result.minShareOfBare === undefined ? '' : `, ≥ ${format(result.minShareOfBare * 100, 0)}% of bare`}`;
  const rows = section.results.map((result) => [
    result.scenario,
    format(result.requestsPerSecond, 0),
    String(result.latencyMs.p50),
    String(result.latencyMs.p99),
    ...(withOpenLoop ? [result.openLoop ? String(result.openLoop.p99) : ''] : []),
    ...(withBurst ? [result.burst ? String(result.burst.p99) : ''] : []),
    `${format(result.ratioToHelloWorld * 100, 1)}%`,
    ...(withBare ? [result.shareOfBare === undefined ? '' : `${format(result.shareOfBare * 100, 1)}%`] : []),
    ...(withStatement ? [result.shareOfStatement === undefined ? '' : `${format(result.shareOfStatement * 100, 1)}%`] : []),
    ...(withCpu
      ? [result.cpuMsPerRequest ? `${format(result.cpuMsPerRequest.api, 1)}+${result.cpuMsPerRequest.database ?? '?'}` : '']
      : []),
    ...(withLoad ? [result.loadAverage === undefined ? '' : format(result.loadAverage, 1)] : []),
    String(result.non2xx + result.errors),
    ...(withTargets ? (result.targetP99Ms === undefined ? ['', ''] : [target(result), result.pass ? 'PASS' : 'FAIL']) : []),
  ]);
  console.log(`\n${section.label}: ${describeData(section.data)}; load average ${section.loadAverage}`);
  printRows(header, rows);
  if (section.downloads?.length) {
    console.log('');
    printRows(
      ['download', 'rows', 'MB', 'median s', 'first byte ms', 'RSS before MB', 'RSS peak MB', 'growth MB', 'target', 'result'],
      section.downloads.map((download) => [
        download.scenario,
        count(download.rows),
        format(download.bytes / 2 ** 20, 1),
        format(download.medianSeconds, 2),
        String(download.firstByteMs),
        format(download.rssBeforeMiB, 0),
        format(download.rssPeakMiB, 0),
        format(download.rssGrowthMiB, 0),
        `${download.targetSeconds === undefined ? '' : `≤ ${download.targetSeconds} s, `}≤ ${download.targetRssGrowthMiB} MB`,
        download.pass ? 'PASS' : 'FAIL',
      ]),
    );
  }
  if (section.timings?.length) {
    console.log('');
    printRows(
      ['timed', 'runs', 'median ms', 'worst ms', 'target', 'result', 'detail'],
      section.timings.map((timing) => [
        timing.scenario,
        String(timing.runsMs.length),
        format(timing.medianMs, 0),
        format(timing.worstMs, 0),
        `median ≤ ${format(timing.targetMs, 0)} ms`,
        timing.pass ? 'PASS' : 'FAIL',
        timing.detail ?? '',
      ]),
    );
  }
  if (section.checks?.length) {
    console.log('');
    printRows(
      ['check', 'result', 'detail'],
      section.checks.map((check) => [check.scenario, check.pass ? 'PASS' : 'FAIL', check.detail]),
    );
  }
  for (const skipped of section.skippedScenarios) console.log(`${skipped.scenario}: skipped: ${skipped.reason}`);
}

function printRows(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function describeData(data: GeneratedData): string {
  const { firms, users, clients, clientContacts, matters, matterAssignees, matterParties, largeFirm } = data.counts;
  const entries = data.timeEntries;
  const largeEntries =
    (entries ? `, ${count(entries.largeFirm)} time entries` : '') + (data.books ? `, ${count(data.books.lines)} journal lines` : '');
  const large = largeFirm.clients
    ? ` (the large firm: ${count(largeFirm.clients)} clients, ${count(largeFirm.matters)} matters${largeEntries})`
    : '';
  return (
    `${count(firms)} firms, ${count(users)} users, ${count(clients)} clients, ${count(clientContacts)} contacts, ${count(matters)} matters, ` +
    `${count(matterAssignees)} assignees, ${count(matterParties)} parties${entries ? `, ${count(entries.total)} time entries` : ''}${large}`
  );
}

const count = (value: number) => format(value, 0);

export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
export const format = (value: number, places: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
