import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { claimIdempotencyKey, forgetIdempotencyKey, saveIdempotentAnswer } from './idempotency.repository.ts';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\w-]{8,200}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { firmId: string; key: string } | null;
  }
}

/**
 * GUIDE.md §4: a POST sent with an Idempotency-Key header is handled once per firm and key. A
 * retry replays the stored answer; a retry that arrives while the first is still running is told
 * so (409) rather than run twice; a failed first attempt (5xx) frees the key for another try.
 */
export function registerIdempotency(app: FastifyInstance, database: Database): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    if (request.method !== 'POST' || typeof key !== 'string' || !request.principal) return;
    if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 200 letters, digits, hyphens or underscores');
    const { firmId } = request.principal;
    const path = pathOf(request);
    const earlier = await database.withFirm(firmId, (tx) => claimIdempotencyKey(tx, { firmId, key, method: request.method, path }));
    if (!earlier) {
      request.idempotency = { firmId, key };
      return;
    }
    if (earlier.method !== request.method || earlier.path !== path)
      throw conflict('This Idempotency-Key was already used for a different request');
    if (earlier.statusCode === null) throw conflict('A request with this Idempotency-Key is still being processed');
    reply.header('idempotent-replay', 'true');
    return reply.status(earlier.statusCode).send(earlier.response);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 500) {
      await database.withFirm(claim.firmId, (tx) => forgetIdempotencyKey(tx, claim));
      return payload;
    }
    const response = typeof payload === 'string' ? safeJson(payload) : null;
    await database.withFirm(claim.firmId, (tx) => saveIdempotentAnswer(tx, { ...claim, statusCode: reply.statusCode, response }));
    return payload;
  });
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
