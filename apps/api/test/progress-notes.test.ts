import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { rowsOf, signIn, TEST_PASSWORD } from './support/test-app.ts';
import { PROGRESS_NOTE_BASE as base, setUpProgressNoteFixture, type ProgressNoteFixture } from './support/progress-note-fixture.ts';
import { csvLinesOf } from './support/csv-download.ts';

let fixture: ProgressNoteFixture;

beforeAll(async () => {
  fixture = await setUpProgressNoteFixture();
});
afterAll(() => fixture.context.close());

const note = (overrides: Record<string, unknown> = {}) => ({
  matterId: fixture.references.openMatter.id,
  noteDate: '2025-05-06',
  title: 'Call with the client',
  body: '<p>Discussed the <strong>settlement</strong> offer.</p><ul><li>Send the draft</li><li>Diarise the reply</li></ul>',
  ...overrides,
});
const view = (id: string, token = fixture.tokens.admin) => fixture.call('GET', `${base}/get-progress-note/${id}`, token);
const list = (query: string, token = fixture.tokens.admin) => fixture.call('GET', `${base}/get-progress-notes?${query}`, token);

async function eventsOf(id: string) {
  return fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ action: string; details: Record<string, unknown> }>(
      tx.execute(sql`select action, details from audit_events where entity_id = ${id} order by created_at, action`),
    ),
  );
}

