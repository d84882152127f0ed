import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ConflictMatch, CONFLICT_DECISIONS } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { declareList, type PageNumber } from '../../platform/lists/list-declaration.ts';
import { readListPage } from '../../platform/lists/list-page.ts';
import { conflictChecks, users } from '../../db/schema/index.ts';

/** similarity() catches spelling variants and word order (pg_trgm compares per-word trigram sets). */
const SIMILARITY_THRESHOLD = 0.45;
/** word_similarity() catches a name found inside a longer one ("Kestrel" in "Kestrel Software Ltd"). */
const WORD_SIMILARITY_THRESHOLD = 0.6;

/** Lets the `%` and `<%` operators, and so the gin trigram indexes, apply our thresholds (withFirm's settings). */
export const MATCH_THRESHOLDS = {
  'pg_trgm.similarity_threshold': String(SIMILARITY_THRESHOLD),
  'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
};

type MatchRow = {
  matched_name: string;
  match_type: ConflictMatch['matchType'];
  score: number;
  client_id: string;
  client_name: string;
  matter_id: string | null;
  matter_name: string | null;
  matter_number: string | null;
};

/**
 * Clients, companies, contacts and matter parties whose names resemble `name`, best first.
 * Trigrams are compared with each distinct name on file once (conflict_names); the records behind
 * the similar names are then found by index. `= any(similar names)` rather than a join keeps those
 * lookups on the name indexes whatever the planner guesses of how many names are similar, and each
 * record takes its name's score from the same list by position, so no branch joins the similar
 * names again: every join is planned on every check, and planning was a third of its statement.
 * A party's client comes from its matter (the client's name and deletion are kept on the matter,
 * migration 0010). Soft-deleted clients and matters (and everything under them) are left out.
 */
export async function findNameMatches(tx: Tx, firmId: string, name: string, limit: number): Promise<ConflictMatch[]> {
  const result = await tx.execute(sql`
    with similar_names as (
      select n.name,
             round(greatest(similarity(n.name, ${name}), word_similarity(${name}, n.name))::numeric, 3)::float8 as score
        from conflict_names n
       where n.firm_id = ${firmId} and (n.name % ${name} or ${name} <% n.name)
    ), similar_list as (
      select coalesce(array_agg(name), '{}') as names, coalesce(array_agg(score), '{}') as scores from similar_names
    )
    select * from (
      (select c.display_name as matched_name,
              case when c.client_type = 'company' then 'company' else 'client' end as match_type,
              (select scores[array_position(names, c.display_name)] from similar_list) as score,
              c.id as client_id, c.display_name as client_name,
              null::uuid as matter_id, null::text as matter_name, null::text as matter_number
         from clients c
        where c.firm_id = ${firmId} and c.display_name = any((select names from similar_list)::text[]) and c.deleted_at is null
        order by 3 desc limit ${limit})
      union all
      (select cc.name, 'contact', (select scores[array_position(names, cc.name)] from similar_list),
              c.id, c.display_name, null::uuid, null::text, null::text
         from client_contacts cc
         join clients c on c.firm_id = cc.firm_id and c.id = cc.client_id
        where cc.firm_id = ${firmId} and cc.name = any((select names from similar_list)::text[]) and c.deleted_at is null
          and cc.deleted_at is null
        order by 3 desc limit ${limit})
      union all
      (select p.name, case when p.party_role = 'opposing' then 'opposing party' else 'related party' end,
              (select scores[array_position(names, p.name)] from similar_list),
              m.client_id, m.client_name, m.id, m.matter_name, m.matter_number
         from matter_parties p
         join matters m on m.firm_id = p.firm_id and m.id = p.matter_id
        where p.firm_id = ${firmId} and p.name = any((select names from similar_list)::text[])
          and m.deleted_at is null and m.client_deleted_at is null
        order by 3 desc limit ${limit})
    ) found
    order by score desc, matched_name, client_id
    limit ${limit}`);
  return (result as unknown as { rows: MatchRow[] }).rows.map((row) => ({
    searchedName: name,
    matchedName: row.matched_name,
    matchType: row.match_type,
    similarity: Number(row.score),
    clientId: row.client_id,
    clientName: row.client_name,
    matterId: row.matter_id,
    matterName: row.matter_name,
    matterNumber: row.matter_number,
  }));
}

/**
 * For each of many names at once (a dry run's batch), how many records findNameMatches would find,
 * up to `limit` each: one statement, the same similarity rules and the same records (live clients,
 * their contacts, the parties of live matters).
 */
