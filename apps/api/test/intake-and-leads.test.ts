import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { createServer, type Server } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTAKE_ANSWER_MESSAGES,
  INTAKE_FORM_MESSAGES,
  INTAKE_LIMIT_MESSAGES,
  INTAKE_LIMITS,
  LEAD_MESSAGES,
  LEAD_STATUS_MESSAGES,
  RECYCLE_BIN_MESSAGES,
  type IntakeFormInput,
} from '@matterhorn/shared';
import { createLeadFiles } from '../src/modules/leads/leads.api.ts';
import { findFirmToday } from '../src/platform/firm-clock.ts';
import { postJournalEntry } from '../src/platform/ledger/ledger.ts';
import { seedDemoLeads } from '../src/seed/demo-leads.ts';
import { createFileStore } from '../src/platform/files/files.ts';
import { createClamdScanner } from '../src/platform/scanning/clamd.ts';
import type { SeededFirm } from '../src/seed/seeded-firm.ts';
import { multipart } from './support/document-fixture.ts';
import { bearer, createTestApp, readOutbox, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';
import { sql } from 'drizzle-orm';

/**
 * Intake forms and leads (issue 45): a form built, published and sent by a visitor becomes one lead
 * with its emails; bad answers, a honeypot, a double send, a flood from one address and another
 * firm's ids change nothing; a visitor's file opens only once scanned; the lead moves through the
 * pipeline by its rules and records its conflict check.
 */

const INFECTED = 'X-INFECTED-SAMPLE';
/** A clamd that answers OK, FOUND for a file holding INFECTED, or nothing at all while "down". */
let scannerMode: 'down' | 'up' = 'down';
let scanner: Server;

function startFakeClamd(): Promise<string> {
  scanner = createServer((socket) => {
    if (scannerMode === 'down') return void socket.end();
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      let offset = 10; // "zINSTREAM\0"
      const parts: Buffer[] = [];
      while (offset + 4 <= received.length) {
        const length = received.readUInt32BE(offset);
        if (length === 0) {
          const isInfected = Buffer.concat(parts).includes(INFECTED);
          return void socket.end(isInfected ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
        }
        if (offset + 4 + length > received.length) return;
        parts.push(received.subarray(offset + 4, offset + 4 + length));
        offset += 4 + length;
      }
    });
  });
  return new Promise((resolve) =>
    scanner.listen(0, '127.0.0.1', () => resolve(`tcp://127.0.0.1:${(scanner.address() as { port: number }).port}`)),
  );
}

