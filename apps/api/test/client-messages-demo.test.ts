import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMessage, ClientOptIns } from '@matterhorn/shared';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, signIn, signInToPortal, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The demo's SMS and WhatsApp client updates (ADR 90): opted-in contacts and a log a newcomer can retry from. */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
});
afterAll(() => context.close());

describe('the demo firm’s client messages', () => {
  it('has the portal client and a contact opted in, and a matter log with delivered, failed and queued messages', async () => {
    const headers = bearer(await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`));
    const get = (url: string) => context.app.inject({ method: 'GET', url, headers });
    const portal = await signInToPortal(context.app, DEMO_FIRM.slug, `client@${DEMO_FIRM.emailDomain}`);
    const optIns: ClientOptIns = (await get(`/api/admin/client-messages/get-opt-ins?ClientId=${portal.clientId}`)).json().data;
    const [client, contact] = optIns.recipients;
    expect(client).toMatchObject({ sms: { isOptedIn: true }, whatsapp: { isOptedIn: true, recordedBy: 'client' } });
    expect(contact).toMatchObject({ name: 'Chidi Okonkwo', whatsapp: { isOptedIn: true, recordedBy: 'firm' } });
    const log: ClientMessage[] = (await get('/api/admin/client-messages/list?PageSize=100')).json().data.data;
    expect(new Set(log.map((message) => message.status))).toEqual(new Set(['delivered', 'failed', 'undelivered', 'queued']));
    const failed = log.find((message) => message.status === 'failed')!;
    const retried = await context.app.inject({
      method: 'POST',
      url: `/api/admin/client-messages/retry/${failed.id}`,
      headers,
      payload: {},
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const templates = (await get('/api/admin/client-messages/get-templates')).json().data.templates;
    expect(templates.find((template: { templateKey: string }) => template.templateKey === 'portal-message')).toMatchObject({
      isDefault: false,
    });
  });
});
