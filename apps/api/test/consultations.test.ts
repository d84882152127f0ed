import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_MESSAGES } from '@matterhorn/shared';
import { startFakePaystack, type Delivery } from './support/fake-gateways.ts';
import { readOutbox, rowsOf } from './support/test-app.ts';
import { findTieOutFailures } from './support/tie-outs.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Consultations with leads: the assignee's free slots on the firm's clock, booking from the lead's
 * emailed link (and by staff), the fee paid through the local stand-in for Paystack, and the refusals.
 */
const paystackKey = `sk_test_${randomBytes(12).toString('hex')}`;
const base = '/api/admin/consultations';
let fixture: TimeEntryFixture;
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let today: string;

const deliver: Delivery = async (url, payload, headers) => {
  const response = await fixture.context.app.inject({ method: 'POST', url, payload, headers });
  return { statusCode: response.statusCode, body: response.body, json: () => response.json() };
};
const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const query = <T>(firmId: string, text: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(firmId, (tx) => rowsOf<T>(tx.execute(text)));
const count = async (firmId: string, table: string) =>
  (await query<{ n: number }>(firmId, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

/** Every day of the week 09:00–12:00 in hours of 60 minutes, from the next day, a week ahead. */
const settings = (fee: Record<string, unknown> = {}) => ({
  lengthMinutes: 60,
  workingHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '12:00' })),
  noticeDays: 1,
  horizonDays: 7,
  videoLink: 'https://meet.example.test/room',
  ...fee,
});

