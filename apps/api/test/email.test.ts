import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueHearingReminders } from '../src/modules/court-calendar/hearing-reminders.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { insertCourt, insertCourtUpdate, plusDays, setFirmTimeZone } from './support/court-update-factory.ts';
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver.ts';
import { bearer, createTestApp, deliverOutbox, readOutbox, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let smtp: SmtpReceiver;
let context: TestContext;
let firm: SeededFirm;
const FIRM_NAME = 'Okafor & Obi <Chambers>';
const FIRM_EMAIL = 'office@okafor-obi.example';
/** A 1×1 PNG: the firm's logo as the firm profile stores it. */
const LOGO_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  context = await createTestApp({ smtpUrl: smtp.url });
  firm = await seedTestFirm(context.database);
  await context.database.withFirm(firm.firmId, (tx) =>
    tx.execute(sql`update firms set name = ${FIRM_NAME}, email = ${FIRM_EMAIL}, logo = ${`data:image/png;base64,${LOGO_PNG}`},
      invoice_accent_colour = '#1F4E79' where id = ${firm.firmId}`),
  );
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

/** Read by a real mail parser, as a mail app would (cid: links kept as written). */
const parse = (raw: string): Promise<ParsedMail> => simpleParser(Buffer.from(raw, 'utf8'), { keepCidLinks: true });

/** The one message the SMTP server received for `to` whose subject starts so: its raw text and as parsed. */
async function receivedBy(to: string, subject: string): Promise<{ raw: string; parsed: ParsedMail }> {
  const received = await Promise.all(smtp.messages.map(async (raw) => ({ raw, parsed: await parse(raw) })));
  const matching = received.filter(
    ({ parsed }) => parsed.to && 'text' in parsed.to && parsed.to.text === to && parsed.subject?.startsWith(subject),
  );
  expect(matching).toHaveLength(1);
  return matching[0]!;
}

/** The MIME parts' types, in the order they stand in the raw message. */
const partTypes = (raw: string) => [...raw.matchAll(/^Content-Type: ([\w/+.-]+)/gm)].map((match) => match[1]);

/** Every line of the raw message, as the SMTP server received it, ends in CRLF: no bare LF, no bare CR. */
function expectCrlfOnly(raw: string) {
  expect([...raw.matchAll(/\r(?!\n)|(?<!\r)\n/g)].map((match) => match.index)).toEqual([]);
  expect(raw.split('\r\n').length).toBeGreaterThan(20);
}

describe('email over SMTP', () => {
  it('delivers the verification email to the SMTP server named by SMTP_URL, not the outbox', async () => {
    const email = `smtp.${Date.now()}@firm.example`;
    const signup = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firmName: 'Mail Firm', name: 'Mail Person', email, password: 'correct-horse-battery-staple' },
    });
    expect(signup.statusCode).toBe(201);
    await deliverOutbox(context.app);
    const { raw: message, parsed } = await receivedBy(email, 'Verify your Matterhorn account');
    expect(message.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(/http:\/\/matterhorn\.test\/verification\?token=[\w-]+/);
    expect(await readOutbox(context.config)).toEqual([]);

    // Matterhorn's own account email: text and HTML, the link's lifetime, no firm's name (the one typed is nobody's word yet), no Reply-To.
    expectCrlfOnly(message);
    expect(partTypes(message)).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    expect(parsed.text).toContain('The link expires in 48 hours.');
    expect(parsed.html).toContain('The link expires in 48 hours.');
    expect(parsed.html).toMatch(/<a href="http:\/\/matterhorn\.test\/verification\?token=[\w-]+"[^>]*>Verify your email address<\/a>/);
    expect(parsed.text).toContain('Matterhorn sent this email because this address was used to sign up for Matterhorn.');
    expect(parsed.html).not.toContain('Mail Firm');
    expect(parsed.replyTo).toBeUndefined();
  });

  it('sends a firm’s link email as text and HTML with its name, logo and address, who sent it and why, and when the link expires', async () => {
    const invitee = `invitee.${Date.now()}@elsewhere.example`;
    const token = await signIn(context.app, firm.users.admin.email);
    const [role] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ id: string }>(tx.execute(sql`select id from roles where firm_id = ${firm.firmId} and name = 'Fee Earner'`)),
    );
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update subscriptions set allocated_number_users = 50 where firm_id = ${firm.firmId}`),
    );
    const invited = await context.app.inject({
      method: 'POST',
      url: '/api/admin/team-member-details/invite-user',
      headers: bearer(token),
      payload: { email: invitee, roleId: role!.id },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    await deliverOutbox(context.app);
    const { raw: message, parsed } = await receivedBy(invitee, 'You have been invited');

    expectCrlfOnly(message);
    // Text, then the HTML with the logo beside it, as alternatives of one another.
    expect(partTypes(message)).toEqual(['multipart/alternative', 'text/plain', 'multipart/related', 'text/html', 'image/png']);
    expect(parsed.replyTo?.value).toEqual([{ address: FIRM_EMAIL, name: '' }]);

    expect(parsed.html).toContain('Okafor &amp; Obi &lt;Chambers&gt;');
    expect(parsed.html).not.toContain('<Chambers>');
    expect(parsed.html).toContain('<img src="cid:logo@matterhorn"');
    // The firm's accent (its invoice appearance) on the button, as on its bills.
    expect(parsed.html).toContain('<td bgcolor="#1F4E79"');
    const [logo] = parsed.attachments;
    expect(logo).toMatchObject({ contentType: 'image/png', cid: 'logo@matterhorn', related: true });
    expect(logo!.content.toString('base64')).toBe(LOGO_PNG);

    const url = /http:\/\/matterhorn\.test\/join-team\/[\w-]+/.exec(parsed.text ?? '')?.[0];
    expect(url).toBeDefined();
    expect(parsed.html).toContain(`href="${url}"`);
    for (const part of [parsed.text!, parsed.html as string]) {
      expect(part).toContain('The link works once and expires in 7 days.');
    }
    expect(parsed.text).toContain(
      `Ada Okafor of ${FIRM_NAME} sent this email through Matterhorn because this address was invited to join the firm’s team.`,
    );
    expect(parsed.text).toContain(`Reply to this email to write to ${FIRM_NAME}.`);
    expect(parsed.headers.has('list')).toBe(false);
  });

  it('sends a hearing reminder with List-Unsubscribe to the firm’s address', async () => {
    // 09:00 in Lagos on 10 March 2030, after the 07:00 sending hour; the hearing is the next day.
    const morning = new Date('2030-03-10T08:00:00Z');
    await setFirmTimeZone(context.database, firm.firmId, 'Africa/Lagos');
    const courtId = await insertCourt(context.database, firm.firmId, { name: 'High Court', division: 'Ikeja' });
    await insertCourtUpdate(context.database, firm.firmId, {
      matterId: firm.matterIds[0]!,
      courtId,
      addedByUserId: firm.users.admin.id,
      nextAdjournedDate: plusDays('2030-03-10', 1),
      nextAdjournedTime: '10:00',
      suitNumber: 'LD/7/2030',
    });
    await sendDueHearingReminders({ database: context.database, outbox: context.app.outbox, appUrl: 'http://matterhorn.test' }, morning);
    await deliverOutbox(context.app);
    const { raw: message, parsed } = await receivedBy(firm.users.admin.email, 'Hearing tomorrow');

    expectCrlfOnly(message);
    const unfolded = message.replace(/\r\n[ \t]+/g, ' ');
    expect(unfolded).toContain(`\r\nList-Unsubscribe: <mailto:${FIRM_EMAIL}?subject=Stop%20these%20reminders>\r\n`);
    expect(parsed.headers.get('list')).toEqual({ unsubscribe: { mail: `${FIRM_EMAIL}?subject=Stop%20these%20reminders` } });
    expect(parsed.replyTo?.value).toEqual([{ address: FIRM_EMAIL, name: '' }]);
    expect(parsed.text).toContain('When: 11/03/2030 at 10:00');
    expect(parsed.text).toContain(`To stop these reminders, write to ${FIRM_NAME} at ${FIRM_EMAIL}.`);
    expect(parsed.html).toContain('When: 11/03/2030 at 10:00');
  });
});
