import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { genericErrorCodeOf, type ErrorCode } from '@matterhorn/shared';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { AppError } from '../lib/errors.ts';

/** Seconds a client should wait before retrying during a database outage (a restart or failover). */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

type Issue = { message?: string; instancePath?: string; params?: { issue?: { path?: PropertyKey[]; message?: string; code?: string } } };

/** One place maps every failure to the envelope; internals never reach the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation as Issue[]) {
        const field = fieldOf(issue);
        errors[field] ??= readableMessage(field, issue.params?.issue?.message ?? issue.message ?? 'is invalid', issue.params?.issue?.code);
      }
      const message = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send({ success: false, message, code: 'VALIDATION_FAILED', data: null, errors });
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, code: error.code, data: null, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ success: false, message: clientErrorMessage(error, status), code: clientErrorCode(error, status), data: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)).send({
        success: false,
        message: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'SERVICE_UNAVAILABLE',
        data: null,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      success: false,
      message: `Something went wrong. Please try again (reference ${request.id}).`,
      code: 'INTERNAL_ERROR',
      data: null,
    });
  });
}

function fieldOf(issue: Issue): string {
  const path = issue.params?.issue?.path;
  if (path && path.length > 0) return path.map(String).join('.');
  return issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || 'request';
}

/** Our schemas carry human messages ('Email is required'); zod's defaults get the field named. */
function readableMessage(field: string, message: string, code: string | undefined): string {
  if (code === 'unrecognized_keys' || message.startsWith('Unrecognized key')) {
    return `Unknown field: ${message.replace(/^Unrecognized keys?: /, '')}`;
  }
  return /^(Invalid|Too |Expected|Unrecognized)/.test(message) ? `${field}: ${message}` : message;
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    default:
      return status === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message || 'Bad request';
  }
}

/** Fastify's own refusals (body parsing, rate limit) carry its FST_ codes; ours are the stable ones. */
function clientErrorCode(error: FastifyError, status: number): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'INVALID_JSON';
    default:
      return genericErrorCodeOf(status);
  }
}
