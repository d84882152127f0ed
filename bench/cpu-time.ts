import { readdirSync, readFileSync } from 'node:fs';

/**
 * The CPU time the API process and its PostgreSQL backends spend on a run, read from /proc (user +
 * system): on a machine other work keeps busy, latency measures the queue for the cores as much as
 * the work, while CPU per request measures the work alone. The backends are the processes whose
 * command line names the bench database (PostgreSQL titles each backend `postgres: … <user>
 * <database> <client> …`) and their parallel workers (`parallel worker for PID <a backend>`),
 * sampled every 200 ms: the pool closes connections idle for 10 s and opens others, and a backend
 * that ended counts with its last sample. Linux only, and only when the PostgreSQL server runs on
 * this machine; null otherwise (databaseMs alone when no backend was seen).
 */
export type CpuReading = { apiMs: number; databaseMs: number | null };

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 200;

function cpuTicks(pid: number): number | null {
  try {
    // The fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

/** The bench database's backends and their parallel workers, by process id. */
function backendPids(databaseName: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const titles = new Map<number, string>();
  for (const entry of entries) {
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (title.startsWith('postgres: ')) titles.set(Number(entry), title);
    } catch {
      // Ended while listed.
    }
  }
  const backends = [...titles].filter(([, title]) => title.split(' ').includes(databaseName)).map(([pid]) => pid);
  const workers = [...titles]
    .filter(([, title]) => backends.some((pid) => title.includes(`parallel worker for PID ${pid}`)))
    .map(([pid]) => pid);
  return [...backends, ...workers];
}

/** Starts counting; the answer ends the count and gives the CPU milliseconds spent since. */
export function startCpuCount(apiPid: number, databaseUrl: string): () => Promise<CpuReading | null> {
  const apiBefore = cpuTicks(apiPid);
  if (apiBefore === null) return () => Promise.resolve(null);
  const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = (isStart: boolean) => {
    for (const pid of backendPids(databaseName)) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      // A backend seen at the start counts from then; one that started later, from its start.
      if (!first.has(pid)) first.set(pid, isStart ? ticks : 0);
      last.set(pid, ticks);
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), SAMPLE_MS);
  return () => {
    clearInterval(timer);
    sample(false);
    const apiAfter = cpuTicks(apiPid) ?? apiBefore;
    const toMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
    const databaseTicks = [...last].reduce((sum, [pid, ticks]) => sum + ticks - (first.get(pid) ?? 0), 0);
    return Promise.resolve({ apiMs: toMs(apiAfter - apiBefore), databaseMs: last.size > 0 ? toMs(databaseTicks) : null });
  };
}
