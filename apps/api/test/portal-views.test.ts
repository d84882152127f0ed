import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCourtUpdates } from '../src/seed/demo-court-updates.ts';
import { seedDemoInvoices } from '../src/seed/demo-invoices.ts';
import { seedDemoProgressNotes } from '../src/seed/demo-progress-notes.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { seedDemoTimeEntries } from '../src/seed/demo-time-entries.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import {
  bearer,
  createTestApp,
  rowsOf,
  seedTestFirm,
  signIn,
  signInToPortal,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let client: Record<string, string>;
const ids = { matter: '', note: '', courtUpdate: '', invoice: '' };

const get = (url: string, headers: Record<string, string>) => context.app.inject({ method: 'GET', url, headers });
const views = (kind: string, id: string, headers: Record<string, string>) =>
  get(`/api/admin/client-portal/get-client-views?ItemKind=${kind}&ItemId=${id}`, headers);
const viewRows = () =>
  context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from portal_item_views`)),
  );

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  await seedDemoTimeEntries(context.database, firm);
  await seedDemoInvoices(context.database, firm);
  await seedDemoCourtUpdates(context.database, firm);
  await seedDemoProgressNotes(context.database, firm);
  client = bearer((await signInToPortal(context.app, firm.slug, firm.portalClient.email)).token);
  const clientId = firm.portalClient.clientId;
  await context.database.withFirm(firm.firmId, async (tx) => {
    const [matter] = await rowsOf<{ id: string }>(
      tx.execute(sql`select m.id from matters m where m.client_id = ${clientId} and m.deleted_at is null
        and exists (select 1 from progress_notes n where n.matter_id = m.id and n.deleted_at is null)
        and exists (select 1 from court_updates u where u.matter_id = m.id and u.deleted_at is null) limit 1`),
    );
    ids.matter = matter!.id;
    const [note] = await rowsOf<{ id: string }>(
      tx.execute(sql`update progress_notes set is_shared_with_client = true
        where id = (select id from progress_notes where matter_id = ${ids.matter} and deleted_at is null limit 1) returning id`),
    );
    const [update] = await rowsOf<{ id: string }>(
      tx.execute(sql`update court_updates set is_shared_with_client = true
        where id = (select id from court_updates where matter_id = ${ids.matter} and deleted_at is null limit 1) returning id`),
    );
    const [invoice] = await rowsOf<{ id: string }>(
      tx.execute(sql`select id from invoices where client_id = ${clientId} and sent_at is not null limit 1`),
    );
    ids.note = note!.id;
    ids.courtUpdate = update!.id;
    ids.invoice = invoice!.id;
  });
});
afterAll(() => context.close());

describe('the firm sees when the client viewed or downloaded a shared item', () => {
  it('records the Matters tab’s shared notes and court updates, the invoice and its PDF, once per item with first and last time', async () => {
    const staff = bearer(await signIn(context.app, firm.users.admin.email));
    expect((await views('progressNote', ids.note, staff)).json().data).toEqual([]);

    expect((await get(`/api/client-portal/get-matter/${ids.matter}`, client)).statusCode).toBe(200);
    expect((await get(`/api/client-portal/get-matter/${ids.matter}`, client)).statusCode).toBe(200);
    expect((await get(`/api/client-portal/get-invoice/${ids.invoice}`, client)).statusCode).toBe(200);
    expect((await get(`/api/client-portal/download-invoice-pdf/${ids.invoice}`, client)).statusCode).toBe(200);

    const [note] = (await views('progressNote', ids.note, staff)).json().data;
    expect(note).toMatchObject({ clientName: 'Kemi Adebayo', email: firm.portalClient.email, action: 'viewed', times: 2 });
    expect(Date.parse(note.lastAt)).toBeGreaterThanOrEqual(Date.parse(note.firstAt));
    expect((await views('courtUpdate', ids.courtUpdate, staff)).json().data).toEqual([
      expect.objectContaining({ action: 'viewed', times: 2 }),
    ]);
    const invoice = (await views('invoice', ids.invoice, staff)).json().data as { action: string }[];
    expect(invoice.map((view) => view.action).sort()).toEqual(['downloaded', 'viewed']);

    // On a contact's portal account the firm sees the person who opened it, not only the client.
    const nameContact = (name: string | null) =>
      context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(sql`update portal_accounts set contact_name = ${name} where email = ${firm.portalClient.email}`),
      );
    await nameContact('Ada Obi');
    try {
      expect((await views('progressNote', ids.note, staff)).json().data[0]).toMatchObject({ clientName: 'Ada Obi' });
    } finally {
      await nameContact(null);
    }
  });

  it('records nothing for what the client may not open, and shows the firm’s read only to those who may open the item', async () => {
    const before = (await viewRows())[0]!.count;
    const [unshared] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ id: string }>(tx.execute(sql`select id from matters where client_id <> ${firm.portalClient.clientId} limit 1`)),
    );
    expect((await get(`/api/client-portal/get-matter/${unshared!.id}`, client)).statusCode).toBe(404);
    expect((await get(`/api/client-portal/get-invoice/${crypto.randomUUID()}`, client)).statusCode).toBe(404);
    expect((await viewRows())[0]!.count).toBe(before);

    const other = await seedTestFirm(context.database);
    const otherStaff = bearer(await signIn(context.app, other.users.admin.email));
    expect((await views('progressNote', ids.note, otherStaff)).json().data).toEqual([]);
    expect((await views('invoice', ids.invoice, client)).statusCode).toBe(401);
    const email = `notes-only@${firm.slug}.example`;
    const passwordHash = await hashPassword(TEST_PASSWORD);
    await context.database.withFirm(firm.firmId, async (tx) => {
      await tx.execute(sql`insert into roles (firm_id, name, permissions) values (${firm.firmId}, 'Notes only', '{progressNote}')`);
      await tx.execute(sql`insert into users (firm_id, email, name, password_hash, role_id, email_verified_at)
        values (${firm.firmId}, ${email}, 'Notes Only', ${passwordHash}, (select id from roles where name = 'Notes only'), now())`);
    });
    const notesOnly = bearer(await signIn(context.app, email));
    expect((await views('progressNote', ids.note, notesOnly)).statusCode).toBe(200);
    expect((await views('invoice', ids.invoice, notesOnly)).statusCode).toBe(403);
  });
});
