import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/test-app.ts';

type Schema = { [key: string]: unknown; properties?: Record<string, Schema>; description?: string };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; description?: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};

let context: TestContext;
let document: { servers?: { url: string }[]; info: { license?: unknown } };
let operations: { name: string; operation: Operation }[];
beforeAll(async () => {
  context = await createTestApp();
  const answer = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (answer.statusCode !== 200) throw new Error(answer.body);
  document = answer.json();
  operations = Object.entries((document as unknown as { paths: object }).paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
});
afterAll(() => context.close());

/** Every property below `schema` without a description, as `where.path.to.field`. */
function undescribedProperties(schema: unknown, where: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((item) => undescribedProperties(item, where));
  const gaps: string[] = [];
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (key === 'properties') {
      for (const [field, fieldSchema] of Object.entries(value as Record<string, Schema>)) {
        if (!fieldSchema?.description) gaps.push(`${where}.${field}`);
        gaps.push(...undescribedProperties(fieldSchema, `${where}.${field}`));
      }
    } else if (key === 'items') gaps.push(...undescribedProperties(value, `${where}[]`));
    else gaps.push(...undescribedProperties(value, where));
  }
  return gaps;
}

describe('the OpenAPI document', () => {
  it('describes every request and response field', () => {
    const gaps = operations.flatMap(({ name, operation }) => {
      const tag = operation.tags?.[0] ?? '';
      const parameters = (operation.parameters ?? [])
        .filter((parameter) => !parameter.description && !parameter.schema?.description)
        .map((parameter) => `${parameter.in}.${parameter.name}`);
      const body = Object.values(operation.requestBody?.content ?? {}).flatMap((content) => undescribedProperties(content.schema, 'body'));
      const answers = Object.entries(operation.responses)
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([status, response]) =>
          Object.values(response.content ?? {}).flatMap((content) => undescribedProperties(content.schema, status)),
        );
      return [...new Set([...parameters, ...body, ...answers])].map((gap) => `${tag} | ${name} | ${gap}`);
    });
    expect(gaps).toEqual([]);
  });

  it('names every operation once, in camelCase, and says what it does and who may call it', () => {
    const names = operations.map(({ operation }) => operation.operationId);
    expect(names.filter((name) => !/^[a-z][A-Za-z0-9]+$/.test(name ?? ''))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    for (const { name, operation } of operations) {
      expect(operation.summary, name).toMatch(/\w{3,}/);
      expect(operation.description, name).toMatch(
        /(Public: no sign-in|For a client signed in to the portal|For (a team member|any signed-in team member))[^]*\.$/,
      );
    }
  });

  it('keeps the names a generated client has already given its calls', () => {
    const byName = new Map(operations.map(({ name, operation }) => [operation.operationId, name]));
    // A sample across modules: renaming one breaks every client generated from the document.
    expect(byName.get('clientsList')).toBe('GET /api/admin/client-info/get-clients-list');
    expect(byName.get('invoicesDownloadPdf')).toBe('GET /api/admin/invoice/download-invoice-pdf/{id}');
    expect(byName.get('authLogin')).toBe('POST /api/auth/login');
    expect(byName.get('trustDownloadStatement')).toBe('GET /api/admin/trust-account/download-trust-statement');
  });

  it('passes redocly lint with the recommended rules: no error, no warning', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    const file = join(folder, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const config = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));
    // The exit code is non-zero on a problem; the JSON report says which.
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--config', config, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((failure: { stdout: string }) => failure);
    await rm(folder, { recursive: true });
    const report = JSON.parse(stdout) as { totals: object; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('names its server, and public calls need no token', () => {
    expect(document.servers?.[0]?.url).toBe(context.config.appUrl);
    expect(document.info.license).toBeDefined();
    const publicCalls = operations.filter(({ operation }) => operation.description?.includes('Public: no sign-in'));
    expect(publicCalls.map(({ name }) => name)).toContain('POST /api/auth/login');
    for (const { name, operation } of publicCalls) expect(operation.security, name).toEqual([]);
    for (const { name, operation } of operations.filter((call) => !publicCalls.includes(call)))
      expect(operation.security, name).toBeUndefined();
  });

  it('declares the media type of every file it sends, and the error envelope when it refuses', () => {
    const sends = (name: string) => {
      const operation = operations.find((call) => call.name === name)!.operation;
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['200', '4XX']));
      return Object.keys(operation.responses['200']!.content ?? {});
    };
    expect(sends('GET /api/admin/invoice/download-invoice-pdf/{id}')).toEqual(['application/pdf']);
    expect(sends('GET /api/admin/trust-account/download-trust-statement')).toEqual(['application/pdf']);
    expect(sends('GET /api/admin/invoice/download-ledes')).toEqual(['text/plain']);
    expect(sends('GET /api/calendar/{file}')).toEqual(['text/calendar']);
    expect(sends('GET /api/admin/document/download-folder-zip/{id}')).toEqual(['application/zip']);
    expect(sends('GET /api/admin/client-info/get-clients-list')).toEqual(['application/json', 'text/csv']);
    for (const { name, operation } of operations) expect(Object.keys(operation.responses), name).toContain('4XX');
    // A refusal is the JSON envelope, whatever the call sends when it succeeds.
    const refusalTypes = operations.flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]/.test(status))
        .flatMap(([status, response]) => Object.keys(response.content ?? {}).map((type) => `${name} ${status} ${type}`)),
    );
    expect(refusalTypes.filter((entry) => !entry.endsWith(' application/json'))).toEqual([]);
  });

  it('states the rules it refuses by, so a generated client and a fuzzer agree with the server', () => {
    // A string described as a date must carry its pattern, one described as a UUID its format.
    const gaps: string[] = [];
    const isText = (schema: Schema) => schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
    const check = (schema: Schema | undefined, where: string, description = schema?.description ?? '') => {
      if (!schema || typeof schema !== 'object') return;
      const texts = [schema, ...((schema.anyOf as Schema[] | undefined) ?? [])].filter(isText);
      const isStated = texts.some((text) => 'pattern' in text || 'format' in text || 'enum' in text || 'const' in text);
      if (texts.length > 0 && !isStated) {
        if (/\(YYYY-MM-DD\)|, YYYY-MM-DD\b/.test(description)) gaps.push(`${where}: a date without its pattern`);
        if (/\(a UUID\b|\ba UUID\)/.test(description)) gaps.push(`${where}: an id without its format`);
      }
      for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) check(fieldSchema, `${where}.${field}`);
      if (schema.items) check(schema.items as Schema, `${where}[]`);
      for (const option of (schema.anyOf as Schema[] | undefined) ?? []) if (option.properties || option.items) check(option, where);
    };
    for (const { name, operation } of operations) {
      for (const content of Object.values(operation.requestBody?.content ?? {})) check(content.schema, `${name} body`);
      for (const parameter of operation.parameters ?? [])
        check(parameter.schema, `${name} ${parameter.in}.${parameter.name}`, parameter.description ?? parameter.schema?.description);
    }
    expect(gaps).toEqual([]);
    const timeEntry = operations.find(({ name }) => name === 'POST /api/admin/time-entry')!.operation;
    const fields = timeEntry.requestBody!.content['application/json']!.schema.properties!;
    expect(fields.matterId).toMatchObject({ format: 'uuid' });
    expect(fields.timeEntryDate).toMatchObject({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
    expect(JSON.stringify(fields.description)).toContain('pattern');
    const billRun = operations.find(({ name }) => name.startsWith('POST ') && name.endsWith('/bill-runs/preview'))!.operation;
    // An optional amount states its format too (blank for none).
    expect(JSON.stringify(billRun.requestBody!.content['application/json']!.schema.properties!.minimumUnbilled)).toContain('pattern');
    const list = operations.find(({ name }) => name === 'GET /api/admin/time-entry')!.operation;
    expect(JSON.stringify(list.parameters!.find((parameter) => parameter.name === 'IsBillable'))).toMatch(/"enum":\["?2"?\]/);
  });

  it('lists as required the fields the server refuses without', () => {
    const timeEntry = operations.find(({ name }) => name === 'POST /api/admin/time-entry')!.operation;
    const body = timeEntry.requestBody!.content['application/json']!.schema as Schema & { required?: string[] };
    expect(body.required).toEqual(expect.arrayContaining(['clientId', 'matterId', 'activityId', 'duration', 'exchangeRate']));
  });

  it('declares the multipart body of every upload, its fields and then its file', () => {
    const uploads = operations.filter(({ operation }) => operation.requestBody?.content['multipart/form-data']);
    expect(uploads.length).toBeGreaterThanOrEqual(10);
    for (const { name, operation } of uploads) {
      const body = operation.requestBody!.content['multipart/form-data']!.schema;
      expect(body.properties?.file, name).toMatchObject({ type: 'string', format: 'binary' });
      expect(body.required, name).toContain('file');
    }
    const documentUpload = uploads.find(({ name }) => name === 'POST /api/admin/document/upload-document');
    expect(Object.keys(documentUpload?.operation.requestBody!.content['multipart/form-data']!.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['FolderId', 'file']),
    );
  });
});
