import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A server process's resident memory during one piece of work (issue 4's CSV download): its RSS
 * before, and the peak while it runs. On Linux the parent reads /proc/<pid>/status every
 * SAMPLE_MS, independently of the server's event loop, and also resets the kernel's high-water
 * mark (VmHWM, via clear_refs) before starting, so a peak between two samples is not missed.
 * Elsewhere it asks the process for process.memoryUsage.rss() over IPC at the same pace.
 */
export type MemoryReading = { beforeBytes: number; peakBytes: number; samples: number; source: 'proc' | 'proc+hwm' | 'ipc' };

const SAMPLE_MS = 50;

function procStatus(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    const reading = { rss: kib('VmRSS'), hwm: kib('VmHWM') };
    return Number.isFinite(reading.rss) ? reading : null;
  } catch {
    return null;
  }
}

/** Resets VmHWM to the current RSS (Linux 4.0+); false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export async function watchMemory(server: { pid: number; rss: () => Promise<number> }) {
  const initial = procStatus(server.pid);
  if (initial) {
    const hasPeak = resetPeak(server.pid);
    const beforeBytes = procStatus(server.pid)?.rss ?? initial.rss;
    let peakBytes = beforeBytes;
    let samples = 1;
    const timer = setInterval(() => {
      const reading = procStatus(server.pid);
      if (reading) peakBytes = Math.max(peakBytes, reading.rss);
      samples += 1;
    }, SAMPLE_MS);
    return {
      stop: async (): Promise<MemoryReading> => {
        clearInterval(timer);
        const last = procStatus(server.pid);
        if (last) peakBytes = Math.max(peakBytes, last.rss, hasPeak ? last.hwm : 0);
        return { beforeBytes, peakBytes, samples: samples + 1, source: hasPeak ? 'proc+hwm' : 'proc' };
      },
    };
  }
  const beforeBytes = await server.rss();
  let peakBytes = beforeBytes;
  let samples = 1;
  let pending = false;
  const timer = setInterval(() => {
    if (pending) return;
    pending = true;
    void server.rss().then((rss) => {
      peakBytes = Math.max(peakBytes, rss);
      samples += 1;
      pending = false;
    });
  }, SAMPLE_MS);
  return {
    stop: async (): Promise<MemoryReading> => {
      clearInterval(timer);
      peakBytes = Math.max(peakBytes, await server.rss());
      return { beforeBytes, peakBytes, samples: samples + 1, source: 'ipc' };
    },
  };
}
