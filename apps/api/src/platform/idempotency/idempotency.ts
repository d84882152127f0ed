import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { joinedByWrites, type Database } from '../../db/database.ts';
import type { RequestTransaction } from '../../db/request-transaction.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { FlightRider } from '../../plugins/route-access.ts';
import {
  claimStatements,
  earlierOf,
  lockKey,
  saveAnswer,
  type IdempotentAnswer,
  type IdempotentRequest,
} from './idempotency.repository.ts';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\w-]{8,200}$/;
export const IDEMPOTENCY_MESSAGES = {
  malformed: 'Idempotency-Key must be 8 to 200 letters, digits, hyphens or underscores',
  reused: 'This Idempotency-Key was already used for a different request',
} as const;

/**
 * GUIDE.md §4: a POST sent with an Idempotency-Key header is handled once per firm and key. The
 * whole handler runs in one transaction that every write of the request joins; the key's answer is
 * stored in it, so the key and the records commit together or not at all: a crash, a killed
 * process or a restarted database leaves the key free for the retry. A retry (even one sent while
 * the first is still running, which waits for it) replays the stored answer; the same key from
 * another caller or with another request is refused.
 *
 * In the request's own transaction (ADR 38) the key is claimed in the transaction's first flight,
 * behind the session check, and the answer is written in the commit's: no round trip of its own.
 */
export function registerIdempotency(app: FastifyInstance, database: Database): void {
  const claims = new WeakMap<FastifyRequest, FlightRider>();
  const isIdempotent = (route: Pick<RouteOptions, 'method' | 'config'>) => {
    const access = route.config?.access;
    return route.method === 'POST' && Boolean(access) && access!.kind !== 'public' && !route.config?.answersSecret;
  };
  app.addHook('onRequest', async (request) => {
    const key = request.headers[HEADER];
    if (typeof key !== 'string' || !KEY_PATTERN.test(key) || !isIdempotent({ method: request.method, config: request.routeOptions.config }))
      return;
    const rider: FlightRider = { statementsFor: (firmId) => claimStatements(firmId, key) };
    claims.set(request, rider);
    request.flightRiders.push(rider);
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isIdempotent(route)) return;
    route.handler = idempotent(database, route.handler, (request) => claims.get(request));
  });
}

function idempotent(
  database: Database,
  handle: RouteHandlerMethod,
  claimOf: (request: FastifyRequest) => FlightRider | undefined,
): RouteHandlerMethod {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[HEADER];
    const principal = request.principal;
    if (typeof key !== 'string' || !principal) return handle.call(this, request, reply);
    if (!KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.malformed);
    const claim: IdempotentRequest = {
      firmId: principal.firmId,
      key,
      callerId: principal.kind === 'firm' ? principal.userId : principal.portalAccountId,
      requestHash: requestHashOf(request),
    };
    const replay = (earlier: (IdempotentRequest & IdempotentAnswer) | null) => {
      if (!earlier) return undefined;
      if (earlier.callerId !== claim.callerId || earlier.requestHash !== claim.requestHash)
        throw new AppError(422, IDEMPOTENCY_MESSAGES.reused, undefined, 'IDEMPOTENCY_KEY_REUSED');
      reply.header('idempotent-replay', 'true').status(earlier.statusCode);
      return { response: earlier.response };
    };
    const answerOf = (answer: unknown) => {
      if (answer === reply || answer === undefined)
        throw new Error(`${request.routeOptions.url} must return its answer, not send it, to be idempotent`);
      return { statusCode: reply.statusCode, response: answer };
    };
    const transaction = request.requestTransaction;
    const rider = claimOf(request);
    if (transaction && !transaction.isEnded && rider?.answer) {
      const replayed = replay(earlierOf(rider.answer) as never);
      if (replayed) return replayed.response;
      return answerInRequestTransaction(transaction, claim, async () => answerOf(await handle.call(this, request, reply)));
    }
    // A route that opens its own transactions (an upload): the whole handler in one, which its writes join.
    return database.withFirm(claim.firmId, async (tx) => {
      const replayed = replay((await lockKey(tx, claim)) as never);
      if (replayed) return replayed.response;
      const answer = answerOf(await joinedByWrites(claim.firmId, tx, async () => handle.call(this, request, reply)));
      await saveAnswer(tx, claim, answer);
      return answer.response;
    });
  };
}

/**
 * The key's answer is sent without waiting, so it travels with the commit; a handler that fails
 * rolls back everything it wrote, so the retry finds the key free.
 */
async function answerInRequestTransaction(
  transaction: RequestTransaction,
  claim: IdempotentRequest,
  handle: () => Promise<IdempotentAnswer>,
): Promise<unknown> {
  let answer: IdempotentAnswer;
  try {
    answer = await handle();
  } catch (error) {
    transaction.hasFailed = true;
    throw error;
  }
  const saved = saveAnswer(transaction.tx, claim, answer);
  saved.catch(() => undefined);
  transaction.hasWritten = true;
  transaction.pending.push(saved);
  return answer.response;
}

/** What makes two requests the same: method, path and body, or an upload's fields and file (a retry sends them unchanged). */
function requestHashOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? request.url;
  const upload = request.receivedUpload;
  const body = upload ? { fields: upload.fields, fileName: upload.fileName, sha256: upload.sha256 } : (request.body ?? null);
  return createHash('sha256')
    .update(JSON.stringify([request.method, path, body]))
    .digest('base64url');
}
