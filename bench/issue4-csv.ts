import type { TimeEntryFacts } from './generate-time-entries.ts';
import { ISSUE4_TARGETS, settle, skip, TIME_ENTRY_LIST, type Issue4Context, type Issue4Results } from './issue4-shared.ts';
import { watchMemory, type MemoryReading } from './memory-watch.ts';
import { format, round, type Download } from './report.ts';

/** Downloads of the CSV: the time target applies to their median, the memory target to the worst. */
const CSV_RUNS = 3;
const MIB = 2 ** 20;

// ---------------------------------------------------------------------------------------------
// The CSV: one fee earner's entries (~10% of the large firm's), timed, with the API's memory.

/** A line of the file that is one of its rows (by default every line but the header). */
type IsRow = (line: string) => boolean;

async function download(url: string, token: string, isRow: IsRow | null) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body || !response.headers.get('content-type')?.includes('text/csv')) {
    throw new Error(`answered ${response.status} ${response.headers.get('content-type')}: ${(await response.text()).slice(0, 300)}`);
  }
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  let rows = 0;
  let partial = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = Math.round(performance.now() - started);
    bytes += chunk.byteLength;
    if (isRow) {
      const text = partial + decoder.decode(chunk, { stream: true });
      const split = text.split('\n');
      partial = split.pop()!;
      for (const line of split) if (isRow(line)) rows += 1;
    } else for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { seconds: (performance.now() - started) / 1000, firstByteMs, bytes, rows: isRow ? rows : lines - 1 };
}

/** A CSV download to measure: its address, the rows it must hold, and its targets. */
export type CsvDownload = {
  scenario: string;
  url: string;
  expectedRows: number;
  isRow?: IsRow;
  targetSeconds: number;
  targetRssGrowthMiB: number;
};

export async function measureCsv(context: Issue4Context, facts: TimeEntryFacts, feeEarnerId: string, output: Issue4Results) {
  await measureCsvDownload(
    context,
    {
      scenario: `time entries: CSV of one fee earner`,
      url: `${context.baseUrl}${TIME_ENTRY_LIST}?IsDownlodCsv=true&TimeEntryUserId=${feeEarnerId}`,
      expectedRows: facts.feeEarnerEntries,
      targetSeconds: ISSUE4_TARGETS.csvSeconds,
      targetRssGrowthMiB: ISSUE4_TARGETS.csvRssGrowthMiB,
    },
    output,
  );
}

/** Downloads a CSV CSV_RUNS times with the API's memory watched: the time target on the median, memory on the worst. */
export async function measureCsvDownload(context: Issue4Context, csv: CsvDownload, output: Issue4Results) {
  const { scenario, url } = csv;
  const runs: (Awaited<ReturnType<typeof download>> & { memory: MemoryReading })[] = [];
  await settle(context.databaseUrl, scenario);
  try {
    for (let run = 0; run < CSV_RUNS; run += 1) {
      const watch = await watchMemory(context.app);
      const result = await download(url, context.adminToken, csv.isRow ?? null);
      runs.push({ ...result, memory: await watch.stop() });
    }
  } catch (error) {
    skip(output.skipped, scenario, error instanceof Error ? error.message : String(error));
    return;
  }
  const seconds = runs.map((run) => run.seconds).sort((left, right) => left - right);
  const medianSeconds = seconds[Math.floor(seconds.length / 2)]!;
  const growth = (run: (typeof runs)[number]) => run.memory.peakBytes - run.memory.beforeBytes;
  const worst = runs.reduce((most, run) => (growth(run) > growth(most) ? run : most));
  const rssGrowthMiB = growth(worst) / MIB;
  const rowsMatch = runs.every((run) => run.rows === csv.expectedRows);
  if (!rowsMatch) console.log(`  !! the CSV had ${runs.map((run) => run.rows).join(', ')} rows; ${csv.expectedRows} were expected`);
  const result: Download = {
    scenario,
    rows: worst.rows,
    bytes: worst.bytes,
    seconds: runs.map((run) => round(run.seconds, 3)),
    rssGrowthMiBPerRun: runs.map((run) => round(growth(run) / MIB, 1)),
    medianSeconds: round(medianSeconds, 3),
    firstByteMs: worst.firstByteMs,
    rssBeforeMiB: round(worst.memory.beforeBytes / MIB, 1),
    rssPeakMiB: round(worst.memory.peakBytes / MIB, 1),
    rssGrowthMiB: round(rssGrowthMiB, 1),
    memorySource: worst.memory.source,
    targetSeconds: csv.targetSeconds,
    targetRssGrowthMiB: csv.targetRssGrowthMiB,
    pass: rowsMatch && medianSeconds <= csv.targetSeconds && rssGrowthMiB <= csv.targetRssGrowthMiB,
  };
  console.log(
    `  ${scenario.padEnd(40)} ${format(result.rows, 0)} rows, ${format(result.bytes / MIB, 1)} MB in ${result.seconds.join(' / ')} s; ` +
      `RSS ${format(result.rssBeforeMiB, 0)} → ${format(result.rssPeakMiB, 0)} MB (+${format(rssGrowthMiB, 1)})`,
  );
  output.downloads.push(result);
}
