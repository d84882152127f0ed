import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { insertCourt } from './support/court-update-factory.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, signInToPortal, type TestContext } from './support/test-app.ts';

const BASE = '/api/admin/progress-update';
const DAY = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let staff: Record<string, string>;
let client: Record<string, string>;
let matterId: string;
let otherMattersOfFirm: string[];
let courtId: string;

async function post(url: string, payload: object) {
  const response = await context.app.inject({ method: 'POST', url, headers: staff, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const portalGet = (url: string, as = client) => context.app.inject({ method: 'GET', url, headers: as });

const note = (title: string, isSharedWithClient: boolean, noteDate: string, onMatter = matterId) =>
  post(`${BASE}/create-progress-note`, {
    matterId: onMatter,
    noteDate,
    title,
    body: `<p><strong>${title}</strong></p>`,
    isSharedWithClient,
  });
const courtUpdate = (suitNumber: string, isSharedWithClient: boolean, nextAdjournedDate: string | null, hearingDate = isoIn(-1)) =>
  post(`${BASE}/create-court-update`, {
    matterId,
    courtId,
    suitNumber,
    hearingDate,
    outcome: `Heard: ${suitNumber}`,
    nextAdjournedDate,
    nextAdjournedTime: nextAdjournedDate ? '09:30' : null,
    nextAdjournedPurpose: nextAdjournedDate ? 'Ruling' : null,
    isSharedWithClient,
  });

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
  otherMattersOfFirm = matters.filter((matter) => matter.client_id !== firm.portalClient.clientId).map((matter) => matter.id);
  courtId = await insertCourt(context.database, firm.firmId, { name: 'Federal High Court', division: 'Lagos' });
});
afterAll(() => context.close());

describe("the portal's matters and court dates", () => {
  it('shows the client only what the firm shared on their own matters: notes and court updates, newest first, with the next court dates', async () => {
    await note('Shared attendance note', true, isoIn(-3));
    await note('Internal strategy note', false, isoIn(-2));
    await note('Another client’s note', true, isoIn(-1), otherMattersOfFirm[0]);
    const soon = await courtUpdate('FHC/L/CS/1/2026', true, isoIn(5));
    await courtUpdate('FHC/L/CS/2/2026', false, isoIn(2));
    const later = await courtUpdate('FHC/L/CS/3/2026', true, isoIn(40), isoIn(-10));
    await courtUpdate('FHC/L/CS/4/2026', true, isoIn(-5), isoIn(-20));

    const overview = await portalGet('/api/client-portal/get-overview');
    expect(overview.statusCode).toBe(200);
    const { matters, nextCourtDates, recentlyShared } = overview.json().data;
    expect(matters.map((matter: { matterId: string }) => matter.matterId)).toContain(matterId);
    expect(matters.map((matter: { matterId: string }) => matter.matterId)).not.toContain(otherMattersOfFirm[0]);
    // Only shared, only from today on, soonest first.
    expect(nextCourtDates).toEqual([
      expect.objectContaining({
        courtUpdateId: soon,
        suitNumber: 'FHC/L/CS/1/2026',
        date: isoIn(5),
        time: '09:30',
        purpose: 'Ruling',
        court: 'Federal High Court',
      }),
      expect.objectContaining({ courtUpdateId: later, date: isoIn(40) }),
    ]);
    expect(recentlyShared.map((item: { title: string }) => item.title)).not.toContain('Internal strategy note');
    expect(recentlyShared.map((item: { title: string }) => item.title)).not.toContain('Another client’s note');

    const detail = await portalGet(`/api/client-portal/get-matter/${matterId}`);
    expect(detail.statusCode).toBe(200);
    const updates = detail.json().data.updates as { kind: string; date: string; title?: string; suitNumber?: string }[];
    expect(updates.map((update) => update.title ?? update.suitNumber)).toEqual([
      'FHC/L/CS/1/2026',
      'Shared attendance note',
      'FHC/L/CS/3/2026',
      'FHC/L/CS/4/2026',
    ]);
    expect(updates.map((update) => update.date)).toEqual([...updates.map((update) => update.date)].sort().reverse());
    expect(updates[1]).toEqual(expect.objectContaining({ kind: 'note', bodyHtml: '<p><strong>Shared attendance note</strong></p>' }));
    expect(updates[0]).toEqual(
      expect.objectContaining({
        kind: 'courtUpdate',
        outcome: 'Heard: FHC/L/CS/1/2026',
        nextAdjournedDate: isoIn(5),
        nextAdjournedTime: '09:30',
      }),
    );
  });

  it('answers not found for another client’s matter, another firm’s matter and a deleted note; a firm token is refused', async () => {
    expect((await portalGet(`/api/client-portal/get-matter/${otherMattersOfFirm[0]}`)).statusCode).toBe(404);
    expect((await portalGet(`/api/client-portal/get-matter/${otherFirm.matterIds[0]}`)).statusCode).toBe(404);
    expect((await portalGet('/api/client-portal/get-matter/not-an-id')).statusCode).toBe(400);
    expect((await portalGet('/api/client-portal/get-overview', staff)).statusCode).toBe(401);

    const gone = await note('Shared then deleted', true, isoIn(0));
    const deleted = await context.app.inject({ method: 'DELETE', url: `${BASE}/delete-progress-note/${gone}`, headers: staff });
    expect(deleted.statusCode).toBe(200);
    const titles = (await portalGet(`/api/client-portal/get-matter/${matterId}`))
      .json()
      .data.updates.map((update: { title?: string }) => update.title);
    expect(titles).not.toContain('Shared then deleted');
  });
});