const pdfFile = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let admin: string;
let otherAdmin: string;
let formId: string;
let address = 0;
/** Each public call from an address of its own, unless a test floods from one. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const publicCall = (method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = nextAddress()) =>
  context.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });
const expectStatus = (response: LightMyRequestResponse, status: number) => expect(response.statusCode, response.body).toBe(status);

const formInput = (): IntakeFormInput => ({
  name: 'Property purchase',
  slug: 'property-purchase',
  introduction: 'Tell us about the property.',
  thankYouText: 'Thank you: a solicitor will call you within one working day.',
  assigneeUserId: firm.users.admin.id,
  practiceAreaId: null,
  fields: [
    { key: 'firstName', type: 'text', label: 'First name', isRequired: true, leadField: 'firstName' },
    { key: 'lastName', type: 'text', label: 'Last name', leadField: 'lastName' },
    { key: 'email', type: 'email', label: 'Email', isRequired: true, leadField: 'email' },
    { key: 'kind', type: 'choice', label: 'Kind of matter', options: ['Property', 'Family'], isRequired: true },
    { key: 'buying', type: 'yesNo', label: 'Are you buying?', showIf: { fieldKey: 'kind', operator: 'equals', values: ['Property'] } },
    { key: 'price', type: 'text', label: 'Price', isRequired: true, showIf: { fieldKey: 'buying', operator: 'equals', values: ['yes'] } },
    { key: 'story', type: 'longText', label: 'What happened', leadField: 'matterDescription' },
    { key: 'otherSide', type: 'longText', label: 'Other side', leadField: 'opposingParties' },
    { key: 'papers', type: 'file', label: 'Papers' },
  ],
});

const publicBase = () => `/api/public/intake/${firm.slug}/property-purchase`;
const countLeads = async () => {
  const [row] = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from leads`)),
  );
  return row!.count;
};
const upload = (content: Buffer, fileName: string, remoteAddress = nextAddress()) => {
  const body = multipart({ fieldKey: 'papers' }, { fileName, content });
  return context.app.inject({
    method: 'POST',
    url: `${publicBase()}/upload-file`,
    payload: body.payload,
    headers: { 'content-type': body.contentType },
    remoteAddress,
  });
};

beforeAll(async () => {
  const clamdUrl = await startFakeClamd();
  context = await createTestApp({
    documents: { maxUploadBytes: 20 * 1024 * 1024, clamdUrl, isOcrEnabled: false },
    authRequestsPerMinutePerAddress: 8,
  });
  [firm, otherFirm] = [await seedTestFirm(context.database), await seedTestFirm(context.database)];
  [admin, otherAdmin] = [await signIn(context.app, firm.users.admin.email), await signIn(context.app, otherFirm.users.admin.email)];
});
afterAll(async () => {
  await context?.close();
  scanner?.close();
});

describe('an intake form', () => {
  it('is created unpublished, then published at the firm’s address, showing visitors no assignee', async () => {
    const created = await call('POST', '/api/admin/intake-forms/create-intake-form', admin, formInput());
    expectStatus(created, 201);
    formId = created.json().data.id;
    expect(created.json().data).toMatchObject({ version: 1, isPublished: false, publicPath: `/intake/${firm.slug}/property-purchase` });
    expectStatus(await publicCall('GET', publicBase()), 404);

    expectStatus(await call('POST', `/api/admin/intake-forms/publish-intake-form/${formId}`, admin), 200);
    const shown = await publicCall('GET', publicBase());
    expectStatus(shown, 200);
    expect(shown.json().data.fields.map((field: { key: string }) => field.key)).toContain('price');
    expect(shown.body).not.toContain(firm.users.admin.id);
    expect(shown.body).not.toContain('leadField');

    const unknown = [
      await publicCall('GET', `/api/public/intake/${firm.slug}/no-such-form`),
      await publicCall('GET', `/api/public/intake/no-such-firm/property-purchase`),
    ];
    expect(unknown.map((response) => [response.statusCode, response.json().message])).toEqual([
      [404, 'Intake form not found'],
      [404, 'Intake form not found'],
    ]);
    const embed = await call('GET', `/api/admin/intake-forms/get-embed-snippet/${formId}`, admin);
    expect(embed.json().data.iframeSnippet).toContain(`http://matterhorn.test/intake/${firm.slug}/property-purchase`);
    expectStatus(await call('GET', `/api/admin/intake-forms/get-intake-form/${formId}`, otherAdmin), 404);
  });
});

let leadId: string;
let uploadId: string;
const goodAnswers = () => ({
  firstName: 'Ngozi',
  lastName: 'Eze',
  email: 'Ngozi.Eze@example.ng',
  kind: 'Property',
  buying: 'yes',
  price: '45,000,000',
  story: 'Buying a flat in Lekki; the seller wants a deposit.',
  otherSide: 'Lekki Gardens Ltd\nTunde Bakare',
  papers: [uploadId],
});

describe('a visitor’s submission', () => {
  it('keeps a file only once the scanner passes it, and refuses an infected one', async () => {
    scannerMode = 'down';
    const waiting = await upload(pdfFile('offer letter'), 'offer.pdf');
    expectStatus(waiting, 201);
    uploadId = waiting.json().data.uploadId;
    scannerMode = 'up';
    const infected = await upload(pdfFile(INFECTED), 'bad.pdf');
    expect(infected.statusCode, infected.body).toBe(422);
  });

  it('is checked against the form as stored: required and show-if rules, in the envelope, writing nothing', async () => {
    const before = await countLeads();
    const response = await publicCall('POST', `${publicBase()}/submit`, {
      submissionKey: randomUUID(),
      answers: { ...goodAnswers(), email: '', price: ' ' },
    });
    expectStatus(response, 400);
    expect(response.json().errors).toEqual({
      email: INTAKE_ANSWER_MESSAGES.required('Email'),
      price: INTAKE_ANSWER_MESSAGES.required('Price'),
    });
    // Hidden by its rule, the price is not required.
    const hidden = await publicCall('POST', `${publicBase()}/submit`, {
      submissionKey: randomUUID(),
      answers: { ...goodAnswers(), buying: 'no', price: '', papers: [randomUUID()] },
    });
    expectStatus(hidden, 400);
    expect(Object.keys(hidden.json().errors)).toEqual(['papers']);
    expect(await countLeads()).toBe(before);
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    const before = await countLeads();
    const response = await publicCall('POST', `${publicBase()}/submit`, {
      submissionKey: randomUUID(),
      answers: goodAnswers(),
      website: 'http://spam.example',
    });
    expectStatus(response, 200);
    expect(response.json().data.thankYouText).toContain('a solicitor will call you');
    expect(await countLeads()).toBe(before);
  });

  it('makes one lead of a double send, with the visitor’s confirmation and the assignee’s notice', async () => {
    const before = await countLeads();
    const submissionKey = randomUUID();
    // At once (on PostgreSQL two transactions race; the submission key's unique index lets one lead in).
    const sends = await Promise.all([
      publicCall('POST', `${publicBase()}/submit`, { submissionKey, answers: goodAnswers() }),
      publicCall('POST', `${publicBase()}/submit`, { submissionKey, answers: goodAnswers() }),
    ]);
    expectStatus(await publicCall('POST', `${publicBase()}/submit`, { submissionKey, answers: goodAnswers() }), 200);
    sends.forEach((send) => expectStatus(send, 200));
    expect(await countLeads()).toBe(before + 1);
    const emails = await readOutbox(context.config);
    expect(emails.filter((email) => email.to === 'ngozi.eze@example.ng').map((email) => email.subject)).toEqual([
      expect.stringContaining('We received your enquiry'),
    ]);
    const notice = emails.filter((email) => email.to === firm.users.admin.email && email.subject === 'New lead: Ngozi Eze');
    expect(notice).toHaveLength(1);
    leadId = notice[0]!.link!.split('/leads/')[1]!;
  });

  it('slows a flood from one address only', async () => {
    const flood = '192.0.2.50';
    const answers = [];
    for (let count = 0; count < 10; count += 1)
      answers.push(
        (await publicCall('POST', `${publicBase()}/submit`, { submissionKey: randomUUID(), answers: {}, website: 'x' }, flood)).statusCode,
      );
    expect(answers).toContain(429);
    expectStatus(
      await publicCall('POST', `${publicBase()}/submit`, { submissionKey: randomUUID(), answers: {}, website: 'x' }, '192.0.2.51'),
      200,
    );
  });
});

describe('a lead', () => {
  const leadUrl = (call: string) => `/api/admin/leads/${call}/${leadId}`;

  it('shows in the list and on the board, with its answers, timeline and the file waiting for the scanner', async () => {
    const list = await call('GET', '/api/admin/leads/get-leads?source=form&search=ngozi', admin);
    expect(list.json().data.data.map((lead: { id: string }) => lead.id)).toEqual([leadId]);
    const board = (await call('GET', '/api/admin/leads/get-lead-board', admin)).json().data.columns;
    expect(board[0]).toMatchObject({
      status: 'new',
      count: 1,
      leads: [expect.objectContaining({ id: leadId, intakeFormName: 'Property purchase' })],
    });

    const lead = (await call('GET', leadUrl('get-lead'), admin)).json().data;
    expect(lead).toMatchObject({
      displayName: 'Ngozi Eze',
      email: 'ngozi.eze@example.ng',
      status: 'new',
      source: 'form',
      assigneeUserId: firm.users.admin.id,
      opposingParties: [
        { name: 'Lekki Gardens Ltd', partyType: 'company' },
        { name: 'Tunde Bakare', partyType: 'individual' },
      ],
      submission: { formVersion: 1 },
    });
    expect(lead.submission.answers.find((answer: { fieldKey: string }) => answer.fieldKey === 'buying').value).toBe('Yes');
    expect(lead.files).toEqual([expect.objectContaining({ id: uploadId, fieldLabel: 'Papers', scanStatus: 'scanning' })]);
    expect(lead.timeline.map((event: { kind: string }) => event.kind).sort()).toEqual(['created', 'emailSent', 'emailSent']);
  });

  it('opens its file only once the scanner passed it, and never for another firm', async () => {
    const file = `/api/admin/leads/download-lead-file/${leadId}/${uploadId}`;
    expectStatus(await call('GET', file, admin), 409);
    const files = createFileStore(context.config.files);
    const leadFiles = createLeadFiles({
      database: context.database,
      files,
      scanner: createClamdScanner(context.config.documents.clamdUrl!),
    });
    expect(await leadFiles.scanWaiting()).toBe(1);
    const opened = await call('GET', file, admin);
    expectStatus(opened, 200);
    expect(opened.rawPayload.toString()).toContain('offer letter');
    expectStatus(await call('GET', file, otherAdmin), 404);

    // A file uploaded but never sent with a form is removed a day on; the lead's stays.
    expectStatus(await upload(pdfFile('never sent'), 'draft.pdf'), 201);
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await leadFiles.removeAbandoned(tomorrow)).toBe(2); // and the infected one, refused earlier
    expectStatus(await call('GET', file, admin), 200);
  });

  it('keeps the form as it was sent when the form is changed later', async () => {
    const changed = formInput();
    changed.fields[4] = { ...changed.fields[4]!, label: 'Is it a purchase?' };
    const saved = await call('PUT', `/api/admin/intake-forms/update-intake-form/${formId}`, admin, changed);
    expect(saved.json().data.version).toBe(2);
    const lead = (await call('GET', leadUrl('get-lead'), admin)).json().data;
    expect(lead.submission.formVersion).toBe(1);
    expect(lead.submission.answers.map((answer: { label: string }) => answer.label)).toContain('Are you buying?');
  });

  it('moves through the pipeline by its rules, engaged only after a conflict decision that lets the firm act', async () => {
    const move = (status: string, reason?: string) => call('POST', leadUrl('change-lead-status'), admin, { status, reason });
    const refusedEngage = await move('engaged');
    expectStatus(refusedEngage, 409);
    expect(refusedEngage.json().message).toBe(LEAD_STATUS_MESSAGES.conflictFirst);
    expect((await move('notEngaged')).json()).toMatchObject({
      message: LEAD_STATUS_MESSAGES.reasonRequired,
      errors: { reason: LEAD_STATUS_MESSAGES.reasonRequired },
    });
    expectStatus(await move('contacted'), 200);
    expect((await move('new')).json().message).toBe(LEAD_STATUS_MESSAGES.notAllowed('contacted', 'new'));

    const checked = await call('POST', leadUrl('run-lead-conflict-check'), admin);
    expectStatus(checked, 200);
    expect(checked.json().data.conflictCheck).toMatchObject({
      searchedNames: ['Ngozi Eze', 'Lekki Gardens Ltd', 'Tunde Bakare'],
      decision: null,
    });
    expectStatus(await call('POST', leadUrl('record-lead-conflict-decision'), admin, { decision: 'proceed_despite_conflict' }), 400);
    const decided = await call('POST', leadUrl('record-lead-conflict-decision'), admin, { decision: 'no_conflict' });
    expectStatus(decided, 200);
    expect(decided.json().data).toMatchObject({
      conflictDecision: 'no_conflict',
      conflictCheck: { decision: 'no_conflict', isStale: false },
    });

    expectStatus(await move('consultationBooked'), 200);
    const engaged = await move('engaged');
    expectStatus(engaged, 200);
    expect(engaged.json().data.nextStatuses).toEqual([]);
    expect((await move('notEngaged', 'Changed their mind')).json().message).toBe(LEAD_STATUS_MESSAGES.engagedIsFinal);
    const summaries = engaged.json().data.timeline.map((event: { summary: string }) => event.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Status changed from Consultation booked to Engaged',
        'Conflict check decided: Cleared',
        'Status changed from New to Contacted',
      ]),
    );
  });

  it('is another firm’s business only: its id answers not found', async () => {
    expectStatus(await call('GET', leadUrl('get-lead'), otherAdmin), 404);
    expectStatus(await call('POST', leadUrl('add-lead-note'), otherAdmin, { note: 'Hello' }), 404);
    expectStatus(await call('POST', leadUrl('change-lead-status'), otherAdmin, { status: 'contacted' }), 404);
    expect((await call('GET', '/api/admin/leads/get-leads', otherAdmin)).json().data.totalCount).toBe(0);
  });

  it('is entered by staff from a referral, assigned, noted and deleted', async () => {
    const refused = await call('POST', '/api/admin/leads/create-lead', admin, {
      leadType: 'company',
      companyName: 'Harbour Foods Ltd',
      source: 'referral',
    });
    expectStatus(refused, 400);
    const created = await call('POST', '/api/admin/leads/create-lead', admin, {
      leadType: 'company',
      companyName: 'Harbour Foods Ltd',
      firstName: 'Ade',
      lastName: 'Okoro',
      source: 'referral',
      referrerName: 'Chief Bello',
    });
    expectStatus(created, 201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ displayName: 'Harbour Foods Ltd', status: 'new', assigneeUserId: firm.users.admin.id });
    const assigned = await call('POST', `/api/admin/leads/assign-lead/${id}`, admin, { assigneeUserId: firm.users.feeEarner.id });
    expect(assigned.json().data.assigneeUserId).toBe(firm.users.feeEarner.id);
    const noted = await call('POST', `/api/admin/leads/add-lead-note/${id}`, admin, { note: 'Wants a lease reviewed by Friday' });
    expect(noted.json().data.timeline[0]).toMatchObject({ kind: 'note', body: 'Wants a lease reviewed by Friday' });
    expectStatus(await call('DELETE', `/api/admin/leads/delete-lead/${id}`, admin), 200);
    expectStatus(await call('GET', `/api/admin/leads/get-lead/${id}`, admin), 404);
  });
});

describe('the public form, abused', () => {
  it('answers a bot (honeypot filled) with the thank-you whatever its answers, and keeps nothing', async () => {
    const before = await countLeads();
    const bot = await publicCall('POST', `${publicBase()}/submit`, {
      submissionKey: randomUUID(),
      answers: { email: 'not-an-email', kind: 'Nonsense' },
      website: 'http://spam.example',
    });
    expect([bot.statusCode, bot.json().data]).toEqual([200, { thankYouText: formInput().thankYouText }]);
    expect(await countLeads()).toBe(before);
  });

  it('repeats no link or advert typed as a first name in the confirmation sent to the address typed', async () => {
    const victim = `someone-${randomUUID().slice(0, 8)}@example.test`;
    const sent = await publicCall('POST', `${publicBase()}/submit`, {
      submissionKey: randomUUID(),
      answers: { ...goodAnswers(), firstName: 'Cheap pills at http://spam.example', email: victim, papers: [] },
    });
    expectStatus(sent, 200);
    const [confirmation] = (await readOutbox(context.config)).filter((email) => email.to === victim);
    expect(confirmation!.text).toContain('Hello,');
    expect(confirmation!.text).not.toContain('spam.example');
  });

  it('never makes a web or email address the visitor typed a link in the staff notice, and shows it as typed', async () => {
    const sent = await publicCall('POST', `${publicBase()}/submit`, {
      submissionKey: randomUUID(),
      answers: {
        ...goodAnswers(),
        firstName: 'Visit',
        lastName: 'https://evil.example/win',
        email: `linker-${randomUUID().slice(0, 8)}@example.test`,
        story: 'See www.evil.example or example.com, or write to me@evil.example',
        papers: [],
      },
    });
    expectStatus(sent, 200);
    await readOutbox(context.config);
    const outbox = join(context.config.dataDir, 'outbox');
    const names = (await readdir(outbox)).filter((name) => name.endsWith('.json'));
    const summaries = await Promise.all(names.map(async (name) => ({ name, ...JSON.parse(await readFile(join(outbox, name), 'utf8')) })));
    const summary = summaries.find((email) => email.to === firm.users.admin.email && String(email.subject).startsWith('New lead: Visit'))!;
    const notice = await simpleParser(await readFile(join(outbox, summary.name.replace(/\.json$/, '.eml'))));
    const html = String(notice.html);
    // The only links are the firm's own: the button and its spelled-out address, both to the lead.
    const hrefs = [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^http:\/\/matterhorn\.test\/leads\//);
    for (const part of [html, notice.text ?? '', notice.subject ?? '']) {
      for (const address of ['https://evil.example', 'www.evil.example', 'example.com', 'me@evil.example'])
        expect(part).not.toContain(address);
    }
    // Read as typed: the breaks are zero-width.
    const shown = (notice.text ?? '').replaceAll('\u200B', '');
    expect(shown).toContain('Visit https://evil.example/win sent an enquiry');
    expect(shown).toContain('See www.evil.example or example.com, or write to me@evil.example');
  });

  it('limits the confirmations one email address gets from the firm’s forms, whatever address sends them, with a 429 that writes nothing', async () => {
    const victim = `victim-${randomUUID().slice(0, 8)}@example.test`;
    const send = (email: string) =>
      publicCall('POST', `${publicBase()}/submit`, { submissionKey: randomUUID(), answers: { ...goodAnswers(), email, papers: [] } });
    for (let count = 0; count < INTAKE_LIMITS.confirmationsPerAddressPerDay; count += 1) expectStatus(await send(victim), 200);
    const before = await countLeads();
    // The same address in other letters is the same recipient.
    const refused = await send(victim.toUpperCase());
    expectStatus(refused, 429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'TOO_MANY_REQUESTS',
      message: INTAKE_LIMIT_MESSAGES.tooManyForAddress,
      data: null,
    });
    expect(await countLeads()).toBe(before);
    const confirmations = (await readOutbox(context.config)).filter((email) => email.to === victim);
    expect(confirmations).toHaveLength(INTAKE_LIMITS.confirmationsPerAddressPerDay);
    // Anyone else still gets through.
    expectStatus(await send(`someone-else-${randomUUID().slice(0, 8)}@example.test`), 200);
  });

  it('limits the enquiries one form takes in an hour, whoever sends them; another form still takes them', async () => {
    const created = await call('POST', '/api/admin/intake-forms/create-intake-form', admin, {
      ...formInput(),
      name: 'Quick enquiry',
      slug: 'quick-enquiry',
    });
    expectStatus(created, 201);
    expectStatus(await call('POST', `/api/admin/intake-forms/publish-intake-form/${created.json().data.id}`, admin), 200);
    const send = (slug: string) =>
      publicCall('POST', `/api/public/intake/${firm.slug}/${slug}/submit`, {
        submissionKey: randomUUID(),
        answers: { ...goodAnswers(), email: `flood-${randomUUID().slice(0, 8)}@example.test`, papers: [] },
      });
    for (let count = 0; count < INTAKE_LIMITS.submissionsPerFormPerHour; count += 1) expectStatus(await send('quick-enquiry'), 200);
    const before = await countLeads();
    const refused = await send('quick-enquiry');
    expectStatus(refused, 429);
    expect(refused.json()).toMatchObject({ success: false, message: INTAKE_LIMIT_MESSAGES.tooManyForForm, data: null });
    expect(await countLeads()).toBe(before);
    expectStatus(await send('property-purchase'), 200);
  });

  it('slows a flood of uploads from one address only, and names no other firm or lead when refusing', async () => {
    const flood = '192.0.2.77';
    const statuses = [];
    for (let count = 0; count < 10; count += 1) statuses.push((await upload(pdfFile(`flood ${count}`), 'flood.pdf', flood)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 201)).toBe(true);
    expectStatus(await upload(pdfFile('another visitor'), 'mine.pdf', '192.0.2.78'), 201);

    const body = multipart({ fieldKey: 'papers' }, { fileName: 'stray.pdf', content: pdfFile('stray') });
    const otherFirmsForm = await context.app.inject({
      method: 'POST',
      url: `/api/public/intake/${otherFirm.slug}/property-purchase/upload-file`,
      payload: body.payload,
      headers: { 'content-type': body.contentType },
      remoteAddress: nextAddress(),
    });
    const unknown = await publicCall('GET', `/api/public/intake/${firm.slug}/${randomUUID()}`);
    const [stored] = await context.database.withFirm(otherFirm.firmId, (tx) =>
      rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from intake_uploads`)),
    );
    expect(stored!.count).toBe(0);
    for (const refused of [otherFirmsForm, unknown]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain(firm.firmId);
      expect(refused.body).not.toContain(otherFirm.firmId);
    }
  });
});

/**
 * Every place of the database that holds text a person typed or that names them: each text, json and
 * search column of every table (not only the firm's), read as the database's owner past row-level
 * security. Answers "table.column" for each place where one of the needles is found.
 */
