import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/**
 * A word of the line counts as one of the matter's when word_similarity() finds it in the matter's
 * words at this level: a typo ("Adeyemy", "Belo") still counts, a narrative word ("drafted") does not.
 */
export const WORD_THRESHOLD = 0.6;

/**
 * withFirm's settings for quick add's read: `<%`, and so the trigram indexes on matters.search_text,
 * apply WORD_THRESHOLD; and no plain index scans, so that "does any open matter hold this word?"
 * asks the trigram index rather than walking the firm's open matters one by one in the hope of an
 * early match (50 ms for a word no matter holds, in a firm of 5,000 matters).
 */
export const QUICK_LINE_SETTINGS = { 'pg_trgm.word_similarity_threshold': String(WORD_THRESHOLD), enable_indexscan: 'off' };

/**
 * Matters scored at most: past this many holding the same words (a client with hundreds of
 * matters), the line cannot tell them apart anyway, and each one scored costs a trigram comparison.
 */
const MATTERS_SCORED = 50;

export type QuickLineMatterRow = {
  id: string;
  matterNumber: string | null;
  matterName: string;
  clientId: string;
  clientName: string;
  score: number;
};

/** Only what a new time entry may go on: the firm's live matters, open, of a live client (the index's own condition). */
const OPEN_AND_LIVE = sql`m.status = 'Open' and m.deleted_at is null and m.client_deleted_at is null`;

/**
 * Each word as `(select word) <% search_text`: an init-plan parameter the index still uses, but whose
 * value the planner does not sample against the column's statistics (7–10 ms of planning per word).
 */
const holdsEvery = (words: string[]): SQL =>
  sql.join(
    words.map((word) => sql`(select ${word}::text) <% m.search_text`),
    sql` and `,
  );

const CANDIDATE_COLUMNS = sql`m.id, m.matter_number as "matterNumber", m.matter_name as "matterName",
  m.client_id as "clientId", m.client_name as "clientName"`;

/** The open matter with this number (MAT-00012), or none. */
export async function findOpenMatterByNumber(tx: Tx, firmId: string, matterNumber: string): Promise<QuickLineMatterRow | null> {
  const [row] = await rowsOf<QuickLineMatterRow>(
    tx.execute(sql`select ${CANDIDATE_COLUMNS}, 1::float8 as score
      from matters m where m.firm_id = ${firmId} and m.matter_number = ${matterNumber} and ${OPEN_AND_LIVE}`),
  );
  return row ?? null;
}

/** Whether some open matter of the firm holds every one of the words. */
export async function isHeldByAnOpenMatter(tx: Tx, firmId: string, words: string[]): Promise<boolean> {
  const [row] = await rowsOf<{ isHeld: boolean }>(
    tx.execute(
      sql`select exists (select 1 from matters m where m.firm_id = ${firmId} and ${OPEN_AND_LIVE} and ${holdsEvery(words)}) as "isHeld"`,
    ),
  );
  return row?.isHeld ?? false;
}

/**
 * The open matters holding every one of the words, best first: scored by how much of the words
 * their name, number and client's name hold (word_similarity, so a longer name loses nothing),
 * a tenth of the score going to those holding them as a phrase, in the order typed ("Adeyemi v
 * Bello" is not "Bello v Adeyemi"); among equals the closer name comes first.
 */
export async function findOpenMattersHolding(tx: Tx, firmId: string, words: string[], limit: number): Promise<QuickLineMatterRow[]> {
  const phrase = words.join(' ');
  // Compared with search_text's words as the phrase is: letters and digits, one space between.
  const spaced = words.join(' ').replace(/[^\p{L}\p{N}]+/gu, ' ');
  return rowsOf<QuickLineMatterRow>(
    tx.execute(sql`
      select id, "matterNumber", "matterName", "clientId", "clientName",
             round((0.9 * word_similarity(${phrase}, search_text)
                   + case when ' ' || regexp_replace(search_text, '[^[:alnum:]]+', ' ', 'g') || ' ' like ${`% ${spaced} %`}
                          then 0.1 else 0 end)::numeric, 3)::float8 as score
        from (select ${CANDIDATE_COLUMNS}, m.search_text
                from matters m
               where m.firm_id = ${firmId} and ${OPEN_AND_LIVE} and ${holdsEvery(words)}
               limit ${MATTERS_SCORED}) held
       order by score desc, similarity(${phrase}, lower("matterName")) desc, "matterNumber"
       limit ${limit}`),
  );
}
