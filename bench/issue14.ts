import { settle, skip, type Issue4Context, type Issue4Results, type Request } from './issue4-shared.ts';
import { watchMemory, type MemoryReading } from './memory-watch.ts';
import { format, round, type Download } from './report.ts';

/** Issue 14's targets: each list's first page at p99 ≤ 25 ms; a 10 MB receipt up and down ≤ 300 ms, the API growing ≤ 30 MB. */
export const ISSUE14_TARGETS = { listP99Ms: 25, receiptMs: 300, receiptRssGrowthMiB: 30 };

const BASE = '/api/admin/expense-flat-fees-info';
const EXPENSES = `${BASE}/get-expenses-list`;
const FLAT_FEES = `${BASE}/get-flat-fees-list`;
const UPLOAD = `${BASE}/upload-expense-receipt`;
const DOWNLOAD = `${BASE}/download-expense-receipt`;
const RECEIPT_RUNS = 5;
const MIB = 2 ** 20;

type ListScenario = { name: string; path: string; query: string };

function listScenarios(busiestMatterId: string): ListScenario[] {
  const page = 'page=1&size=20';
  return [
    { name: 'expenses: client tab', path: EXPENSES, query: `${page}&IsFirmExpense=false` },
    { name: 'expenses: unbilled (pre-fetch)', path: EXPENSES, query: `${page}&IsFirmExpense=false&Status=Approved&BillingStatus=Unbilled` },
    { name: 'expenses: client tab, searched', path: EXPENSES, query: `${page}&IsFirmExpense=false&GeneralSearchText=courier` },
    { name: 'expenses: firm tab', path: EXPENSES, query: page },
    { name: 'flat fees: first page', path: FLAT_FEES, query: page },
    { name: 'flat fees: unbilled, one matter', path: FLAT_FEES, query: `${page}&status=Unbilled&MatterId=${busiestMatterId}` },
    { name: 'flat fees: searched', path: FLAT_FEES, query: `${page}&GeneralSearchText=probate` },
  ];
}

/**
 * Issue 14 ("Speed"), at the issue14 scale: the expense and flat-fee lists' first pages (plain,
 * filtered, searched) as the large firm's administrator, and a 10 MB receipt uploaded and
 * downloaded with the API process's memory. Scenarios whose endpoints are not in /api/docs/json
 * are skipped.
 */
export async function runIssue14(context: Issue4Context): Promise<Issue4Results> {
  const output: Issue4Results = { results: [], downloads: [], skipped: [] };
  const facts = context.data.expenses;
  if (!facts || !context.data.largeFirmId) {
    skip(output.skipped, 'issue 14', 'no large firm with expenses was generated');
    return output;
  }
  console.log(
    `  expenses: ${format(facts.largeFirmExpenses, 0)} live in the large firm (${format(facts.largeFirmUnbilledClientExpenses, 0)} unbilled ` +
      `client expenses); flat fees ${format(facts.largeFirmFlatFees, 0)}`,
  );
  const request: Request = { headers: { authorization: `Bearer ${context.adminToken}` } };
  for (const scenario of listScenarios(facts.busiestMatterId)) {
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
      { ...result!, targetP99Ms: ISSUE14_TARGETS.listP99Ms, pass: result!.latencyMs.p99 <= ISSUE14_TARGETS.listP99Ms },
      ...statement,
    );
  }
  if (!context.routes.has(`POST ${UPLOAD}/{id}`)) {
    skip(output.skipped, 'receipts: 10 MB up and down', 'endpoint not built yet');
  } else {
    await measureReceipts(context, output);
  }
  return output;
}

/** A 10 MB PDF: a real header, then filler, so the content check passes and every byte is streamed. */
function tenMegabytePdf(): Blob {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const body = Buffer.alloc(10 * MIB - head.length - 6, 0x20);
  return new Blob([head, body, Buffer.from('\n%%EOF')], { type: 'application/pdf' });
}

