import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/plugins/route-access.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { PERMISSIONS_POLICY } from '../src/plugins/permissions-policy.ts';
import { bearer, createTestApp, seedTestFirm, signIn, signInToPortal, type TestContext } from './support/test-app.ts';

/**
 * What every route answers at the edge, walked over the app's own route list and OpenAPI document
 * (so routes added later are covered): text a database cannot store is refused with the field
 * named, and API answers are never cached.
 */
let context: TestContext;
let firm: SeededFirm;
let tokens: { admin: string; portal: string };

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    portal: (await signInToPortal(context.app, firm.slug, firm.portalClient.email)).token,
  };
});
afterAll(() => context.close());

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

const routes = () => context.app.routeCatalog;
const openApi = () => context.app.swagger() as unknown as OpenApi;
const operationOf = (route: RegisteredRoute): Operation => {
  const operation = openApi().paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${route.method} ${route.url} is not in the OpenAPI document`);
  return operation;
};

const isString = (schema: JsonSchema) => schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** Every path in a body schema that takes a string (array items as index 0). */
function stringFieldsOf(schema: JsonSchema | undefined, path: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 8) return [];
  if (schema.$ref) return stringFieldsOf(openApi().components?.schemas?.[schema.$ref.split('/').pop()!], path, depth + 1);
  const fields: string[][] = isString(schema) && path.length > 0 ? [path] : [];
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    fields.push(...stringFieldsOf(option, path, depth + 1));
  }
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    fields.push(...stringFieldsOf(property, [...path, name], depth + 1));
  if (schema.items) fields.push(...stringFieldsOf(schema.items, [...path, '0'], depth + 1));
  const unique = new Map(fields.map((field) => [field.join('.'), field]));
  return [...unique.values()];
}

/** A body holding value at path, and nothing else. */
function bodyWith(path: string[], value: string): unknown {
  const [head, ...rest] = path;
  const inner = rest.length === 0 ? value : bodyWith(rest, value);
  return head === '0' ? [inner] : { [head!]: inner };
}

const headersFor = (route: RegisteredRoute) =>
  route.access.kind === 'firm' ? bearer(tokens.admin) : route.access.kind === 'portal' ? bearer(tokens.portal) : {};
const somePathOf = (route: RegisteredRoute) => route.url.replace(/:(\w+)/g, () => firm.portalClient.clientId);

type Probe = { label: string; field: string; request: InjectOptions };

/** One request per route and string field (query and path when inUrl, and body), that field carrying bad text. */
function probesWith(bad: string, { inUrl }: { inUrl: boolean }): Probe[] {
  const probes: Probe[] = [];
  for (const route of routes()) {
    const operation = operationOf(route);
    const base = { method: route.method as 'GET', headers: headersFor(route) };
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in === 'query' && inUrl) {
        const url = `${somePathOf(route)}?${new URLSearchParams({ [parameter.name]: `a${bad}b` })}`;
        probes.push({ label: `${route.method} ${route.url} ?${parameter.name}`, field: parameter.name, request: { ...base, url } });
      }
      if (parameter.in === 'path' && inUrl) {
        const url = route.url.replace(/:(\w+)/g, (_match, name: string) =>
          name === parameter.name ? encodeURIComponent(`a${bad}b`) : firm.portalClient.clientId,
        );
        probes.push({ label: `${route.method} ${route.url} :${parameter.name}`, field: parameter.name, request: { ...base, url } });
      }
    }
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    for (const path of stringFieldsOf(bodySchema)) {
      probes.push({
        label: `${route.method} ${route.url} body ${path.join('.')}`,
        field: path.join('.'),
        request: {
          ...base,
          url: somePathOf(route),
          payload: JSON.stringify(bodyWith(path, `PA x${bad}`)),
          headers: { ...base.headers, 'content-type': 'application/json' },
        },
      });
    }
  }
  return probes;
}

describe('text a database cannot store', () => {
  it.each([
    ['a NUL', '\u0000', { inUrl: true }],
    ['a lone high surrogate', '\ud800', { inUrl: false }],
    ['a lone low surrogate', '\udc00', { inUrl: false }],
  ])('refuses %s in every string of every route with 400 naming the field', async (_what, bad, where) => {
    const probes = probesWith(bad, where);
    expect(probes.length).toBeGreaterThan(100);
    for (const probe of probes) {
      const response = await context.app.inject(probe.request);
      expect(response.statusCode, `${probe.label}: ${response.body}`).toBe(400);
      const body = response.json();
      expect(body.success, probe.label).toBe(false);
      expect(body.errors?.[probe.field], `${probe.label}: ${response.body}`).toContain(probe.field);
      expect(body.message, probe.label).toContain(probe.field);
    }
  });

  it('refuses the reported cases: an anonymous branding lookup and a practice area name', async () => {
    const branding = await context.app.inject({ method: 'GET', url: '/api/client-portal/get-firm-branding?Slug=a%00b' });
    expect(branding.statusCode).toBe(400);
    expect(branding.json()).toMatchObject({ success: false, data: null, errors: { Slug: expect.stringContaining('Slug') } });
    const practiceArea = await context.app.inject({
      method: 'POST',
      url: '/api/admin/practice-area/create-practice-area',
      headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
      payload: '{"name":"PA x\\ud800"}',
    });
    expect(practiceArea.statusCode).toBe(400);
    expect(practiceArea.json().message).toBe('name contains a character that cannot be stored (a NUL or an unpaired surrogate)');
  });

  it('names a nested field and a bad key, and lets paired surrogates (emoji) and other text through', async () => {
    const nested = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.example","password":"x","extra":[{"deep":"\\u0000"}]}',
    });
    expect(nested.json().errors).toEqual({ 'extra.0.deep': expect.any(String) });
    const badKey = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.example","pass\\u0000word":"x"}',
    });
    expect(badKey.statusCode).toBe(400);
    const emoji = await context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-firm-branding?Slug=${encodeURIComponent('café-⚖️-😀')}`,
    });
    expect(emoji.statusCode).toBe(404);
  });

  it('never answers 500 to a percent-encoded surrogate in a query (it is not UTF-8, so it arrives as written)', async () => {
    for (const route of routes().filter((route) => route.hasQuery)) {
      const names = (operationOf(route).parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      const query = names.map((name) => `${name}=a%ED%A0%80b`).join('&');
      const response = await context.app.inject({
        method: route.method as 'GET',
        url: `${somePathOf(route)}?${query}`,
        headers: headersFor(route),
      });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(500);
    }
  });
});