describe('POST …/create-progress-note', () => {
  it('adds a note by the signed-in member on the matter’s client, its body kept as formatted HTML and plain text', async () => {
    const response = await fixture.create(note(), fixture.tokens.feeEarner);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      noteDate: '2025-05-06',
      title: 'Call with the client',
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
      authorUserId: fixture.firm.users.feeEarner.id,
      authorName: 'Tunde Bakare',
      isSharedWithClient: false,
      attachments: [],
      bodyHtml: '<p>Discussed the <strong>settlement</strong> offer.</p><ul><li>Send the draft</li><li>Diarise the reply</li></ul>',
      bodyText: 'Discussed the settlement offer.\nSend the draft\nDiarise the reply',
    });
    expect(data.clientName).not.toBe('');
    expect(await eventsOf(data.id)).toEqual([
      expect.objectContaining({
        action: 'progressNote.created',
        details: { after: expect.objectContaining({ title: 'Call with the client' }) },
      }),
    ]);
  });

  it.each([
    ['a script', '<p>Hello</p><script>alert("x")</script>', '<p>Hello</p>'],
    ['an image with onerror', '<p>Hi<img src="x" onerror="alert(1)"></p>', '<p>Hi</p>'],
    ['a javascript: link', '<p><a href="javascript:alert(1)">click</a></p>', '<p>click</p>'],
    ['an encoded javascript: link', '<p><a href="jav&#x09;ascript:alert(1)">click</a></p>', '<p>click</p>'],
    ['a data: link', '<p><a href="data:text/html,<script>alert(1)</script>">x</a></p>', '<p>x</p>'],
    ['style and event attributes', '<p style="color:red" onclick="steal()">Styled</p>', '<p>Styled</p>'],
    [
      'an iframe, a form and an svg',
      '<iframe src="https://evil.example"></iframe><form><input></form><svg onload="x()"></svg><p>Ok</p>',
      '<p>Ok</p>',
    ],
    [
      'a web link (opened safely)',
      '<p><a href="https://court.example/list" target="_self" rel="opener">list</a></p>',
      '<p><a href="https://court.example/list" rel="noopener noreferrer" target="_blank">list</a></p>',
    ],
    [
      'a mail link',
      '<a href="mailto:clerk@court.example">clerk</a>',
      '<a href="mailto:clerk@court.example" rel="noopener noreferrer" target="_blank">clerk</a>',
    ],
    ['a relative link', '<a href="/admin/delete">here</a>', 'here'],
    [
      'headings, quotes and marks',
      '<h1>T</h1><h2>A</h2><h3>B</h3><blockquote><em>q</em> <u>u</u> <s>s</s> <b>b</b> <i>i</i></blockquote>',
      '<h2>T</h2><h2>A</h2><h3>B</h3><blockquote><em>q</em> <u>u</u> <s>s</s> <b>b</b> <i>i</i></blockquote>',
    ],
  ])('stores %s only as safe markup', async (_title, body, stored) => {
    const response = await fixture.create(note({ body }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.bodyHtml).toBe(stored);
    const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ body_html: string }>(tx.execute(sql`select body_html from progress_notes where id = ${response.json().data.id}`)),
    );
    expect(row!.body_html).toBe(stored);
    expect(row!.body_html).not.toMatch(/<script|onerror|onclick|onload|javascript:|style=|<img|<iframe|<svg/i);
  });

  it.each([
    ['no matter', { matterId: undefined }, 'Matter is required'],
    ['a matter that is not an id', { matterId: 'x' }, undefined],
    ['no date', { noteDate: '' }, 'Date is required'],
    ['an impossible date', { noteDate: '2025-02-30' }, 'Date must be a date'],
    ['no title', { title: '  ' }, 'Title is required'],
    ['no body', { body: undefined }, 'Note is required'],
    ['an empty body', { body: '<p> </p><p>&nbsp;</p>' }, 'Note is required'],
    ['a body that is only a script', { body: '<script>alert(1)</script>' }, 'Note is required'],
    ['a body that is only an image', { body: '<img src=x onerror=alert(1)>' }, 'Note is required'],
    ['a body over the limit', { body: `<p>${'a'.repeat(100_001)}</p>` }, 'Note must be at most'],
    ['a matter of another client', { clientId: 'other' }, 'The matter does not belong to the chosen client'],
    ['a field it does not know', { authorUserId: 'x' }, undefined],
  ])('refuses %s with 400 and writes nothing', async (_title, overrides, message) => {
    const before = await fixture.snapshot();
    const body: Record<string, unknown> = { ...overrides };
    if (body.clientId === 'other') {
      body.clientId = fixture.references.matters.find((matter) => matter.clientId !== fixture.references.openMatter.clientId)!.clientId;
    }
    const response = await fixture.create(note(body));
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    if (message) expect(response.json().message).toContain(message);
    expect(await fixture.snapshot()).toEqual(before);
  });

  it('answers "not found" for another firm’s matter or client, and writes nothing', async () => {
    const before = await fixture.snapshot();
    const theirs = fixture.otherReferences.openMatter;
    expect((await fixture.create(note({ matterId: theirs.id }))).statusCode).toBe(404);
    expect((await fixture.create(note({ clientId: theirs.clientId }))).statusCode).toBe(400);
    expect(await fixture.snapshot()).toEqual(before);
  });

  it('accepts the matter’s own client, and a closed matter (the work of closing a file is noted too)', async () => {
    const withClient = await fixture.create(note({ clientId: fixture.references.openMatter.clientId }));
    expect(withClient.statusCode).toBe(201);
    const closed = fixture.references.closedMatter;
    const onClosed = await fixture.create(note({ matterId: closed.id, title: 'File archived' }));
    expect(onClosed.statusCode).toBe(201);
    expect(onClosed.json().data.clientId).toBe(closed.clientId);
  });

  it('creates one note for a POST sent twice with the same Idempotency-Key', async () => {
    const before = await fixture.snapshot();
    const headers = { 'idempotency-key': 'progress-note-double-0001' };
    const first = await fixture.create(note({ title: 'Once' }), fixture.tokens.admin, headers);
    const second = await fixture.create(note({ title: 'Once' }), fixture.tokens.admin, headers);
    expect(first.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await fixture.snapshot()).notes).toBe((before.notes as number) + 1);
  });
});

