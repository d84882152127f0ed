import autocannon, { type Client } from 'autocannon';
import { benchEmail } from './generate.ts';
import { TIME_KEEPERS } from './generate-time-entries.ts';
import { ISSUE4_TARGETS, settle, skip, type Issue4Context, type Issue4Results } from './issue4-shared.ts';
import { format, round, type Measurement } from './report.ts';

export const TIMER = {
  start: '/api/admin/time-entry-log/start-entry',
  pause: '/api/admin/time-entry-log/pause-entry',
  reset: '/api/admin/time-entry-log/delete-time-entry-logs',
};

// ---------------------------------------------------------------------------------------------
// The timer: each connection a different fee earner of the large firm, alternating start and pause.

async function post(baseUrl: string, path: string, token: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const text = await response.text();
  return { status: response.status, text, isStarted: (JSON.parse(text || '{}') as { data?: { isStarted?: boolean } }).data?.isStarted };
}

/** Discards the users' timer logs, so each run starts from idle timers with no history. */
async function resetTimers(context: Issue4Context, tokens: string[]) {
  if (!context.routes.has(`POST ${TIMER.reset}`)) return;
  for (const token of tokens) await post(context.baseUrl, TIMER.reset, token);
}

export async function measureTimer(context: Issue4Context, output: Issue4Results) {
  const users = Math.min(context.settings.connections, TIME_KEEPERS);
  // Time keepers are staff 2 and 4… (3 is the billing clerk, who may not record time).
  const emails = Array.from({ length: users }, (_, index) => benchEmail(0, index === 0 ? 2 : index + 3));
  const tokens: string[] = [];
  for (const email of emails) tokens.push(await context.signIn(email));
  await resetTimers(context, tokens);
  await settle(context.databaseUrl, 'the timer');
  const started = await post(context.baseUrl, TIMER.start, tokens[0]!);
  const paused = await post(context.baseUrl, TIMER.pause, tokens[0]!);
  if (started.status !== 200 || started.isStarted !== true || paused.status !== 200 || paused.isStarted !== false) {
    skip(
      output.skipped,
      'timer: start-entry / pause-entry',
      `start answered ${started.status} ${started.text.slice(0, 200)}; pause ${paused.status} ${paused.text.slice(0, 200)}`,
    );
    return;
  }
  console.log(`  ${'timer: start-entry / pause-entry'.padEnd(40)} ready: ${users} fee earners of the large firm`);
  const paths = [TIMER.start, TIMER.pause];
  if (context.settings.warmupSeconds > 0) await alternate(context, tokens, paths, context.settings.warmupSeconds, 'timer (warm-up)');
  await resetTimers(context, tokens);
  const run = await alternate(context, tokens, paths, context.settings.durationSeconds, 'timer');
  await resetTimers(context, tokens);
  paths.forEach((path, index) => {
    const latencies = run.latencies[index]!.sort((left, right) => left - right);
    const at = (quantile: number) => round(latencies[Math.max(0, Math.ceil(quantile * latencies.length) - 1)] ?? 0, 1);
    const requestsPerSecond = round(latencies.length / run.result.duration, 1);
    const p99 = at(0.99);
    const measurement: Measurement = {
      scenario: `timer: ${path.split('/').at(-1)} (alternating)`,
      requestsPerSecond,
      latencyMs: {
        average: round(latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length), 2),
        p50: at(0.5),
        p90: at(0.9),
        p99,
        max: round(latencies.at(-1) ?? 0, 1),
      },
      ratioToHelloWorld: round(requestsPerSecond / context.hello.requests.average, 4),
      totalRequests: latencies.length,
      non2xx: run.failed[index]!,
      errors: run.result.errors,
      timeouts: run.result.timeouts,
      targetP99Ms: ISSUE4_TARGETS.timerP99Ms,
      pass: p99 <= ISSUE4_TARGETS.timerP99Ms,
    };
    console.log(
      `  ${measurement.scenario.padEnd(40)} ${format(requestsPerSecond, 0).padStart(8)} req/s   p50 ${measurement.latencyMs.p50} ms   p99 ${p99} ms` +
        (measurement.non2xx + measurement.errors ? `   !! ${measurement.non2xx} non-2xx, ${measurement.errors} errors` : ''),
    );
    output.results.push(measurement);
  });
}

/**
 * autocannon with each connection sending `paths` in turn as its own user; latencies are kept per
 * path (each connection's responses come back in the order it sent them: no pipelining).
 */
async function alternate(context: Issue4Context, tokens: string[], paths: string[], seconds: number, title: string) {
  let nextToken = 0;
  const sent = new Map<Client, number>();
  const latencies = paths.map((): number[] => []);
  const failed = paths.map(() => 0);
  const instance = autocannon({
    url: context.baseUrl,
    title,
    connections: context.settings.connections,
    duration: seconds,
    setupClient: (client) => {
      const headers = { authorization: `Bearer ${tokens[nextToken++ % tokens.length]}`, 'content-type': 'application/json' };
      client.setRequests(paths.map((path) => ({ method: 'POST', path, headers, body: '{}' })));
    },
  });
  instance.on('response', (client: Client, statusCode: number, _bytes: number, responseTime: number) => {
    const index = (sent.get(client) ?? 0) % paths.length;
    sent.set(client, (sent.get(client) ?? 0) + 1);
    latencies[index]!.push(responseTime);
    if (statusCode < 200 || statusCode > 299) failed[index]! += 1;
  });
  return { result: await instance, latencies, failed };
}
