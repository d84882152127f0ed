import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createAuthenticator } from '../src/modules/auth/authenticator.ts';
import { registerRouteAccess } from '../src/plugins/route-access.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

describe('API core', () => {
  it('answers health with the envelope and a request id', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'ok', data: { status: 'ok', database: context.database.kind } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers and keeps CORS closed', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Route not found', code: 'NOT_FOUND', data: null });
  });

  it('answers a method an API path does not take with 405 and the methods it does take', async () => {
    const response = await context.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED', data: null });
    // A path with a parameter, named by a concrete id, and a query string.
    const download = await context.app.inject({
      method: 'POST',
      url: '/api/admin/invoice/download-invoice-pdf/0b8e1f7e-4a53-4b8e-9f57-6f0c2f4f9d11?x=1',
    });
    expect(download.statusCode).toBe(405);
    expect(download.headers.allow).toBe('GET, HEAD');
    // A path no method has stays not found.
    expect((await context.app.inject({ method: 'POST', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });

  it('refuses malformed JSON with a 400 envelope, not a stack trace', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'The request body is not valid JSON', data: null });
  });

  it('refuses a body over the size limit', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(300_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
  });

  it('names the field in validation errors and rejects unknown fields', async () => {
    const wrongType = await context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42, password: 'x' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Email is required');

    const unknown = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x', isAdmin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Unknown field');
    expect(unknown.json().message).toContain('isAdmin');
  });

  it('publishes an OpenAPI 3.1 document covering every API route', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    expect(context.app.routeCatalog.length).toBeGreaterThan(10);
    for (const route of context.app.routeCatalog) expect(documented).toContain(`${route.method} ${route.url}`);
  });

  it('refuses to register a route that declares no access', async () => {
    const bare = Fastify();
    registerRouteAccess(bare, createAuthenticator(context.database, context.config.appSecret), []);
    expect(() => bare.get('/api/undeclared', async () => 'open')).toThrow(/declares no access/);
    await bare.close();
  });
});
