import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_STEPS } from '@matterhorn/shared';
import { sendDueInvoiceReminders } from '../src/modules/invoice-reminders/send-due-reminders.ts';
import { plusDays, setFirmTimeZone } from './support/court-update-factory.ts';
import { outboxTo, recordingMailer } from './support/outbox.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * The reminders job on a test clock: which invoices get a reminder on which day, and that each step
 * goes once however often (or however concurrently, on the PostgreSQL server) the job runs.
 */

let fixture: TimeEntryFixture;
const TIME_ZONE = 'Africa/Lagos';
const TODAY = '2030-03-10';
/** 10:30 in Lagos (UTC+1) on a day: after the 09:00 sending hour. */
const morningOf = (date: string) => new Date(`${date}T09:30:00Z`);
const APP_URL = 'http://matterhorn.test';

type Caller = { token: string; userId: string; matter: { id: string; clientId: string } };

/** An invoice of one flat fee, issued and sent (delivered) on `issueDate`, due on `dueDate`. */
async function sentInvoice({ token, userId, matter }: Caller, dates: { issueDate: string; dueDate: string }, amount = '250000.00') {
  const fee = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', token, {
    clientId: matter.clientId,
    matterId: matter.id,
    userId,
    flatFeeDate: dates.issueDate,
    description: 'Advice on the lease',
    amount,
  });
  expect(fee.statusCode, fee.body).toBe(201);
  const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', token, {
    clientId: matter.clientId,
    matterIds: [matter.id],
    flatFeeIds: [fee.json().data.id],
    issueDate: dates.issueDate,
    dueDate: dates.dueDate,
    taxPercent: '0',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const id = draft.json().data.id as string;
  expect((await fixture.call('POST', `/api/admin/invoice/approve-invoice/${id}`, token, {})).statusCode).toBe(200);
  const sent = await fixture.call('POST', `/api/admin/invoice/send-invoice/${id}`, token, { sentDate: dates.issueDate });
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, invoiceNumber: sent.json().data.invoiceNumber as string, clientEmail: sent.json().data.clientEmail as string };
}

