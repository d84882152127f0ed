/**
 * The stable `code` of every error envelope, for programs (the web app, an integration); the
 * envelope's `message` stays the words for people (SPEC.md §8). A code is never renamed or reused:
 * add a new one instead. Each code has one HTTP status.
 */
export const ERROR_CODES = {
  // The request itself
  VALIDATION_FAILED: { status: 400, meaning: 'A field is missing or invalid; `errors` names each field' },
  BAD_REQUEST: { status: 400, meaning: 'The request cannot be carried out as sent' },
  INVALID_JSON: { status: 400, meaning: 'The request body is not valid JSON' },
  INVALID_CREDENTIALS: { status: 400, meaning: 'The email, password or one-time code is wrong, or the account is locked' },
  MATTER_BUDGET_EXCEEDED: {
    status: 400,
    meaning: 'The firm refuses time that would take a matter past 100% of its hours, fees or total budget; `errors` names the duration',
  },
  INVALID_TOKEN: { status: 400, meaning: 'A reset, verification or invitation link is wrong, used or expired' },
  PRIVACY_CONSENT_REQUIRED: {
    status: 400,
    meaning: 'The firm’s current privacy notice must be read and agreed to first (its version is missing or no longer the current one)',
  },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The request body is larger than the route accepts' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The request body is not in a format the route accepts' },
  REQUEST_TIMEOUT: { status: 408, meaning: 'The request body stopped arriving (a stalled upload)' },
  UNPROCESSABLE_CONTENT: { status: 422, meaning: 'The content arrived but cannot be used (a damaged upload, a template too heavy)' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: 'The Idempotency-Key was already used for a different request' },
  // Who is asking
  UNAUTHORIZED: { status: 401, meaning: 'No session, or the session has ended: sign in again' },
  FORBIDDEN: { status: 403, meaning: 'The signed-in user may not do this' },
  PERMISSION_DENIED: { status: 403, meaning: "The user's role lacks a permission the route requires" },
  EMAIL_NOT_VERIFIED: { status: 403, meaning: 'The user must verify their email address first' },
  FIRM_SCOPE_MISMATCH: { status: 403, meaning: "AdminUserId or BusinessId names another firm than the user's" },
  // What is asked for
  NOT_FOUND: { status: 404, meaning: "No such route or record (another firm's record answers the same)" },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The address exists but not for this method; `Allow` lists the methods it takes' },
  CONFLICT: { status: 409, meaning: "The record's current state refuses the change" },
  NAME_TAKEN: { status: 409, meaning: 'Another record already has this name' },
  TRUST_INSUFFICIENT_FUNDS: { status: 409, meaning: 'A trust ledger or account would go below zero' },
  TRUST_UNCLEARED_FUNDS: { status: 409, meaning: 'The trust funds exist but have not cleared yet' },
  TRUST_PERIOD_RECONCILED: { status: 409, meaning: 'The date falls in a signed-off trust reconciliation period' },
  BOOKS_CLOSED: { status: 409, meaning: 'The date is on or before the day the books are closed through: date it in an open period' },
  TRUST_ACCOUNT_INACTIVE: { status: 409, meaning: 'The trust account is closed to new movements' },
  PLAN_SEATS_FULL: { status: 409, meaning: "The firm's plan has no free seat" },
  SUBSCRIPTION_ENDED: {
    status: 402,
    meaning: 'The firm’s subscription has ended: it can read and export, not change records, until a plan is chosen',
  },
  // The service
  TOO_MANY_REQUESTS: { status: 429, meaning: 'Too many requests: wait and retry' },
  UPSTREAM_UNAVAILABLE: { status: 502, meaning: 'A service the firm relies on (a payment gateway) did not answer' },
  INTERNAL_ERROR: { status: 500, meaning: 'An unexpected failure; the message carries a reference for support' },
  SERVICE_UNAVAILABLE: { status: 503, meaning: 'The database is briefly unavailable: retry after the Retry-After seconds' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

const GENERIC_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  502: 'UPSTREAM_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
};

/** The code a status carries when nothing more specific applies. */
export function genericErrorCodeOf(status: number): ErrorCode {
  return GENERIC_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}
