import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Result } from 'autocannon';
import type { Request } from './issue4-shared.ts';

/**
 * How the books scenarios offer their requests. autocannon's overallRate gives each connection its
 * share of the rate per second and lets it send that share back to back when its second begins; the
 * connections' seconds begin together, so "20 requests/s" over 10 connections arrives as 20 requests
 * at once at the start of every second and nothing for the rest of it. `offerEvenly` offers the same
 * rate as a firm's users would: `rate` one-connection autocannon instances at 1 request/s each
 * (connectionRate), started 1/rate s apart, so a request arrives every 50 ms at 20/s (and a slow
 * answer delays only its own connection's next request). `offerInBursts` is overallRate as it is.
 */

/** A slow answer is a latency to report, not a failed request: autocannon's 10 s timeout would count the cash basis's as errors. */
const TIMEOUT_SECONDS = 60;

export type Offered = {
  /** Every answer's latency in milliseconds, in the order they came. */
  latencies: number[];
  answered: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

export async function offerEvenly(url: string, title: string, rate: number, seconds: number, request: Request): Promise<Offered> {
  const latencies: number[] = [];
  const instances: Promise<Result>[] = [];
  for (let index = 0; index < rate; index += 1) {
    const instance = autocannon({
      url,
      title,
      connections: 1,
      connectionRate: 1,
      duration: seconds,
      timeout: TIMEOUT_SECONDS,
      ...request,
    });
    instance.on('response', (_client: unknown, _statusCode: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
    instances.push(instance);
    await sleep(1000 / rate);
  }
  const results = await Promise.all(instances);
  const sum = (pick: (result: Result) => number) => results.reduce((total, result) => total + pick(result), 0);
  return {
    latencies,
    answered: latencies.length,
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
  };
}

export function offerInBursts(url: string, title: string, rate: number, seconds: number, connections: number, request: Request) {
  return autocannon({ url, title, connections, duration: seconds, overallRate: rate, timeout: TIMEOUT_SECONDS, ...request });
}

/** The latency below which `share` of the answers fall (nearest rank), in milliseconds to 0.1. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}
