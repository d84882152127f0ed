import { SPEC_MESSAGES, type ErrorCode } from '@matterhorn/shared';
import { clientToken, firmToken } from './session-storage.ts';
import { toast } from './toasts.ts';

export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Which bearer a call carries: the firm token, the portal client token, or none. */
export type AuthMode = 'firm' | 'client' | 'none' | 'auto';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
  auth?: AuthMode;
  /** Show the server's message in a success toast (form mutations). */
  toastSuccess?: boolean;
  /** Never toast; failures still throw. */
  silent?: boolean;
  /** The body is not an envelope (e.g. /me/permissions answers a bare array). */
  raw?: boolean;
  /**
   * Sent as Idempotency-Key: the server handles a POST once per key, so a form that keeps one key
   * per submission (see useIdempotencyKey) never creates its record twice.
   */
  idempotencyKey?: string;
};

export type ApiEnvelope<T> = { success: boolean; message: string; data: T };

/**
 * The code an error answer carries. Read, not checked against ERROR_CODES: the server is the same
 * release, and the table's meanings would add a kilobyte to every first visit (the sign-in budget).
 */
function errorCodeOf(body: unknown): ErrorCode | null {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? (code as ErrorCode) : null;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The server's stable code (switch on this, never on the message); null for a transport failure. */
  readonly code: ErrorCode | null;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = errorCodeOf(body);
  }
}

/** No answer at all (no signal, and the worker had no copy): not a refusal, so a copy kept on the device may stand in. */
export const isNoConnection = (error: unknown) => error instanceof ApiError && error.status === 0;

/** SPEC.md §7: query strings drop null and undefined values. */
export function buildQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function firstText(value: unknown): string | null {
  if (Array.isArray(value)) return firstText(value[0]);
  if (typeof value === 'string' && value.trim() !== '') return value;
  return null;
}

/**
 * SPEC.md §8: 401 reads 'You are unauthorized'; a validation-style `errors` object gives its first
 * value (or the message when it is empty); otherwise the response's message (first item if an
 * array), otherwise the transport message.
 */
export function errorMessageFrom(status: number, body: unknown, transportMessage: string): string {
  if (status === 401) return SPEC_MESSAGES.unauthorized;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const errors = record.errors;
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      const values = Object.values(errors as Record<string, unknown>);
      const first = values.length > 0 ? firstText(values[0]) : null;
      if (first) return first;
    }
    const message = firstText(record.message);
    if (message) return message;
  }
  return transportMessage;
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;
/** A 401 before the session registered (its first profile request starts with the app): told on registering. */
let hasMissedUnauthorized = false;

/** The session registers here so a 401 on a signed-in call ends the session. */
export function onUnauthorized(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
  if (listener && hasMissedUnauthorized) {
    hasMissedUnauthorized = false;
    listener();
  }
}

function reportUnauthorized(): void {
  if (unauthorizedListener) unauthorizedListener();
  else hasMissedUnauthorized = true;
}

function bearerFor(auth: AuthMode): string | null {
  if (auth === 'none') return null;
  if (auth === 'firm') return firmToken();
  if (auth === 'client') return clientToken();
  const onPortal = typeof window !== 'undefined' && window.location.pathname.startsWith('/portal/');
  return onPortal ? clientToken() : firmToken();
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, auth = 'auto', toastSuccess = false, silent = false, raw = false, idempotencyKey } = options;
  const token = bearerFor(auth);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

  const fail = (message: string, status: number, responseBody: unknown): never => {
    if (!silent) toast.error(message);
    throw new ApiError(message, status, responseBody);
  };

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${buildQueryString(query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : 'Network error', 0, null);
  }

  let parsed: unknown = null;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }

  if (!response.ok) {
    // A 401 on a call without a bearer (e.g. a wrong password) is not a lapsed session.
    if (response.status === 401 && !token) {
      return fail(errorMessageFrom(400, parsed, response.statusText || 'Unauthorized'), 401, parsed);
    }
    if (response.status === 401) reportUnauthorized();
    const transport = response.statusText || `Request failed with status code ${response.status}`;
    return fail(errorMessageFrom(response.status, parsed, transport), response.status, parsed);
  }

  if (raw) return parsed as T;

  const envelope = parsed as ApiEnvelope<unknown> | null;
  if (!envelope || envelope.success === false) {
    return fail(errorMessageFrom(response.status, parsed, 'Something went wrong'), response.status, parsed);
  }
  if (toastSuccess && envelope.message) toast.success(envelope.message);
  return envelope as T;
}

/** GET returning the envelope's data; errors toast (SPEC.md §8). */
export async function apiGet<T>(path: string, query?: QueryParams, auth: AuthMode = 'auto'): Promise<T> {
  const envelope = await apiRequest<ApiEnvelope<T>>(path, { query, auth });
  return envelope.data;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export async function apiList<T>(path: string, query?: QueryParams, auth: AuthMode = 'auto'): Promise<T | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<T>>(path, { query, auth, silent: true });
    return envelope.data;
  } catch {
    return null;
  }
}

/** A form mutation: errors toast and throw (the form stops); success toasts the message. */
export async function apiMutate<T>(path: string, body: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<ApiEnvelope<T>> {
  return apiRequest<ApiEnvelope<T>>(path, { method: 'POST', toastSuccess: true, ...options, body });
}

/** The API's `errors` object ({ field: message }) of a refused request, if it has one. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return {};
  const errors = (error.body as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
