import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, clearedConflictCheck, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; feeEarner: string; billing: string; otherAdmin: string };
const base = '/api/admin/custom-field';

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    billing: await signIn(context.app, firm.users.billing.email),
    otherAdmin: await signIn(context.app, otherFirm.users.admin.email),
  };
});
afterAll(() => context.close());

const get = (url: string, token = tokens.admin) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = tokens.admin) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function createField(payload: object, token = tokens.admin) {
  const response = await send('POST', `${base}/create-custom-field`, payload, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const countFields = async (firmId: string) =>
  (
    await context.database.withFirm(firmId, (tx) =>
      rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from custom_field_definitions`)),
    )
  )[0]!.count;

describe('custom fields', () => {
  it('creates fields and lists them per record type in their order', async () => {
    const second = await createField({ entityType: 'client', label: 'Referral source', fieldType: 'text', sortOrder: 2 });
    const first = await createField({
      entityType: 'client',
      label: 'Tier',
      fieldType: 'select',
      options: ['Gold', 'Silver', 'Gold'],
      isRequired: true,
      sortOrder: 1,
    });
    const matterField = await createField({ entityType: 'matter', label: 'Court', fieldType: 'text', options: ['ignored'] });
    expect(first).toEqual({
      id: expect.any(String),
      entityType: 'client',
      label: 'Tier',
      fieldType: 'select',
      options: ['Gold', 'Silver'],
      isRequired: true,
      sortOrder: 1,
    });
    expect(matterField.options).toEqual([]);

    const clients = await get(`${base}/get-custom-fields?EntityType=client`, tokens.billing);
    expect(clients.statusCode).toBe(200);
    expect(clients.json().data.map((field: { id: string }) => field.id)).toEqual([first.id, second.id]);
    const matters = await get(`${base}/get-custom-fields?entitytype=matter`);
    expect(matters.json().data.map((field: { id: string }) => field.id)).toEqual([matterField.id]);
    expect((await get(`${base}/get-custom-fields`)).json().data).toHaveLength(3);
    expect((await get(`${base}/get-custom-fields?EntityType=invoice`)).statusCode).toBe(400);
    expect((await get(`${base}/get-custom-fields`, tokens.otherAdmin)).json().data).toEqual([]);

    const audit = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf(tx.execute(sql`select action from audit_events where entity_id = ${first.id}`)),
    );
    expect(audit).toEqual([{ action: 'customField.created' }]);
  });

  it.each([
    [{}, 'Applies to is required'],
    [{ entityType: 'client', fieldType: 'text' }, 'Label is required'],
    [{ entityType: 'client', label: 'X', fieldType: 'colour' }, 'Field type is required'],
    [{ entityType: 'client', label: 'X', fieldType: 'select' }, 'A list field needs at least one option'],
    [{ entityType: 'client', label: 42, fieldType: 'text' }, 'Label is required'],
    [{ entityType: 'client', label: 'X', fieldType: 'text', firmId: 'x' }, 'Unknown field: "firmId"'],
  ])('refuses %j and writes nothing', async (payload, message) => {
    const before = await countFields(firm.firmId);
    const response = await send('POST', `${base}/create-custom-field`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countFields(firm.firmId)).toBe(before);
  });

  it('refuses a second field with the same label on the same record type, ignoring case', async () => {
    await createField({ entityType: 'client', label: 'Date of birth', fieldType: 'date' });
    const twice = await send('POST', `${base}/create-custom-field`, { entityType: 'client', label: 'DATE OF BIRTH', fieldType: 'date' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A custom field with this label already exists');
    await createField({ entityType: 'matter', label: 'Date of birth', fieldType: 'date' });
    await createField({ entityType: 'client', label: 'Date of birth', fieldType: 'date' }, tokens.otherAdmin);
  });

  it('updates a field; another firm’s, missing or deleted fields answer 404', async () => {
    const field = await createField({ entityType: 'client', label: 'Nationality', fieldType: 'text' });
    const response = await send('PUT', `${base}/update-custom-field/${field.id}`, {
      entityType: 'client',
      label: 'Citizenship',
      fieldType: 'select',
      options: ['Nigerian', 'Ghanaian'],
      isRequired: true,
      sortOrder: 5,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: field.id,
      label: 'Citizenship',
      fieldType: 'select',
      options: ['Nigerian', 'Ghanaian'],
      isRequired: true,
    });
    const clash = await send('PUT', `${base}/update-custom-field/${field.id}`, {
      entityType: 'client',
      label: 'date of birth',
      fieldType: 'text',
    });
    expect(clash.statusCode).toBe(409);
    const same = await send('PUT', `${base}/update-custom-field/${field.id}`, {
      entityType: 'client',
      label: 'CITIZENSHIP',
      fieldType: 'text',
    });
    expect(same.statusCode).toBe(200);

    const foreign = await createField({ entityType: 'client', label: 'Foreign', fieldType: 'text' }, tokens.otherAdmin);
    const body = { entityType: 'client', label: 'Taken over', fieldType: 'text' };
    expect((await send('PUT', `${base}/update-custom-field/${foreign.id}`, body)).statusCode).toBe(404);
    expect((await send('PUT', `${base}/update-custom-field/${randomUUID()}`, body)).statusCode).toBe(404);
    expect((await send('PUT', `${base}/update-custom-field/${field.id}`, { ...body, label: '' })).json().message).toBe('Label is required');
    expect(
      (await get(`${base}/get-custom-fields`, tokens.otherAdmin)).json().data.map((entry: { label: string }) => entry.label),
    ).toContain('Foreign');
  });

  it('soft-deletes a field: gone from the list, kept in the database, and no longer required on clients', async () => {
    const field = await createField({ entityType: 'client', label: 'Required for now', fieldType: 'text', isRequired: true });
    const client = { clientType: 'individual', firstName: 'Ada', lastName: 'Field' };
    // Earlier tests left a required 'Tier' field; give it a value.
    const tier = (await get(`${base}/get-custom-fields?EntityType=client`))
      .json()
      .data.find((entry: { label: string }) => entry.label === 'Tier');
    const refused = await send('POST', '/api/admin/client-info/create-client', { ...client, customFields: { [tier.id]: 'Gold' } });
    expect(refused.json().message).toBe('Required for now is required');

    expect((await send('DELETE', `${base}/delete-custom-field/${field.id}`)).statusCode).toBe(200);
    expect((await get(`${base}/get-custom-fields`)).json().data.map((entry: { id: string }) => entry.id)).not.toContain(field.id);
    expect((await send('DELETE', `${base}/delete-custom-field/${field.id}`)).statusCode).toBe(404);
    expect(
      (await send('PUT', `${base}/update-custom-field/${field.id}`, { entityType: 'client', label: 'Back', fieldType: 'text' })).statusCode,
    ).toBe(404);
    const [row] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf(tx.execute(sql`select deleted_at is not null as deleted from custom_field_definitions where id = ${field.id}`)),
    );
    expect(row).toEqual({ deleted: true });
    const conflictCheckId = await clearedConflictCheck(context.app, tokens.admin, ['Ada Field']);
    const accepted = await send('POST', '/api/admin/client-info/create-client', {
      ...client,
      customFields: { [tier.id]: 'Gold' },
      conflictCheckId,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const deletedKey = await send('POST', '/api/admin/client-info/create-client', {
      ...client,
      customFields: { [tier.id]: 'Gold', [field.id]: 'x' },
    });
    expect(deletedKey.json().message).toBe('Unknown custom field');
  });

  it('needs updateAccountSettings to change fields and clientInfo to read them', async () => {
    const payload = { entityType: 'client', label: 'Blocked', fieldType: 'text' };
    for (const token of [tokens.feeEarner, tokens.billing]) {
      const response = await send('POST', `${base}/create-custom-field`, payload, token);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("You don't have permission to perform this action. Please contact your admin to provide access");
    }
    const field = await createField({ entityType: 'client', label: 'Guarded', fieldType: 'text' });
    expect((await send('PUT', `${base}/update-custom-field/${field.id}`, payload, tokens.feeEarner)).statusCode).toBe(403);
    expect((await send('DELETE', `${base}/delete-custom-field/${field.id}`, undefined, tokens.feeEarner)).statusCode).toBe(403);
    expect((await get(`${base}/get-custom-fields`, tokens.feeEarner)).statusCode).toBe(200);
    expect((await send('DELETE', `${base}/delete-custom-field/${field.id}`, undefined, tokens.otherAdmin)).statusCode).toBe(404);
  });
});
