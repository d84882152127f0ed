import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SeededFirm } from '../src/seed/seeded-firm.ts';
import { createTestApp, seedTestFirm, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/**
 * The OpenAPI document as other software reads it (issue 35): a TypeScript client generated from it
 * alone compiles and works, and what the server answers is what the document says (Ajv).
 */
const clientFolder = join(dirname(fileURLToPath(import.meta.url)), 'api-client');

/**
 * What api-client/calls.ts exports. It is loaded by its URL, not imported, so `tsc -p apps/api`
 * never compiles it: its types exist only once this test has generated them.
 */
type GeneratedClientCalls = {
  matterhornClient(baseUrl: string): {
    signIn(email: string, password: string): Promise<string>;
    clientNames(token: string, search: string): Promise<string[]>;
    addPracticeArea(token: string, name: string): Promise<{ id: string; name: string }>;
    clientThatIsNot(token: string, id: string): Promise<{ status: number; code: string }>;
  };
};
const loadCalls = () => import(new URL('./api-client/calls.ts', import.meta.url).href) as Promise<GeneratedClientCalls>;

type MediaContent = Record<string, { schema?: object }>;
type Operation = { parameters?: { in: string; required?: boolean }[]; responses: Record<string, { content?: MediaContent }> };
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

let context: TestContext;
let firm: SeededFirm;
let baseUrl: string;
let document: OpenApiDocument;
beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  // Over real HTTP, as a generated client calls it.
  baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
  document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as OpenApiDocument;
  const generated = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
  await writeFile(join(clientFolder, 'matterhorn-api.d.ts'), generated);
}, 120_000);
afterAll(() => context.close());

describe('a client generated from the OpenAPI document', () => {
  it('compiles, strictly, with the calls a developer writes against it', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(clientFolder, '../../tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    )!;
    const program = ts.createProgram([join(clientFolder, 'calls.ts')], config.options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => `${diagnostic.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('signs in, reads, creates and is refused through it', async () => {
    const { matterhornClient } = await loadCalls();
    const client = matterhornClient(baseUrl);
    const token = await client.signIn(firm.users.admin.email, TEST_PASSWORD);
    const names = await client.clientNames(token, '');
    expect(names.length).toBeGreaterThan(0);
    const [firstName] = names;
    expect(await client.clientNames(token, firstName!)).toContain(firstName);
    const area = await client.addPracticeArea(token, `Maritime ${randomUUID().slice(0, 6)}`);
    expect(area.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await client.clientThatIsNot(token, randomUUID())).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('what the server answers', () => {
  it('matches the document’s schema for that status, on every list and read a signed-in owner can call without ids', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats.default(ajv);
    const { matterhornClient } = await loadCalls();
    const token = await matterhornClient(baseUrl).signIn(firm.users.admin.email, TEST_PASSWORD);
    const reads = Object.entries(document.paths).flatMap(([path, methods]) =>
      methods.get && !path.includes('{') && methods.get.responses['200']?.content?.['application/json']
        ? [{ path, operation: methods.get }]
        : [],
    );
    const mismatches: string[] = [];
    let answered200 = 0;
    for (const { path, operation } of reads) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const declared = operation.responses[String(response.status)] ?? operation.responses[`${String(response.status)[0]}XX`];
      const schema = declared?.content?.['application/json']?.schema;
      if (!schema) {
        mismatches.push(`${path}: ${response.status} is not declared`);
        continue;
      }
      if (response.status === 200) answered200++;
      const validate = ajv.compile(schema);
      if (!validate(await response.json())) mismatches.push(`${path} ${response.status}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(mismatches).toEqual([]);
    // The check can fail: an answer whose envelope is wrong is refused.
    expect(ajv.validate(reads[0]!.operation.responses['200']!.content!['application/json']!.schema!, { success: 'yes' })).toBe(false);
    expect(reads.length).toBeGreaterThan(60);
    expect(answered200).toBeGreaterThan(reads.length / 2);
  }, 120_000);
});
