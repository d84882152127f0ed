import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/** Pre-bill review of draft invoices through its calls: each line action, approval and the batch send. */

const BASE = '/api/admin/pre-bill-review';
let fixture: TimeEntryFixture;
let matter: { id: string; clientId: string };
let sibling: string;
let otherClientMatter: string;

async function count(query: ReturnType<typeof sql>) {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) => rowsOf<{ count: number }>(tx.execute(query)));
  return row!.count;
}
const auditCount = (action: string) => count(sql`select count(*)::int as count from audit_events where action = ${action}`);
const journalCount = () => count(sql`select count(*)::int as count from journal_entries`);
const outboxCount = () => count(sql`select count(*)::int as count from outgoing_messages where about_kind = 'invoice'`);

async function timeEntry(description: string, overrides: Record<string, unknown> = {}) {
  const response = await fixture.call('POST', TIME_ENTRY_BASE, fixture.tokens.admin, {
    clientId: matter.clientId,
    matterId: matter.id,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.admin.id,
    description,
    timeEntryDate: '2030-01-10',
    duration: '2',
    userRate: '50000.00',
    exchangeRate: '1',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A draft of the given time entries (default: three, one of them flagged), as any draft is made. */
async function draft(timeEntryIds?: string[]) {
  const ids = timeEntryIds ?? [
    await timeEntry('Drafted the particulars of claim for the landlord'),
    await timeEntry('Call'),
    await timeEntry('Reviewed the tenancy agreement and its schedules'),
  ];
  const response = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
    clientId: matter.clientId,
    matterIds: [matter.id],
    timeEntryIds: ids,
    expenseIds: [],
    flatFeeIds: [],
    issueDate: '2030-01-31',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id as string, ids };
}

const view = async (invoiceId: string, token = fixture.tokens.admin) => fixture.call('GET', `${BASE}/get-draft/${invoiceId}`, token);
const lineOf = async (invoiceId: string, timeEntryId: string) => {
  const answer = (await view(invoiceId)).json().data;
  return answer.invoice.fees.find((line: { itemId: string }) => line.itemId === timeEntryId) as { id: string; amount: string };
};
const act = (invoiceId: string, lineId: string, action: string, body: unknown, token = fixture.tokens.admin) =>
  fixture.call('POST', `${BASE}/draft/${invoiceId}/lines/${lineId}/${action}`, token, body);
const unbilledIds = async (matterId: string) => {
  const answer = await fixture.call(
    'GET',
    `/api/admin/invoice/get-unbilled-items?ClientId=${matter.clientId}&MatterId=${matterId}`,
    fixture.tokens.admin,
  );
  return answer.json().data.timeEntries.map((entry: { id: string }) => entry.id) as string[];
};

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  matter = fixture.references.openMatter;
  const { database } = fixture.context;
  const [row] = await database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(
      tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type)
        values (${fixture.firm.firmId}, ${matter.clientId}, 'Service charge arrears', 'Hourly') returning id`),
    ),
  );
  sibling = row!.id;
  otherClientMatter = fixture.references.matters.find(
    (candidate) => candidate.clientId !== matter.clientId && candidate.status === 'Open',
  )!.id;
  await database.withFirm(fixture.firm.firmId, (tx) =>
    tx.execute(sql`update clients set email = 'accounts@client.example' where id = ${matter.clientId}`),
  );
});
afterAll(() => fixture.context.close());

describe('the drafts awaiting review', () => {
  it('lists the caller’s drafts (as a fee earner on their matters) or all, with the lines the check flags', async () => {
    const { id } = await draft();
    const mine = await fixture.call('GET', `${BASE}/get-drafts?Scope=mine`, fixture.tokens.admin);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.find((row: { id: string }) => row.id === id)).toMatchObject({
      lineCount: 3,
      flaggedLineCount: 1,
      isMine: true,
      total: '300000.00',
    });
    // Billing staff are on no matter: none of the drafts is theirs, all of them are there to see.
    expect((await fixture.call('GET', `${BASE}/get-drafts`, fixture.tokens.billing)).json().data).toEqual([]);
    const all = await fixture.call('GET', `${BASE}/get-drafts?Scope=all`, fixture.tokens.billing);
    expect(all.json().data.map((row: { id: string }) => row.id)).toContain(id);
    expect((await fixture.call('GET', `${BASE}/get-drafts?Scope=everyone`, fixture.tokens.admin)).statusCode).toBe(400);
  });

  it('shows a draft’s lines with the narrative check’s reasons and the client’s matters to move to', async () => {
    const { id, ids } = await draft([
      await timeEntry('Reviewed the lease; drafted the notice to quit'),
      await timeEntry('Attended the hearing at the High Court', { timeEntryDate: '2025-01-10' }),
    ]);
    const answer = await view(id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { invoice, flags, clientMatters } = answer.json().data;
    const [block, old] = ids.map((itemId) => invoice.fees.find((line: { itemId: string }) => line.itemId === itemId).id);
    expect(flags[block].map((flag: { code: string }) => flag.code)).toEqual(['blockBilling']);
    expect(flags[old]).toEqual([{ code: 'oldWork', message: 'Work older than the firm’s limit of 90 days' }]);
    expect(clientMatters.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining([matter.id, sibling]));
  });

  it('is the firm’s own (404 for another firm) and needs the invoice permission (403)', async () => {
    const { id } = await draft();
    expect((await view(id, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await view(id, fixture.tokens.feeEarner)).statusCode).toBe(403);
    expect((await fixture.call('GET', `${BASE}/get-drafts`, fixture.tokens.feeEarner)).statusCode).toBe(403);
    expect((await view('not-an-id')).statusCode).toBe(400);
  });
});

describe('a line written down or up', () => {
  it('bills the recorded amount less a percentage, keeps the reason for the realisation report, and audits it', async () => {
    const { id, ids } = await draft();
    const line = await lineOf(id, ids[0]!);
    const journals = await journalCount();
    const answer = await act(id, line.id, 'adjust', {
      direction: 'down',
      basis: 'percent',
      value: '12.5',
      reason: 'First draft of pleadings',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const adjusted = answer.json().data.invoice;
    expect(adjusted.fees.find((fee: { id: string; itemId: string }) => fee.itemId === ids[0])).toMatchObject({
      itemAmount: '100000.00',
      amount: '87500.00',
      adjustment: '-12500.00',
      adjustmentReason: 'First draft of pleadings',
    });
    expect(adjusted.totals.total).toBe('287500.00');
    expect(await auditCount('invoice.lineAdjusted')).toBeGreaterThanOrEqual(1);
    // A draft posts nothing to the general ledger: only its approval will.
    expect(await journalCount()).toBe(journals);

    // Up by an amount: from the recorded amount again, not compounding.
    const up = await act(id, (await lineOf(id, ids[0]!)).id, 'adjust', {
      direction: 'up',
      basis: 'amount',
      value: '2500.50',
      reason: 'Urgency',
    });
    expect(up.json().data.invoice.totals.total).toBe('302500.50');
  });

  it('requires a reason and a sensible value, and writes nothing when refused', async () => {
    const { id, ids } = await draft();
    const line = await lineOf(id, ids[0]!);
    const before = await auditCount('invoice.lineAdjusted');
    for (const body of [
      { direction: 'down', basis: 'amount', value: '100', reason: '  ' },
      { direction: 'down', basis: 'amount', value: 'abc', reason: 'Too long' },
      { direction: 'down', basis: 'amount', value: '0', reason: 'Too long' },
      { direction: 'sideways', basis: 'amount', value: '10', reason: 'Too long' },
      { direction: 'down', basis: 'amount', value: '10', reason: 'Bad\u0007bell' },
    ])
      expect((await act(id, line.id, 'adjust', body)).statusCode, JSON.stringify(body)).toBe(400);
    const tooMuch = await act(id, line.id, 'adjust', { direction: 'down', basis: 'amount', value: '100000.01', reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('A write-down cannot be more than the line’s recorded amount');
    expect((await act(id, line.id, 'adjust', { direction: 'down', basis: 'percent', value: '101', reason: 'x' })).statusCode).toBe(400);
    expect(await auditCount('invoice.lineAdjusted')).toBe(before);
    expect((await lineOf(id, ids[0]!)).amount).toBe('100000.00');
  });

  it('is refused for a line of another draft, by billing without edit rights… and on another firm’s draft', async () => {
    const first = await draft();
    const second = await draft();
    const line = await lineOf(first.id, first.ids[0]!);
    const body = { direction: 'down', basis: 'amount', value: '10', reason: 'Courtesy' };
    expect((await act(second.id, line.id, 'adjust', body)).statusCode).toBe(404);
    expect((await act(first.id, line.id, 'adjust', body, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await act(first.id, line.id, 'adjust', body, fixture.tokens.feeEarner)).statusCode).toBe(403);
  });
});

describe('a line moved, held or its narrative corrected', () => {
  it('moves a time entry to another matter of the same client, as that matter’s unbilled work', async () => {
    const { id, ids } = await draft();
    const line = await lineOf(id, ids[1]!);
    expect((await act(id, line.id, 'move', { matterId: otherClientMatter })).statusCode).toBe(400);
    expect((await act(id, line.id, 'move', { matterId: matter.id })).json().message).toBe('Choose another matter to move the line to');
    const other = fixture.otherReferences.openMatter.id;
    expect((await act(id, line.id, 'move', { matterId: other })).statusCode).toBe(404);
    const moved = await act(id, line.id, 'move', { matterId: sibling });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.invoice.fees.map((fee: { itemId: string }) => fee.itemId)).toEqual([ids[0], ids[2]]);
    expect(moved.json().data.invoice.totals.total).toBe('200000.00');
    expect(await unbilledIds(sibling)).toContain(ids[1]);
    expect(await auditCount('invoice.lineMoved')).toBe(1);
  });

  it('holds a line until released: no draft takes it meanwhile', async () => {
    const { id, ids } = await draft();
    const line = await lineOf(id, ids[2]!);
    expect((await act(id, line.id, 'hold', { reason: '' })).statusCode).toBe(400);
    const held = await act(id, line.id, 'hold', { reason: 'Client disputes the hours: wait for the call' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data.invoice.fees).toHaveLength(2);
    expect(await unbilledIds(matter.id)).not.toContain(ids[2]);
    const taken = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
      clientId: matter.clientId,
      matterIds: [],
      timeEntryIds: [ids[2]],
      expenseIds: [],
      flatFeeIds: [],
    });
    expect(taken.statusCode).toBe(409);

    const holds = (await fixture.call('GET', `${BASE}/get-held-items`, fixture.tokens.admin)).json().data;
    const hold = holds.find((row: { itemId: string }) => row.itemId === ids[2]);
    expect(hold).toMatchObject({ itemType: 'fee', reason: 'Client disputes the hours: wait for the call', heldByName: 'Ada Okafor' });
    expect((await fixture.call('POST', `${BASE}/held-items/${hold.id}/release`, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    const released = await fixture.call('POST', `${BASE}/held-items/${hold.id}/release`, fixture.tokens.admin);
    expect(released.statusCode, released.body).toBe(200);
    expect((await fixture.call('POST', `${BASE}/held-items/${hold.id}/release`, fixture.tokens.admin)).statusCode).toBe(200);
    expect(await auditCount('invoice.holdReleased')).toBe(1);
    expect(await unbilledIds(matter.id)).toContain(ids[2]);
  });

  it('keeps a draft’s last line on it: a hold or move of it is refused', async () => {
    const { id, ids } = await draft([await timeEntry('Prepared the witness statement of the tenant')]);
    const line = await lineOf(id, ids[0]!);
    const refused = await act(id, line.id, 'hold', { reason: 'Later' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/only line/);
  });

  it('corrects a time entry’s narrative as billed', async () => {
    const { id, ids } = await draft();
    const line = await lineOf(id, ids[1]!);
    const answer = await act(id, line.id, 'narrative', { description: 'Telephone call with the client about the rent review' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { invoice, flags } = answer.json().data;
    const corrected = invoice.fees.find((fee: { itemId: string }) => fee.itemId === ids[1]);
    expect(corrected.description).toBe('Telephone call with the client about the rent review');
    expect(flags[corrected.id]).toEqual([]);
    expect(
      await count(sql`select count(*)::int as count from time_entries
        where id = ${ids[1]} and description = 'Telephone call with the client about the rent review'`),
    ).toBe(1);
    expect(await auditCount('invoice.narrativeCorrected')).toBe(1);
    expect((await act(id, line.id, 'narrative', { description: '' })).statusCode).toBe(400);
  });
});

describe('approval and the batch send', () => {
  it('approves a reviewed draft (numbered and posted) for whoever approves invoices only', async () => {
    const { id } = await draft();
    expect((await fixture.call('POST', `${BASE}/draft/${id}/approve`, fixture.tokens.billing, {})).statusCode).toBe(403);
    const journals = await journalCount();
    const approved = await fixture.call('POST', `${BASE}/draft/${id}/approve`, fixture.tokens.admin, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await journalCount()).toBe(journals + 1);
    expect(approved.json().data).toMatchObject({ status: 'Approved', invoiceNumber: expect.stringMatching(/^INV-/) });
    expect(await count(sql`select count(*)::int as count from invoices where id = ${id} and issue_entry_id is not null`)).toBe(1);
    // No longer a draft: the review's changes are refused.
    const line = (await view(id)).json().data.invoice.fees[0];
    expect((await act(id, line.id, 'hold', { reason: 'Late' })).statusCode).toBe(409);
    // Approved, not sent: still on the review list, marked, so it can be sent from there; gone once sent.
    const listed = async () =>
      (
        (await fixture.call('GET', `${BASE}/get-drafts?Scope=all`, fixture.tokens.admin)).json().data as { id: string; status: string }[]
      ).find((row) => row.id === id);
    expect(await listed()).toMatchObject({ status: 'Approved' });
    const sent = await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: [id] });
    expect(sent.json().data.results[0].outcome, sent.body).toBe('sent');
    expect(await listed()).toBeUndefined();
  });

  it('approves and emails each draft once, reporting each one’s result; a second submit sends nothing again', async () => {
    const first = await draft();
    const second = await draft();
    const foreign = await fixture.call('GET', `${BASE}/get-drafts?Scope=all`, fixture.tokens.otherAdmin);
    expect(foreign.statusCode).toBe(200);
    const emails = await outboxCount();
    const ids = [first.id, second.id, '00000000-0000-4000-8000-000000000099'];
    const batch = await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: ids });
    expect(batch.statusCode, batch.body).toBe(200);
    const results = batch.json().data.results;
    expect(results.map((row: { outcome: string }) => row.outcome)).toEqual(['sent', 'sent', 'failed']);
    expect(results[2].message).toBe('Invoice not found');
    expect(results[0].invoiceNumber).toMatch(/^INV-/);
    expect(await outboxCount()).toBe(emails + 2);

    const again = await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: ids.slice(0, 2) });
    expect(again.json().data.results.map((row: { outcome: string }) => row.outcome)).toEqual(['alreadySent', 'alreadySent']);
    expect(await outboxCount()).toBe(emails + 2);
  });

  it('sends each invoice once when the same batch is submitted twice at the same time', async () => {
    const { id } = await draft();
    const emails = await outboxCount();
    const submit = () => fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: [id] });
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().data.results[0].outcome).sort()).toEqual(['alreadySent', 'sent']);
    expect(await outboxCount()).toBe(emails + 1);
    expect(await count(sql`select count(*)::int as count from invoice_events where invoice_id = ${id} and action = 'sent'`)).toBe(1);
  });

  it('replays a retried batch with the same Idempotency-Key, and refuses bad batches', async () => {
    const { id } = await draft();
    const emails = await outboxCount();
    const headers = { 'idempotency-key': `batch-${id}` };
    const first = await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: [id] }, headers);
    const retry = await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: [id] }, headers);
    expect(retry.json()).toEqual(first.json());
    expect(await outboxCount()).toBe(emails + 1);
    expect((await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: [] })).statusCode).toBe(400);
    expect((await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: ['x'] })).statusCode).toBe(400);
    expect((await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.billing, { invoiceIds: [id] })).statusCode).toBe(403);
  });

  it('reports a client without an email address as that invoice’s failure, changing nothing of it', async () => {
    const { id } = await draft();
    await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      tx.execute(sql`update clients set email = null where id = ${matter.clientId}`),
    );
    try {
      const batch = await fixture.call('POST', `${BASE}/approve-and-send`, fixture.tokens.admin, { invoiceIds: [id] });
      expect(batch.json().data.results[0]).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/no email address/) });
      expect((await view(id)).json().data.invoice.status).toBe('Draft');
    } finally {
      await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        tx.execute(sql`update clients set email = 'accounts@client.example' where id = ${matter.clientId}`),
      );
    }
  });
});