async function placesHolding(needles: string[]): Promise<string[]> {
  const columns = await rowsOf<{ table: string; column: string }>(
    context.database.db.execute(sql`select c.table_name as "table", c.column_name as "column" from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'tsvector', 'bytea')
        or c.data_type = 'ARRAY')`),
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    const text = sql.raw(`"${column}"::text`);
    const matches = needles.map((needle) => sql`${text} ilike ${`%${needle.toLowerCase()}%`}`);
    const [row] = await rowsOf<{ count: number }>(
      context.database.db.execute(sql`select count(*)::int as count from ${sql.raw(`"${table}"`)} where ${sql.join(matches, sql` or `)}`),
    );
    if (row!.count > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** Every stored file (the firm's file store) whose bytes hold one of the needles. */
async function storedFilesHolding(needles: string[]): Promise<string[]> {
  const root = join(context.config.files.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const content = (await readFile(path)).toString('latin1').toLowerCase();
    if (needles.some((needle) => content.includes(needle.toLowerCase()))) found.push(path);
  }
  return found;
}

describe('erasing a lead sent through the form', () => {
  it('leaves their name, email, answers and files nowhere: timeline, uploads, emails, conflict checks, the request itself', async () => {
    scannerMode = 'up';
    const marker = randomUUID().slice(0, 8);
    const person = { firstName: `Zebulon${marker}`, lastName: `Quarshie${marker}`, email: `zq.${marker}@erasure.example` };
    const fileMarker = `Deed of ${marker} Quarshie`;
    const sent = await upload(pdfFile(fileMarker), `quarshie-${marker}.pdf`);
    expectStatus(sent, 201);
    const fileId = sent.json().data.uploadId as string;
    const submitted = await publicCall('POST', `${publicBase()}/submit`, {
      submissionKey: randomUUID(),
      answers: { ...goodAnswers(), ...person, story: `My landlord ${person.lastName} sold my flat`, papers: [fileId] },
    });
    expectStatus(submitted, 200);
    const notice = (await readOutbox(context.config)).find((email) => email.subject === `New lead: ${person.firstName} ${person.lastName}`);
    const erasedLeadId = notice!.link!.split('/leads/')[1]!;
    const files = createFileStore(context.config.files);
    await createLeadFiles({
      database: context.database,
      files,
      scanner: createClamdScanner(context.config.documents.clamdUrl!),
    }).scanWaiting();
    const download = `/api/admin/leads/download-lead-file/${erasedLeadId}/${fileId}`;
    expectStatus(await call('GET', download, admin), 200);
    expectStatus(
      await call('POST', `/api/admin/leads/add-lead-note/${erasedLeadId}`, admin, { note: `Called ${person.firstName} back` }),
      200,
    );
    const needles = [person.firstName, person.lastName, person.email, marker];
    expect(await placesHolding(needles)).toEqual(
      expect.arrayContaining(['leads.email', 'lead_events.summary', 'intake_uploads.file_name', 'outgoing_messages.subject']),
    );
    expect(await storedFilesHolding([fileMarker])).toHaveLength(1);

    const logged = await call('POST', '/api/admin/data-protection/requests', admin, {
      subjectType: 'lead',
      subjectId: erasedLeadId,
      kind: 'erasure',
      receivedOn: '2026-01-05',
      notes: `Asked by phone`,
    });
    expectStatus(logged, 201);
    const erased = await call('POST', `/api/admin/data-protection/requests/${logged.json().data.id}/erase`, admin);
    expectStatus(erased, 200);
    expect(erased.json().data).toMatchObject({ status: 'completed', subject: { name: 'Erased lead' } });

    expect(await placesHolding(needles)).toEqual([]);
    expect(await storedFilesHolding([fileMarker])).toEqual([]);
    expect((await call('GET', download, admin)).statusCode).toBe(404);
    const lead = (await call('GET', `/api/admin/leads/get-lead/${erasedLeadId}`, admin)).json().data;
    expect(lead).toMatchObject({ displayName: 'Erased lead', email: null, files: [] });
    // The timeline keeps that things happened (and the erasure), not what they said.
    expect(lead.timeline.map((event: { kind: string }) => event.kind)).toEqual(expect.arrayContaining(['created', 'emailSent']));
  });
});

describe('erasing a client who came through the form', () => {
  it('leaves their name and email nowhere: the lead they were, its emails and check, the client, its contacts and portal account', async () => {
    scannerMode = 'up';
    const marker = randomUUID().slice(0, 8);
    const person = { firstName: `Ximena${marker}`, lastName: `Okafor${marker}`, email: `xo.${marker}@erasure.example` };
    const sent = await upload(pdfFile(`Payslip ${marker}`), `payslip-${marker}.pdf`);
    expectStatus(sent, 201);
    const submitted = await publicCall('POST', `${publicBase()}/submit`, {
      submissionKey: randomUUID(),
      answers: {
        ...goodAnswers(),
        ...person,
        story: `My employer ${person.lastName} withheld my pay`,
        papers: [sent.json().data.uploadId],
      },
    });
    expectStatus(submitted, 200);
    const notice = (await readOutbox(context.config)).find((email) => email.subject === `New lead: ${person.firstName} ${person.lastName}`);
    const leadId = notice!.link!.split('/leads/')[1]!;
    expectStatus(await call('POST', `/api/admin/leads/run-lead-conflict-check/${leadId}`, admin), 200);
    expectStatus(await call('POST', `/api/admin/leads/record-lead-conflict-decision/${leadId}`, admin, { decision: 'no_conflict' }), 200);
    expectStatus(
      await call('PUT', `/api/admin/engagements/save-engagement-terms/${leadId}`, admin, {
        responsibleUserId: firm.users.admin.id,
        matterName: `Unpaid wages ${marker}`,
        billingType: 'Hourly',
        hourlyRate: '150.00',
      }),
      200,
    );
    const converted = await call('POST', `/api/admin/engagements/convert-lead/${leadId}`, admin);
    expectStatus(converted, 200);
    const clientId = converted.json().data.clientId as string;
    // A later check for someone of the same name finds the client: its matches name them too.
    const later = await call('POST', '/api/admin/conflict-check/run-conflict-check', admin, {
      names: [`${person.firstName} ${person.lastName}`],
      context: 'standalone',
    });
    expectStatus(later, 200);
    const needles = [person.firstName, person.lastName, person.email];
    expect(await placesHolding(needles)).toEqual(
      expect.arrayContaining([
        'clients.email',
        'leads.email',
        'outgoing_messages.recipient',
        'conflict_checks.matches',
        'conflict_names.name',
      ]),
    );

    const logged = await call('POST', '/api/admin/data-protection/requests', admin, {
      subjectType: 'client',
      subjectId: clientId,
      kind: 'erasure',
      receivedOn: '2026-01-05',
    });
    expectStatus(logged, 201);
    const erased = await call('POST', `/api/admin/data-protection/requests/${logged.json().data.id}/erase`, admin);
    expectStatus(erased, 200);
    expect(erased.json().data).toMatchObject({ status: 'completed', blockers: [] });
    expect(await placesHolding(needles)).toEqual([]);
  });
});

describe('deleting', () => {
  const binItem = async (id: string) =>
    ((await call('GET', '/api/admin/recycle-bin/get-items?size=100', admin)).json().data.data as { id: string }[]).find(
      (item) => item.id === id,
    );
  const restore = (id: string) => call('POST', `/api/admin/recycle-bin/restore/${id}`, admin);
  const purge = (id: string, confirmName: string) => call('DELETE', `/api/admin/recycle-bin/purge/${id}`, admin, { confirmName });
  const rowCount = async (table: 'leads' | 'lead_events' | 'intake_forms', id: string) => {
    const column = sql.raw(table === 'lead_events' ? 'lead_id' : 'id');
    const [row] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from ${sql.raw(table)} where ${column} = ${id}`)),
    );
    return row!.count;
  };
  const newLead = async (name: string) => {
    const created = await call('POST', '/api/admin/leads/create-lead', admin, { leadType: 'individual', firstName: name, source: 'phone' });
    expectStatus(created, 201);
    return created.json().data.id as string;
  };

  it('sends a form with leads to the recycle bin: its public address answers not found, its leads stay', async () => {
    const formUrl = `/api/admin/intake-forms/delete-intake-form/${formId}`;
    expectStatus(await call('DELETE', formUrl, otherAdmin), 404);
    expectStatus(await publicCall('GET', publicBase()), 200);

    const deleted = await call('DELETE', formUrl, admin);
    expectStatus(deleted, 200);
    expect(deleted.json().message).toBe(INTAKE_FORM_MESSAGES.deleted);
    expectStatus(await call('DELETE', formUrl, admin), 200); // twice: still deleted, nothing more
    const shown = await publicCall('GET', publicBase());
    expect([shown.statusCode, shown.json().message]).toEqual([404, 'Intake form not found']);
    expectStatus(await publicCall('POST', `${publicBase()}/submit`, { submissionKey: randomUUID(), answers: goodAnswers() }), 404);
    expectStatus(await call('GET', `/api/admin/intake-forms/get-intake-form/${formId}`, admin), 404);
    const lead = await call('GET', `/api/admin/leads/get-lead/${leadId}`, admin);
    expectStatus(lead, 200);
    expect(lead.json().data.submission.formName).toBe('Property purchase');

    expect(await binItem(formId)).toMatchObject({ kind: 'intakeForm', kindLabel: 'Intake form', name: 'Property purchase' });
    // Its leads name it: it stays in the bin, permanently deleted neither by hand nor by the purge job.
    const refused = await purge(formId, 'Property purchase');
    expect([refused.statusCode, refused.json().message]).toEqual([409, RECYCLE_BIN_MESSAGES.formHasLeads]);
    expect(await rowCount('intake_forms', formId)).toBe(1);
  });

  it('restores a form unpublished, unless another form has taken its address meanwhile', async () => {
    const taken = await call('POST', '/api/admin/intake-forms/create-intake-form', admin, formInput());
    expectStatus(taken, 201);
    const refused = await restore(formId);
    expect([refused.statusCode, refused.json().message]).toEqual([409, RECYCLE_BIN_MESSAGES.formAddressTaken]);
    expectStatus(await call('DELETE', `/api/admin/intake-forms/delete-intake-form/${taken.json().data.id}`, admin), 200);
    expect(await purge(taken.json().data.id, 'Property purchase')).toMatchObject({ statusCode: 200 });
    expect(await rowCount('intake_forms', taken.json().data.id)).toBe(0);

    expectStatus(await restore(formId), 200);
    const restored = (await call('GET', `/api/admin/intake-forms/get-intake-form/${formId}`, admin)).json().data;
    const [leadsOfForm] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ count: number }>(
        tx.execute(sql`select count(*)::int as count from leads where intake_form_id = ${formId} and deleted_at is null`),
      ),
    );
    expect(leadsOfForm!.count).toBeGreaterThan(0);
    expect(restored).toMatchObject({ isPublished: false, submissionCount: leadsOfForm!.count });
    expectStatus(await publicCall('GET', publicBase()), 404);
    expectStatus(await call('POST', `/api/admin/intake-forms/publish-intake-form/${formId}`, admin), 200);
    expectStatus(await publicCall('GET', publicBase()), 200);
  });

  it('sends a lead to the recycle bin, twice as once, restores it with its timeline, and purges one with no history', async () => {
    const id = await newLead('Kemi');
    expectStatus(await call('DELETE', `/api/admin/leads/delete-lead/${id}`, otherAdmin), 404);
    expectStatus(await call('GET', `/api/admin/leads/get-lead/${id}`, admin), 200);

    const deleted = await call('DELETE', `/api/admin/leads/delete-lead/${id}`, admin);
    expect([deleted.statusCode, deleted.json().message]).toEqual([200, LEAD_MESSAGES.deleted]);
    expectStatus(await call('DELETE', `/api/admin/leads/delete-lead/${id}`, admin), 200);
    expectStatus(await call('GET', `/api/admin/leads/get-lead/${id}`, admin), 404);
    const listed = (await call('GET', '/api/admin/leads/get-leads?search=Kemi', admin)).json().data;
    expect(listed.totalCount).toBe(0);
    expect(await binItem(id)).toMatchObject({ kind: 'lead', kindLabel: 'Lead', name: 'Kemi', deletedBy: expect.any(String) });
    expectStatus(await call('POST', `/api/admin/recycle-bin/restore/${id}`, otherAdmin), 404);

    expectStatus(await restore(id), 200);
    const back = (await call('GET', `/api/admin/leads/get-lead/${id}`, admin)).json().data;
    expect(back.timeline.map((event: { kind: string }) => event.kind)).toEqual(['created']);
    expect(await binItem(id)).toBeUndefined();

    expectStatus(await call('DELETE', `/api/admin/leads/delete-lead/${id}`, admin), 200);
    expectStatus(await purge(id, 'Kemi'), 200);
    expect([await rowCount('leads', id), await rowCount('lead_events', id)]).toEqual([0, 0]);
  });

  it('keeps a lead with a consultation in the bin when asked to delete it for good', async () => {
    const id = await newLead('Bisi');
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`insert into consultations (firm_id, lead_id, assignee_user_id, start_local, end_local, status, booked_through)
        values (${firm.firmId}, ${id}, ${firm.users.admin.id}, '2026-04-06 10:00', '2026-04-06 11:00', 'Cancelled', 'staff')`),
    );
    expectStatus(await call('DELETE', `/api/admin/leads/delete-lead/${id}`, admin), 200);
    const refused = await purge(id, 'Bisi');
    expect([refused.statusCode, refused.json().message]).toEqual([409, RECYCLE_BIN_MESSAGES.leadHasHistory]);
    expect(await rowCount('leads', id)).toBe(1);
  });

  it('refuses to delete a lead with a consultation to come until it is cancelled; one that took place does not stand in the way', async () => {
    const id = await newLead('Dapo');
    const book = (start: string, end: string) =>
      context.database.withFirm(firm.firmId, (tx) =>
        rowsOf<{ id: string }>(
          tx.execute(sql`insert into consultations (firm_id, lead_id, assignee_user_id, start_local, end_local, status, booked_through)
            values (${firm.firmId}, ${id}, ${firm.users.feeEarner.id}, ${start}, ${end}, 'Confirmed', 'staff') returning id`),
        ),
      );
    const [coming] = await book('2099-03-02 10:00', '2099-03-02 11:00');
    const refused = await call('DELETE', `/api/admin/leads/delete-lead/${id}`, admin);
    expect([refused.statusCode, refused.json().message]).toEqual([409, LEAD_MESSAGES.cancelConsultationFirst]);
    expectStatus(await call('POST', `/api/admin/consultations/cancel/${coming!.id}`, admin, { reason: 'Duplicate enquiry' }), 200);

    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update consultations set start_local = '2020-03-02 10:00', end_local = '2020-03-02 11:00', status = 'Confirmed'
        where id = ${coming!.id}`),
    );
    expectStatus(await call('DELETE', `/api/admin/leads/delete-lead/${id}`, admin), 200);
  });

  it('refuses to delete a converted lead: it is its client’s history', async () => {
    const id = await newLead('Chidi');
    expectStatus(await call('POST', `/api/admin/leads/run-lead-conflict-check/${id}`, admin), 200);
    expectStatus(await call('POST', `/api/admin/leads/record-lead-conflict-decision/${id}`, admin, { decision: 'no_conflict' }), 200);
    expectStatus(
      await call('PUT', `/api/admin/engagements/save-engagement-terms/${id}`, admin, {
        responsibleUserId: firm.users.admin.id,
        matterName: 'Chidi tenancy advice',
        billingType: 'Hourly',
        hourlyRate: '150.00',
      }),
      200,
    );
    expectStatus(await call('POST', `/api/admin/engagements/convert-lead/${id}`, admin), 200);
    const refused = await call('DELETE', `/api/admin/leads/delete-lead/${id}`, admin);
    expect([refused.statusCode, refused.json().message]).toEqual([409, LEAD_MESSAGES.convertedCannotDelete]);
    expectStatus(await call('GET', `/api/admin/leads/get-lead/${id}`, admin), 200);
  });
});

describe('the demo', () => {
  it('has two published forms and five leads across the pipeline, one sent through a form', async () => {
    await seedDemoLeads(context.database, otherFirm);
    const forms = (await call('GET', '/api/admin/intake-forms/get-intake-forms?isPublished=true', otherAdmin)).json().data;
    expect(forms.data.map((form: { name: string }) => form.name)).toEqual(['General enquiry', 'Property purchase']);
    const board = (await call('GET', '/api/admin/leads/get-lead-board', otherAdmin)).json().data.columns;
    expect(board.map((column: { count: number }) => column.count)).toEqual([1, 1, 1, 1, 1]);
    expect(board[0].leads[0]).toMatchObject({ source: 'form', intakeFormName: 'Property purchase' });

    const report = (await call('GET', '/api/admin/reports/leads', otherAdmin)).json().data;
    expect(report.rows.map((row: { cells: { source: string; leads: number } }) => [row.cells.source, row.cells.leads])).toEqual([
      ['Intake form', 1],
      ['Phone', 2],
      ['Referral', 1],
      ['Walk-in', 1],
    ]);
    expect(report.totals[0].cells).toMatchObject({ leads: 5, engaged: 1, notEngaged: 1, conversionRate: '20.0', medianDays: 0 });
    expect(report.checks.every((check: { pass: boolean }) => check.pass)).toBe(true);
  });
});

describe('the report centre’s lead report', () => {
  it('adds the consultation fees collected per currency, tied out to 4060 in the ledger, and exports as CSV', async () => {
    const created = await call('POST', '/api/admin/leads/create-lead', admin, {
      leadType: 'individual',
      firstName: 'Funke',
      lastName: 'Adeyemi',
      email: 'funke.adeyemi@example.test',
      source: 'phone',
    });
    expectStatus(created, 201);
    const { firmId, users } = firm;
    // Two fees that went through (one each in NGN and USD) and one that failed, posted as the webhook posts them.
    await context.database.withFirm(firmId, async (tx) => {
      const today = await findFirmToday(tx, firmId);
      const [consultation] = await rowsOf<{ id: string }>(
        tx.execute(sql`insert into consultations (firm_id, lead_id, assignee_user_id, start_local, end_local, status, booked_through)
          values (${firmId}, ${created.json().data.id}, ${users.admin.id}, '2026-03-02 10:00', '2026-03-02 11:00', 'Confirmed', 'link')
          returning id`),
      );
      for (const [amount, currency, status] of [
        ['25000.00', 'NGN', 'succeeded'],
        ['80.50', 'USD', 'succeeded'],
        ['9999.00', 'NGN', 'failed'],
      ] as const) {
        await tx.execute(sql`insert into consultation_payments (firm_id, consultation_id, reference, gateway, amount, currency_code, status, settled_at)
          values (${firmId}, ${consultation!.id}, ${randomUUID()}, 'paystack', ${amount}, ${currency}, ${status}, now())`);
        if (status === 'succeeded')
          await postJournalEntry(
            tx,
            { firmId, userId: users.admin.id },
            {
              entryDate: today,
              memo: 'Consultation fee paid online',
              sourceType: 'consultation-fee',
              sourceId: consultation!.id,
              currency,
              lines: [
                { account: 'operating-bank', debit: amount },
                { account: 'consultation-fees', credit: amount },
              ],
            },
          );
      }
    });

    const report = (await call('GET', '/api/admin/reports/leads', admin)).json().data;
    expect(report.title).toBe('Leads and consultations');
    const fees = report.totals.slice(1).map((row: { cells: Record<string, string> }) => [row.cells.currency, row.cells.feesCollected]);
    expect(fees).toEqual([
      ['NGN', '25000.00'],
      ['USD', '80.50'],
    ]);
    expect(report.checks.map((check: { name: string; pass: boolean }) => [check.name.slice(-3), check.pass])).toEqual([
      ['nge', true],
      ['NGN', true],
      ['USD', true],
    ]);
    const csv = await call('GET', '/api/admin/reports/leads?format=csv', admin);
    expectStatus(csv, 200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('Consultation fees collected');
    expect(csv.body).toContain('25000.00');
    const pdf = await call('GET', '/api/admin/reports/leads?format=pdf', admin);
    expectStatus(pdf, 200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
