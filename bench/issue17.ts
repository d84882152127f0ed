import { ISSUE17_SEARCH } from './generate-court-calendar.ts';
import { settle, skip, type Issue4Context, type Issue4Results, type Request } from './issue4-shared.ts';
import { format, round, type Timing } from './report.ts';

/** Issue 17's targets: each list's first page at p99 ≤ 25 ms with 10 users; the firm's ICS feed of ~10,000 future hearings ≤ 300 ms. */
export const ISSUE17_TARGETS = { listP99Ms: 25, feedMs: 300 };

const BASE = '/api/admin/progress-update';
const NOTES = `${BASE}/get-progress-notes`;
const COURT_UPDATES = `${BASE}/get-court-updates`;
const CALENDAR_FEED = `${BASE}/calendar-feed`;
const FEED_WARMUPS = 2;
const FEED_RUNS = 7;

type ListScenario = { name: string; path: string; query: string };

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function listScenarios(facts: { busiestNoteMatterId: string; busiestCourtId: string }, feeEarnerId: string): ListScenario[] {
  const page = 'page=1&size=20';
  return [
    { name: 'notes: first page', path: NOTES, query: page },
    { name: 'notes: one matter', path: NOTES, query: `${page}&MatterId=${facts.busiestNoteMatterId}` },
    { name: 'notes: one author, last 90 days', path: NOTES, query: `${page}&AuthorUserId=${feeEarnerId}&FromDate=${isoDay(-90)}` },
    { name: `notes: searched "${ISSUE17_SEARCH.note}"`, path: NOTES, query: `${page}&GeneralSearchText=${ISSUE17_SEARCH.note}` },
    { name: 'court updates: first page', path: COURT_UPDATES, query: page },
    { name: 'court updates: one court', path: COURT_UPDATES, query: `${page}&CourtId=${facts.busiestCourtId}` },
    {
      name: 'court updates: next 30 days',
      path: COURT_UPDATES,
      query: `${page}&FromNextAdjournedDate=${isoDay(0)}&ToNextAdjournedDate=${isoDay(30)}&sortColumn=nextAdjournedDate&sortType=asc`,
    },
    {
      name: `court updates: searched "${ISSUE17_SEARCH.courtUpdate}"`,
      path: COURT_UPDATES,
      query: `${page}&GeneralSearchText=${ISSUE17_SEARCH.courtUpdate}`,
    },
  ];
}

/**
 * Issue 17 ("Speed"), at the issue17 scale: the progress-note and court-update lists' first pages
 * (plain, filtered, searched) as the large firm's administrator, 10 connections; then the firm's
 * iCalendar feed (every hearing of the firm, ~10,000 of them in the next 12 months) fetched one at
 * a time, median of 7. Scenarios whose endpoints are not in /api/docs/json are skipped.
 */
