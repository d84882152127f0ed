// autocannon 8 ships no type definitions; this covers the part of its API the benchmark uses
// (node_modules/autocannon/README.md, "API").
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Histogram = {
    min: number;
    max: number;
    average: number;
    mean: number;
    stddev: number;
    total: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
  };

  export type Result = {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    connections: number;
    pipelining: number;
    start: Date;
    finish: Date;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };

  /** One request of a sequence each connection sends in turn (the `requests` option, or Client.setRequests). */
  export type RequestSpec = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  export type Client = EventEmitter & {
    setHeaders(headers: Record<string, string> | undefined): void;
    setRequests(requests: RequestSpec[]): void;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    title?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: Client) => void;
    verifyBody?: (body: string) => boolean;
    bailout?: number;
    /** Requests per second from all connections together (open loop); latencies corrected for coordinated omission. */
    overallRate?: number;
    /** Requests per second from each connection. */
    connectionRate?: number;
  };

  export type Instance = EventEmitter & Promise<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
