import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessageDigests } from '../src/modules/portal-messages/portal-message-digest.ts';
import { seedDemoPortalMessages } from '../src/seed/demo-portal-messages.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, readOutbox, rowsOf, seedTestFirm, signIn, signInToPortal, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let staff: Record<string, string>;
let client: Record<string, string>;
let matterId: string;
let otherClientsMatterId: string;

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  context.app.inject({ method, url, headers, payload });
const portal = (method: 'GET' | 'POST', call: string, payload?: object, as = client) =>
  inject(method, `/api/client-portal/${call}`, as, payload);
const admin = (method: 'GET' | 'POST', call: string, payload?: object, as = staff) =>
  inject(method, `/api/admin/client-portal/${call}`, as, payload);
const messageCount = async () =>
  (
    await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from portal_messages`)),
    )
  )[0]!.count;

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  staff = bearer(await signIn(context.app, firm.users.admin.email));
  client = bearer((await signInToPortal(context.app, firm.slug, firm.portalClient.email)).token);
  const matters = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ id: string; client_id: string }>(tx.execute(sql`select id, client_id from matters where deleted_at is null`)),
  );
  matterId = matters.find((matter) => matter.client_id === firm.portalClient.clientId)!.id;
  otherClientsMatterId = matters.find((matter) => matter.client_id !== firm.portalClient.clientId)!.id;
});
afterAll(() => context.close());

describe('secure messages between a firm and its client', () => {
  it('carries a thread both ways, oldest first, with read receipts stamped when the other side reads it', async () => {
    const asked = await portal('POST', 'send-message', { matterId, body: '  Is the hearing still on Thursday?  ' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().data).toMatchObject({ senderKind: 'client', body: 'Is the hearing still on Thursday?', readAt: null });

    const firmView = await admin('GET', `get-messages?MatterId=${matterId}`);
    expect(firmView.statusCode).toBe(200);
    expect(firmView.json().data.messages).toEqual([expect.objectContaining({ senderKind: 'client', readAt: null })]);
    expect((await admin('POST', 'mark-read', { matterId })).json().data).toEqual({ markedCount: 1 });
    expect((await admin('POST', 'mark-read', { matterId })).json().data).toEqual({ markedCount: 0 });

    const answered = await admin('POST', 'send-message', { matterId, body: 'Yes, 10:00 at the Federal High Court.' });
    expect(answered.statusCode).toBe(201);
    expect(answered.json().data.senderName).toBeTruthy();

    const clientView = (await portal('GET', `get-messages?MatterId=${matterId}`)).json().data;
    expect(clientView.messages.map((message: { senderKind: string }) => message.senderKind)).toEqual(['client', 'firm']);
    // Both sides read the times on the firm's clock.
    expect([firmView.json().data.timeZone, clientView.timeZone]).toEqual([
      expect.stringMatching(/\w+\/\w+|UTC/),
      firmView.json().data.timeZone,
    ]);
    // The client sees that the firm read their question; the firm's answer is unread until the client marks it.
    expect(clientView.messages[0].readAt).not.toBeNull();
    expect(clientView.messages[1].readAt).toBeNull();
    expect((await portal('POST', 'mark-read', { matterId })).json().data).toEqual({ markedCount: 1 });
    expect((await admin('GET', `get-messages?MatterId=${matterId}`)).json().data.messages[1].readAt).not.toBeNull();
  });

  it('refuses another client’s matter, another firm’s matter and an empty message, writing nothing', async () => {
    const before = await messageCount();
    expect((await portal('POST', 'send-message', { matterId: otherClientsMatterId, body: 'Hello' })).statusCode).toBe(404);
    expect((await portal('GET', `get-messages?MatterId=${otherClientsMatterId}`)).statusCode).toBe(404);
    expect((await portal('POST', 'send-message', { matterId: otherFirm.matterIds[0], body: 'Hello' })).statusCode).toBe(404);
    const otherStaff = bearer(await signIn(context.app, otherFirm.users.admin.email));
    expect((await admin('GET', `get-messages?MatterId=${matterId}`, undefined, otherStaff)).statusCode).toBe(404);
    const empty = await portal('POST', 'send-message', { matterId, body: '   ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Write a message']);
    expect((await portal('POST', 'send-message', { matterId, body: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await portal('GET', `get-messages?MatterId=${matterId}`, undefined, staff)).statusCode).toBe(401);
    expect(await messageCount()).toBe(before);
  });

  it('never lets a message be edited or deleted, even by a direct statement', async () => {
    const edit = context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update portal_messages set body = 'changed'`));
    await expect(edit).rejects.toThrow();
    const remove = context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`delete from portal_messages`));
    await expect(remove).rejects.toThrow();
  });

  it('e-mails each side once that messages wait, never their content, and nothing more until new ones arrive', async () => {
    const dependencies = { database: context.database, outbox: context.app.outbox, appUrl: 'http://matterhorn.test' };
    await sendMessageDigests(dependencies); // whatever earlier tests left
    const outboxBefore = (await readOutbox(context.config)).length;

    await portal('POST', 'send-message', { matterId, body: 'Secret: the settlement figure is 40m' });
    await portal('POST', 'send-message', { matterId, body: 'And another privileged detail' });
    await admin('POST', 'send-message', { matterId, body: 'Privileged advice for the client' });
    const sent = await sendMessageDigests(dependencies);
    const emails = (await readOutbox(context.config)).slice(outboxBefore);
    expect(sent).toBe(emails.length);
    const toClient = emails.filter((email) => email.to === firm.portalClient.email);
    expect(toClient).toHaveLength(1);
    expect(toClient[0]!.subject).toMatch(/^1 new message from /);
    expect(toClient[0]!.link).toBe(`http://matterhorn.test/portal/${firm.slug}/login`);
    const toFirm = emails.filter((email) => email.to !== firm.portalClient.email);
    expect(toFirm.length).toBeGreaterThan(0);
    for (const email of toFirm) expect(email.subject).toBe('2 new messages from clients');
    for (const email of emails) {
      expect(JSON.stringify(email)).not.toMatch(/settlement|privileged|Privileged/);
    }
    expect(await sendMessageDigests(dependencies)).toBe(0);
  });

  it('seeds the demo client a thread on her first matter: read both ways, and her last message waiting for the firm', async () => {
    const demo = await seedTestFirm(context.database);
    await seedDemoPortalMessages(context.database, demo);
    const demoClient = bearer((await signInToPortal(context.app, demo.slug, demo.portalClient.email)).token);
    const thread = (await portal('GET', `get-messages?MatterId=${demo.matterIds[0]}`, undefined, demoClient)).json().data;
    expect(
      thread.messages.map((message: { senderKind: string; readAt: string | null }) => [message.senderKind, message.readAt !== null]),
    ).toEqual([
      ['client', true],
      ['firm', true],
      ['client', false],
    ]);
  });
});
