const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** 840 B, 12.4 MB, 1.3 GB: a zip's size as people say it (1 KB = 1,024 bytes, as file managers count). */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  // 1,023.96 KB would print as "1024.0 KB": it is 1.0 MB.
  while (value >= 1023.95 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