describe('a note after it is added', () => {
  let id: string;
  beforeAll(async () => {
    id = (await fixture.create(note({ title: 'Hearing prep' }), fixture.tokens.feeEarner)).json().data.id;
  });

  it('is read, changed (author kept, change in the trail) and soft-deleted', async () => {
    expect((await view(id, fixture.tokens.billing)).statusCode).toBe(403);
    expect((await view(id, fixture.tokens.feeEarner)).json().data.title).toBe('Hearing prep');
    const updated = await fixture.call(
      'PUT',
      `${base}/update-progress-note/${id}`,
      fixture.tokens.admin,
      note({ title: 'Hearing prep (bundle)', body: '<p>Bundle <em>paginated</em></p><script>x</script>', isSharedWithClient: true }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Hearing prep (bundle)',
      bodyHtml: '<p>Bundle <em>paginated</em></p>',
      bodyText: 'Bundle paginated',
      isSharedWithClient: true,
      authorUserId: fixture.firm.users.feeEarner.id,
    });
    const refused = await fixture.call('PUT', `${base}/update-progress-note/${id}`, fixture.tokens.admin, note({ body: '<p></p>' }));
    expect(refused.statusCode).toBe(400);
    const deleted = await fixture.call('DELETE', `${base}/delete-progress-note/${id}`, fixture.tokens.admin);
    expect(deleted.statusCode).toBe(200);
    expect((await view(id)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/delete-progress-note/${id}`, fixture.tokens.admin)).statusCode).toBe(404);
    expect((await fixture.call('PUT', `${base}/update-progress-note/${id}`, fixture.tokens.admin, note())).statusCode).toBe(404);
    const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ deleted: boolean; deletedBy: string }>(
        tx.execute(sql`select deleted_at is not null as deleted, deleted_by_user_id as "deletedBy" from progress_notes where id = ${id}`),
      ),
    );
    expect(row).toEqual({ deleted: true, deletedBy: fixture.firm.users.admin.id });
    const events = await eventsOf(id);
    expect(events.map((event) => event.action).sort()).toEqual(['progressNote.created', 'progressNote.deleted', 'progressNote.updated']);
    const change = events.find((event) => event.action === 'progressNote.updated')!.details as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    expect(Object.keys(change.after).sort()).toEqual(['bodyDigest', 'isSharedWithClient', 'title']);
    expect(JSON.stringify(change)).not.toContain('paginated');
  });

  it('answers "not found" to another firm for every call on it', async () => {
    const theirs = (await fixture.create(note({ title: 'Not theirs' }))).json().data.id;
    const token = fixture.tokens.otherAdmin;
    const before = await fixture.snapshot();
    const attachmentId = crypto.randomUUID();
    expect((await view(theirs, token)).statusCode).toBe(404);
    expect((await fixture.call('PUT', `${base}/update-progress-note/${theirs}`, token, note())).statusCode).toBe(404);
    expect(
      (
        await fixture.call('PUT', `${base}/update-progress-note/${theirs}`, token, {
          ...note(),
          matterId: fixture.otherReferences.openMatter.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await fixture.call('DELETE', `${base}/delete-progress-note/${theirs}`, token)).statusCode).toBe(404);
    expect((await fixture.upload(theirs, 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), token)).statusCode).toBe(404);
    expect((await fixture.call('GET', `${base}/progress-note/${theirs}/attachments/${attachmentId}`, token)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/progress-note/${theirs}/attachments/${attachmentId}`, token)).statusCode).toBe(404);
    expect(await fixture.snapshot()).toEqual(before);
  });

  it('moves to another matter, taking that matter’s client', async () => {
    const moved = (await fixture.create(note({ title: 'Misfiled' }))).json().data.id;
    const other = fixture.references.matters.find(
      (matter) => matter.status === 'Open' && matter.clientId !== fixture.references.openMatter.clientId,
    )!;
    const response = await fixture.call('PUT', `${base}/update-progress-note/${moved}`, fixture.tokens.admin, note({ matterId: other.id }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ matterId: other.id, clientId: other.clientId });
  });
});

