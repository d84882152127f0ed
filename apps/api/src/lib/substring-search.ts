import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.ts';
import type { Param } from '../db/query-shapes.ts';

/** What a list's search matches: the user's text, lower case, anywhere in a row's lower-case search text. */
export const substringPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** A search's values for a list's statements: the whole text's LIKE pattern, and the lower-case text itself. */
export type SearchParams = { searchPattern?: string; searchText?: string };
export const searchParams = (text: string | undefined): SearchParams =>
  text ? { searchPattern: substringPattern(text), searchText: text.toLowerCase() } : {};

/**
 * A searched list's rows through the trigram index, on the search text's two rarest trigrams.
 *
 * pg_trgm's index finds the rows holding every trigram of the text and decodes each trigram's whole
 * list of rows to do it: for "kestrel" among a large firm's 200,000 matters, "est" and "str" list
 * 33,000 and 27,000 rows, "kes" and "rel" 1,900, and the lists were most of the count's cost (1.0 of
 * 1.3 ms). The two rarest trigrams find almost the same rows (the text itself is then checked on
 * each) from a fraction of the lists: 0.3 ms. Which trigrams are rare is read from a sample of the
 * firm's own rows, kept for a while: it decides only how rows are found, never which. Both
 * trigrams go in one LIKE pattern, in the order the text holds them (`%kes%rel%`): the planner
 * estimates each LIKE by trying it on the column's whole histogram, so one pattern costs half the
 * planning of two.
 */
export type SearchNarrowing = { rareTrigrams: string };

/**
 * How a statement finds a searched list's rows. `listOrder`: it walks the list's index in list order
 * and tests each row's text, which finds a page of a common text's matches after a few thousand
 * entries ("kestrel", on 1% of a large firm's matters: 0.3 ms). `trigramIndex`: it reads every match
 * from the trigram index and sorts them, which suits a rare text (or any sort the index walk does not
 * give) but not a common one (all 1,900 matches of "kestrel", read and sorted: 4.8 ms).
 *
 * The firm's own sample chooses (searchedParams), not the planner: the planner tried the text on the
 * column's histogram, which holds only a few hundred of all firms' texts, so after one ANALYZE in
 * twenty it took "kestrel" for rare and sorted all its matches, and a list's speed changed with
 * each ANALYZE. Walking, the text is tested with strpos, which the planner cannot estimate, so it
 * keeps the walk; through the index, the live rows are worded so that the walk cannot serve them.
 */
export type SearchRoute = 'listOrder' | 'trigramIndex';
/** A list statement's routes: its page's, and its count's (which reads every match, up to its limit). */
export type SearchRoutes = { page: SearchRoute; count: SearchRoute };

/**
 * The route of a statement that reads every match (a count, an export): the trigram index, unless
 * the text has no trigram the index could find it by ("ab"); it is then tested on each live row.
 */
export const allMatchesRoute = (searchText: string | undefined): SearchRoute =>
  searchText !== undefined && indexableTrigrams(searchText).length > 0 ? 'trigramIndex' : 'listOrder';

/** A search's values in a list's parameters (placeholders, in a statement built once per shape). */
export type SearchValues = { [name in keyof SearchParams | keyof SearchNarrowing]?: Param<string> | undefined };

/** A search's condition on a lower-case search text column, on `route` (an unsearched list: none). */
export function searchCondition(column: SQLWrapper, params: SearchValues, route: SearchRoute): SQL | undefined {
  if (params.searchText === undefined) return undefined;
  // strpos is the same test as LIKE on the escaped pattern, and no index or estimate can take it.
  const holdsText = sql`strpos(${column}, ${params.searchText}) > 0`;
  if (route === 'listOrder') return holdsText;
  if (params.rareTrigrams !== undefined) return sql`${column} like ${params.rareTrigrams} and ${holdsText}`;
  return sql`${column} like ${params.searchPattern}`;
}

const TRIGRAMS_USED = 2;
const SAMPLE_ROWS = 500;
const SAMPLE_LIFETIME_MS = 10 * 60 * 1000;
/** A sample holds its texts and their trigrams' counts (some 100 KB): those of this many lists and firms are kept. */
const SAMPLES_KEPT = 200;

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

/** A firm's newest texts of a list, and how many of them hold each trigram. */
type Sample = { texts: readonly string[]; rowsHolding: ReadonlyMap<string, number> };
/** A sample as it is read, or null when it could not be read; per list and firm (random UUIDs: never mixed). */
const samples = new Map<string, { sample: Promise<Sample | null>; takenAt: number }>();

