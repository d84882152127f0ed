import { CONFLICT_RULE_MESSAGES, decisionRefusal, namesNotSearched, type ConflictMatch } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  countNameMatchesEach,
  findConflictCheck,
  findNameMatches,
  insertConflictCheck,
  lockConflictCheckForSave,
  recordCheckUse,
  recordDecision,
} from './conflict-checks.repository.ts';
import { createConflictChecksService } from './conflict-checks.service.ts';

/** The record a check clears: a client or a matter, by id. */
export type CheckedRecord = { clientId: string } | { matterId: string };

export type ConflictGate = ReturnType<typeof createConflictGate>;

/**
 * The conflict check as the server enforces it for every client and matter save (shared rule:
 * conflict-rules.ts). `names` are the record's names the firm has not checked for it yet (see
 * clientConflictNames, matterConflictNames): when there are any, the save needs a check of this
 * firm that searched all of them, whose decision lets it go ahead, and that no other record used.
 * The check is then recorded against the record, in the caller's transaction.
 */
export function createConflictGate() {
  return {
    async clearForSave(tx: Tx, firmId: string, input: { conflictCheckId?: string | null; names: string[]; record: CheckedRecord }) {
      const { conflictCheckId, names, record } = input;
      if (!conflictCheckId) {
        if (names.length > 0) throw badRequest(CONFLICT_RULE_MESSAGES.required, { conflictCheckId: CONFLICT_RULE_MESSAGES.required });
        return;
      }
      const check = await lockConflictCheckForSave(tx, firmId, conflictCheckId);
      if (!check) throw notFound('Conflict check');
      // A check already recorded against this very record (an edit saved again) may clear it again.
      const isOurs =
        'clientId' in record
          ? check.clientId === record.clientId && !check.matterId
          : check.matterId === record.matterId && !check.clientId;
      if ((check.clientId || check.matterId) && !isOurs) throw conflict(CONFLICT_RULE_MESSAGES.alreadyUsed);
      const unchecked = namesNotSearched(check.searchedNames, names);
      if (unchecked.length > 0) {
        throw badRequest(`${CONFLICT_RULE_MESSAGES.namesNotChecked}: ${unchecked.join(', ')}`, {
          conflictCheckId: CONFLICT_RULE_MESSAGES.namesNotChecked,
        });
      }
      const refusal = decisionRefusal(check.decision, check.decisionNotes);
      if (refusal === CONFLICT_RULE_MESSAGES.declined) throw new AppError(409, refusal, { conflictCheckId: refusal });
      if (refusal) throw badRequest(refusal, { conflictCheckId: refusal });
      await recordCheckUse(tx, firmId, conflictCheckId, record);
    },
  };
}

/**
 * The conflict check of a record brought in by a bulk import (issue 39): its names matched against the
 * firm's clients, contacts and parties like any check, recorded against the record with no decision
 * (the import report and the conflict-check log show what to review); answers how many matched.
 */
export async function recordImportedRecordCheck(
  tx: Tx,
  firmId: string,
  userId: string,
  names: string[],
  record: CheckedRecord,
): Promise<number> {
  const matches = [];
  for (const name of names) matches.push(...(await findNameMatches(tx, firmId, name, 5)));
  const check = await insertConflictCheck(tx, {
    firmId,
    searchedByUserId: userId,
    context: 'clientId' in record ? 'client' : 'matter',
    searchedNames: names,
    matches,
  });
  await recordCheckUse(tx, firmId, check.id, record);
  return matches.length;
}

/**
 * For each row's names (a dry run's batch), how many of the firm's records they resemble, up to 5 a
 * name: a warning, nothing is recorded. One statement for the whole batch, not one per name.
 */
export async function countNameMatchesOfRows(tx: Tx, firmId: string, namesOfRows: readonly (readonly string[])[]): Promise<number[]> {
  const counts = await countNameMatchesEach(tx, firmId, namesOfRows.flat(), 5);
  let next = 0;
  return namesOfRows.map((names) => {
    const ofRow = counts.slice(next, next + names.length).reduce((sum, count) => sum + count, 0);
    next += names.length;
    return ofRow;
  });
}

/**
 * Checks of names that are not yet a client's or a matter's (a lead's, issue 45): run, decided and
 * read exactly as the conflict-check screen does, so the check can later clear the client and
 * matter made from them (createConflictGate).
 */
export function createNameChecks(database: Database) {
  const service = createConflictChecksService(database);
  return {
    run: (principal: Parameters<typeof service.run>[0], names: string[]) => service.run(principal, { names, context: 'standalone' }),
    decide: service.recordDecision,
    find: service.detail,
  };
}

/**
 * A lead's decided check carried to the client or matter opened from the lead (issue 45): the save
 * rule of createConflictGate holds — the decision must let the firm act, and every name of the
 * record must have been searched. A name the lead's check did not search (the matter's own name) is
 * searched now, before the record exists; a match there is refused, to be checked and decided by a
 * person. Answers how to record it once made: its own check (one check clears one record), searching
 * its names, with the lead's decision and a note of where it came from.
 */
export async function carryConflictCheck(
  tx: Tx,
  firmId: string,
  userId: string,
  input: { fromCheckId: string; names: string[] },
): Promise<(record: CheckedRecord) => Promise<string>> {
  const source = await findConflictCheck(tx, firmId, input.fromCheckId);
  if (!source) throw notFound('Conflict check');
  const refusal = decisionRefusal(source.decision, source.decisionNotes);
  if (refusal) throw conflict(refusal);
  const unchecked = namesNotSearched(source.searchedNames, input.names);
  const newMatches = [];
  for (const name of unchecked) newMatches.push(...(await findNameMatches(tx, firmId, name, 5)));
  if (newMatches.length > 0)
    throw conflict(
      `${CONFLICT_RULE_MESSAGES.namesNotChecked}: ${unchecked.join(', ')} resembles a name the firm knows; run a conflict check on it`,
    );
  return async (record) => {
    const carried = await insertConflictCheck(tx, {
      firmId,
      searchedByUserId: userId,
      context: 'clientId' in record ? 'client' : 'matter',
      searchedNames: [...new Set([...source.searchedNames, ...unchecked])],
      matches: source.matches as ConflictMatch[],
    });
    const notes = [source.decisionNotes?.trim(), `Carried from the lead's conflict check ${input.fromCheckId}`].filter(Boolean).join(' — ');
    await recordDecision(tx, firmId, carried.id, source.decision!, notes);
    await recordCheckUse(tx, firmId, carried.id, record);
    return carried.id;
  };
}
