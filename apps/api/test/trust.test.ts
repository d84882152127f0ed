import { addMoney, subtractMoney } from '@matterhorn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { rowsOf, TEST_PASSWORD } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { countTrustRows, expectTrustBooksBalanced, TRUST_BASE, trustCalls } from './support/trust-fixture.ts';
import { csvLinesOf } from './support/csv-download.ts';

let fixture: TimeEntryFixture;
let trust: ReturnType<typeof trustCalls>;
type Ledger = { clientId: string; matterId: string | null };
let matterA: Ledger & { matterId: string; matterNumber: string; clientName: string };
let secondClient: Ledger & { matterId: string };
let siblingMatter: Ledger & { matterId: string };

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  trust = trustCalls(fixture);
  const rows = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ matterId: string; clientId: string; matterNumber: string; clientName: string }>(
      tx.execute(sql`select m.id as "matterId", m.client_id as "clientId", m.matter_number as "matterNumber", c.display_name as "clientName"
        from matters m join clients c on c.id = m.client_id where m.status = 'Open' order by m.matter_number`),
    ),
  );
  matterA = rows[0]!;
  secondClient = rows.find((row) => row.clientId !== matterA.clientId)!;
  // A second matter of matter A's client: its funds must never pay matter A's invoice.
  const [sibling] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ matterId: string }>(
      tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type, status)
        values (${fixture.firm.firmId}, ${matterA.clientId}, 'Second matter of the same client', 'Hourly', 'Open') returning id as "matterId"`),
    ),
  );
  siblingMatter = { clientId: matterA.clientId, matterId: sibling!.matterId };
});
afterAll(() => fixture.context.close());
afterEach(async () => {
  await expectTrustBooksBalanced(fixture.context.database, fixture.firm.firmId);
  await trust.call('PUT', 'update-trust-settings', { approvalThreshold: null, requireRequestApproval: false, cashReviewThreshold: null });
});

const ledgerOf = (ledger: Ledger) => ledger;
const ledgerBody = (ledger: Ledger) => ({ clientId: ledger.clientId, matterId: ledger.matterId });
const balanceOf = async (trustAccountId: string, ledger: Ledger) => {
  const response = await trust.call(
    'GET',
    `get-trust-balance?ClientId=${ledger.clientId}${ledger.matterId ? `&MatterId=${ledger.matterId}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const found = (
    response.json().data.ledgers as { trustAccountId: string; matterId: string | null; balance: string; clearedBalance: string }[]
  ).find((row) => row.trustAccountId === trustAccountId && row.matterId === ledger.matterId);
  return found ? { balance: found.balance, clearedBalance: found.clearedBalance } : { balance: '0.00', clearedBalance: '0.00' };
};

describe('trust accounts', () => {
  it('keeps only the last four digits, lists accounts with balances, renames, refuses a duplicate name, hides another firm’s', async () => {
    const account = await trust.createAccount({ name: 'Main client account', accountNumber: '0123456789' });
    expect(account).toMatchObject({
      name: 'Main client account',
      accountNumberMasked: '••••6789',
      balance: '0.00',
      currencyCode: 'NGN',
      currencySymbol: '₦',
    });
    const stored = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<Record<string, unknown>>(tx.execute(sql`select * from trust_accounts where id = ${account.id}`)),
    );
    expect(JSON.stringify(stored)).not.toContain('0123456789');
    const list = await trust.call('GET', 'get-trust-accounts');
    expect(list.json().data.map((row: { id: string }) => row.id)).toContain(account.id);
    const duplicate = await trust.call('POST', 'create-trust-account', {
      name: 'Main client account',
      bankName: 'GTBank',
      accountNumber: '99998888',
    });
    expect(duplicate.statusCode).toBe(409);
    const renamed = await trust.call('PUT', `update-trust-account/${account.id}`, {
      name: 'Main client a/c',
      bankName: 'Zenith Bank',
      isActive: true,
    });
    expect(renamed.json().data.name).toBe('Main client a/c');
    expect((await trust.call('GET', `get-trust-account/${account.id}`, undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    const bad = await trust.call('POST', 'create-trust-account', { name: '', bankName: 'X', accountNumber: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'Account name is required' });
  });
});

describe('movements', () => {
  it('deposits, disburses and refunds exactly, posting one balanced entry each on the account’s trust bank', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, matterA, '150000.50');
    const paid = await trust.disburse(account.id, matterA, '20000.25');
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({
      status: 'Posted',
      transaction: { type: 'disbursement', amount: '20000.25', counterparty: 'Federal High Court' },
    });
    const refund = await trust.call('POST', 'refund', {
      trustAccountId: account.id,
      ...ledgerBody(matterA),
      amount: '30000',
      date: '2026-01-11',
      method: 'Bank transfer',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().data.transaction.counterparty).toBe(matterA.clientName);
    expect(await balanceOf(account.id, matterA)).toEqual({ balance: '100000.25', clearedBalance: '100000.25' });
    const record = await trust.call('GET', `get-trust-transaction/${paid.json().data.transaction.id}`);
    expect(record.json().data.journalLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ accountCode: 'client-trust-liability', debit: '20000.25', credit: '0.00' }),
        expect.objectContaining({ accountCode: 'trust-bank', debit: '0.00', credit: '20000.25' }),
      ]),
    );
  });

  it('refuses an overdraft in words and writes nothing', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, matterA, '120000');
    const before = await countTrustRows(fixture.context.database, fixture.firm.firmId);
    const refused = await trust.disburse(account.id, matterA, '120000.01');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: `Insufficient trust funds: ${matterA.clientName} has ₦120,000.00 on ${matterA.matterNumber}`,
      code: 'TRUST_INSUFFICIENT_FUNDS',
    });
    expect(await countTrustRows(fixture.context.database, fixture.firm.firmId)).toEqual(before);
    // Funds of another matter, or of the client held generally, are another ledger.
    const general = await trust.disburse(account.id, { clientId: matterA.clientId, matterId: null }, '1');
    expect(general.statusCode).toBe(409);
    expect(general.json().message).toContain('general trust funds');
  });

  it('keeps uncleared funds from being paid out until the deposit clears', async () => {
    const account = await trust.createAccount();
    const cheque = await trust.deposit(account.id, matterA, '5000', { method: 'Cheque', isCleared: false });
    const early = await trust.disburse(account.id, matterA, '10');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `Insufficient cleared trust funds: ${matterA.clientName} has ₦0.00 on ${matterA.matterNumber} cleared; uncleared deposits cannot be paid out`,
    );
    const beforeReceipt = await trust.call('POST', `clear-deposit/${cheque.id}`, { clearedDate: '2026-01-01' });
    expect(beforeReceipt.statusCode).toBe(400);
    const cleared = await trust.call('POST', `clear-deposit/${cheque.id}`, { clearedDate: '2026-01-08' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ isCleared: true, clearedDate: '2026-01-08' });
    expect((await trust.call('POST', `clear-deposit/${cheque.id}`, { clearedDate: '2026-01-09' })).statusCode).toBe(409);
    expect((await trust.disburse(account.id, matterA, '5000')).statusCode).toBe(201);
  });

  it('transfers between matters and between clients (consent required), and reverses a transfer whole', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, matterA, '1000');
    const general = ledgerOf({ clientId: matterA.clientId, matterId: null });
    const own = await trust.call('POST', 'transfer', {
      trustAccountId: account.id,
      fromClientId: matterA.clientId,
      fromMatterId: matterA.matterId,
      toClientId: matterA.clientId,
      toMatterId: null,
      amount: '400',
      date: '2026-01-12',
      reason: 'Retainer applies to the client generally',
    });
    expect(own.statusCode, own.body).toBe(201);
    const noConsent = await trust.call('POST', 'transfer', {
      trustAccountId: account.id,
      fromClientId: matterA.clientId,
      fromMatterId: null,
      toClientId: secondClient.clientId,
      toMatterId: secondClient.matterId,
      amount: '100',
      date: '2026-01-12',
      reason: 'Settlement share',
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toBe('Record both clients’ consent to a transfer between clients');
    const between = await trust.call('POST', 'transfer', {
      trustAccountId: account.id,
      fromClientId: matterA.clientId,
      fromMatterId: null,
      toClientId: secondClient.clientId,
      toMatterId: secondClient.matterId,
      amount: '100',
      date: '2026-01-12',
      reason: 'Settlement share',
      consentNote: 'Both clients agreed by email on 11/01/2026',
    });
    expect(between.statusCode, between.body).toBe(201);
    expect(await balanceOf(account.id, general)).toMatchObject({ balance: '300.00' });
    expect(await balanceOf(account.id, secondClient)).toMatchObject({ balance: '100.00' });
    // Reversing from the receiving leg undoes both legs.
    const reversed = await trust.call('POST', `reverse-transaction/${between.json().data.in.id}`, { reason: 'Consent withdrawn' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await balanceOf(account.id, general)).toMatchObject({ balance: '400.00' });
    expect(await balanceOf(account.id, secondClient)).toMatchObject({ balance: '0.00' });
    expect((await trust.call('POST', `reverse-transaction/${between.json().data.out.id}`, { reason: 'Again' })).statusCode).toBe(409);
  });

  it('reverses a deposit only while its funds are there; a reversal is never reversed; both stay visible', async () => {
    const account = await trust.createAccount();
    const spent = await trust.deposit(account.id, matterA, '700');
    await trust.disburse(account.id, matterA, '600');
    const refused = await trust.call('POST', `reverse-transaction/${spent.id}`, { reason: 'Bounced' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Insufficient trust funds: ${matterA.clientName} has ₦100.00 on ${matterA.matterNumber}`);
    const other = await trust.deposit(account.id, secondClient, '250');
    const reversal = await trust.call('POST', `reverse-transaction/${other.id}`, { reason: 'Paid in twice' });
    expect(reversal.statusCode, reversal.body).toBe(201);
    expect(reversal.json().data).toMatchObject({
      type: 'reversal',
      direction: 'out',
      amount: '250.00',
      reversesTransactionId: other.id,
      reason: 'Paid in twice',
    });
    expect((await trust.call('POST', `reverse-transaction/${reversal.json().data.id}`, { reason: 'Undo' })).statusCode).toBe(409);
    const record = await trust.call('GET', `get-trust-transaction/${other.id}`);
    expect(record.json().data).toMatchObject({ canReverse: false, transaction: { reversedByTransactionId: reversal.json().data.id } });
    expect(record.json().data.history.map((event: { event: string }) => event.event)).toEqual([
      'trustTransaction.deposited',
      'trustTransaction.reversed',
    ]);
  });

  it('answers another firm’s ids as not found and checks that a matter is the client’s', async () => {
    const account = await trust.createAccount();
    const foreign = await trust.call('POST', 'deposit', {
      trustAccountId: account.id,
      clientId: fixture.otherReferences.openMatter.clientId,
      matterId: fixture.otherReferences.openMatter.id,
      amount: '10',
      depositDate: '2026-01-05',
      method: 'Cash',
    });
    expect(foreign.statusCode).toBe(404);
    const otherAccount = await trust.call(
      'POST',
      'deposit',
      { trustAccountId: account.id, ...ledgerBody(matterA), amount: '1', depositDate: '2026-01-05', method: 'Cash' },
      fixture.tokens.otherAdmin,
    );
    expect(otherAccount.statusCode).toBe(404);
    const mismatch = await trust.call('POST', 'deposit', {
      trustAccountId: account.id,
      clientId: secondClient.clientId,
      matterId: matterA.matterId,
      amount: '1',
      depositDate: '2026-01-05',
      method: 'Cash',
    });
    expect(mismatch.statusCode).toBe(400);
    const badAmount = await trust.call('POST', 'deposit', {
      trustAccountId: account.id,
      ...ledgerBody(matterA),
      amount: '-5',
      depositDate: '2026-01-05',
      method: 'Cash',
    });
    expect(badAmount.statusCode).toBe(400);
    const zero = await trust.call('POST', 'deposit', {
      trustAccountId: account.id,
      ...ledgerBody(matterA),
      amount: '0.00',
      depositDate: '2026-01-05',
      method: 'Cash',
    });
    expect(zero.json().message).toBe('Amount must be greater than 0');
  });

  it('a double-submitted deposit with one Idempotency-Key is recorded once', async () => {
    const account = await trust.createAccount();
    const body = { trustAccountId: account.id, ...ledgerBody(matterA), amount: '99', depositDate: '2026-01-05', method: 'Cash' };
    const headers = { 'idempotency-key': `trust-${account.id}` };
    const [first, second] = await Promise.all([
      trust.call('POST', 'deposit', body, fixture.tokens.admin, headers),
      trust.call('POST', 'deposit', body, fixture.tokens.admin, headers),
    ]);
    expect(first.json().data.id).toBe(second.json().data.id);
    expect(await balanceOf(account.id, matterA)).toMatchObject({ balance: '99.00' });
  });
});

