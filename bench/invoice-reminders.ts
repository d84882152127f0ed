import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DEFAULT_REMINDER_STEPS } from '@matterhorn/shared';
import { encryptSecret } from '../apps/api/src/lib/secrets.ts';
import { LINK_PURPOSE, newInvoiceLinkSlug } from '../apps/api/src/modules/invoice-links/invoice-documents.service.ts';
import { createReminderSchedule } from '../apps/api/src/modules/invoice-reminders/reminder-schedule.ts';
import { sendDueInvoiceReminders } from '../apps/api/src/modules/invoice-reminders/send-due-reminders.ts';
import { createOutbox } from '../apps/api/src/platform/outbox/outbox.ts';
import { seedFirm } from '../apps/api/src/seed/demo-seed.ts';
import { seedPrincipalOf } from '../apps/api/src/seed/seeded-firm.ts';
import { throwawayDatabase } from './postgres-server.ts';

/**
 * Issue 44's reminders target: the job over 50,000 open invoices in ≤ 30 s on PostgreSQL. The worst
 * day: every one of them is due a step today (a fifth each 7 days before, on the due date, 7, 14 and
 * 30 days overdue), each sent by email with a live public link, so the run claims and queues 50,000
 * reminders (the emails sealed in the outbox, as the delivery job will send them). Then a second run
 * the same day, which must find nothing.
 * `npm run invoice-reminders -w bench` (DATABASE_URL: a PostgreSQL server; a throwaway database is made on it).
 */
const INVOICES = Number(process.env['BENCH_REMINDER_INVOICES'] ?? 50_000);
const TARGET_SECONDS = 30;
const TODAY = '2030-03-10';
/** Noon UTC: after the 09:00 sending hour in the firm's zone (UTC). */
const NOW = new Date(`${TODAY}T12:00:00Z`);
const APP = { appUrl: 'https://matterhorn.example', appSecret: 'bench-secret-bench-secret-bench-secret-0123' };
const adminUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { database, drop } = await throwawayDatabase(adminUrl, 'bench_reminders');
const count = async (statement: string) =>
  Number(((await database.db.execute(sql.raw(statement))) as unknown as { rows: { count: number }[] }).rows[0]!.count);
try {
  await database.migrate();
  const firm = await seedFirm(database, {
    slug: `bench-${Date.now()}`,
    firmName: 'Reminders Bench',
    emailDomain: 'bench.example',
    password: 'bench-password-123',
  });
  let started = performance.now();
  // Set-based, as the other generators: the invoices round-robin over the firm's clients with an email.
  await database.db.execute(sql`
    insert into invoices (firm_id, client_id, number_value, invoice_number, status, issue_date, due_date, subtotal, total,
      balance_due, delivered_date, delivery_method, sent_at, issued_at, created_by_user_id)
    select ${firm.firmId}, cs.ids[1 + n % array_length(cs.ids, 1)], n, 'INV-' || lpad(n::text, 6, '0'), 'Sent', due - 30, due,
      amount, amount, amount, due - 30, 'email', now(), now(), ${firm.users.admin.id}
    from (select array_agg(id order by id) as ids from clients
      where firm_id = ${firm.firmId} and deleted_at is null and nullif(btrim(email), '') is not null) cs
    cross join generate_series(1, ${INVOICES}) n
    cross join lateral (select (array[-7, 0, 7, 14, 30])[1 + n % 5] as step, (100000 + (n % 97) * 2500)::numeric(16,2) as amount) pick
    cross join lateral (select ${TODAY}::date - pick.step as due) dates`);
  const invoiceIds = (
    (await database.db.execute(sql`select id from invoices where firm_id = ${firm.firmId} and status = 'Sent'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((row) => row.id);
  // Each invoice's live public link, sealed as a send keeps it.
  for (let offset = 0; offset < invoiceIds.length; offset += 5_000) {
    const links = invoiceIds.slice(offset, offset + 5_000).map((invoiceId) => {
      const slug = newInvoiceLinkSlug();
      return {
        invoice_id: invoiceId,
        slug_hash: `${invoiceId}-${slug}`,
        slug_prefix: slug.slice(0, 4),
        slug_sealed: encryptSecret(slug, APP.appSecret, LINK_PURPOSE),
      };
    });
    await database.db.execute(sql`insert into invoice_links (firm_id, invoice_id, slug_hash, slug_prefix, slug_sealed, created_by_user_id)
      select ${firm.firmId}, l.invoice_id, l.slug_hash, l.slug_prefix, l.slug_sealed, ${firm.users.admin.id}
      from json_to_recordset(${JSON.stringify(links)}::json) as l(invoice_id uuid, slug_hash text, slug_prefix text, slug_sealed text)`);
  }
  await database.db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - started) / 1000;
  await createReminderSchedule(database, APP).update(seedPrincipalOf(firm), { isEnabled: true, steps: [...DEFAULT_REMINDER_STEPS] });

  const outbox = createOutbox({ appSecret: APP.appSecret });
  started = performance.now();
  const queued = await sendDueInvoiceReminders({ database, outbox, ...APP }, NOW);
  const runSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const queuedAgain = await sendDueInvoiceReminders({ database, outbox, ...APP }, NOW);
  const againSeconds = (performance.now() - started) / 1000;
  const reminders = await count(`select count(*)::int as count from invoice_reminders where outgoing_message_id is not null`);
  const messages = await count(`select count(*)::int as count from outgoing_messages where status = 'pending'`);
  console.log(
    JSON.stringify(
      {
        openInvoices: INVOICES,
        seedSeconds: Number(seedSeconds.toFixed(1)),
        run: { seconds: Number(runSeconds.toFixed(1)), queued, remindersRecorded: reminders, emailsInOutbox: messages },
        secondRunSameDay: { seconds: Number(againSeconds.toFixed(2)), queued: queuedAgain },
        targetSeconds: TARGET_SECONDS,
        verdict: runSeconds <= TARGET_SECONDS && queued === INVOICES && reminders === INVOICES && queuedAgain === 0 ? 'met' : 'missed',
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  await drop();
}
