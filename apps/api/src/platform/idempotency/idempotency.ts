import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { joinedByWrites, type Database } from '../../db/database.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { lockKey, saveAnswer, type IdempotentRequest } from './idempotency.repository.ts';

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
 */
export function registerIdempotency(app: FastifyInstance, database: Database): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (route.method !== 'POST' || !access || access.kind === 'public' || route.config?.answersSecret) return;
    route.handler = idempotent(database, route.handler);
  });
}

function idempotent(database: Database, handle: RouteHandlerMethod): RouteHandlerMethod {
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
    return database.withFirm(claim.firmId, async (tx) => {
      const earlier = await lockKey(tx, claim);
      if (earlier) {
        if (earlier.callerId !== claim.callerId || earlier.requestHash !== claim.requestHash) {
          throw new AppError(422, IDEMPOTENCY_MESSAGES.reused);
        }
        reply.header('idempotent-replay', 'true').status(earlier.statusCode);
        return earlier.response;
      }
      const answer: unknown = await joinedByWrites(claim.firmId, tx, async () => handle.call(this, request, reply));
      if (answer === reply || answer === undefined)
        throw new Error(`${request.routeOptions.url} must return its answer, not send it, to be idempotent`);
      await saveAnswer(tx, claim, { statusCode: reply.statusCode, response: answer });
      return answer;
    });
  };
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