async function switchRemindersOn(token: string) {
  const saved = await fixture.call('PUT', '/api/admin/invoice-reminders/update-schedule', token, {
    isEnabled: true,
    steps: DEFAULT_REMINDER_STEPS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const dependencies = (outbox: ReturnType<typeof outboxTo>['outbox']) => ({
  database: fixture.context.database,
  outbox,
  appUrl: APP_URL,
  appSecret: fixture.context.config.appSecret,
});

/** One run of the job at `now`, then the outbox's delivery to `mailer`. */
async function runJob(mailer = recordingMailer().mailer, now = morningOf(TODAY)) {
  const { outbox, deliver } = outboxTo({ database: fixture.context.database, appSecret: fixture.context.config.appSecret }, mailer);
  const queued = await sendDueInvoiceReminders(dependencies(outbox), now);
  await deliver();
  return queued;
}

/** The steps reminded for each invoice, by invoice id. */
async function remindedSteps(firmId: string, invoiceIds: string[]) {
  const rows = await fixture.context.database.withFirm(firmId, (tx) =>
    rowsOf<{ invoiceId: string; days: number; reminderDate: string }>(
      tx.execute(sql`select invoice_id as "invoiceId", days_from_due as days, reminder_date::text as "reminderDate"
        from invoice_reminders where invoice_id = any(${`{${invoiceIds.join(',')}}`}::uuid[]) order by reminder_date, days_from_due`),
    ),
  );
  return Object.fromEntries(
    invoiceIds.map((id) => [id, rows.filter((row) => row.invoiceId === id).map((row) => [row.reminderDate, row.days])]),
  );
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  await setFirmTimeZone(fixture.context.database, fixture.firm.firmId, TIME_ZONE);
  await setFirmTimeZone(fixture.context.database, fixture.otherFirm.firmId, TIME_ZONE);
});
afterAll(() => fixture.context.close());

describe('the invoice reminders job', () => {
  it('sends nothing while the firm has not switched reminders on', async () => {
    const caller = {
      token: fixture.tokens.otherAdmin,
      userId: fixture.otherFirm.users.feeEarner.id,
      matter: fixture.otherReferences.openMatter,
    };
    const invoice = await sentInvoice(caller, { issueDate: '2030-02-01', dueDate: TODAY });
    await runJob();
    expect(await remindedSteps(fixture.otherFirm.firmId, [invoice.id])).toEqual({ [invoice.id]: [] });
  });

  it('reminds an open invoice on each step’s day, in the firm’s time zone, and on no other day', async () => {
    const caller = {
      token: fixture.tokens.otherAdmin,
      userId: fixture.otherFirm.users.feeEarner.id,
      matter: fixture.otherReferences.openMatter,
    };
    await switchRemindersOn(caller.token);
    const due = '2030-05-20';
    const invoice = await sentInvoice(caller, { issueDate: '2030-05-01', dueDate: due });
    // 07:30 in Lagos on the first day: before the sending hour, nothing yet.
    await runJob(undefined, new Date(`${plusDays(due, -7)}T06:30:00Z`));
    expect(await remindedSteps(fixture.otherFirm.firmId, [invoice.id])).toEqual({ [invoice.id]: [] });
    for (let day = -10; day <= 32; day += 1) await runJob(undefined, morningOf(plusDays(due, day)));
    expect(await remindedSteps(fixture.otherFirm.firmId, [invoice.id])).toEqual({
      [invoice.id]: [
        [plusDays(due, -7), -7],
        [due, 0],
        [plusDays(due, 7), 7],
        [plusDays(due, 14), 14],
        [plusDays(due, 30), 30],
      ],
    });
  });

  it('catches up a step missed by a few days, once, with the days overdue as they are; a step missed for longer is let go', async () => {
    const caller = {
      token: fixture.tokens.otherAdmin,
      userId: fixture.otherFirm.users.feeEarner.id,
      matter: fixture.otherReferences.openMatter,
    };
    const invoice = await sentInvoice(caller, { issueDate: '2030-06-01', dueDate: '2030-06-10' });
    // The job did not run from the due date until the 19th: the 7-day step (the 17th) is 2 days late.
    const { inbox, mailer } = recordingMailer();
    await runJob(mailer, morningOf('2030-06-19'));
    await runJob(mailer, morningOf('2030-06-20'));
    expect(await remindedSteps(fixture.otherFirm.firmId, [invoice.id])).toEqual({ [invoice.id]: [['2030-06-19', 7]] });
    const email = inbox.find(
      (message) =>
        message.to === invoice.clientEmail && message.subject.includes(invoice.invoiceNumber) && !message.subject.includes(' from '),
    )!;
    expect(email.subject).toBe(`Invoice ${invoice.invoiceNumber} is 9 days overdue`);
    // Down again until the 30th: the 14-day step (the 24th) is 6 days late, the 30-day one not due yet.
    await runJob(mailer, morningOf('2030-06-30'));
    expect(await remindedSteps(fixture.otherFirm.firmId, [invoice.id])).toEqual({ [invoice.id]: [['2030-06-19', 7]] });
  });

  describe('on one morning', () => {
    let invoices: Record<
      'beforeDue' | 'onDue' | 'overdue' | 'betweenSteps' | 'disputed' | 'optedOut' | 'paid',
      { id: string; invoiceNumber: string; clientEmail: string }
    >;
    let draftId: string;
    let inbox: ReturnType<typeof recordingMailer>['inbox'];
    /** The reminder about an invoice (not the invoice's own email, "Invoice … from …"). */
    const reminderAbout = ({ invoiceNumber, clientEmail }: { invoiceNumber: string; clientEmail: string }) =>
      inbox.find(
        (message) =>
          message.to === clientEmail &&
          message.subject.includes(invoiceNumber) &&
          !message.subject.startsWith(`Invoice ${invoiceNumber} from`),
      )!;

    beforeAll(async () => {
      const { matters, openMatter } = fixture.references;
      const otherClientMatter = matters.find((matter) => matter.status === 'Open' && matter.clientId !== openMatter.clientId)!;
      const caller = { token: fixture.tokens.admin, userId: fixture.firm.users.feeEarner.id, matter: openMatter };
      await switchRemindersOn(caller.token);
      const issueDate = '2030-02-01';
      invoices = {
        beforeDue: await sentInvoice(caller, { issueDate, dueDate: plusDays(TODAY, 7) }, '1250000.50'),
        onDue: await sentInvoice(caller, { issueDate, dueDate: TODAY }),
        overdue: await sentInvoice(caller, { issueDate, dueDate: plusDays(TODAY, -14) }),
        betweenSteps: await sentInvoice(caller, { issueDate, dueDate: plusDays(TODAY, -5) }),
        disputed: await sentInvoice(caller, { issueDate, dueDate: TODAY }),
        optedOut: await sentInvoice({ ...caller, matter: otherClientMatter }, { issueDate, dueDate: TODAY }),
        paid: await sentInvoice(caller, { issueDate, dueDate: TODAY }, '1000.00'),
      };
      const disputed = await fixture.call('PUT', `/api/admin/invoice-reminders/set-invoice-dispute/${invoices.disputed.id}`, caller.token, {
        note: 'Client says the hearing fee was agreed at half',
      });
      expect(disputed.statusCode, disputed.body).toBe(200);
      const optedOut = await fixture.call(
        'PUT',
        `/api/admin/invoice-reminders/set-client-choice/${otherClientMatter.clientId}`,
        caller.token,
        {
          isOptedOut: true,
        },
      );
      expect(optedOut.statusCode, optedOut.body).toBe(200);
      const paid = await fixture.call('POST', `/api/admin/invoice/record-payment/${invoices.paid.id}`, caller.token, {
        amount: '1000.00',
        paymentDate: issueDate,
        method: 'Bank transfer',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const fee = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', caller.token, {
        clientId: openMatter.clientId,
        matterId: openMatter.id,
        userId: caller.userId,
        flatFeeDate: issueDate,
        description: 'Draft work',
        amount: '5000.00',
      });
      const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', caller.token, {
        clientId: openMatter.clientId,
        matterIds: [openMatter.id],
        flatFeeIds: [fee.json().data.id],
        issueDate,
        dueDate: TODAY,
        taxPercent: '0',
      });
      draftId = draft.json().data.id;
      const recording = recordingMailer();
      inbox = recording.inbox;
      await runJob(recording.mailer);
    });

    it('reminds the invoices whose step falls today, and never a disputed, opted-out, paid or draft invoice', async () => {
      const ids = [...Object.values(invoices).map((invoice) => invoice.id), draftId];
      expect(await remindedSteps(fixture.firm.firmId, ids)).toEqual({
        [invoices.beforeDue.id]: [[TODAY, -7]],
        [invoices.onDue.id]: [[TODAY, 0]],
        [invoices.overdue.id]: [[TODAY, 14]],
        [invoices.betweenSteps.id]: [],
        [invoices.disputed.id]: [],
        [invoices.optedOut.id]: [],
        [invoices.paid.id]: [],
        [draftId]: [],
      });
    });

    it('fills the step’s template: client, number, amount with its currency, due date, days overdue, pay link, firm', async () => {
      const email = reminderAbout(invoices.beforeDue);
      expect(email.to).toBe(invoices.beforeDue.clientEmail);
      expect(email.subject).toBe(`Invoice ${invoices.beforeDue.invoiceNumber} is due on 17/03/2030`);
      expect(email.text).toContain(`invoice ${invoices.beforeDue.invoiceNumber} for NGN 1,250,000.50 is due on 17/03/2030`);
      expect(email.text).toMatch(new RegExp(`View and pay it here: ${APP_URL}/billing/invoice/[A-Za-z0-9_-]{22}`));
      expect(email.link).toMatch(new RegExp(`^${APP_URL}/billing/invoice/[A-Za-z0-9_-]{22}$`));
      expect(email.text).toContain('Test Firm');
      // Sent on the firm's behalf with its reply address, as a reminder the client can ask to stop.
      expect(email.replyTo).toBe(fixture.firm.users.admin.email);
      expect(email.unsubscribe).toBe(`mailto:${fixture.firm.users.admin.email}?subject=Stop%20these%20reminders`);
      const overdue = reminderAbout(invoices.overdue);
      expect(overdue.subject).toBe(`Second reminder: invoice ${invoices.overdue.invoiceNumber} is overdue`);
      expect(overdue.text).toContain('(14 days ago)');
    });

    it('lists each reminder sent on its invoice, with its step, date, recipient and delivery', async () => {
      const answer = await fixture.call(
        'GET',
        `/api/admin/invoice-reminders/get-invoice-reminders/${invoices.onDue.id}`,
        fixture.tokens.admin,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toMatchObject({
        dispute: null,
        isClientOptedOut: false,
        isScheduleEnabled: true,
        reminders: [
          {
            daysFromDue: 0,
            label: 'On the due date',
            reminderDate: TODAY,
            recipient: invoices.onDue.clientEmail,
            subject: `Invoice ${invoices.onDue.invoiceNumber} is due today`,
            deliveryStatus: 'sent',
          },
        ],
      });
    });

    it('sends each step once however often the job runs, one after the other or at the same time', async () => {
      const before = await remindedSteps(
        fixture.firm.firmId,
        Object.values(invoices).map((invoice) => invoice.id),
      );
      const { mailer } = recordingMailer();
      // On the PostgreSQL server (TEST_DATABASE_URL) these runs truly race, each on its own connections; PGlite serialises them.
      const queued = await Promise.all([runJob(mailer), runJob(mailer), runJob(mailer)]);
      await runJob(mailer);
      expect(queued).toEqual([0, 0, 0]);
      expect(
        await remindedSteps(
          fixture.firm.firmId,
          Object.values(invoices).map((invoice) => invoice.id),
        ),
      ).toEqual(before);
    });
  });

  it('sends each step once when runs race on a day with many invoices due', async () => {
    const caller = {
      token: fixture.tokens.otherAdmin,
      userId: fixture.otherFirm.users.feeEarner.id,
      matter: fixture.otherReferences.openMatter,
    };
    const day = '2030-08-10';
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) ids.push((await sentInvoice(caller, { issueDate: '2030-07-01', dueDate: day })).id);
    const { inbox, mailer } = recordingMailer();
    const queued = await Promise.all([0, 1, 2, 3].map(() => runJob(mailer, morningOf(day))));
    expect(queued.reduce((sum, count) => sum + count, 0)).toBe(6);
    expect(Object.values(await remindedSteps(fixture.otherFirm.firmId, ids))).toEqual(ids.map(() => [[day, 0]]));
    expect(inbox.filter((message) => message.subject.endsWith('is due today'))).toHaveLength(6);
  });
});
