import { loadavg } from 'node:os';
import { offerEvenly, offerInBursts, percentile } from './books-load.ts';
import { startCpuCount } from './cpu-time.ts';
import { settle, skip, type Issue4Context, type Issue4Results, type Request } from './issue4-shared.ts';
import { format, round, type Measurement } from './report.ts';

/**
 * The firm's books' speed targets (issue 36, ADR 0049): on a firm of 1,000,000 journal lines over
 * three years, the trial balance, a year's profit and loss and the balance sheet each at p99 ≤ 200 ms,
 * and a general-ledger page of an account of 200,000 lines at p99 ≤ 50 ms, offered 20 requests/s.
 */
export const BOOKS_TARGETS = { statementP99Ms: 200, ledgerP99Ms: 50, offeredPerSecond: 20 };

const BASE = '/api/admin/accounting';
const TRIAL_BALANCE = `${BASE}/get-trial-balance`;
const PROFIT_AND_LOSS = `${BASE}/get-profit-and-loss`;
const BALANCE_SHEET = `${BASE}/get-balance-sheet`;
const GENERAL_LEDGER = `${BASE}/get-general-ledger`;
/** The general ledger page's default size (general-ledger-page.tsx). */
const LEDGER_PAGE_SIZE = 50;

export type Scenario = { name: string; path: string; query: string; targetP99Ms: number };
type Answer = {
  success?: boolean;
  data?: { isBalanced?: boolean; tieOutsPass?: boolean; totalCount?: number; data?: unknown[]; currencies?: unknown[] };
};

function scenarios(operatingBankAccountId: string, bankLines: number, today: Date): Scenario[] {
  // The last whole fiscal year: the generated firm's starts in January (the default).
  const year = today.getUTCFullYear() - 1;
  const ledger = `AccountId=${operatingBankAccountId}&size=${LEDGER_PAGE_SIZE}`;
  // A quarter into the account's lines (page 1,189 of 4,756 at 1,000,000 journal lines).
  const deepPage = Math.max(2, Math.round(bankLines / 4 / LEDGER_PAGE_SIZE));
  const statement = (name: string, path: string, query: string) => ({ name, path, query, targetP99Ms: BOOKS_TARGETS.statementP99Ms });
  const page = (name: string, query: string) => ({ name, path: GENERAL_LEDGER, query, targetP99Ms: BOOKS_TARGETS.ledgerP99Ms });
  return [
    statement('books: trial balance, all dates', TRIAL_BALANCE, ''),
    statement(`books: profit and loss ${year}, accrual`, PROFIT_AND_LOSS, `FromDate=${year}-01-01&ToDate=${year}-12-31&Basis=accrual`),
    statement('books: balance sheet, today', BALANCE_SHEET, ''),
    page('books: general ledger, bank, page 1', `${ledger}&page=1`),
    page(`books: general ledger, bank, page ${format(deepPage, 0)}`, `${ledger}&page=${deepPage}`),
    page(`books: general ledger, bank, ${year}, page 1`, `${ledger}&FromDate=${year}-01-01&ToDate=${year}-12-31&page=1`),
    // Last: it takes seconds a request, so the 20 requests/s queue in the API and its work outlasts its run.
    statement(`books: profit and loss ${year}, cash`, PROFIT_AND_LOSS, `FromDate=${year}-01-01&ToDate=${year}-12-31&Basis=cash`),
  ];
}

/**
 * The books scale: the statements and the general ledger of the large firm's 1,000,000 journal
 * lines (generate-journals.ts), as its administrator, each offered at 20 requests/s (autocannon's
 * overallRate: latencies corrected for coordinated omission) for three times BENCH_DURATION after
 * a warm-up; p99 against the targets. Each answer is checked first: the trial balance and balance
 * sheet balance and tie out, the ledger's account holds at least 200,000 lines.
 */
export async function runBooks(context: Issue4Context): Promise<Issue4Results> {
  const output: Issue4Results = { results: [], downloads: [], skipped: [], checks: [] };
  const facts = context.data.books;
  if (!facts) {
    skip(output.skipped, 'books', 'no large firm with books was generated');
    return output;
  }
  const sources = Object.entries(facts.bySource)
    .map(([source, entries]) => `${source} ${format(entries, 0)}`)
    .join(', ');
  console.log(
    `  books: ${format(facts.lines, 0)} journal lines in ${format(facts.entries, 0)} entries (${sources}), ${facts.firstDate} to ${facts.lastDate}; ` +
      `${format(facts.dayTotals, 0)} day totals; operating bank ${format(facts.operatingBankLines, 0)} lines, ` +
      `accounts receivable ${format(facts.receivableLines, 0)}`,
  );
  const request: Request = { headers: { authorization: `Bearer ${context.adminToken}` } };
  for (const scenario of scenarios(facts.operatingBankAccountId, facts.operatingBankLines, new Date())) {
    if (!context.routes.has(`GET ${scenario.path}`)) {
      skip(output.skipped, scenario.name, 'endpoint not built yet');
      continue;
    }
    const url = `${context.baseUrl}${scenario.path}${scenario.query ? `?${scenario.query}` : ''}`;
    const response = await fetch(url, request);
    const body = (await response.json().catch(() => ({}))) as Answer;
    if (response.status !== 200 || body.success !== true) {
      skip(output.skipped, scenario.name, `answered ${response.status}`);
      continue;
    }
    checkAnswer(scenario, body, facts.lines, output);
    await settle(context.databaseUrl, scenario.name);
    output.results.push(await measureAtRate(context, url, scenario, request));
  }
  return output;
}