export async function runIssue17(context: Issue4Context): Promise<Issue4Results> {
  const output: Issue4Results = { results: [], downloads: [], skipped: [], timings: [] };
  const facts = context.data.courtCalendar;
  if (!facts || !context.data.largeFirmFeeEarnerId) {
    skip(output.skipped, 'issue 17', 'no large firm with progress notes and court updates was generated');
    return output;
  }
  console.log(
    `  progress notes: ${format(facts.notes, 0)} live in the large firm (${format(facts.sharedNotes, 0)} shared, ` +
      `${format(facts.notesSearched, 0)} with "${ISSUE17_SEARCH.note}", ${format(facts.busiestNoteMatterNotes, 0)} on the busiest matter, ` +
      `${format(facts.feeEarnerNotesLast90Days, 0)} by feeearner@ in the last 90 days)`,
  );
  console.log(
    `  court updates: ${format(facts.courtUpdates, 0)} live in ${facts.courts} courts (${format(facts.futureHearings, 0)} hearings ahead, ` +
      `${format(facts.futureHearingsWithTime, 0)} with a time, ${format(facts.hearingsNext30Days, 0)} in the next 30 days; ` +
      `${format(facts.courtUpdatesSearched, 0)} with "${ISSUE17_SEARCH.courtUpdate}"; ${format(facts.busiestCourtUpdates, 0)} in the busiest court; ` +
      `${format(facts.appearances, 0)} appearances)`,
  );
  const request: Request = { headers: { authorization: `Bearer ${context.adminToken}` } };
  for (const scenario of listScenarios(facts, context.data.largeFirmFeeEarnerId)) {
    if (!context.routes.has(`GET ${scenario.path}`)) {
      skip(output.skipped, scenario.name, 'endpoint not built yet');
      continue;
    }
    const url = `${context.baseUrl}${scenario.path}?${scenario.query}`;
    const response = await fetch(url, request);
    const body = (await response.json().catch(() => ({}))) as { data?: { data?: unknown[]; totalCount?: number } };
    if (response.status !== 200 || !body.data?.data?.length) {
      skip(output.skipped, scenario.name, `answered ${response.status} with ${body.data?.data?.length ?? 0} rows`);
      continue;
    }
    console.log(`  ${scenario.name.padEnd(40)} ready: ${body.data.totalCount} in all (capped count)`);
    await settle(context.databaseUrl, scenario.name);
    const [result, ...statement] = await context.measureList(url, scenario.name, request);
    output.results.push(
      { ...result!, targetP99Ms: ISSUE17_TARGETS.listP99Ms, pass: result!.latencyMs.p99 <= ISSUE17_TARGETS.listP99Ms },
      ...statement,
    );
  }
  if (!context.routes.has(`POST ${CALENDAR_FEED}`)) skip(output.skipped, 'calendar: firm ICS feed', 'endpoint not built yet');
  else await measureFeed(context, facts.futureHearings, output);
  return output;
}

/** The administrator's firm-wide feed: made through the API, then fetched by its secret URL (no session) one request at a time. */
async function measureFeed(context: Issue4Context, futureHearings: number, output: Issue4Results) {
  const scenario = 'calendar: firm ICS feed';
  const created = await fetch(`${context.baseUrl}${CALENDAR_FEED}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scope: 'firm' }),
  });
  const feedUrl = ((await created.json().catch(() => ({}))) as { data?: { url?: string } }).data?.url;
  if (!created.ok || !feedUrl) {
    skip(output.skipped, scenario, `calendar-feed answered ${created.status} without a URL`);
    return;
  }
  // The URL is built from the app's public address; the bench's API listens on its own port.
  const parsed = new URL(feedUrl);
  const url = `${context.baseUrl}${parsed.pathname}${parsed.search}`;
  const fetchFeed = async () => {
    const started = performance.now();
    const response = await fetch(url);
    const text = await response.text();
    return { status: response.status, text, milliseconds: performance.now() - started };
  };
  await settle(context.databaseUrl, scenario);
  const runs: number[] = [];
  let last = { status: 0, text: '', milliseconds: 0 };
  for (let run = 0; run < FEED_WARMUPS + FEED_RUNS; run += 1) {
    last = await fetchFeed();
    if (last.status !== 200 || !last.text.startsWith('BEGIN:VCALENDAR')) {
      skip(output.skipped, scenario, `${parsed.pathname} answered ${last.status}: ${last.text.slice(0, 200)}`);
      return;
    }
    if (run >= FEED_WARMUPS) runs.push(last.milliseconds);
  }
  const events = last.text.match(/^BEGIN:VEVENT/gm)?.length ?? 0;
  const sorted = [...runs].sort((left, right) => left - right);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const timing: Timing = {
    scenario,
    runsMs: runs.map((ms) => round(ms, 1)),
    medianMs: round(median, 1),
    worstMs: round(sorted.at(-1)!, 1),
    targetMs: ISSUE17_TARGETS.feedMs,
    pass: median <= ISSUE17_TARGETS.feedMs,
    detail: `${format(events, 0)} events (${format(futureHearings, 0)} hearings ahead in the data), ${format(Buffer.byteLength(last.text) / 1024, 0)} KB`,
  };
  console.log(`  ${scenario.padEnd(40)} ${timing.runsMs.map((ms) => Math.round(ms)).join(' / ')} ms; ${timing.detail}`);
  output.timings!.push(timing);
}
