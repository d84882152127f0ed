import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.ts';
import type { Param } from '../db/query-shapes.ts';

/** What a list's search matches: the user's text, lower case, anywhere in a row's lower-case search text. */
export const substringPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** A list's search condition on a lower-case search text column (LIKE on the lowered pattern: cheaper than ILIKE per row). */
export const matchesSubstring = (column: SQLWrapper, pattern: Param<string> | undefined): SQL | undefined =>
  pattern === undefined ? undefined : sql`${column} like ${pattern}`;

/**
 * A searched list's count through the trigram index, on the search text's two rarest trigrams.
 *
 * pg_trgm's index finds the rows holding every trigram of the text and decodes each trigram's whole
 * list of rows to do it: for "kestrel" among a large firm's 200,000 matters, "est" and "str" list
 * 33,000 and 27,000 rows, "kes" and "rel" 1,900, and the lists were most of the count's cost (1.0 of
 * 1.3 ms). The two rarest trigrams find almost the same rows (the text itself is then checked on
 * each) from a fraction of the lists: 0.3 ms. Which trigrams are rare is read from a sample of the
 * firm's own rows, kept for a while: it decides only how the count is found, never what it finds.
 * Both trigrams go in one LIKE pattern, in the order the text holds them (`%kes%rel%`): the planner
 * estimates each LIKE by trying it on the column's whole histogram, so one pattern costs half the
 * planning of two.
 */
export type SearchNarrowing = { searchText: string; rareTrigrams: string };

const TRIGRAMS_USED = 2;
const SAMPLE_ROWS = 500;
const SAMPLE_LIFETIME_MS = 10 * 60 * 1000;
const SAMPLES_KEPT = 1000;

/**
 * The text's trigrams that pg_trgm indexes the same way in a LIKE pattern as in a row: three ASCII
 * letters or digits (other characters split words, and a pattern of one such trigram yields exactly
 * that trigram). Distinct, in the order they appear.
 */
export function indexableTrigrams(text: string): string[] {
  const lower = text.toLowerCase();
  const trigrams = new Set<string>();
  for (let start = 0; start + 3 <= lower.length; start += 1) {
    const trigram = lower.slice(start, start + 3);
    if (/^[a-z0-9]{3}$/.test(trigram)) trigrams.add(trigram);
  }
  return [...trigrams];
}

/**
 * The two of the text's trigrams found in fewest sampled rows (the earlier one first on a tie), or
 * nothing when the text has no more than two: its whole pattern then reads no more than they would.
 */
export function rarestTrigrams(text: string, rowsHolding: ReadonlyMap<string, number>): [string, string] | undefined {
  const trigrams = indexableTrigrams(text);
  if (trigrams.length <= TRIGRAMS_USED) return undefined;
  const [first, second] = trigrams.sort((left, right) => (rowsHolding.get(left) ?? 0) - (rowsHolding.get(right) ?? 0));
  return [first!, second!];
}

/**
 * A LIKE pattern that every text holding `text` matches, whose indexable trigrams are `trigrams`
 * (two of the text's): they are placed in the order the text holds them, and ones that overlap or
 * touch there are written as the one run of the text they make.
 */
export function trigramsPattern(text: string, trigrams: readonly [string, string]): string {
  const lower = text.toLowerCase();
  const [first, second] = trigrams.map((trigram) => lower.indexOf(trigram)).sort((left, right) => left - right) as [number, number];
  if (second <= first + 3) return `%${lower.slice(first, second + 3)}%`;
  return `%${lower.slice(first, first + 3)}%${lower.slice(second, second + 3)}%`;
}

/** How many of the sampled texts hold each trigram (once per text). */
export function trigramRowCounts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) for (const trigram of indexableTrigrams(text)) counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  return counts;
}

/** The sample's counts, or null when it could not be read (the count then uses the whole pattern). */
type Sample = { rowsHolding: Promise<Map<string, number> | null>; takenAt: number };
/** Per list and firm; firm ids are random UUIDs, so one process serving several databases cannot mix them. */
const samples = new Map<string, Sample>();

/** A firm's sample is read once, by the first search that needs it: the searches that come meanwhile wait for that read. */
function sampledCounts(key: string, readSample: (rows: number) => Promise<string[]>): Promise<Map<string, number> | null> {
  const kept = samples.get(key);
  if (kept && Date.now() - kept.takenAt < SAMPLE_LIFETIME_MS) return kept.rowsHolding;
  const rowsHolding = readSample(SAMPLE_ROWS).then(trigramRowCounts, () => {
    samples.delete(key);
    return null;
  });
  samples.delete(key);
  samples.set(key, { rowsHolding, takenAt: Date.now() });
  // Maps keep insertion order: the first key is the sample taken longest ago.
  if (samples.size > SAMPLES_KEPT) samples.delete(samples.keys().next().value!);
  return rowsHolding;
}

/**
 * The narrowing for a searched count, or undefined (the count then uses the whole pattern).
 * `readSample(rows)` reads that many of the firm's search texts (its newest, from the list's index).
 */
export async function searchNarrowing(
  list: string,
  firmId: string,
  searchText: string | undefined,
  readSample: (rows: number) => Promise<string[]>,
): Promise<SearchNarrowing | undefined> {
  if (!searchText || indexableTrigrams(searchText).length <= TRIGRAMS_USED) return undefined;
  const rowsHolding = await sampledCounts(`${list}:${firmId}`, readSample);
  const rare = rowsHolding && rarestTrigrams(searchText, rowsHolding);
  if (!rare) return undefined;
  return { searchText: searchText.toLowerCase(), rareTrigrams: trigramsPattern(searchText, rare) };
}

/** A list's table: its firm, lower-case search text, and the columns its live index is ordered by. */
export type SearchedTable = PgTable & Record<'firmId' | 'searchText' | 'createdAt' | 'id', AnyPgColumn>;

/**
 * `params` with the search's narrowing, for a statement that counts. The sample is the firm's
 * newest rows that satisfy `live`, the list's live-index predicate: an index-only read of that index.
 */
export async function narrowedForCount<P extends object>(
  tx: Tx,
  list: { name: string; table: SearchedTable },
  firm: { firmId: string; live: SQL },
  searchText: string | undefined,
  params: P,
): Promise<P & Partial<SearchNarrowing>> {
  const narrowing = await searchNarrowing(list.name, firm.firmId, searchText, async (rows) => {
    const { table } = list;
    const texts = await tx
      .select({ searchText: table.searchText })
      .from(table)
      .where(and(eq(table.firmId, firm.firmId), firm.live))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(rows);
    return texts.map((row) => String(row.searchText));
  });
  return { ...params, ...narrowing };
}

/** A count's search condition: with a narrowing, its two trigrams for the index and the text checked by strpos. */
export function searchedCountCondition(
  column: SQLWrapper,
  params: { searchPattern?: Param<string> | undefined } & Partial<Record<keyof SearchNarrowing, Param<string>>>,
): SQL | undefined {
  if (params.searchText && params.rareTrigrams) {
    // strpos is the same test as LIKE on the escaped pattern, but no index can take it: the trigram
    // index is asked for the two rare trigrams only.
    return sql`${column} like ${params.rareTrigrams} and strpos(${column}, ${params.searchText}) > 0`;
  }
  return matchesSubstring(column, params.searchPattern);
}