describe('caching of API answers', () => {
  it('marks every API answer no-store: signed in, anonymous and refused', async () => {
    expect(routes().length).toBeGreaterThan(20);
    for (const route of routes()) {
      const request = {
        method: route.method as 'GET',
        url: somePathOf(route),
        ...(['GET', 'DELETE'].includes(route.method) ? {} : { payload: {} }),
      };
      for (const headers of [headersFor(route), {}]) {
        const response = await context.app.inject({ ...request, headers });
        expect(response.headers['cache-control'], `${route.method} ${route.url} → ${response.statusCode}`).toBe('no-store');
      }
    }
  });

  it('marks CSV exports no-store', async () => {
    for (const url of ['/api/admin/matter-master/get-matter-list', '/api/admin/client-info/get-clients-list', '/api/admin/time-entry']) {
      const response = await context.app.inject({ method: 'GET', url: `${url}?IsDownlodCsv=true`, headers: bearer(tokens.admin) });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/csv');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('headers every answer carries', () => {
  it('Permissions-Policy on every route, signed in or not, on refusals, unknown paths and the documentation', async () => {
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    const requests: InjectOptions[] = routes().flatMap((route) => {
      const request = { method: route.method as 'GET', url: somePathOf(route), ...(route.method === 'GET' ? {} : { payload: {} }) };
      return [request, { ...request, headers: headersFor(route) }];
    });
    requests.push(
      { method: 'GET', url: '/api/no-such-route' },
      { method: 'GET', url: '/no-such-page' },
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' },
      { method: 'GET', url: '/api/docs' },
      { method: 'GET', url: '/api/docs/json' },
    );
    for (const request of requests) {
      const response = await context.app.inject(request);
      expect(response.headers['permissions-policy'], `${request.method} ${request.url} → ${response.statusCode}`).toBe(PERMISSIONS_POLICY);
    }
  });

  it('the API documentation, its OpenAPI document and its static files are never cached', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/api/docs' });
    const urls = [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/yaml',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-ui.css',
    ];
    expect(page.statusCode).toBeLessThan(400);
    for (const url of urls) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(400);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