/** What the answer must say before its speed means anything. */
function checkAnswer(scenario: Scenario, body: Answer, journalLines: number, output: Issue4Results) {
  const data = body.data ?? {};
  if (scenario.path === TRIAL_BALANCE || scenario.path === BALANCE_SHEET) {
    const pass = data.isBalanced === true && data.tieOutsPass === true;
    output.checks!.push({
      scenario: `${scenario.name}: balances and ties out`,
      pass,
      detail: `isBalanced ${String(data.isBalanced)}, tieOutsPass ${String(data.tieOutsPass)}`,
    });
  } else if (scenario.path === PROFIT_AND_LOSS) {
    output.checks!.push({
      scenario: `${scenario.name}: answers the home currency`,
      pass: (data.currencies?.length ?? 0) >= 1,
      detail: `${data.currencies?.length ?? 0} currencies`,
    });
  } else if (!scenario.query.includes('FromDate')) {
    // A fifth of the lines: 200,000 of 1,000,000 (BENCH_LARGE_FIRM_JOURNAL_LINES makes fewer).
    const least = Math.round(journalLines / 5);
    const lines = data.totalCount ?? 0;
    output.checks!.push({
      scenario: `${scenario.name}: the account has ≥ ${format(least, 0)} lines`,
      pass: lines >= least && (data.data?.length ?? 0) === LEDGER_PAGE_SIZE,
      detail: `${format(lines, 0)} lines, ${data.data?.length ?? 0} on the page`,
    });
  }
}

/**
 * A warm-up, then the scenario offered at 20 requests/s evenly (books-load.ts) for three times
 * BENCH_DURATION: the row and its target. Then, for comparison, the same rate as autocannon's
 * overallRate sends it over the run's connections, in a burst at the start of every second.
 */
export async function measureAtRate(
  context: Issue4Context,
  url: string,
  scenario: Scenario,
  request: Request,
  rate: number = BOOKS_TARGETS.offeredPerSecond,
): Promise<Measurement> {
  if (context.settings.warmupSeconds > 0)
    await offerEvenly(url, `${scenario.name} (warm-up)`, rate, context.settings.warmupSeconds, request);
  const [loadAverage = 0] = loadavg();
  const seconds = context.settings.durationSeconds * 3;
  const countCpu = startCpuCount(context.app.pid, context.databaseUrl);
  const offered = await offerEvenly(url, `${scenario.name} (${rate}/s evenly)`, rate, seconds, request);
  const cpu = await countCpu();
  // Per answered request: a run that answered nothing has no such figure.
  const cpuMsPerRequest =
    cpu && offered.answered > 0
      ? {
          api: round(cpu.apiMs / offered.answered, 1),
          database: cpu.databaseMs === null ? null : round(cpu.databaseMs / offered.answered, 1),
        }
      : undefined;
  const sorted = [...offered.latencies].sort((left, right) => left - right);
  const latencyMs = {
    average: round(sorted.reduce((sum, value) => sum + value, 0) / Math.max(sorted.length, 1), 2),
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
  };
  // Requests still unanswered when the run ends have no latency: a scenario that fell behind the
  // offered rate would show only its fast answers, so it passes only if it kept up.
  const keptUp = offered.answered >= 0.95 * rate * seconds;
  const pass = keptUp && latencyMs.p99 <= scenario.targetP99Ms;
  const failures = offered.non2xx + offered.errors;
  await settle(context.databaseUrl, `${scenario.name} in bursts`);
  const bursts = await offerInBursts(
    url,
    `${scenario.name} (${rate}/s in bursts)`,
    rate,
    context.settings.durationSeconds,
    context.settings.connections,
    request,
  );
  console.log(
    `  ${scenario.name.padEnd(52)} ${format(offered.answered / seconds, 1).padStart(6)} req/s   p50 ${latencyMs.p50} ms   ` +
      `p99 ${latencyMs.p99} ms (target ${scenario.targetP99Ms}: ${pass ? 'PASS' : 'FAIL'}${keptUp ? '' : ', fell behind the offered rate'})` +
      (cpuMsPerRequest ? `   CPU/request: API ${cpuMsPerRequest.api} ms, PostgreSQL ${cpuMsPerRequest.database ?? '?'} ms` : '') +
      `   load ${loadAverage.toFixed(2)}   in bursts: p50 ${bursts.latency.p50} ms, p99 ${bursts.latency.p99} ms` +
      (failures ? `   !! ${offered.non2xx} non-2xx, ${offered.errors} errors` : ''),
  );
  return {
    scenario: `${scenario.name} (${rate}/s)`,
    requestsPerSecond: round(offered.answered / seconds, 1),
    latencyMs,
    ratioToHelloWorld: round(offered.answered / seconds / context.hello.requests.average, 4),
    totalRequests: offered.answered,
    non2xx: offered.non2xx + bursts.non2xx,
    errors: offered.errors + bursts.errors,
    timeouts: offered.timeouts + bursts.timeouts,
    loadAverage: round(loadAverage, 2),
    ...(cpuMsPerRequest ? { cpuMsPerRequest } : {}),
    burst: {
      offeredPerSecond: rate,
      requestsPerSecond: round(bursts.requests.average, 1),
      p50: bursts.latency.p50,
      p99: bursts.latency.p99,
    },
    targetP99Ms: scenario.targetP99Ms,
    pass,
  };
}
