import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY, type Database } from '../src/db/database.ts';
import { clientList, type ClientListRequest } from '../src/modules/clients/client-list.repository.ts';
import { matterList, type MatterListRequest } from '../src/modules/matters/matter-list.repository.ts';
import { CSV_BATCH_ROWS, streamListCsv } from '../src/platform/lists/list-csv.ts';
import { readListPage } from '../src/platform/lists/list-page.ts';
import { substringPattern } from '../src/platform/lists/list-statements.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { openTestDatabase, rowsOf, seedTestFirm } from './support/test-app.ts';

let database: Database;
let drop: () => Promise<void>;
let firm: SeededFirm;
/** A firm of 105 clients named alike, for capped counts. */
let wrenFirm: SeededFirm;
let clientId: string;
/** More matters than two export batches hold (500 each): some numbered, many without a number. */
const NUMBERED_MATTERS = 650;
const UNNUMBERED_MATTERS = 600;

/** The firm's only live clients, oldest first (the seeded ones are deleted). */
const CLIENTS: [name: string, type: 'individual' | 'company', status: 'active' | 'archived'][] = [
  ['Marco Polo', 'individual', 'active'],
  ['Lark & Sons', 'company', 'active'],
  ['Heron Ltd', 'company', 'archived'],
  ['Ada Lark', 'individual', 'active'],
  ['Ben Osei', 'individual', 'archived'],
  ['100% Kestrel_Co', 'company', 'active'],
];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  firm = await seedTestFirm(database);
  await database.withFirm(firm.firmId, async (tx) => {
    await tx.execute(sql`update clients set deleted_at = now() where firm_id = ${firm.firmId}`);
    for (const [index, [name, type, status]] of CLIENTS.entries()) {
      const [first, last] = name.split(' ');
      const minutesAgo = CLIENTS.length - index;
      await tx.execute(sql`insert into clients (firm_id, client_type, company_name, first_name, last_name, status, created_at)
        values (${firm.firmId}, ${type}, ${type === 'company' ? name : null}, ${type === 'individual' ? first : null},
          ${type === 'individual' ? last : null}, ${status}, now() - ${minutesAgo} * interval '1 minute')`);
    }
    await tx.execute(
      sql`insert into clients (firm_id, client_type, company_name, deleted_at) values (${firm.firmId}, 'company', 'Deleted Lark', now())`,
    );
    [{ id: clientId }] = (await rowsOf<{ id: string }>(
      tx.execute(sql`select id from clients where firm_id = ${firm.firmId} and company_name = 'Lark & Sons'`),
    )) as [{ id: string }];
    await tx.execute(sql`insert into matters (firm_id, client_id, matter_name, matter_number, billing_type, created_at)
      select ${firm.firmId}, ${clientId}, 'Numbered ' || n, 'N-' || lpad(n::text, 4, '0'), 'Hourly', now() - n * interval '1 second'
      from generate_series(1, ${NUMBERED_MATTERS}) n`);
    await tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type, created_at)
      select ${firm.firmId}, ${clientId}, 'Unnumbered ' || n, 'Retainer', now() - interval '1 hour' from generate_series(1, ${UNNUMBERED_MATTERS}) n`);
    // The fee earner: every numbered matter, three unnumbered ones, one deleted; the seeded matters' clients are deleted.
    await tx.execute(sql`insert into matter_assignees (firm_id, matter_id, user_id, hourly_rate)
      select firm_id, id, ${firm.users.feeEarner.id}, 100 from matters
      where firm_id = ${firm.firmId} and (matter_number like 'N-%' or matter_name in ('Unnumbered 1', 'Unnumbered 2', 'Unnumbered 3'))`);
    await tx.execute(sql`update matters set deleted_at = now() where firm_id = ${firm.firmId} and matter_number = 'N-0007'`);
  });
  wrenFirm = await seedTestFirm(database);
  await database.withFirm(wrenFirm.firmId, (tx) =>
    tx.execute(sql`insert into clients (firm_id, client_type, company_name)
      select ${wrenFirm.firmId}, 'company', 'Wren ' || lpad(n::text, 3, '0') from generate_series(1, 105) n`),
  );
});
afterAll(async () => {
  await database.close();
  await drop();
});

const clientPage = (request: Partial<ClientListRequest>, page = { page: 1, size: 20 }, firmId = firm.firmId) =>
  database.withFirm(
    firmId,
    (tx) => readListPage(tx, clientList, firmId, { filters: {}, sort: { column: 'createdAt', direction: 'desc' }, ...request }, page),
    READ_ONLY,
  );

describe('substringPattern', () => {
  it("lowers the text and makes LIKE's wildcards and escape match themselves", () => {
    expect(substringPattern('Kestrel')).toBe('%kestrel%');
    expect(substringPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('a list page (readListPage), on the clients list', () => {
  const newestFirst = ['100% Kestrel_Co', 'Ben Osei', 'Ada Lark', 'Heron Ltd', 'Lark & Sons', 'Marco Polo'];
  type Case = [title: string, request: Partial<ClientListRequest>, page: { page: number; size: number }, names: string[], total: number];
  const cases: Case[] = [
    ['live rows, newest first', {}, { page: 1, size: 20 }, newestFirst, 6],
    ['oldest first', { sort: { column: 'createdAt', direction: 'asc' } }, { page: 1, size: 20 }, [...newestFirst].reverse(), 6],
    ['one filter', { filters: { clientType: 'company' } }, { page: 1, size: 20 }, ['100% Kestrel_Co', 'Heron Ltd', 'Lark & Sons'], 3],
    [
      'a filter and a sort',
      { filters: { status: 'archived' }, sort: { column: 'name', direction: 'asc' } },
      { page: 1, size: 20 },
      ['Ben Osei', 'Heron Ltd'],
      2,
    ],
    [
      'two filters, descending',
      { filters: { clientType: 'individual', status: 'active' }, sort: { column: 'name', direction: 'desc' } },
      { page: 1, size: 20 },
      ['Marco Polo', 'Ada Lark'],
      2,
    ],
    ['an empty filter value is no filter', { filters: { clientType: '' as never } }, { page: 1, size: 2 }, newestFirst.slice(0, 2), 6],
    ['a search, any case, without deleted rows', { searchText: 'LARK' }, { page: 1, size: 20 }, ['Ada Lark', 'Lark & Sons'], 2],
    ['a search for a wildcard finds it literally', { searchText: '%' }, { page: 1, size: 20 }, ['100% Kestrel_Co'], 1],
    ['a search for an underscore finds it literally', { searchText: '_co' }, { page: 1, size: 20 }, ['100% Kestrel_Co'], 1],
    ['a search and a filter', { searchText: 'kestrel', filters: { clientType: 'individual' } }, { page: 1, size: 20 }, [], 0],
    [
      'a full middle page counts in its own statement',
      { searchText: 'o', sort: { column: 'name', direction: 'asc' } },
      { page: 2, size: 2 },
      ['Heron Ltd', 'Lark & Sons'],
      5,
    ],
    [
      'a last page',
      { filters: { status: 'active' }, searchText: 'a', sort: { column: 'name', direction: 'asc' } },
      { page: 2, size: 2 },
      ['Marco Polo'],
      3,
    ],
    ['a page past the end counts on its own', { searchText: 'l' }, { page: 9, size: 2 }, [], 5],
  ];

  it.each(cases)('%s', async (_title, request, page, names, total) => {
    const found = await clientPage(request, page);
    expect(found.rows.map((row) => row.name)).toEqual(names);
    expect(found).toMatchObject({ totalCount: total, isTotalCountCapped: false });
  });

  it.each([
    ['a searched count stops at 100', 'wren', { page: 1, size: 2 }, 100, true],
    ['a search narrower than the cap counts exactly', 'WREN 10', { page: 1, size: 2 }, 6, false],
    ['a page past the end of a capped search', 'wren', { page: 60, size: 2 }, 100, true],
  ])('%s', async (_title, searchText, page, totalCount, isTotalCountCapped) => {
    const found = await clientPage({ searchText }, page, wrenFirm.firmId);
    expect(found).toMatchObject({ totalCount, isTotalCountCapped });
  });

  it('counts an unsearched list further than a searched one (to 1,000)', async () => {
    const [{ live }] = (await database.withFirm(wrenFirm.firmId, (tx) =>
      rowsOf<{ live: number }>(tx.execute(sql`select count(*)::int as live from clients where deleted_at is null`)),
    )) as [{ live: number }];
    expect(live).toBeGreaterThan(105);
    expect(await clientPage({}, { page: 1, size: 2 }, wrenFirm.firmId)).toMatchObject({ totalCount: live, isTotalCountCapped: false });
  });

  it('answers the columns as declared, typed', async () => {
    const [row] = (await clientPage({ searchText: 'lark & sons' })).rows;
    expect(row).toEqual({
      id: clientId,
      clientType: 'company',
      name: 'Lark & Sons',
      email: null,
      phone: null,
      status: 'active',
      isPortalEnabled: false,
      createdAt: expect.any(Date),
      // One numbered matter is deleted (for the fee earner's list below).
      openMatterCount: NUMBERED_MATTERS + UNNUMBERED_MATTERS - 1,
    });
  });
});

describe('a filter through another table (matters of one fee earner, through their assignments)', () => {
  const request = (more: Partial<MatterListRequest> = {}): MatterListRequest => ({
    filters: { assignedUserId: firm.users.feeEarner.id, ...more.filters },
    sort: more.sort ?? { column: 'createdAt', direction: 'desc' },
    ...(more.searchText ? { searchText: more.searchText } : {}),
  });
  const matterPage = (listRequest: MatterListRequest, page = { page: 1, size: 20 }) =>
    database.withFirm(firm.firmId, (tx) => readListPage(tx, matterList, firm.firmId, listRequest, page), READ_ONLY);
  /** The fee earner's live matters as one plain statement finds them. */
  const assigned = async (order: 'created_at desc, id desc' | 'matter_number asc, id asc', billingType?: string) =>
    (
      await database.withFirm(firm.firmId, (tx) =>
        rowsOf<{ id: string }>(
          tx.execute(sql`select m.id from matters m
            where m.firm_id = ${firm.firmId} and m.deleted_at is null and m.client_deleted_at is null
              and exists (select 1 from matter_assignees a where a.matter_id = m.id and a.user_id = ${firm.users.feeEarner.id})
              ${billingType ? sql`and m.billing_type = ${billingType}` : sql``}
            order by ${sql.raw(order)}`),
        ),
      )
    ).map((row) => row.id);

  it.each([
    [
      'alone: newest first, counted from the assignments alone',
      () => request(),
      { page: 3, size: 20 },
      () => assigned('created_at desc, id desc'),
    ],
    [
      'with a filter of the list: counted through the join',
      () => request({ filters: { billingType: 'Retainer' } }),
      { page: 1, size: 2 },
      () => assigned('created_at desc, id desc', 'Retainer'),
    ],
    [
      'in an order the assignments do not copy',
      () => request({ sort: { column: 'matterNumber', direction: 'asc' } }),
      { page: 2, size: 50 },
      () => assigned('matter_number asc, id asc'),
    ],
  ])('%s', async (_title, listRequest, page, expected) => {
    const all = await expected();
    const found = await matterPage(listRequest(), page);
    expect(found.rows.map((row) => row.id)).toEqual(all.slice((page.page - 1) * page.size, page.page * page.size));
    expect(found).toMatchObject({ totalCount: all.length, isTotalCountCapped: false });
  });

  it('leaves out deleted matters and those of deleted clients, in the count as in the rows', async () => {
    const all = await assigned('created_at desc, id desc');
    expect(all).toHaveLength(NUMBERED_MATTERS - 1 + 3);
    expect(await matterPage(request(), { page: 99, size: 20 })).toMatchObject({ totalCount: all.length });
  });

  it('exports every row once, in list order, across batches that resume on the assignments', async () => {
    const csv = { header: ['Id'], cells: (row: { id: string }) => [row.id] };
    const lines = linesOf(await readAll(await streamListCsv(database, firm.firmId, matterList, request(), csv)));
    expect(lines.length).toBeGreaterThan(CSV_BATCH_ROWS);
    expect(lines).toEqual(await assigned('created_at desc, id desc'));
  });
});

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

const matterRequest = (sort: MatterListRequest['sort'], filters: MatterListRequest['filters'] = {}): MatterListRequest => ({
  filters,
  sort,
});
const exportMatters = (request: MatterListRequest) =>
  streamListCsv(database, firm.firmId, matterList, request, { header: ['Number', 'Id'], cells: (row) => [row.matterNumber, row.id] });
const linesOf = (text: string) => text.split('\r\n').filter(Boolean).slice(1);

/** The same rows in the same order, as PostgreSQL orders them in one statement (nulls last ascending, first descending). */
async function expectedLines(direction: 'asc' | 'desc', column: 'matter_number' | 'created_at', billingType?: string) {
  const rows = await database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ matter_number: string | null; id: string }>(
      tx.execute(sql`select matter_number, id from matters
        where firm_id = ${firm.firmId} and deleted_at is null and client_deleted_at is null
          ${billingType ? sql`and billing_type = ${billingType}` : sql``}
        order by ${sql.identifier(column)} ${sql.raw(direction)}, id ${sql.raw(direction)}`),
    ),
  );
  return rows.map((row) => `${row.matter_number ?? ''},${row.id}`);
}

describe('a list CSV (streamListCsv), on the matters list', () => {
  const cases: [title: string, request: MatterListRequest, expected: () => Promise<string[]>][] = [
    ['newest first, across batches', matterRequest({ column: 'createdAt', direction: 'desc' }), () => expectedLines('desc', 'created_at')],
    [
      'by a nullable key, ascending (nulls last)',
      matterRequest({ column: 'matterNumber', direction: 'asc' }),
      () => expectedLines('asc', 'matter_number'),
    ],
    [
      'by a nullable key, descending (nulls first)',
      matterRequest({ column: 'matterNumber', direction: 'desc' }),
      () => expectedLines('desc', 'matter_number'),
    ],
    [
      'filtered',
      matterRequest({ column: 'createdAt', direction: 'asc' }, { billingType: 'Retainer' }),
      () => expectedLines('asc', 'created_at', 'Retainer'),
    ],
  ];

  it.each(cases)('writes every row once, in list order: %s', async (_title, request, expected) => {
    const text = await readAll(await exportMatters(request));
    expect(text.startsWith('\uFEFFNumber,Id\r\n'), "UTF-8's byte-order mark, then the header").toBe(true);
    const lines = linesOf(text);
    expect(lines.length).toBeGreaterThan(CSV_BATCH_ROWS);
    expect(lines).toEqual(await expected());
  });

  it('ends its transaction when the reader goes away, so the connection serves the next request', async () => {
    // More exports than the test pool's 25 connections: a leaked one would leave the last reads waiting.
    for (let exportNumber = 0; exportNumber < 30; exportNumber += 1) {
      const stream = await exportMatters(matterRequest({ column: 'createdAt', direction: 'desc' }));
      // Half go away at once, half after their first chunk, while the next batch is being read.
      if (exportNumber % 2 === 1) await new Promise((resolve) => stream.once('data', resolve));
      stream.destroy();
    }
    const found = await clientPage({ searchText: 'lark' });
    expect(found.totalCount).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a list CSV under concurrent inserts (PostgreSQL)', () => {
  it('is one snapshot: rows committed while it is read are not in it, and no row is repeated', async () => {
    const before = await expectedLines('asc', 'created_at');
    // Oldest first: rows added now would fall in the batches still to be read.
    const stream = await exportMatters(matterRequest({ column: 'createdAt', direction: 'asc' }));
    // The reader has not read yet: the export waits for room after its first batch.
    await database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type)
        select ${firm.firmId}, ${clientId}, 'Added during the export ' || n, 'Hourly' from generate_series(1, 40) n`),
    );
    const lines = linesOf(await readAll(stream));
    expect(lines).toEqual(before);
    expect((await expectedLines('asc', 'created_at')).length).toBe(before.length + 40);
  });
});
