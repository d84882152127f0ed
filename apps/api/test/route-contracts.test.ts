import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_CONTRACTS, type RouteContract } from '@matterhorn/shared';
import { createTestApp, type TestContext } from './support/test-app.ts';

const contracts: { name: string; contract: RouteContract }[] = Object.entries(ROUTE_CONTRACTS).flatMap(([module, calls]) =>
  Object.entries(calls).map(([call, contract]) => ({ name: `${module}.${call}`, contract })),
);

/** OpenAPI writes `:id` as `{id}`. */
const openApiPathOf = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

describe('route contracts', () => {
  it('name each call once', () => {
    const calls = contracts.map(({ contract }) => `${contract.method} ${contract.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it.each(contracts)('$name is a route the server registers, with an access declaration', ({ contract }) => {
    const registered = context.app.routeCatalog.filter((route) => route.method === contract.method && route.url === contract.path);
    expect(registered).toHaveLength(1);
    expect(registered[0]!.hasQuery).toBe(Boolean(contract.query));
    expect(registered[0]!.hasBody).toBe(Boolean(contract.body));
  });

  it('give the OpenAPI document its summary, parameters and the error envelope of every contract', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const { name, contract } of contracts) {
      const operation = document.paths[openApiPathOf(contract.path)]?.[contract.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation.summary, `${name} has a summary`).toMatch(/\w{3,}/);
      expect(operation.tags, `${name} is listed under its module`).toHaveLength(1);
      const answers = Object.keys(operation.responses).map((status) => status.toUpperCase());
      expect(answers, name).toEqual(expect.arrayContaining([String(contract.status ?? 200), '4XX']));
    }
  });
});
