import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, SPEC_MESSAGES, type ErrorCode } from '@matterhorn/shared';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../src/lib/errors.ts';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { bearer, createTestApp, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** Each kind of error a service throws → the status and code a program reads, the message kept word for word. */
const THROWN: { kind: string; error: () => Error; status: number; code: ErrorCode; message: string }[] = [
  { kind: 'a refused request', error: () => badRequest('Pick a date'), status: 400, code: 'BAD_REQUEST', message: 'Pick a date' },
  {
    kind: 'field errors',
    error: () => badRequest('Rate is required', { rate: 'Rate is required' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Rate is required',
  },
  { kind: 'no session', error: () => unauthorized(), status: 401, code: 'UNAUTHORIZED', message: 'You are unauthorized' },
  {
    kind: 'a missing permission',
    error: () => forbidden(SPEC_MESSAGES.noPermission),
    status: 403,
    code: 'PERMISSION_DENIED',
    message: SPEC_MESSAGES.noPermission,
  },
  { kind: 'another refusal of the user', error: () => forbidden('Not yours'), status: 403, code: 'FORBIDDEN', message: 'Not yours' },
  { kind: 'a missing record', error: () => notFound('Matter'), status: 404, code: 'NOT_FOUND', message: 'Matter not found' },
  { kind: "a record's state", error: () => conflict('Already closed'), status: 409, code: 'CONFLICT', message: 'Already closed' },
  {
    kind: 'a trust overdraft',
    error: () => conflict('Insufficient trust funds', 'TRUST_INSUFFICIENT_FUNDS'),
    status: 409,
    code: 'TRUST_INSUFFICIENT_FUNDS',
    message: 'Insufficient trust funds',
  },
  { kind: 'too many attempts', error: () => tooManyRequests('Slow down'), status: 429, code: 'TOO_MANY_REQUESTS', message: 'Slow down' },
  {
    kind: 'a damaged upload',
    error: () => new AppError(422, 'Upload it again'),
    status: 422,
    code: 'UNPROCESSABLE_CONTENT',
    message: 'Upload it again',
  },
  {
    kind: 'a gateway outage',
    error: () => new AppError(502, 'Try later'),
    status: 502,
    code: 'UPSTREAM_UNAVAILABLE',
    message: 'Try later',
  },
];

describe('error codes of the thrown errors', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    THROWN.forEach((row, index) =>
      app.get(`/thrown/${index}`, async () => {
        throw row.error();
      }),
    );
    app.get('/bug', async () => {
      throw new TypeError('secret internals');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(THROWN.map((row, index) => ({ ...row, index })))('$kind answers $status $code', async ({ index, status, code, message }) => {
    const response = await app.inject({ method: 'GET', url: `/thrown/${index}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, message, code, data: null });
    expect(ERROR_CODES[code].status).toBe(status);
  });

  it('answers an unexpected failure 500 INTERNAL_ERROR without its internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, code: 'INTERNAL_ERROR', data: null });
    expect(response.body).not.toContain('secret internals');
  });
});

describe('error codes through the API', () => {
  let context: TestContext;
  let token: string;
  beforeAll(async () => {
    context = await createTestApp();
    const firm = await seedTestFirm(context.database);
    token = await signIn(context.app, firm.users.admin.email);
  });
  afterAll(() => context.close());

  const cases: { kind: string; request: () => InjectOptions; status: number; code: ErrorCode; message?: string }[] = [
    {
      kind: 'a zod failure',
      request: () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 42, password: 'x' } }),
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Email is required',
    },
    {
      kind: 'an unknown route',
      request: () => ({ method: 'GET', url: '/api/no-such-route' }),
      status: 404,
      code: 'NOT_FOUND',
      message: 'Route not found',
    },
    {
      kind: 'a record that is not there (or is another firm’s)',
      request: () => ({ method: 'GET', url: `/api/admin/client-info/get-client/${randomUUID()}`, headers: bearer(token) }),
      status: 404,
      code: 'NOT_FOUND',
    },
    {
      kind: 'no bearer token',
      request: () => ({ method: 'GET', url: '/api/admin/client-info/get-clients-list' }),
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'You are unauthorized',
    },
    {
      kind: "another firm's AdminUserId",
      request: () => ({
        method: 'GET',
        url: `/api/admin/client-info/get-associated-client-users?AdminUserId=${randomUUID()}`,
        headers: bearer(token),
      }),
      status: 403,
      code: 'FIRM_SCOPE_MISMATCH',
    },
    {
      kind: 'malformed JSON',
      request: () => ({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' }),
      status: 400,
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON',
    },
    {
      kind: 'a wrong password',
      request: () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.law', password: `${TEST_PASSWORD}!` } }),
      status: 400,
      code: 'INVALID_CREDENTIALS',
    },
    {
      kind: 'a body over the limit',
      request: () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'x'.repeat(300_000) } }),
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      kind: 'a body that is not JSON',
      request: () => ({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' }),
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
  ];

  it.each(cases)('$kind answers $status $code', async ({ request, status, code, message }) => {
    const response = await context.app.inject(request());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code, data: null, ...(message ? { message } : {}) });
    expect(ERROR_CODES[code].status).toBe(status);
  });

  it('answers a reused Idempotency-Key 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const create = (name: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/admin/practice-area/create-practice-area',
        headers: { ...bearer(token), 'idempotency-key': 'error-code-key-0001' },
        payload: { name },
      });
    expect((await create('Maritime')).statusCode).toBeLessThan(300);
    const reused = await create('Aviation');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('lists every code, with its status and meaning, on the error responses of the OpenAPI document', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const login = document.paths['/api/auth/login'].post.responses['4XX'] ?? document.paths['/api/auth/login'].post.responses['4xx'];
    const code = login.content['application/json'].schema.properties.code;
    expect(new Set(code.enum)).toEqual(new Set(Object.keys(ERROR_CODES)));
    expect(code.description).toContain('TRUST_INSUFFICIENT_FUNDS (409)');
    expect(login.content['application/json'].schema.required).toContain('code');
  });
});
