import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { RequestTransaction } from './request-transaction.ts';
import type { Db, Tx } from './transaction-types.ts';

/**
 * What opens a request's transaction (ADR 38): `check`, a statement answering one row with a
 * `firm_id` (the session's) or none, and the statements sent behind it (the idempotency claim).
 */
export type RequestFlight = { check: SQL; behind?: SQL[] };
type Row = Record<string, unknown>;
/** `checked` is undefined when the check found nothing (the caller refuses the request and ends the transaction). */
export type OpenedRequest = { transaction: RequestTransaction; checked: Row | undefined; behind: Row[][] };

/** The request's transaction in the firm the session check found; `end` is marked before it runs, so nothing joins an ending one. */
function requestTransaction(checked: Row | undefined, tx: Tx, end: RequestTransaction['end']): RequestTransaction {
  const transaction: RequestTransaction = {
    firmId: checked ? String(checked.firm_id) : '',
    tx,
    hasWritten: false,
    hasFailed: false,
    isEnded: false,
    pending: [],
    end(outcome) {
      transaction.isEnded = true;
      return end(outcome);
    },
  };
  return transaction;
}

/**
 * The check's row sets the transaction's scope itself, in the same statement: the app role, the
 * session's firm, the request's timeouts and origin (client address, browser), each `set_config(…, true)`. No row, nothing is set:
 * the statements behind run as no firm and the request is refused. (A SECURITY DEFINER function
 * may not set the role, so the scope is set here, around the session function's row.)
 */
function scopingCheck(check: SQL, settings: Record<string, string>): SQL {
  const extra = Object.entries(settings).map(([name, value]) => sql`, set_config(${name}, ${value}, true)`);
  return sql`select checked.*, set_config('role', 'matterhorn_app', true), set_config('app.firm_id', checked.firm_id::text, true)${sql.join(extra, sql``)} from (${check}) as checked`;
}

/** A drizzle transaction over a connection whose begin this module sent: drizzle's own classes, public API. */
const dialect = new PgDialect();
const relationalSchemaOf = (db: Db) => ({ fullSchema: db._.fullSchema, schema: db._.schema!, tableNamesMap: db._.tableNamesMap });

const rowsIn = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Statements PostgreSQL refused after accepting the begin turn the commit into a rollback: say so. */
class CommitRefused extends Error {
  constructor() {
    super('PostgreSQL rolled the request transaction back at commit: a statement in it had failed');
  }
}

/**
 * PostgreSQL: one pooled, pipelined connection; begin, the check and the statements behind it are
 * written together and answered together — one round trip.
 */
export async function openPostgresRequest(
  pool: pg.Pool,
  db: Db,
  flight: RequestFlight,
  settings: Record<string, string>,
): Promise<OpenedRequest> {
  const client = await pool.connect();
  const schema = relationalSchemaOf(db);
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema), schema) as unknown as Tx;
  let isReleased = false;
  const release = (error?: Error) => {
    if (isReleased) return;
    isReleased = true;
    client.release(error);
  };
  const sent = [
    tx.execute(sql`begin`),
    tx.execute(scopingCheck(flight.check, settings)),
    ...(flight.behind ?? []).map((statement) => tx.execute(statement)),
  ];
  const answers = await Promise.allSettled(sent);
  const refused = answers.find((answer) => answer.status === 'rejected');
  if (refused) {
    await client.query('rollback').then(
      () => release(),
      (error: Error) => release(error),
    );
    throw refused.reason;
  }
  const [, checkAnswer, ...behindAnswers] = answers.map((answer) => rowsIn((answer as PromiseFulfilledResult<unknown>).value));
  const checked = checkAnswer![0];
  const transaction = requestTransaction(checked, tx, async (outcome) => {
    const pending = transaction.pending.splice(0);
    // The commit is written behind what is still pending: one round trip for both.
    const [ended, ...pendingAnswers] = await Promise.allSettled([client.query(outcome), ...pending]);
    const failure = [...pendingAnswers, ended].find((answer) => answer!.status === 'rejected') as PromiseRejectedResult | undefined;
    const isConnectionLost = failure && !(failure.reason as { code?: string }).code;
    release(isConnectionLost ? (failure.reason as Error) : undefined);
    if (failure) throw failure.reason;
    if (outcome === 'commit' && (ended as PromiseFulfilledResult<pg.QueryResult>).value.command === 'ROLLBACK') throw new CommitRefused();
  });
  return { transaction, checked, behind: behindAnswers };
}

/**
 * PGlite: its transaction API (which sends its own begin) holds the single connection for the
 * request; the check and the statements behind it follow as in-process calls, no network between.
 */
export function openPgliteRequest(pglite: PGlite, db: Db, flight: RequestFlight, settings: Record<string, string>): Promise<OpenedRequest> {
  return new Promise((resolve, reject) => {
    let settle: (outcome: 'commit' | 'rollback') => void = () => undefined;
    const outcome = new Promise<'commit' | 'rollback'>((resolveOutcome) => (settle = resolveOutcome));
    const done: Promise<void> = pglite.transaction(async (connection) => {
      const schema = relationalSchemaOf(db);
      const tx = new PgliteTransaction(dialect, new PgliteSession(connection, dialect, schema), schema) as unknown as Tx;
      let answers: Row[][];
      try {
        answers = [];
        for (const statement of [scopingCheck(flight.check, settings), ...(flight.behind ?? [])])
          answers.push(rowsIn(await tx.execute(statement)));
      } catch (error) {
        reject(error);
        await connection.rollback();
        return;
      }
      const [checkAnswer, ...behind] = answers;
      const checked = checkAnswer![0];
      const transaction = requestTransaction(checked, tx, async (ending) => {
        const pending = await Promise.allSettled(transaction.pending.splice(0));
        const failure = pending.find((answer) => answer.status === 'rejected');
        settle(failure ? 'rollback' : ending);
        await done;
        if (failure) throw failure.reason;
      });
      resolve({ transaction, checked, behind });
      if ((await outcome) === 'rollback') await connection.rollback();
    });
    done.catch(reject);
  });
}
