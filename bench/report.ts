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
  /** Issue 3's goal for this scenario's p99, and whether the run met it. */
  targetP99Ms?: number;
  pass?: boolean;
};

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
      skippedScenarios: SkippedScenario[];
    };

export function printTable(section: Extract<Section, { results: Measurement[] }>) {
  const withTargets = section.results.some((result) => result.targetP99Ms !== undefined);
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs hello', 'non-2xx', ...(withTargets ? ['p99 target', 'result'] : [])];
  const rows = section.results.map((result) => [
    result.scenario,
    format(result.requestsPerSecond, 0),
    String(result.latencyMs.p50),
    String(result.latencyMs.p99),
    `${format(result.ratioToHelloWorld * 100, 1)}%`,
    String(result.non2xx + result.errors),
    ...(withTargets ? (result.targetP99Ms === undefined ? ['', ''] : [`≤ ${result.targetP99Ms} ms`, result.pass ? 'PASS' : 'FAIL']) : []),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(`\n${section.label}: ${describeData(section.data)}; load average ${section.loadAverage}`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const skipped of section.skippedScenarios) console.log(`${skipped.scenario}: skipped: ${skipped.reason}`);
}

export function describeData(data: GeneratedData): string {
  const { firms, users, clients, clientContacts, matters, matterAssignees, matterParties, largeFirm } = data.counts;
  const large = largeFirm.clients ? ` (the large firm: ${count(largeFirm.clients)} clients, ${count(largeFirm.matters)} matters)` : '';
  return (
    `${count(firms)} firms, ${count(users)} users, ${count(clients)} clients, ${count(clientContacts)} contacts, ${count(matters)} matters, ` +
    `${count(matterAssignees)} assignees, ${count(matterParties)} parties${large}`
  );
}

const count = (value: number) => format(value, 0);

export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
export const format = (value: number, places: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
