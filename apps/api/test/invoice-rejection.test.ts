import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/** POST …/reject-invoice/{id}: Awaiting approval → Draft with the approver's reason (issue 15). */
const base = '/api/admin/invoice';
let fixture: TimeEntryFixture;
let adminName: string;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const [admin] = await rowsOf<{ name: string }>(
    fixture.context.database.db.execute(sql`select name from users where id = ${fixture.firm.users.admin.id}`),
  );
  adminName = admin!.name;
});
afterAll(() => fixture.context.close());
afterEach(() => setApproval(false));

const admin = () => fixture.tokens.admin;
const matter = () => fixture.references.openMatter;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = admin()) =>
  fixture.call(method, `${base}/${path}`, token, body);

async function setApproval(required: boolean) {
  await fixture.context.database.db.execute(
    sql`update firms set invoice_approval_required = ${required} where id = ${fixture.firm.firmId}`,
  );
}

async function flatFee(amount = '1500.00') {
  const response = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', admin(), {
    clientId: matter().clientId,
    matterId: matter().id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2025-04-02',
    description: 'Incorporation package',
    amount,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

const draftBody = (flatFeeIds: string[]) => ({
  clientId: matter().clientId,
  matterIds: [matter().id],
  flatFeeIds,
  issueDate: '2025-06-01',
  taxPercent: '0',
});

/** A draft of one flat fee, submitted for approval by the billing role (invoice.edit, not invoice.approve). */
async function submittedInvoice() {
  await setApproval(true);
  const flatFeeId = await flatFee();
  const draft = await call('POST', 'create-invoice', draftBody([flatFeeId]));
  expect(draft.statusCode, draft.body).toBe(201);
  const submitted = await call('POST', `submit-for-approval/${draft.json().data.id}`, {}, fixture.tokens.billing);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { ...(submitted.json().data as { id: string; invoiceNumber: string }), flatFeeId };
}

async function firmState(invoiceId: string) {
  return fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
    const [row] = await rowsOf<Record<string, number | string>>(
      tx.execute(sql`select
        (select count(*)::int from invoice_events where invoice_id = ${invoiceId}) as events,
        (select count(*)::int from audit_events where entity_id = ${invoiceId}) as audits,
        (select count(*)::int from journal_entries) as entries,
        (select status from invoices where id = ${invoiceId}) as status,
        (select updated_at::text from invoices where id = ${invoiceId}) as "updatedAt",
        (select coalesce(max(number_value), 0)::int from invoices) as "lastNumber"`),
    );
    return row!;
  });
}

const unbilledFlatFeeIds = async () =>
  ((await call('GET', `get-unbilled-items?ClientId=${matter().clientId}`)).json().data.flatFees as { id: string }[]).map((fee) => fee.id);

