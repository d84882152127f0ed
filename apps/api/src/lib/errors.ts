import { genericErrorCodeOf, SPEC_MESSAGES, type ErrorCode } from '@matterhorn/shared';

/** Errors a service throws on purpose; the error handler turns them into the envelope with their code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly code: ErrorCode = errors && statusCode === 400 ? 'VALIDATION_FAILED' : genericErrorCodeOf(statusCode),
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Field errors make it a validation failure, like a schema's; otherwise a refused request. */
export const badRequest = (message: string, errors?: Record<string, string>, code?: ErrorCode) =>
  new AppError(400, message, errors, code ?? (errors ? 'VALIDATION_FAILED' : 'BAD_REQUEST'));
export const unauthorized = (message = 'You are unauthorized') => new AppError(401, message, undefined, 'UNAUTHORIZED');
/** SPEC.md's no-permission words always mean a missing permission, wherever they are thrown. */
export const forbidden = (message: string, code?: ErrorCode) =>
  new AppError(403, message, undefined, code ?? (message === SPEC_MESSAGES.noPermission ? 'PERMISSION_DENIED' : 'FORBIDDEN'));
/** Another firm's record answers exactly like a missing one. */
export const notFound = (what = 'Record') => new AppError(404, `${what} not found`, undefined, 'NOT_FOUND');
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, message, undefined, code);
export const tooManyRequests = (message: string) => new AppError(429, message, undefined, 'TOO_MANY_REQUESTS');