describe('GET …/get-progress-notes', () => {
  type Row = { id: string; matterId: string; clientId: string; author: string; date: string; shared: boolean; title: string };
  let firmNotes: Row[];
  beforeAll(async () => {
    const [first, second] = fixture.references.matters.filter((matter) => matter.status === 'Open');
    const added = [
      [first!, '2024-01-10', fixture.tokens.admin, 'Lease negotiation', '<p>Landlord wants a <b>rent review</b> clause</p>', false],
      [
        first!,
        '2024-02-10',
        fixture.tokens.feeEarner,
        'Probate call',
        `<p>${'Executor asked about the estate accounts. '.repeat(10)}</p>`,
        true,
      ],
      [second!, '2024-03-10', fixture.tokens.admin, 'Share transfer', '<ol><li>Stamp duty paid</li><li>Register updated</li></ol>', true],
    ] as const;
    for (const [matter, noteDate, token, title, body, isSharedWithClient] of added) {
      const response = await fixture.create(note({ matterId: matter.id, noteDate, title, body, isSharedWithClient }), token);
      expect(response.statusCode).toBe(201);
    }
    firmNotes = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<Row>(
        tx.execute(sql`select id, matter_id as "matterId", client_id as "clientId", author_user_id as author,
          note_date::text as date, is_shared_with_client as shared, title
          from progress_notes where deleted_at is null order by note_date desc, created_at desc, id desc`),
      ),
    );
  });

  const ids = (response: { json(): { data: { data: { id: string }[] } } }) => response.json().data.data.map((row) => row.id);
  const idsOf = (keep: (row: Row) => boolean) => firmNotes.filter(keep).map((row) => row.id);

  it('lists the firm’s live notes, newest date first, counted, with an excerpt and no body', async () => {
    const response = await list('page=1&size=100', fixture.tokens.feeEarner);
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(firmNotes.map((row) => row.id));
    expect(response.json().data).toMatchObject({ page: 1, size: 100, totalCount: firmNotes.length, isTotalCountCapped: false });
    const probate = response.json().data.data.find((row: { title: string }) => row.title === 'Probate call');
    expect(probate).toMatchObject({ authorName: 'Tunde Bakare', attachmentCount: 0, isSharedWithClient: true });
    expect(probate.excerpt.length).toBeLessThanOrEqual(201);
    expect(probate.excerpt).toMatch(/^Executor asked about the estate accounts\. .*…$/);
    expect(probate).not.toHaveProperty('bodyHtml');
    expect(probate).not.toHaveProperty('bodyText');
    expect(ids(await list('page=1&size=100', fixture.tokens.otherAdmin))).toEqual([]);
  });

  it('filters by matter, client, author, date range and sharing', async () => {
    const matterId = firmNotes[0]!.matterId;
    expect(ids(await list(`MatterId=${matterId}&size=100`))).toEqual(idsOf((row) => row.matterId === matterId));
    const clientId = fixture.references.openMatter.clientId;
    expect(ids(await list(`ClientId=${clientId}&size=100`))).toEqual(idsOf((row) => row.clientId === clientId));
    const author = fixture.firm.users.feeEarner.id;
    expect(ids(await list(`AuthorUserId=${author}&size=100`))).toEqual(idsOf((row) => row.author === author));
    expect(ids(await list('FromDate=2024-02-01&ToDate=2024-03-31&size=100'))).toEqual(
      idsOf((row) => row.date >= '2024-02-01' && row.date <= '2024-03-31'),
    );
    expect(ids(await list('IsSharedWithClient=true&size=100'))).toEqual(idsOf((row) => row.shared));
    expect(ids(await list('IsSharedWithClient=false&size=100'))).toEqual(idsOf((row) => !row.shared));
  });

  it('searches title and body in any case, alone or with a filter', async () => {
    expect(ids(await list('GeneralSearchText=RENT%20REVIEW'))).toEqual(idsOf((row) => row.title === 'Lease negotiation'));
    expect(ids(await list('GeneralSearchText=share%20transf'))).toEqual(idsOf((row) => row.title === 'Share transfer'));
    expect(ids(await list('GeneralSearchText=%25'))).toEqual([]);
    const probate = firmNotes.find((row) => row.title === 'Probate call')!;
    expect(ids(await list(`GeneralSearchText=estate%20accounts&MatterId=${probate.matterId}`))).toEqual([probate.id]);
    expect(ids(await list(`GeneralSearchText=estate%20accounts&AuthorUserId=${fixture.firm.users.admin.id}`))).toEqual([]);
  });

  it.each(['title', 'clientName', 'matterName', 'authorName', 'createdAt', 'noteDate'])('sorts by %s both ways', async (column) => {
    const ascending = (await list(`sortColumn=${column}&sortType=asc&size=100`)).json().data.data;
    const descending = (await list(`sortColumn=${column}&sortType=desc&size=100`)).json().data.data;
    expect(ascending).toHaveLength(firmNotes.length);
    expect(descending.map((row: { id: string }) => row.id)).toEqual(ascending.map((row: { id: string }) => row.id).reverse());
    if (column === 'title') {
      const titles = ascending.map((row: { title: string }) => row.title);
      expect(titles).toEqual([...titles].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0)));
    }
  });

  it('pages, and refuses a bad filter with 400', async () => {
    expect(ids(await list('page=2&size=1'))).toEqual([firmNotes[1]!.id]);
    expect(ids(await list('page=999&size=10'))).toEqual([]);
    expect((await list('page=999&size=10')).json().data.totalCount).toBe(firmNotes.length);
    expect((await list('IsSharedWithClient=maybe')).statusCode).toBe(400);
    expect((await list('MatterId=not-an-id')).statusCode).toBe(400);
    expect((await list('FromDate=2024-13-01')).statusCode).toBe(400);
    expect((await list('sortColumn=body')).statusCode).toBe(400);
  });

  it('downloads the whole filter as CSV, each note’s whole plain text included', async () => {
    const response = await list('IsDownlodCsv=true&IsSharedWithClient=true&GeneralSearchText=probate');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('progress-notes.csv');
    const lines = csvLinesOf(response);
    expect(lines[0]).toBe('Date,Client,Matter,Title,Author,Shared with client,Attachments,Note');
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^10\/02\/2024,.*,Probate call,Tunde Bakare,Yes,0,Executor asked/)]);
    expect(lines[1]).toContain('Executor asked about the estate accounts. '.repeat(9).trim());
    const all = await list('IsDownlodCsv=true');
    expect(csvLinesOf(all)).toHaveLength(firmNotes.length + 1);
  });
});

describe('the demo firm', () => {
  it('starts with formatted progress notes on several matters, some shared with the client', async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD)).toBe(true);
    const token = await signIn(fixture.context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const page = (await list('size=100', token)).json().data;
    expect(page.totalCount).toBe(5);
    expect(new Set(page.data.map((row: { matterId: string }) => row.matterId)).size).toBe(4);
    expect(page.data.filter((row: { isSharedWithClient: boolean }) => row.isSharedWithClient)).toHaveLength(3);
    const withLink = page.data.find((row: { title: string }) => row.title === 'Witness statement drafted');
    const detail = (await fixture.call('GET', `${base}/get-progress-note/${withLink.id}`, token)).json().data;
    expect(detail.bodyHtml).toContain('<ul><li>the date of the first written warning</li>');
    expect(detail.bodyHtml).toContain('rel="noopener noreferrer" target="_blank"');
    expect(detail.bodyText).toContain('Client’s account of the dismissal meeting\n');
  });
});