describe('POST …/reject-invoice/{id}', () => {
  it('sends an invoice awaiting approval back to Draft with the reason, who and when; it keeps its number, posts nothing and is audited', async () => {
    const invoice = await submittedInvoice();
    expect(invoice.invoiceNumber).toMatch(/^INV-\d{5}$/);
    const before = await firmState(invoice.id);

    const rejected = await call('POST', `reject-invoice/${invoice.id}`, { reason: '  Rate for the partner is wrong  ' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ success: true, message: 'Invoice rejected: returned to draft' });
    const draft = rejected.json().data;
    expect(draft).toMatchObject({
      status: 'Draft',
      statusLabel: 'Draft',
      invoiceNumber: invoice.invoiceNumber,
      approvedAt: null,
      lastRejection: { reason: 'Rate for the partner is wrong', byUserName: adminName, at: expect.any(String) },
    });
    expect(Date.now() - Date.parse(draft.lastRejection.at)).toBeLessThan(60_000);
    expect(draft.statusHistory.map((event: { action: string; status: string }) => `${event.action}:${event.status}`)).toEqual([
      'created:Draft',
      'submitted:AwaitingApproval',
      'rejected:Draft',
    ]);
    // The fee earner reads the same on get-invoice.
    const viewed = await call('GET', `get-invoice/${invoice.id}`, undefined, fixture.tokens.billing);
    expect(viewed.json().data.lastRejection).toEqual(draft.lastRejection);

    const after = await firmState(invoice.id);
    expect(after.entries).toBe(before.entries);
    expect(after.lastNumber).toBe(before.lastNumber);
    // The items stay on the draft (locked to it), ready for the fix.
    expect(await unbilledFlatFeeIds()).not.toContain(invoice.flatFeeId);

    const [audit] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ actorUserId: string; details: Record<string, unknown> }>(
        tx.execute(sql`select actor_user_id as "actorUserId", details from audit_events
          where entity_id = ${invoice.id} and action = 'invoice.rejected'`),
      ),
    );
    expect(audit).toMatchObject({
      actorUserId: fixture.firm.users.admin.id,
      details: {
        invoiceNumber: invoice.invoiceNumber,
        before: { status: 'AwaitingApproval' },
        after: { status: 'Draft' },
        reason: 'Rate for the partner is wrong',
      },
    });
  });

  it('lets the fee earner fix and resubmit the draft under the same number (none taken), then an approver approves it', async () => {
    const invoice = await submittedInvoice();
    await call('POST', `reject-invoice/${invoice.id}`, { reason: 'Add the second stage' });
    const updated = await call(
      'PUT',
      `update-invoice/${invoice.id}`,
      draftBody([invoice.flatFeeId, await flatFee('500.00')]),
      fixture.tokens.billing,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ status: 'Draft', invoiceNumber: invoice.invoiceNumber, totals: { total: '2000.00' } });
    const lastNumber = (await firmState(invoice.id)).lastNumber;

    const resubmitted = await call('POST', `submit-for-approval/${invoice.id}`, { note: 'Second stage added' }, fixture.tokens.billing);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().data).toMatchObject({ status: 'AwaitingApproval', invoiceNumber: invoice.invoiceNumber });
    expect((await firmState(invoice.id)).lastNumber).toBe(lastNumber);

    const approved = await call('POST', `approve-invoice/${invoice.id}`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'Approved', invoiceNumber: invoice.invoiceNumber });
    expect(approved.json().data.statusHistory.map((event: { action: string }) => event.action)).toEqual([
      'created',
      'submitted',
      'rejected',
      'updated',
      'submitted',
      'approved',
    ]);
    // The next invoice takes the next number: the rejected one's was never given back nor taken twice.
    const next = await submittedInvoice();
    expect(Number(next.invoiceNumber.slice(4))).toBe(Number(invoice.invoiceNumber.slice(4)) + 1);
  });

  it('keeps its number when the firm stops requiring approval and the draft is approved or sent directly', async () => {
    const first = await submittedInvoice();
    const second = await submittedInvoice();
    await call('POST', `reject-invoice/${first.id}`, { reason: 'x' });
    await call('POST', `reject-invoice/${second.id}`, { reason: 'y' });
    await setApproval(false);
    const lastNumber = (await firmState(first.id)).lastNumber;
    const approved = await call('POST', `approve-invoice/${first.id}`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'Approved', invoiceNumber: first.invoiceNumber });
    const sent = await call('POST', `send-invoice/${second.id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'Sent', invoiceNumber: second.invoiceNumber });
    expect((await firmState(first.id)).lastNumber).toBe(lastNumber);
  });

  it('refuses other statuses with 409 and a reason, a missing or long reason with 400, and writes nothing', async () => {
    await setApproval(true);
    const draft = (await call('POST', 'create-invoice', draftBody([await flatFee()]))).json().data as { id: string };
    const before = await firmState(draft.id);
    const notAwaiting = await call('POST', `reject-invoice/${draft.id}`, { reason: 'x' });
    expect(notAwaiting.statusCode).toBe(409);
    expect(notAwaiting.json()).toEqual({
      success: false,
      message: 'Only an invoice awaiting approval can be rejected',
      code: 'CONFLICT',
      data: null,
    });
    expect(await firmState(draft.id)).toEqual(before);

    const invoice = await submittedInvoice();
    for (const [body, message] of [
      [{}, 'Reason is required'],
      [{ reason: '   ' }, 'Reason is required'],
      [{ reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
      [{ reason: 'x', extra: true }, expect.any(String)],
    ] as const) {
      const response = await call('POST', `reject-invoice/${invoice.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
    }
    expect((await call('POST', `reject-invoice/${invoice.id}`, { reason: 'x'.repeat(500) })).statusCode).toBe(200);

    const approved = await submittedInvoice();
    expect((await call('POST', `approve-invoice/${approved.id}`, {})).statusCode).toBe(200);
    const voided = await submittedInvoice();
    expect((await call('POST', `void-invoice/${voided.id}`, { reason: 'Wrong client' })).statusCode).toBe(200);
    for (const id of [approved.id, voided.id]) {
      const state = await firmState(id);
      const response = await call('POST', `reject-invoice/${id}`, { reason: 'Too late' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Only an invoice awaiting approval can be rejected');
      expect(await firmState(id)).toEqual(state);
    }
  });

  it('needs invoice.approve (403 for the billing role, which may submit) and answers 404 for another firm’s invoice', async () => {
    const invoice = await submittedInvoice();
    const before = await firmState(invoice.id);
    const billing = await call('POST', `reject-invoice/${invoice.id}`, { reason: 'x' }, fixture.tokens.billing);
    expect(billing.statusCode).toBe(403);
    expect((await call('POST', `reject-invoice/${invoice.id}`, { reason: 'x' }, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect(
      (await fixture.context.app.inject({ method: 'POST', url: `${base}/reject-invoice/${invoice.id}`, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect(await firmState(invoice.id)).toEqual(before);
  });
});

describe('a rejected draft that holds a number', () => {
  it('cannot be deleted (the number would be lost) but can be voided: the number stays used, its items return to unbilled', async () => {
    const invoice = await submittedInvoice();
    await call('POST', `reject-invoice/${invoice.id}`, { reason: 'Not needed after all' });
    const before = await firmState(invoice.id);
    const deleted = await call('DELETE', `delete-invoice/${invoice.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      'This draft already has a number (it was rejected after submission): void it instead of deleting it, so the number stays accounted for',
    );
    expect(await firmState(invoice.id)).toEqual(before);

    const voided = await call('POST', `void-invoice/${invoice.id}`, { reason: 'Not needed after all' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'Void', invoiceNumber: invoice.invoiceNumber, voidReason: 'Not needed after all' });
    expect((await firmState(invoice.id)).entries).toBe(before.entries);
    expect(await unbilledFlatFeeIds()).toContain(invoice.flatFeeId);
  });

  it('is held to it by the database too: a numbered invoice cannot be soft-deleted', async () => {
    const invoice = await submittedInvoice();
    await call('POST', `reject-invoice/${invoice.id}`, { reason: 'x' });
    await expect(
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        tx.execute(sql`update invoices set deleted_at = now() where id = ${invoice.id}`),
      ),
    ).rejects.toThrow();
  });

  it('leaves the firm’s numbers gapless: every number taken is on exactly one live invoice', async () => {
    const resubmitted = await submittedInvoice();
    await call('POST', `reject-invoice/${resubmitted.id}`, { reason: 'x' });
    expect((await call('POST', `submit-for-approval/${resubmitted.id}`, {})).statusCode).toBe(200);
    const voided = await submittedInvoice();
    await call('POST', `reject-invoice/${voided.id}`, { reason: 'y' });
    expect((await call('POST', `void-invoice/${voided.id}`, { reason: 'y' })).statusCode).toBe(200);
    const numbers = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ n: number }>(
        tx.execute(sql`select number_value as n from invoices where number_value is not null and deleted_at is null order by 1`),
      ),
    );
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.map((row) => row.n)).toEqual(numbers.map((_row, index) => index + 1));
  });
});