describe('paying an invoice from trust', () => {
  async function issuedInvoice(amountHours = '2', rate = '50000.00') {
    const entry = await fixture.call('POST', TIME_ENTRY_BASE, fixture.tokens.admin, {
      clientId: matterA.clientId,
      matterId: matterA.matterId,
      activityId: fixture.references.activityIds[0],
      isBillable: 4,
      timeEntryUserId: fixture.firm.users.admin.id,
      description: 'Drafted the statement of claim',
      timeEntryDate: '2026-01-03',
      duration: amountHours,
      userRate: rate,
      exchangeRate: '1',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
      clientId: matterA.clientId,
      matterIds: [matterA.matterId],
      timeEntryIds: [entry.json().data.id],
      expenseIds: [],
      flatFeeIds: [],
      issueDate: '2026-01-15',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const sent = await fixture.call('POST', `/api/admin/invoice/send-invoice/${draft.json().data.id}`, fixture.tokens.admin, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const data = sent.json().data as { id: string; totals: { total: string }; invoiceNumber: string };
    return { id: data.id, total: data.totals.total, invoiceNumber: data.invoiceNumber };
  }

  it('moves the money through the invoice payment path: invoice balance falls, trust falls, operating rises', async () => {
    const account = await trust.createAccount();
    const invoice = await issuedInvoice();
    await trust.deposit(account.id, matterA, '150000');
    const paid = await trust.call('POST', 'pay-invoice', {
      trustAccountId: account.id,
      invoiceId: invoice.id,
      amount: '60000',
      date: '2026-01-20',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.transaction).toMatchObject({
      type: 'invoice-payment',
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      matterId: matterA.matterId,
    });
    const after = (await fixture.call('GET', `/api/admin/invoice/get-invoice/${invoice.id}`, fixture.tokens.admin)).json().data;
    expect(after).toMatchObject({
      status: 'PartlyPaid',
      totals: { paidAmount: '60000.00', balanceDue: subtractMoney(invoice.total, '60000') },
    });
    expect(after.payments[0]).toMatchObject({ method: 'Trust', amount: '60000.00' });
    expect(await balanceOf(account.id, matterA)).toMatchObject({ balance: '90000.00' });
    // Not from the invoice page: its trust movement is reversed from the trust record, restoring both.
    const fromInvoice = await fixture.call(
      'POST',
      `/api/admin/invoice/reverse-payment/${invoice.id}/${after.payments[0].id}`,
      fixture.tokens.admin,
      { reason: 'x' },
    );
    expect(fromInvoice.statusCode).toBe(409);
    const over = await trust.call('POST', 'pay-invoice', {
      trustAccountId: account.id,
      invoiceId: invoice.id,
      amount: addMoney(subtractMoney(invoice.total, '60000'), '0.01'),
      date: '2026-01-20',
    });
    expect(over.statusCode).toBe(400);
    const reversed = await trust.call('POST', `reverse-transaction/${paid.json().data.transaction.id}`, {
      reason: 'Client disputes the bill',
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const restored = (await fixture.call('GET', `/api/admin/invoice/get-invoice/${invoice.id}`, fixture.tokens.admin)).json().data;
    expect(restored).toMatchObject({ status: 'Sent', totals: { balanceDue: invoice.total } });
    expect(await balanceOf(account.id, matterA)).toMatchObject({ balance: '150000.00' });
  });

  it('pays from the invoice’s own matter, never another matter’s funds, and from general funds only when chosen', async () => {
    const account = await trust.createAccount();
    const invoice = await issuedInvoice('1', '1000.00');
    const general = { clientId: matterA.clientId, matterId: null };
    await trust.deposit(account.id, matterA, '300');
    await trust.deposit(account.id, general, '500');
    await trust.deposit(account.id, siblingMatter, '700');
    const pay = (body: object) =>
      trust.call('POST', 'pay-invoice', { trustAccountId: account.id, invoiceId: invoice.id, date: '2026-01-20', ...body });
    const before = await countTrustRows(fixture.context.database, fixture.firm.firmId);
    const otherMatter = await pay({ amount: '100', matterId: siblingMatter.matterId });
    expect(otherMatter.statusCode).toBe(400);
    expect(otherMatter.json().message).toBe(
      'An invoice is paid from its own matter’s trust funds: choose one of its matters, or the client’s general funds',
    );
    const both = await pay({ amount: '100', matterId: matterA.matterId, fromGeneralFunds: true });
    expect(both.statusCode).toBe(400);
    expect(await countTrustRows(fixture.context.database, fixture.firm.firmId)).toEqual(before);

    // Left blank, the invoice's only matter pays, although the client's general funds hold more.
    const fromMatter = await pay({ amount: '100' });
    expect(fromMatter.statusCode, fromMatter.body).toBe(201);
    expect(fromMatter.json().data.transaction.matterId).toBe(matterA.matterId);
    const fromGeneral = await pay({ amount: '400', fromGeneralFunds: true });
    expect(fromGeneral.statusCode, fromGeneral.body).toBe(201);
    expect(fromGeneral.json().data.transaction.matterId).toBeNull();
    expect(await balanceOf(account.id, matterA)).toMatchObject({ balance: '200.00' });
    expect(await balanceOf(account.id, general)).toMatchObject({ balance: '100.00' });
    expect(await balanceOf(account.id, siblingMatter)).toMatchObject({ balance: '700.00' });
    // The matter's own balance is what limits it, not the client's total.
    const over = await pay({ amount: '250' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Insufficient trust funds: ${matterA.clientName} has ₦200.00 on ${matterA.matterNumber}`);
  });

  it('refuses paying more from trust than the client holds', async () => {
    const account = await trust.createAccount();
    const invoice = await issuedInvoice('1', '30000.00');
    await trust.deposit(account.id, matterA, '1000');
    const before = await countTrustRows(fixture.context.database, fixture.firm.firmId);
    const refused = await trust.call('POST', 'pay-invoice', {
      trustAccountId: account.id,
      invoiceId: invoice.id,
      amount: '30000',
      date: '2026-01-20',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Insufficient trust funds: ${matterA.clientName} has ₦1,000.00 on ${matterA.matterNumber}`);
    expect(await countTrustRows(fixture.context.database, fixture.firm.firmId)).toEqual(before);
  });
});

describe('the two-person rule', () => {
  it('holds a disbursement above the threshold for a second approver, never the requester', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, matterA, '500000');
    await trust.call('PUT', 'update-trust-settings', { approvalThreshold: '100000', requireRequestApproval: false });
    const small = await trust.disburse(account.id, matterA, '100000');
    expect(small.json().data.status).toBe('Posted');
    const large = await trust.disburse(account.id, matterA, '100000.01', fixture.tokens.billing);
    expect(large.statusCode, large.body).toBe(202);
    const request = large.json().data.movementRequest;
    expect(request).toMatchObject({ status: 'AwaitingApproval', amount: '100000.01', kind: 'disbursement' });
    expect(await balanceOf(account.id, matterA)).toMatchObject({ balance: '400000.00' });
    expect((await trust.call('POST', `approve-transaction/${request.id}`, undefined, fixture.tokens.billing)).statusCode).toBe(403);
    const approved = await trust.call('POST', `approve-transaction/${request.id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.transaction).toMatchObject({ amount: '100000.01', approvedByUserName: expect.any(String) });
    expect(await balanceOf(account.id, matterA)).toMatchObject({ balance: '299999.99' });
    expect((await trust.call('POST', `approve-transaction/${request.id}`)).statusCode).toBe(409);
    const own = await trust.disburse(account.id, matterA, '200000');
    const ownApproval = await trust.call('POST', `approve-transaction/${own.json().data.movementRequest.id}`);
    expect(ownApproval.statusCode).toBe(403);
    expect(ownApproval.json().message).toBe('You cannot approve a trust movement you requested: a second person must approve it');
    const rejected = await trust.call('POST', `reject-transaction/${own.json().data.movementRequest.id}`, { reason: 'Wrong payee' });
    expect(rejected.json().data.status).toBe('Rejected');
    const pending = await trust.call('GET', `get-pending-transactions?TrustAccountId=${account.id}`);
    expect(pending.json().data.totalCount).toBe(2);
  });
});

describe('evergreen retainers', () => {
  it('drafts one top-up request when money takes the matter below its minimum', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, matterA, '100000');
    const set = await trust.call('PUT', 'set-matter-trust-minimum', { matterId: matterA.matterId, minimumBalance: '50000' });
    expect(set.statusCode, set.body).toBe(200);
    await trust.disburse(account.id, matterA, '60000');
    await trust.disburse(account.id, matterA, '1000');
    const drafts = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ amount: string; status: string }>(
        tx.execute(sql`select amount::text, status from trust_requests where matter_id = ${matterA.matterId} and is_top_up`),
      ),
    );
    expect(drafts).toEqual([{ amount: '10000.00', status: 'Draft' }]);
    await trust.call('PUT', 'set-matter-trust-minimum', { matterId: matterA.matterId, minimumBalance: null });
  });
});

describe('reads', () => {
  it('answers a ledger newest first with the balance after each movement, on every page', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, secondClient, '100', { depositDate: '2026-02-01' });
    await trust.deposit(account.id, secondClient, '50', { depositDate: '2026-02-02' });
    await trust.disburse(account.id, secondClient, '30');
    const query = `ClientId=${secondClient.clientId}&MatterId=${secondClient.matterId}&TrustAccountId=${account.id}`;
    const first = (await trust.call('GET', `get-client-ledger?${query}&size=2`)).json().data;
    expect(first.balance).toBe('120.00');
    // In the order recorded (the disbursement is dated before the deposits, but was paid from them).
    expect(first.data.map((entry: { amount: string; balanceAfter: string }) => [entry.amount, entry.balanceAfter])).toEqual([
      ['30.00', '120.00'],
      ['50.00', '150.00'],
    ]);
    const second = (await trust.call('GET', `get-client-ledger?${query}&size=2&page=2`)).json().data;
    expect(second.data.map((entry: { amount: string; balanceAfter: string }) => [entry.amount, entry.balanceAfter])).toEqual([
      ['100.00', '100.00'],
    ]);
  });

  it('lists movements with filters, streams a CSV and prints a statement PDF', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, matterA, '2500', { reference: 'TELLER-77' });
    const list = await trust.call('GET', `get-trust-transactions?TrustAccountId=${account.id}&GeneralSearchText=TELLER-77`);
    expect(list.json().data.totalCount).toBe(1);
    const csv = await trust.call('GET', `get-trust-transactions?TrustAccountId=${account.id}&IsDownlodCsv=true`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csvLinesOf(csv);
    expect(lines[0]).toBe('Number,Date,Type,Trust account,Client,Matter,Currency,In,Out,Method,Reference,Payer / payee,Purpose,Cleared');
    expect(lines).toContainEqual(expect.stringMatching(/^TRX-\d+,\d\d\/\d\d\/\d{4},Deposit,.*,NGN,2500\.00,,.*TELLER-77/));
    const pdf = await fixture.call(
      'GET',
      `${TRUST_BASE}/download-trust-statement?ClientId=${matterA.clientId}&MatterId=${matterA.matterId}`,
      fixture.tokens.admin,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const withLedger = await trust.call('GET', `get-trust-account/${account.id}`);
    expect(withLedger.json().data).toMatchObject({ balance: '2500.00', clientLedgerCount: 1 });
    const ledgers = await trust.call('GET', `get-trust-account-ledgers?TrustAccountId=${account.id}`);
    expect(ledgers.json().data.data[0]).toMatchObject({ clientId: matterA.clientId, balance: '2500.00' });
  });
});

describe('the database itself', () => {
  it('lets the app role neither update nor delete a trust movement, nor write a balance', async () => {
    const account = await trust.createAccount();
    const deposit = await trust.deposit(account.id, matterA, '10');
    const attempts = [
      sql`update trust_transactions set amount = 1 where id = ${deposit.id}`,
      sql`delete from trust_transactions where id = ${deposit.id}`,
      sql`update trust_ledgers set balance = 1000000 where trust_account_id = ${account.id}`,
      sql`update trust_accounts set balance = 1000000 where id = ${account.id}`,
    ];
    for (const statement of attempts) {
      await expect(fixture.context.database.withFirm(fixture.firm.firmId, (tx) => tx.execute(statement))).rejects.toThrow();
    }
    // Not even the owner may rewrite history.
    await expect(
      fixture.context.database.db.execute(sql`update trust_transactions set amount = 1 where id = ${deposit.id}`),
    ).rejects.toThrow();
  });

  it('refuses a raw overdrawing insert whatever wrote it', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, matterA, '10');
    const insert = fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      tx.execute(sql`insert into trust_transactions (firm_id, sequence_number, trust_account_id, client_id, matter_id, type, direction, amount,
        transaction_date, journal_entry_id, created_by_user_id)
        values (${fixture.firm.firmId}, 999999, ${account.id}, ${matterA.clientId}, ${matterA.matterId}, 'disbursement', 'out', 10.01,
        '2026-01-05', gen_random_uuid(), ${fixture.firm.users.admin.id})`),
    );
    await expect(insert).rejects.toThrow();
    expect(await balanceOf(account.id, matterA)).toMatchObject({ balance: '10.00' });
  });
});

describe('the demo firm', () => {
  it('holds client money recorded through the trust services: deposits, a disbursement, an uncleared cheque, an invoice paid from trust, one awaiting approval', async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD)).toBe(true);
    const firmId = await fixture.context.database.withIdentityLookup(async (tx) => {
      const [row] = await rowsOf<{ id: string }>(tx.execute(sql`select id from firms where portal_slug = ${DEMO_FIRM.slug}`));
      return row!.id;
    });
    await expectTrustBooksBalanced(fixture.context.database, firmId);
    const [summary] = await fixture.context.database.withFirm(firmId, (tx) =>
      rowsOf<Record<string, number>>(
        tx.execute(sql`select (select count(*)::int from trust_accounts) as accounts,
          (select count(*)::int from trust_transactions where type = 'invoice-payment') as "invoicePayments",
          (select count(*)::int from trust_transactions where type = 'deposit' and not is_cleared) as uncleared,
          (select count(*)::int from trust_movement_requests where status = 'AwaitingApproval') as pending`),
      ),
    );
    expect(summary).toEqual({ accounts: 1, invoicePayments: 1, uncleared: 1, pending: 1 });
  });
});