export async function countNameMatchesEach(tx: Tx, firmId: string, names: readonly string[], limit: number): Promise<number[]> {
  if (names.length === 0) return [];
  const result = await tx.execute(sql`
    with searched as (
      select s.position::int as position, s.name
        from unnest(array[${sql.join(
          names.map((name) => sql`${name}::text`),
          sql`, `,
        )}]) with ordinality as s(name, position)
    ), similar_names as (
      select s.position, n.name
        from searched s
        join conflict_names n on n.firm_id = ${firmId} and (n.name % s.name or s.name <% n.name)
    ), found as (
      select sn.position
        from similar_names sn
        join clients c on c.firm_id = ${firmId} and c.display_name = sn.name and c.deleted_at is null
      union all
      select sn.position
        from similar_names sn
        join client_contacts cc on cc.firm_id = ${firmId} and cc.name = sn.name and cc.deleted_at is null
        join clients c on c.firm_id = cc.firm_id and c.id = cc.client_id and c.deleted_at is null
      union all
      select sn.position
        from similar_names sn
        join matter_parties p on p.firm_id = ${firmId} and p.name = sn.name
        join matters m on m.firm_id = p.firm_id and m.id = p.matter_id and m.deleted_at is null and m.client_deleted_at is null
    )
    select position, least(count(*), ${limit})::int as matches from found group by position`);
  const counts = new Array<number>(names.length).fill(0);
  for (const row of (result as unknown as { rows: { position: number; matches: number }[] }).rows)
    counts[Number(row.position) - 1] = Number(row.matches);
  return counts;
}

export async function insertConflictCheck(
  tx: Tx,
  values: {
    firmId: string;
    searchedByUserId: string;
    context: 'client' | 'matter' | 'standalone';
    searchedNames: string[];
    matches: ConflictMatch[];
  },
) {
  const [row] = await tx
    .insert(conflictChecks)
    .values({ ...values, matchCount: values.matches.length })
    .returning({ id: conflictChecks.id, createdAt: conflictChecks.createdAt });
  return row!;
}

const recordColumns = {
  id: conflictChecks.id,
  context: conflictChecks.context,
  searchedNames: conflictChecks.searchedNames,
  matchCount: conflictChecks.matchCount,
  matches: conflictChecks.matches,
  decision: conflictChecks.decision,
  decisionNotes: conflictChecks.decisionNotes,
  searchedBy: users.name,
  clientId: conflictChecks.clientId,
  matterId: conflictChecks.matterId,
  createdAt: conflictChecks.createdAt,
  decidedAt: conflictChecks.decidedAt,
};

export async function findConflictCheck(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select(recordColumns)
    .from(conflictChecks)
    .innerJoin(users, eq(users.id, conflictChecks.searchedByUserId))
    .where(and(eq(conflictChecks.firmId, firmId), eq(conflictChecks.id, id)));
  return row ?? null;
}

/** A firm's conflict checks, newest first, each with who ran it; counted exactly (a firm runs few). */
export const conflictCheckList = declareList({
  table: conflictChecks,
  filters: {},
  search: [],
  sorts: { createdAt: { keys: [{ key: conflictChecks.createdAt }] } },
  columns: {
    ...recordColumns,
    searchedBy: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${conflictChecks.searchedByUserId})`,
  },
  isCountExact: true,
});

export const findConflictCheckPage = (tx: Tx, firmId: string, page: PageNumber) =>
  readListPage(tx, conflictCheckList, firmId, { filters: {}, sort: { column: 'createdAt', direction: 'desc' } }, page);

/** Records the decision only if none was recorded yet; false when the check was already decided. */
export async function recordDecision(
  tx: Tx,
  firmId: string,
  id: string,
  decision: (typeof CONFLICT_DECISIONS)[number],
  notes: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(conflictChecks)
    .set({ decision, decisionNotes: notes, decidedAt: sql`now()` })
    .where(and(eq(conflictChecks.firmId, firmId), eq(conflictChecks.id, id), isNull(conflictChecks.decision)))
    .returning({ id: conflictChecks.id });
  return rows.length > 0;
}

/** A check with what the save rule needs, locked so two saves cannot both claim it. */
export async function lockConflictCheckForSave(tx: Tx, firmId: string, conflictCheckId: string) {
  const [row] = await tx
    .select({
      searchedNames: conflictChecks.searchedNames,
      decision: conflictChecks.decision,
      decisionNotes: conflictChecks.decisionNotes,
      clientId: conflictChecks.clientId,
      matterId: conflictChecks.matterId,
    })
    .from(conflictChecks)
    .where(and(eq(conflictChecks.firmId, firmId), eq(conflictChecks.id, conflictCheckId)))
    .for('update');
  return row ?? null;
}

export async function recordCheckUse(tx: Tx, firmId: string, conflictCheckId: string, record: { clientId: string } | { matterId: string }) {
  await tx
    .update(conflictChecks)
    .set(record)
    .where(and(eq(conflictChecks.firmId, firmId), eq(conflictChecks.id, conflictCheckId)));
}