async function measureReceipts(context: Issue4Context, output: Issue4Results) {
  const auth = { authorization: `Bearer ${context.adminToken}` };
  const categories = (await (await fetch(`${context.baseUrl}${BASE}/get-expense-categories`, { headers: auth })).json()) as {
    data: { id: string }[];
  };
  const created = await fetch(`${context.baseUrl}${BASE}/create-expense`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      isFirmExpense: true,
      expenseDate: new Date().toISOString().slice(0, 10),
      description: 'Bench receipt',
      categoryId: categories.data[0]!.id,
      quantity: '1',
      unitCost: '100',
    }),
  });
  const expenseId = ((await created.json()) as { data?: { id: string } }).data?.id;
  if (!expenseId) {
    skip(output.skipped, 'receipts: 10 MB up and down', `create-expense answered ${created.status}`);
    return;
  }
  const file = tenMegabytePdf();
  type Run = { milliseconds: number; memory: MemoryReading; bytes: number };
  const uploads: Run[] = [];
  const downloads: Run[] = [];
  let receiptId = '';
  await settle(context.databaseUrl, 'the receipts');
  try {
    for (let run = 0; run < RECEIPT_RUNS; run += 1) {
      const form = new FormData();
      form.append('file', file, 'receipt.pdf');
      const watch = await watchMemory(context.app);
      const started = performance.now();
      const response = await fetch(`${context.baseUrl}${UPLOAD}/${expenseId}`, { method: 'POST', headers: auth, body: form });
      const answer = (await response.json()) as { data?: { receipts: { id: string }[] } };
      const milliseconds = performance.now() - started;
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      uploads.push({ milliseconds, memory: await watch.stop(), bytes: file.size });
      receiptId = answer.data!.receipts.at(-1)!.id;
    }
    for (let run = 0; run < RECEIPT_RUNS; run += 1) {
      const watch = await watchMemory(context.app);
      const started = performance.now();
      const response = await fetch(`${context.baseUrl}${DOWNLOAD}/${expenseId}/${receiptId}`, { headers: auth });
      if (response.status !== 200 || !response.body) throw new Error(`download answered ${response.status}`);
      let bytes = 0;
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      downloads.push({ milliseconds: performance.now() - started, memory: await watch.stop(), bytes });
    }
  } catch (error) {
    skip(output.skipped, 'receipts: 10 MB up and down', error instanceof Error ? error.message : String(error));
    return;
  }
  for (const [scenario, runs] of [
    ['receipts: 10 MB upload', uploads],
    ['receipts: 10 MB download', downloads],
  ] as const) {
    const sorted = runs.map((run) => run.milliseconds).sort((left, right) => left - right);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const growth = (run: Run) => run.memory.peakBytes - run.memory.beforeBytes;
    const worst = runs.reduce((most, run) => (growth(run) > growth(most) ? run : most));
    const rssGrowthMiB = growth(worst) / MIB;
    const result: Download = {
      scenario,
      rows: 1,
      bytes: worst.bytes,
      seconds: runs.map((run) => round(run.milliseconds / 1000, 3)),
      rssGrowthMiBPerRun: runs.map((run) => round(growth(run) / MIB, 1)),
      medianSeconds: round(median / 1000, 3),
      firstByteMs: 0,
      rssBeforeMiB: round(worst.memory.beforeBytes / MIB, 1),
      rssPeakMiB: round(worst.memory.peakBytes / MIB, 1),
      rssGrowthMiB: round(rssGrowthMiB, 1),
      memorySource: worst.memory.source,
      targetSeconds: ISSUE14_TARGETS.receiptMs / 1000,
      targetRssGrowthMiB: ISSUE14_TARGETS.receiptRssGrowthMiB,
      pass: median <= ISSUE14_TARGETS.receiptMs && rssGrowthMiB <= ISSUE14_TARGETS.receiptRssGrowthMiB,
    };
    console.log(
      `  ${scenario.padEnd(40)} ${result.seconds.map((seconds) => Math.round(seconds * 1000)).join(' / ')} ms; ` +
        `RSS ${format(result.rssBeforeMiB, 0)} → ${format(result.rssPeakMiB, 0)} MB (+${format(rssGrowthMiB, 1)})`,
    );
    output.downloads.push(result);
  }
}
