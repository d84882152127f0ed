import { startServer } from './child-servers.ts';
import type { TimeEntryFacts } from './generate-time-entries.ts';
import { measureCsv } from './issue4-csv.ts';
import { ISSUE4_TARGETS, settle, skip, TIME_ENTRY_LIST, type Issue4Context, type Issue4Results, type Request } from './issue4-shared.ts';
import { measureTimer, TIMER } from './issue4-timer.ts';
import { format, round } from './report.ts';

const TOTALS = '/api/admin/time-entry/get-totals';
/** Issue 34: the totals of a 100,000-entry filter at p99 ≤ 50 ms. */
const ISSUE34_TOTALS_P99_MS = 50;

type ListScenario = { name: string; query: string; hasTarget: boolean };

function listScenarios(facts: TimeEntryFacts, feeEarnerId: string): ListScenario[] {
  const page = 'page=1&size=20';
  return [
    { name: 'time entries: fee earner, billable', query: `${page}&TimeEntryUserId=${feeEarnerId}&IsBillable=4`, hasTarget: true },
    { name: 'time entries: one matter', query: `${page}&MatterId=${facts.busiestMatterId}`, hasTarget: true },
    // The screen's default, unfiltered: no target of its own in the issue, measured for comparison.
    { name: 'time entries: first page', query: page, hasTarget: false },
  ];
}

/**
 * Issue 4 ("Speed"), at the issue4 scale: the time-entry list's filtered first page as the large
 * firm's administrator, compared with the same SQL served by a bare handler (bare-list-server.ts)
 * in the same run; the header timer's start and pause (issue4-timer.ts); and the CSV export of
 * ~100,000 entries with the API process's memory (issue4-csv.ts). Scenarios whose endpoints are not
 * in /api/docs/json are skipped.
 */
export async function runIssue4(context: Issue4Context): Promise<Issue4Results> {
  const output: Issue4Results = { results: [], downloads: [], skipped: [] };
  const facts = context.data.timeEntries;
  const feeEarnerId = context.data.largeFirmFeeEarnerId;
  if (!facts || !feeEarnerId || !context.data.largeFirmId) {
    skip(output.skipped, 'issue 4', 'no large firm with time entries was generated');
    return output;
  }
  console.log(
    `  time entries: ${format(facts.largeFirmLive, 0)} live in the large firm; fee earner ${format(facts.feeEarnerEntries, 0)} ` +
      `(${format(facts.feeEarnerBillableEntries, 0)} billable); busiest matter ${format(facts.busiestMatterEntries, 0)}`,
  );
  if (!context.routes.has(`GET ${TIME_ENTRY_LIST}`)) {
    for (const scenario of [...listScenarios(facts, feeEarnerId).map((list) => list.name), 'time entries: CSV'])
      skip(output.skipped, scenario, 'endpoint not built yet');
  } else {
    await measureLists(context, facts, feeEarnerId, output);
    if (context.routes.has(`GET ${TOTALS}`)) await measureTotals(context, feeEarnerId, output);
    await measureCsv(context, facts, feeEarnerId, output);
  }
  if (!context.routes.has(`POST ${TIMER.start}`) || !context.routes.has(`POST ${TIMER.pause}`)) {
    skip(output.skipped, 'timer: start-entry / pause-entry', 'endpoint not built yet');
  } else {
    await measureTimer(context, output);
  }
  return output;
}

// ---------------------------------------------------------------------------------------------
// The list: the route, then the same SQL from the bare handler, scenario by scenario.

type ListBody = { success?: boolean; data?: { totalCount?: number; data?: { id: string }[] } };

async function fetchList(url: string, token?: string): Promise<{ status: number; body: ListBody; text: string }> {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as ListBody, text };
  } catch {
    return { status: response.status, body: {}, text };
  }
}

