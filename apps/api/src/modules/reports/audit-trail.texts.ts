/**
 * How the audit trail reads an event to people: its changes field by field, and the device it came
 * from. Pure: the report, its CSV and its PDF print the same text.
 */

/** A value longer than this is cut (with …): one pasted document must not make a row pages long. */
export const AUDIT_VALUE_LIMIT = 500;

/** A field's name in words: "paidAmount" → "paid amount". */
const fieldName = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const cut = (text: string) => (text.length > AUDIT_VALUE_LIMIT ? `${text.slice(0, AUDIT_VALUE_LIMIT - 1)}…` : text);

const isPlain = (value: unknown): value is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as text: blank for none, lists joined by commas, anything nested as compact JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isPlain(value)) return cut(String(value));
  if (Array.isArray(value) && value.every(isPlain)) return value.length === 0 ? 'none' : cut(value.join(', '));
  return cut(JSON.stringify(value));
}

/** A list of names that changed (a role's permissions): what was added and what was removed, not both lists whole. */
function listChange(before: readonly (string | number | boolean)[], after: readonly (string | number | boolean)[]): string {
  const added = after.filter((item) => !before.includes(item));
  const removed = before.filter((item) => !after.includes(item));
  const parts = [
    ...(added.length > 0 ? [`added ${cut(added.join(', '))}`] : []),
    ...(removed.length > 0 ? [`removed ${cut(removed.join(', '))}`] : []),
  ];
  return parts.length > 0 ? parts.join(' and ') : `${valueText(before)} → ${valueText(after)}`;
}

function fieldChange(name: string, before: unknown, after: unknown): string {
  if (Array.isArray(before) && Array.isArray(after) && before.every(isPlain) && after.every(isPlain))
    return `${fieldName(name)}: ${listChange(before, after)}`;
  return `${fieldName(name)}: ${valueText(before)} → ${valueText(after)}`;
}

/**
 * An event's details as readable text, fields separated by "; ". The facts it names (an invoice's
 * number, a receipt) first; then, for a change, each field that differs, before → after; for a record created
 * (after alone) or deleted (before alone), each field's value.
 */
export function changesText(details: unknown): string {
  if (!isRecord(details)) return details === null || details === undefined ? '' : valueText(details);
  const { before, after, ...facts } = details;
  const parts = Object.entries(facts).map(([name, value]) => `${fieldName(name)}: ${valueText(value)}`);
  if (isRecord(before) && isRecord(after)) {
    // Some events keep the whole record on both sides (a role's name and permissions): only what differs is a change.
    // The record's own "updated at" is the event's moment, shown in its When.
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (name) => name !== 'updatedAt' && JSON.stringify(before[name]) !== JSON.stringify(after[name]),
    );
    parts.push(...fields.map((name) => fieldChange(name, before[name], after[name])));
  } else {
    for (const side of [before, after]) {
      if (isRecord(side)) parts.push(...Object.entries(side).map(([name, value]) => `${fieldName(name)}: ${valueText(value)}`));
      else if (side !== undefined) parts.push(valueText(side));
    }
  }
  return parts.join('; ');
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A browser's User-Agent as "Chrome 126 on Windows"; anything a short rule does not know (a script,
 * an app) as it came. Matched in order: Edge and Opera also say Chrome, Chrome also says Safari.
 */
export function deviceText(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = BROWSERS.map(([pattern, name]) => {
    const found = pattern.exec(userAgent);
    return found ? `${name} ${found[1]}` : null;
  }).find((name) => name !== null);
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return userAgent;
  return system ? `${browser} on ${system}` : browser;
}