/** A firm's sample is read once, by the first search that needs it: the searches that come meanwhile wait for that read. */
function sampled(key: string, readSample: (rows: number) => Promise<string[]>): Promise<Sample | null> {
  const kept = samples.get(key);
  if (kept && Date.now() - kept.takenAt < SAMPLE_LIFETIME_MS) return kept.sample;
  const sample = readSample(SAMPLE_ROWS).then(
    (texts) => ({ texts, rowsHolding: trigramRowCounts(texts) }),
    () => {
      samples.delete(key);
      return null;
    },
  );
  samples.delete(key);
  samples.set(key, { sample, takenAt: Date.now() });
  // Maps keep insertion order: the first key is the sample taken longest ago.
  if (samples.size > SAMPLES_KEPT) samples.delete(samples.keys().next().value!);
  return sample;
}

/**
 * What a firm's sample says of a search text: the narrowing of its trigram-index reads (none when it
 * has two trigrams or fewer: its whole pattern then reads no more), and whether it is common, held
 * by a sampled row (one in 500: a page of 20 in list order then takes some 10,000 entries at most).
 * A text with no trigram cannot be read from the trigram index at all: it is walked. A sample that
 * could not be read leaves the whole pattern, through the index, whose cost is bounded by the matches.
 * `readSample(rows)` reads that many of the firm's search texts (its newest, from the list's index).
 */
export async function sampledSearch(
  list: string,
  firmId: string,
  searchText: string,
  readSample: (rows: number) => Promise<string[]>,
): Promise<{ narrowing: SearchNarrowing | undefined; isCommon: boolean }> {
  if (indexableTrigrams(searchText).length === 0) return { narrowing: undefined, isCommon: true };
  const sample = await sampled(`${list}:${firmId}`, readSample);
  if (!sample) return { narrowing: undefined, isCommon: false };
  const lower = searchText.toLowerCase();
  const rare = rarestTrigrams(searchText, sample.rowsHolding);
  return {
    narrowing: rare && { rareTrigrams: trigramsPattern(searchText, rare) },
    isCommon: sample.texts.some((text) => text.includes(lower)),
  };
}

/** A list's table: its firm, lower-case search text, and the columns its live index is ordered by. */
export type SearchedTable = PgTable & Record<'firmId' | 'searchText' | 'createdAt' | 'id', AnyPgColumn>;

/**
 * A searched list: its name (its samples are kept by it), its table, and its live rows in two
 * wordings: `live`, its live index's partial predicate, and `liveOffIndex`, words from which that
 * predicate cannot be proved, so that a search through the trigram index cannot turn into a walk
 * of the live index.
 */
export type SearchedList = { name: string; table: SearchedTable; live: SQL; liveOffIndex: SQL };

/** A list statement's live rows and its search's condition, on `route`. */
export function liveAndSearched(list: SearchedList, params: SearchValues, route: SearchRoute): (SQL | undefined)[] {
  const isThroughTrigrams = route === 'trigramIndex' && params.searchText !== undefined;
  return [isThroughTrigrams ? list.liveOffIndex : list.live, searchCondition(list.table.searchText, params, route)];
}

/**
 * `params` with the search's narrowing, and the routes of a page and its count: a page in the list's
 * index order (`isListOrder`) walks it when the text is common, else reads the trigram index, as the
 * count does (allMatchesRoute). The sample is the firm's newest rows that satisfy `live`, the list's
 * live-index predicate: an index-only read of that index.
 */
export async function searchedParams<P extends { searchText?: unknown }>(
  tx: Tx,
  list: SearchedList,
  firmId: string,
  params: P,
  isListOrder: boolean,
): Promise<{ params: P & Partial<SearchNarrowing>; routes: SearchRoutes }> {
  const searchText = typeof params.searchText === 'string' ? params.searchText : undefined;
  const count = allMatchesRoute(searchText);
  if (searchText === undefined || count === 'listOrder') return { params, routes: { page: 'listOrder', count } };
  const { narrowing, isCommon } = await sampledSearch(list.name, firmId, searchText, async (rows) => {
    const { table } = list;
    const texts = await tx
      .select({ searchText: table.searchText })
      .from(table)
      .where(and(eq(table.firmId, firmId), list.live))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(rows);
    return texts.map((row) => String(row.searchText));
  });
  return { params: { ...params, ...narrowing }, routes: { page: isCommon && isListOrder ? 'listOrder' : 'trigramIndex', count } };
}
