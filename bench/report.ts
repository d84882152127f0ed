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
};

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
    };

export function printTable(section: Extract<Section, { results: Measurement[] }>) {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs hello', 'non-2xx'];
  const rows = section.results.map((result) => [
    result.scenario,
    format(result.requestsPerSecond, 0),
    String(result.latencyMs.p50),
    String(result.latencyMs.p99),
    `${format(result.ratioToHelloWorld * 100, 1)}%`,
    String(result.non2xx + result.errors),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const { firms, users, clients, matters } = section.data.counts;
  console.log(
    `\n${section.label}: ${firms} firms, ${users} users, ${clients} clients, ${matters} matters; load average ${section.loadAverage}`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
export const format = (value: number, places: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