async function measureLists(context: Issue4Context, facts: TimeEntryFacts, feeEarnerId: string, output: Issue4Results) {
  const bare = await startServer({
    kind: 'bare-list',
    databaseUrl: context.databaseUrl,
    firmId: context.data.largeFirmId!,
    userId: facts.adminUserId,
  });
  try {
    const bareUrl = `http://127.0.0.1:${bare.ready.port}`;
    const request: Request = { headers: { authorization: `Bearer ${context.adminToken}` } };
    for (const scenario of listScenarios(facts, feeEarnerId)) {
      await settle(context.databaseUrl, scenario.name);
      // Both answer 200 with the same rows: the same SQL, or the comparison means nothing.
      const route = await fetchList(`${context.baseUrl}${TIME_ENTRY_LIST}?${scenario.query}`, context.adminToken);
      const mirror = await fetchList(`${bareUrl}/list?${scenario.query}`);
      const ids = (body: ListBody) => (body.data?.data ?? []).map((row) => row.id).join();
      if (route.status !== 200 || route.body.success !== true || !route.body.data?.data?.length) {
        skip(output.skipped, scenario.name, `answered ${route.status}: ${route.text.slice(0, 300)}`);
        continue;
      }
      if (mirror.status !== 200 || ids(mirror.body) !== ids(route.body) || mirror.body.data?.totalCount !== route.body.data.totalCount) {
        skip(output.skipped, scenario.name, `the bare handler answered differently (${mirror.status}): ${mirror.text.slice(0, 300)}`);
        continue;
      }
      console.log(`  ${scenario.name.padEnd(40)} ready: ${route.body.data.totalCount} in all (capped count)`);
      const [measured, ...statement] = await context.measureList(
        `${context.baseUrl}${TIME_ENTRY_LIST}?${scenario.query}`,
        scenario.name,
        request,
      );
      const routeResult = measured!;
      const bareName = `bare handler, same SQL: ${scenario.name.replace('time entries: ', '')}`;
      const bareResult = context.summarize(await context.measure(`${bareUrl}/list?${scenario.query}`, bareName), context.hello);
      const pageOnly = context.summarize(
        await context.measure(`${bareUrl}/page?${scenario.query}`, `bare, page query only: ${scenario.name.replace('time entries: ', '')}`),
        context.hello,
      );
      const shareOfBare = bareResult.requestsPerSecond > 0 ? round(routeResult.requestsPerSecond / bareResult.requestsPerSecond, 4) : 0;
      const targets = scenario.hasTarget
        ? {
            targetP99Ms: ISSUE4_TARGETS.listP99Ms,
            minShareOfBare: ISSUE4_TARGETS.minShareOfBare,
            pass: routeResult.latencyMs.p99 <= ISSUE4_TARGETS.listP99Ms && shareOfBare >= ISSUE4_TARGETS.minShareOfBare,
          }
        : {};
      output.results.push({ ...routeResult, bareScenario: bareName, shareOfBare, ...targets }, ...statement, bareResult, pageOnly);
    }
  } finally {
    await bare.stop();
  }
}

/** The filter's totals on their own (the web can load them beside the page). */
async function measureTotals(context: Issue4Context, feeEarnerId: string, output: Issue4Results) {
  const scenario = 'time entries: get-totals, fee earner';
  const url = `${context.baseUrl}${TOTALS}?TimeEntryUserId=${feeEarnerId}&IsBillable=4`;
  await settle(context.databaseUrl, scenario);
  const response = await fetch(url, { headers: { authorization: `Bearer ${context.adminToken}` } });
  if (response.status !== 200) {
    skip(output.skipped, scenario, `answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return;
  }
  await response.arrayBuffer();
  const request: Request = { headers: { authorization: `Bearer ${context.adminToken}` } };
  // Issue 34's target for a 100,000-entry filter's totals.
  const [result, ...statement] = await context.measureList(url, scenario, request);
  output.results.push(
    { ...result!, targetP99Ms: ISSUE34_TOTALS_P99_MS, pass: result!.latencyMs.p99 <= ISSUE34_TOTALS_P99_MS },
    ...statement,
  );
}