async function saveSettings(body: Record<string, unknown>) {
  const saved = await fixture.call('PUT', `${base}/update-settings`, fixture.tokens.admin, body);
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A lead of the first firm assigned to its fee earner (or of the other firm). */
async function createLead(name: string, token = fixture.tokens.admin, assigneeUserId = fixture.firm.users.feeEarner.id) {
  const email = `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@example.test`;
  const created = await fixture.call('POST', '/api/admin/leads/create-lead', token, {
    leadType: 'individual',
    firstName: name,
    lastName: 'Okafor',
    email,
    source: 'phone',
    assigneeUserId,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().data.id as string, email };
}

/** Sends the lead its booking link and answers the token from the email. */
async function linkOf(leadId: string, email: string) {
  const sent = await fixture.call('POST', `${base}/send-booking-link/${leadId}`, fixture.tokens.admin, {});
  expect(sent.statusCode, sent.body).toBe(200);
  const link = (await readOutbox(fixture.context.config)).filter((message) => message.to === email && message.link).at(-1)!.link!;
  return link.split('/book/')[1]!;
}

const page = (token: string, path = '', method: 'GET' | 'POST' = 'GET', payload?: object) =>
  fixture.context.app.inject({ method, url: `/api/public/consultation/${token}${path}`, ...(payload ? { payload } : {}) });
const slotsOf = async (token: string) => (await page(token, '/slots')).json().data.days as { date: string; slots: { start: string }[] }[];
/** Every journal line posted for a consultation's payments, by account. */
const postingsOf = (consultationId: string) =>
  query<{ account: string; debit: string; credit: string }>(
    fixture.firm.firmId,
    sql`select a.code as account, l.debit::text as debit, l.credit::text as credit from journal_lines l
      join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
      join consultation_payments p on p.id::text = e.source_id::text
      where e.source_type in ('consultation-fee', 'unapplied-cash') and p.consultation_id = ${consultationId}
      order by a.code, l.debit, l.credit`,
  );
/** What a consultation's payments hold for the firm to refund. */
const heldToRefund = async (consultationId: string) =>
  (
    await query<{ amount: string }>(
      fixture.firm.firmId,
      sql`select refund_amount::text as amount from consultation_payments
        where consultation_id = ${consultationId} and refund_amount is not null and status = 'refused'`,
    )
  ).map((row) => row.amount);
const leadStatus = async (leadId: string) =>
  (await fixture.call('GET', `/api/admin/leads/get-lead/${leadId}`, fixture.tokens.admin)).json().data.status;

beforeAll(async () => {
  paystack = await startFakePaystack(paystackKey, deliver);
  fixture = await setUpTimeEntryFixture({
    config: { payments: { paystack: { secretKey: paystackKey, apiUrl: paystack.url }, stripe: null } },
  });
  [{ today }] = (await query<{ today: string }>(
    fixture.firm.firmId,
    sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from firms`,
  )) as [{ today: string }];
  await saveSettings(settings());
});
afterAll(async () => {
  await fixture.context.close();
  await paystack.close();
});

describe('consultation slots and booking', () => {
  it('offers the assignee’s hours from the notice to the horizon, minus an event they attend', async () => {
    const lead = await createLead('Amaka');
    const busyDay = dayAfter(today, 2);
    const event = await fixture.call('POST', '/api/admin/calendar/create-event', fixture.tokens.admin, {
      title: 'Client meeting',
      attendeeIds: [fixture.firm.users.feeEarner.id],
      start: `${busyDay}T10:15`,
      end: `${busyDay}T10:45`,
    });
    expect(event.statusCode, event.body).toBe(201);
    const answer = await fixture.call('GET', `${base}/get-lead-slots/${lead.id}`, fixture.tokens.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const days = answer.json().data.days as { date: string; slots: { start: string; end: string }[] }[];
    // Notice of one working day: nothing today; a week ahead: the 7 days after it.
    expect(days.map((day) => day.date)).toEqual([1, 2, 3, 4, 5, 6, 7].map((offset) => dayAfter(today, offset)));
    const times = (date: string) => days.find((day) => day.date === date)!.slots.map((slot) => slot.start.slice(11));
    expect(times(dayAfter(today, 1))).toEqual(['09:00', '10:00', '11:00']);
    expect(times(busyDay)).toEqual(['09:00', '11:00']);
    expect(days[0]!.slots[0]).toEqual({ start: `${dayAfter(today, 1)}T09:00`, end: `${dayAfter(today, 1)}T10:00` });

    // Staff book one from the lead's page: confirmed at once; the lead can no longer be booked twice.
    const booked = await fixture.call('POST', `${base}/book/${lead.id}`, fixture.tokens.admin, { start: `${busyDay}T11:00` });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.consultation).toMatchObject({ status: 'Confirmed', bookedThrough: 'staff', start: `${busyDay}T11:00` });
    expect(await leadStatus(lead.id)).toBe('consultationBooked');
    const again = await fixture.call('POST', `${base}/book/${lead.id}`, fixture.tokens.admin, { start: `${busyDay}T09:00` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONSULTATION_MESSAGES.alreadyBooked);
  });

  it('books through the lead’s link: confirmed on the calendar, the lead told with an invitation and moved to Consultation booked', async () => {
    const lead = await createLead('Bola');
    const token = await linkOf(lead.id, lead.email);
    const view = await page(token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({
      leadName: 'Bola Okafor',
      lengthMinutes: 60,
      isByVideo: true,
      consultation: null,
      feeAmount: null,
    });
    const start = `${dayAfter(today, 3)}T09:00`;
    const booked = await page(token, '/book', 'POST', { start });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data).toEqual({ status: 'Confirmed', start, checkoutUrl: null });
    // A second submit of the same time answers the same booking.
    expect((await page(token, '/book', 'POST', { start })).json().data.status).toBe('Confirmed');

    const consultation = (await fixture.call('GET', `${base}/get-lead-consultation/${lead.id}`, fixture.tokens.admin)).json().data
      .consultation;
    expect(consultation).toMatchObject({ status: 'Confirmed', start, bookedThrough: 'link', videoLink: 'https://meet.example.test/room' });
    const calendarEvent = (
      await fixture.call('GET', `/api/admin/calendar/get-event/${consultation.calendarEventId}`, fixture.tokens.admin)
    ).json().data;
    expect(calendarEvent).toMatchObject({
      kind: 'Consultation',
      title: 'Consultation: Bola Okafor',
      start,
      attendees: [{ id: fixture.firm.users.feeEarner.id }],
    });
    expect(await leadStatus(lead.id)).toBe('consultationBooked');

    const toLead = (await readOutbox(fixture.context.config)).filter((message) => message.to === lead.email).at(-1)!;
    expect(toLead.subject).toMatch(/^Consultation confirmed/);
    expect(toLead.attachments).toEqual([
      expect.objectContaining({ filename: 'invite.ics', contentType: expect.stringContaining('method=REQUEST') }),
    ]);
    expect(
      (await readOutbox(fixture.context.config)).some(
        (message) => message.to === fixture.firm.users.feeEarner.email && message.subject.includes('Bola Okafor'),
      ),
    ).toBe(true);
    // The slot is no longer offered to anyone, and another lead choosing it is told it was taken.
    const other = await createLead('Chidi');
    const otherToken = await linkOf(other.id, other.email);
    expect((await slotsOf(otherToken)).flatMap((day) => day.slots.map((slot) => slot.start))).not.toContain(start);
    const taken = await page(otherToken, '/book', 'POST', { start });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, message: CONSULTATION_MESSAGES.slotTaken, data: null });
    expect((await page(otherToken, '/book', 'POST', { start: `${dayAfter(today, 3)}T13:00` })).statusCode).toBe(400);

    // Staff move it: the event follows; the lead can cancel from the link until the day before.
    const moved = await fixture.call('POST', `${base}/reschedule/${consultation.id}`, fixture.tokens.admin, {
      start: `${dayAfter(today, 4)}T11:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      (await fixture.call('GET', `/api/admin/calendar/get-event/${consultation.calendarEventId}`, fixture.tokens.admin)).json().data.start,
    ).toBe(`${dayAfter(today, 4)}T11:00`);
    const cancelled = await page(token, '/cancel', 'POST', { reason: 'Found another firm' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(
      (await fixture.call('GET', `/api/admin/calendar/get-event/${consultation.calendarEventId}`, fixture.tokens.admin)).statusCode,
    ).toBe(404);
    expect(await leadStatus(lead.id)).toBe('contacted');
  });

  it('holds the time until the fee is paid; the webhook confirms it and books the fee as the firm’s income', async () => {
    await saveSettings(settings({ feeAmount: '5000', feeCurrency: 'NGN', isFeeRequired: true }));
    try {
      const lead = await createLead('Dayo');
      const token = await linkOf(lead.id, lead.email);
      expect((await page(token)).json().data).toMatchObject({
        feeAmount: '5000.00',
        feeCurrency: 'NGN',
        isFeeRequired: true,
        canPayOnline: true,
      });
      const start = `${dayAfter(today, 5)}T10:00`;
      const booked = await page(token, '/book', 'POST', { start });
      expect(booked.statusCode, booked.body).toBe(200);
      const answer = booked.json().data as { status: string; checkoutUrl: string };
      expect(answer.status).toBe('AwaitingPayment');
      const [payment] = await query<{ reference: string }>(
        fixture.firm.firmId,
        sql`select reference from consultation_payments order by created_at desc limit 1`,
      );
      expect(paystack.transactions.get(payment!.reference)).toMatchObject({ amount: 500_000, currency: 'NGN', email: lead.email });
      expect(await leadStatus(lead.id)).toBe('new');

      const delivered = await paystack.send('charge.success', paystack.pay(payment!.reference, { fees: 7_500 }));
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()?.data?.outcome).toBe('recorded');
      expect((await paystack.send('charge.success', paystack.pay(payment!.reference))).json()?.data?.outcome).toBe('alreadySettled');

      const view = (await page(token)).json().data;
      expect(view.consultation).toMatchObject({ status: 'Confirmed', start, feeAmount: '5000.00' });
      expect(view.consultation.paidAt).not.toBeNull();
      expect(await leadStatus(lead.id)).toBe('consultationBooked');
      const income = await query<{ account: string; debit: string; credit: string }>(
        fixture.firm.firmId,
        sql`select a.code as account, l.debit::text as debit, l.credit::text as credit from journal_lines l
          join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
          where e.source_type = 'consultation-fee' order by l.debit desc`,
      );
      expect(income).toEqual([
        { account: 'operating-bank', debit: '5000.00', credit: '0.00' },
        { account: 'consultation-fees', debit: '0.00', credit: '5000.00' },
      ]);
      const email = (await readOutbox(fixture.context.config)).filter((message) => message.to === lead.email).at(-1)!;
      expect(email.subject).toMatch(/^Consultation confirmed/);
      expect(email.text).toContain('Fee: ₦5,000.00, paid online. Thank you.');
      expect(email.attachments).toEqual([
        expect.objectContaining({ filename: 'invite.ics', contentType: expect.stringContaining('text/calendar') }),
      ]);

      // Paid after its hold lapsed and its time went to someone else: the fee is recorded, the booking waits for a new time.
      const late = await createLead('Ekene');
      const lateToken = await linkOf(late.id, late.email);
      const lateStart = `${dayAfter(today, 5)}T11:00`;
      expect((await page(lateToken, '/book', 'POST', { start: lateStart })).json().data.status).toBe('AwaitingPayment');
      const [latePayment] = await query<{ reference: string }>(
        fixture.firm.firmId,
        sql`select reference from consultation_payments order by created_at desc limit 1`,
      );
      await query(
        fixture.firm.firmId,
        sql`update consultations set hold_expires_at = now() - interval '1 minute' where lead_id = ${late.id}`,
      );
      const other = await createLead('Gozie');
      expect((await fixture.call('POST', `${base}/book/${other.id}`, fixture.tokens.admin, { start: lateStart })).statusCode).toBe(201);
      expect((await paystack.send('charge.success', paystack.pay(latePayment!.reference))).json()?.data?.outcome).toBe('recorded');
      const waiting = (await fixture.call('GET', `${base}/get-lead-consultation/${late.id}`, fixture.tokens.admin)).json().data
        .consultation;
      expect(waiting).toMatchObject({ status: 'Lapsed', start: lateStart });
      expect(waiting.paidAt).not.toBeNull();
      const moved = await fixture.call('POST', `${base}/reschedule/${waiting.id}`, fixture.tokens.admin, {
        start: `${dayAfter(today, 5)}T09:00`,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.consultation).toMatchObject({ status: 'Confirmed', start: `${dayAfter(today, 5)}T09:00` });
      expect(await leadStatus(late.id)).toBe('consultationBooked');
    } finally {
      await saveSettings(settings());
    }
  });

  it('books once when the lead sends the same time twice, and confirms nothing for a fee paid after it was cancelled', async () => {
    await saveSettings(settings({ feeAmount: '2500.50', feeCurrency: 'NGN', isFeeRequired: true }));
    try {
      const lead = await createLead('Chinedu');
      const token = await linkOf(lead.id, lead.email);
      const start = `${dayAfter(today, 4)}T09:00`;
      const first = await page(token, '/book', 'POST', { start });
      const second = await page(token, '/book', 'POST', { start });
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json().data).toMatchObject({ status: 'AwaitingPayment', start });
      const rows = await query<{ id: string; status: string }>(
        fixture.firm.firmId,
        sql`select id, status from consultations where lead_id = ${lead.id}`,
      );
      expect(rows.map((row) => row.status)).toEqual(['AwaitingPayment']);

      // The firm cancels the held booking; the lead pays the checkout it already had open.
      const cancelled = await fixture.call('POST', `${base}/cancel/${rows[0]!.id}`, fixture.tokens.admin, { reason: 'Wrong department' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [payment] = await query<{ reference: string }>(
        fixture.firm.firmId,
        sql`select reference from consultation_payments where consultation_id = ${rows[0]!.id} order by created_at limit 1`,
      );
      expect((await paystack.send('charge.success', paystack.pay(payment!.reference))).json()?.data?.outcome).toBe('refused');
      const after = (await fixture.call('GET', `${base}/get-lead-consultation/${lead.id}`, fixture.tokens.admin)).json().data;
      expect(after.consultation).toMatchObject({ status: 'Cancelled', feeAmount: '2500.50', paidAt: null });
      expect(await leadStatus(lead.id)).toBe('new');
      // The money came in for a cancelled consultation: never income, held exactly for the firm to refund.
      expect(await postingsOf(rows[0]!.id)).toEqual([
        { account: 'operating-bank', debit: '2500.50', credit: '0.00' },
        { account: 'unapplied-cash', debit: '0.00', credit: '2500.50' },
      ]);
      expect(await heldToRefund(rows[0]!.id)).toEqual(['2500.50']);
      const audits = await query<{ details: { reason: string; forRefund: boolean } }>(
        fixture.firm.firmId,
        sql`select details from audit_events where action = 'consultation.paymentToRefund' and entity_id = ${rows[0]!.id}`,
      );
      expect(audits.map((audit) => audit.details)).toEqual([
        expect.objectContaining({ reason: 'the consultation had been cancelled before it was paid', forRefund: true }),
      ]);
    } finally {
      await saveSettings(settings());
    }
  });

  it('books a fee paid three times as income once; the other two payments are held for the firm to refund', async () => {
    await saveSettings(settings({ feeAmount: '5000', feeCurrency: 'NGN', isFeeRequired: true }));
    try {
      const lead = await createLead('Ifeoma');
      const token = await linkOf(lead.id, lead.email);
      // Not 09:00 on that day, which the PostgreSQL-only test of two bookings at once takes.
      const start = `${dayAfter(today, 6)}T10:00`;
      // Three checkouts opened (three tabs, or back and forth) before any was paid.
      for (let open = 0; open < 3; open += 1) expect((await page(token, '/book', 'POST', { start })).statusCode).toBe(200);
      const [consultation] = await query<{ id: string }>(fixture.firm.firmId, sql`select id from consultations where lead_id = ${lead.id}`);
      const payments = await query<{ reference: string }>(
        fixture.firm.firmId,
        sql`select reference from consultation_payments where consultation_id = ${consultation!.id} order by created_at`,
      );
      expect(payments).toHaveLength(3);
      const outcomes = [];
      for (const payment of payments)
        outcomes.push((await paystack.send('charge.success', paystack.pay(payment.reference))).json()?.data?.outcome);
      expect(outcomes).toEqual(['recorded', 'refused', 'refused']);
      // A repeated delivery of a payment held to refund holds nothing more.
      expect((await paystack.send('charge.success', paystack.pay(payments[1]!.reference))).json()?.data?.outcome).toBe('alreadySettled');

      const view = (await fixture.call('GET', `${base}/get-lead-consultation/${lead.id}`, fixture.tokens.admin)).json().data;
      expect(view.consultation).toMatchObject({ status: 'Confirmed', feeAmount: '5000.00' });
      expect(await postingsOf(consultation!.id)).toEqual([
        { account: 'consultation-fees', debit: '0.00', credit: '5000.00' },
        { account: 'operating-bank', debit: '5000.00', credit: '0.00' },
        { account: 'operating-bank', debit: '5000.00', credit: '0.00' },
        { account: 'operating-bank', debit: '5000.00', credit: '0.00' },
        { account: 'unapplied-cash', debit: '0.00', credit: '5000.00' },
        { account: 'unapplied-cash', debit: '0.00', credit: '5000.00' },
      ]);
      expect(await heldToRefund(consultation!.id)).toEqual(['5000.00', '5000.00']);
      const audits = await query<{ details: { reference: string; reason: string; forRefund: boolean } }>(
        fixture.firm.firmId,
        sql`select details from audit_events where action = 'consultation.paymentToRefund' and entity_id = ${consultation!.id}`,
      );
      expect(audits.map((audit) => audit.details.reference).sort()).toEqual([payments[1]!.reference, payments[2]!.reference].sort());
      expect(audits[0]!.details).toMatchObject({ reason: 'the consultation’s fee had already been paid', forRefund: true });
      // The books tie out: what the payments hold to refund is the unapplied-payments liability (also checked as the file closes).
      expect(await findTieOutFailures(fixture.context.database, [fixture.firm.firmId])).toEqual([]);

      // The lead's page lists them; the firm refunds one at the gateway and records it (once).
      expect(view.paymentsToRefund).toEqual([
        expect.objectContaining({ reference: payments[1]!.reference, amount: '5000.00', currencySymbol: '₦', gateway: 'paystack' }),
        expect.objectContaining({ reference: payments[2]!.reference, amount: '5000.00' }),
      ]);
      const [first] = view.paymentsToRefund as { id: string }[];
      const refundUrl = `${base}/refund-payment/${first!.id}`;
      expect((await fixture.call('POST', refundUrl, fixture.tokens.otherAdmin, { reference: 'RF-1' })).statusCode).toBe(404);
      expect((await fixture.call('POST', refundUrl, fixture.tokens.feeEarner, { reference: 'RF-1' })).statusCode).toBe(403);
      const refunded = await fixture.call('POST', refundUrl, fixture.tokens.admin, { reference: 'RF-1' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json().data.paymentsToRefund.map((payment: { reference: string }) => payment.reference)).toEqual([
        payments[2]!.reference,
      ]);
      const again = await fixture.call('POST', refundUrl, fixture.tokens.admin, { reference: 'RF-1' });
      expect([again.statusCode, again.json().message]).toEqual([409, CONSULTATION_MESSAGES.nothingToRefund]);
      const refundLines = await query<{ account: string; debit: string; credit: string }>(
        fixture.firm.firmId,
        sql`select a.code as account, l.debit::text as debit, l.credit::text as credit from journal_lines l
          join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
          where e.source_type = 'unapplied-cash' and e.source_id::text = ${first!.id} and l.debit > 0`,
      );
      expect(refundLines).toEqual([
        { account: 'operating-bank', debit: '5000.00', credit: '0.00' },
        { account: 'unapplied-cash', debit: '5000.00', credit: '0.00' },
      ]);
      expect(await findTieOutFailures(fixture.context.database, [fixture.firm.firmId])).toEqual([]);
    } finally {
      await saveSettings(settings());
    }
  });

  it('says the fee in naira and how to pay it in the confirmation: online on the booking page, or by the firm’s payment instructions', async () => {
    await saveSettings(settings({ feeAmount: '25000', feeCurrency: 'NGN', isFeeRequired: false }));
    const instructions = 'Bank transfer to Demo Chambers, GTBank 0123456789';
    try {
      // Booked on the lead's link, the fee not required first: confirmed at once, the fee still to pay online.
      const lead = await createLead('Tobi');
      const token = await linkOf(lead.id, lead.email);
      const start = `${dayAfter(today, 7)}T09:00`;
      expect((await page(token, '/book', 'POST', { start })).json().data).toMatchObject({ status: 'Confirmed', checkoutUrl: null });
      const email = (await readOutbox(fixture.context.config)).filter((message) => message.to === lead.email).at(-1)!;
      expect(email.subject).toMatch(/^Consultation confirmed/);
      expect(email.text).toContain('Fee: ₦25,000.00, not paid yet. Pay it online on your booking page: choose “Pay ₦25,000.00”.');
      expect(email.text).toContain('Pay, move or cancel');
      expect(email.link).toContain(`/book/${token}`);
      const view = (await page(token)).json().data;
      expect(view).toMatchObject({ feeAmount: '25000.00', feeCurrencySymbol: '₦' });
      expect(view.consultation).toMatchObject({ status: 'Confirmed', feeAmount: '25000.00', feeCurrencySymbol: '₦', paidAt: null });

      // Booked by staff (no booking page in the email): the firm's payment instructions say how.
      await query(
        fixture.firm.firmId,
        sql`update firms set default_payment_instructions = ${instructions} where id = ${fixture.firm.firmId}`,
      );
      const called = await createLead('Uche');
      const booked = await fixture.call('POST', `${base}/book/${called.id}`, fixture.tokens.admin, {
        start: `${dayAfter(today, 7)}T10:00`,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().data.consultation).toMatchObject({ feeAmount: '25000.00', feeCurrencySymbol: '₦' });
      const told = (await readOutbox(fixture.context.config)).filter((message) => message.to === called.email).at(-1)!;
      expect(told.subject).toMatch(/^Consultation confirmed/);
      expect(told.text).toContain(`Fee: ₦25,000.00, not paid yet. To pay it: ${instructions}`);
    } finally {
      await query(fixture.firm.firmId, sql`update firms set default_payment_instructions = null where id = ${fixture.firm.firmId}`);
      await saveSettings(settings());
    }
  });

  it('offers slots on the firm’s own clock, whatever the server’s: from the firm’s today, after its wall-clock now', async () => {
    const firmId = fixture.firm.firmId;
    const [{ zone }] = (await rowsOf<{ zone: string }>(
      fixture.context.database.db.execute(sql`select time_zone as zone from firms where id = ${firmId}`),
    )) as [{ zone: string }];
    // The first time zone of the day (UTC+14): its date is a day ahead of the server's for ten hours of each day.
    const farEast = 'Pacific/Kiritimati';
    await fixture.context.database.db.execute(sql`update firms set time_zone = ${farEast} where id = ${firmId}`);
    try {
      const everyHour = { weekday: 0, start: '00:00', end: '23:59' };
      await saveSettings({
        ...settings(),
        noticeDays: 0,
        horizonDays: 1,
        workingHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ ...everyHour, weekday })),
      });
      const lead = await createLead('Kelechi');
      const answer = (await fixture.call('GET', `${base}/get-lead-slots/${lead.id}`, fixture.tokens.admin)).json().data;
      const wallClock = new Intl.DateTimeFormat('sv-SE', { timeZone: farEast, dateStyle: 'short', timeStyle: 'short' })
        .format(new Date())
        .replace(' ', 'T');
      expect(answer.timeZone).toBe(farEast);
      const days = answer.days as { date: string; slots: { start: string }[] }[];
      // Today there (unless its last slot has passed) and tomorrow there; never a slot already past there.
      expect(days.at(-1)!.date).toBe(dayAfter(wallClock.slice(0, 10), 1));
      expect(days[0]!.date >= wallClock.slice(0, 10)).toBe(true);
      expect(days.flatMap((day) => day.slots).every((slot) => slot.start > wallClock)).toBe(true);
    } finally {
      await fixture.context.database.db.execute(sql`update firms set time_zone = ${zone} where id = ${firmId}`);
      await saveSettings(settings());
    }
  });

  it('answers 404 and writes nothing for an unknown, malformed or expired link, and for another firm’s lead', async () => {
    const lead = await createLead('Efe');
    const token = await linkOf(lead.id, lead.email);
    const before = await count(fixture.firm.firmId, 'consultations');
    await query(
      fixture.firm.firmId,
      sql`update consultation_booking_links set expires_at = now() - interval '1 minute' where lead_id = ${lead.id}`,
    );
    for (const unknown of [token, 'A'.repeat(32), 'not-a-token']) {
      expect((await page(unknown)).statusCode, unknown).toBe(404);
      expect((await page(unknown, '/book', 'POST', { start: `${dayAfter(today, 2)}T09:00` })).statusCode, unknown).toBe(404);
    }
    expect(await count(fixture.firm.firmId, 'consultations')).toBe(before);

    const others = await createLead('Femi', fixture.tokens.otherAdmin, fixture.otherFirm.users.feeEarner.id);
    const otherCount = await count(fixture.otherFirm.firmId, 'consultation_booking_links');
    for (const [method, path, body] of [
      ['GET', `get-lead-consultation/${others.id}`, undefined],
      ['GET', `get-lead-slots/${others.id}`, undefined],
      ['POST', `send-booking-link/${others.id}`, {}],
      ['POST', `book/${others.id}`, { start: `${dayAfter(today, 2)}T09:00` }],
    ] as const) {
      const refused = await fixture.call(method, `${base}/${path}`, fixture.tokens.admin, body);
      expect(refused.statusCode, path).toBe(404);
    }
    expect(await count(fixture.otherFirm.firmId, 'consultation_booking_links')).toBe(otherCount);
    expect(await count(fixture.otherFirm.firmId, 'consultations')).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two people booking the same time at once (PostgreSQL)', () => {
  it('makes one booking; the others are told the time was just taken', async () => {
    const leads = await Promise.all(['Gbenga', 'Halima', 'Ifeoma', 'Jide'].map((name) => createLead(name)));
    const tokens = [];
    for (const lead of leads) tokens.push(await linkOf(lead.id, lead.email));
    const start = `${dayAfter(today, 6)}T11:00`;
    const answers = await Promise.all(tokens.map((token) => page(token, '/book', 'POST', { start })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [booked] = await query<{ n: number }>(
      fixture.firm.firmId,
      sql`select count(*)::int as n from consultations where start_local = ${start}::timestamp and status = 'Confirmed'`,
    );
    expect(booked!.n).toBe(1);
  });

  it('books once when one lead’s page sends the same time twice at once', async () => {
    const lead = await createLead('Kunle');
    const token = await linkOf(lead.id, lead.email);
    const start = `${dayAfter(today, 6)}T09:00`;
    const answers = await Promise.all([1, 2].map(() => page(token, '/book', 'POST', { start })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [booked] = await query<{ n: number }>(
      fixture.firm.firmId,
      sql`select count(*)::int as n from consultations where lead_id = ${lead.id}`,
    );
    expect(booked!.n).toBe(1);
  });
});
