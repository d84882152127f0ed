import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/**
 * PostgreSQL cannot store a NUL in text, and an unpaired UTF-16 surrogate is not Unicode: either
 * one used to reach the database and come back as a 500. Every string of every request's query,
 * path and body (keys included) is checked here once, before validation, so no route can forget.
 */
export function registerStorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const source of [request.query, request.params, request.body]) {
      const field = firstUnstorableField(source);
      if (field !== null) throw unstorableTextError(field);
    }
  });
}

/** The 400 for a field that cannot be stored, the same for JSON and multipart form fields. */
export function unstorableTextError(field: string) {
  const message = `${field} contains a character that cannot be stored (a NUL or an unpaired surrogate)`;
  return badRequest(message, { [field]: message });
}

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string): boolean => text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
/** A bad key is named with its bad characters shown as U+FFFD, so the answer itself is valid JSON text. */
const printable = (key: string): string => key.replaceAll('\u0000', '\uFFFD').replace(/[\uD800-\uDFFF]/g, '\uFFFD');

/**
 * The dotted path of the first string (or key) that cannot be stored, or null. Iterative: a body
 * nested thousands deep must not overflow the stack.
 */
export function firstUnstorableField(root: unknown): string | null {
  const pending: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (isUnstorable(value)) return path.join('.') || 'request';
    } else if (value !== null && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
      for (const [key, item] of entries.reverse()) {
        if (isUnstorable(key)) return [...path, printable(key)].join('.');
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}
