import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MESSAGES, type IntakeFormInput } from '@matterhorn/shared';
import { convertSignedLetters, type SignedLettersDeps } from '../src/modules/engagements/engagements.api.ts';
import { createLeadFiles } from '../src/modules/leads/leads.api.ts';
import { ScannerUnavailableError, type VirusScanner } from '../src/platform/scanning/clamd.ts';
import { setUpDocumentTemplateFixture, type DocumentTemplateFixture } from './support/document-template-fixture.ts';
import { pdfText } from './support/pdf-text.ts';
import { readOutbox } from './support/test-app.ts';
import { DOCUMENT_BASE } from './support/document-template-fixture.ts';
import { trustCalls } from './support/trust-fixture.ts';

/**
 * A lead's engagement (issue 45): terms saved, the letter made from a Word template as a .docx and a
 * PDF, sent for signature only once a conflict decision lets the firm act, signed through the public
 * signing calls — and the sealed letter converts the lead: one client, one matter with the terms,
 * the portal invitation, the signed letter in the matter's folder and the retainer's trust request.
 */

const BASE = '/api/admin/engagements';
const BROWSER = { 'user-agent': 'LeadPhone/1.0 (test)' };

let fixture: DocumentTemplateFixture;
let templateId: string;
let currencyCode: string;

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, token = fixture.tokens.admin, headers = {}) =>
  fixture.call(method, `${BASE}/${path}`, token, payload, headers);

async function createLead(email: string) {
  const created = await fixture.call('POST', '/api/admin/leads/create-lead', fixture.tokens.admin, {
    leadType: 'individual',
    firstName: 'Adaora',
    lastName: 'Nwosu',
    email,
    phone: '+234 801 000 0000',
    matterDescription: 'Wrongful dismissal from her post at Lagoon Bank',
    opposingParties: [{ name: 'Lagoon Bank Plc', partyType: 'company' }],
    source: 'phone',
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as string;
}

const terms = () => ({
  responsibleUserId: fixture.firm.users.feeEarner.id,
  matterName: 'Nwosu v Lagoon Bank',
  matterDescription: 'Claim for wrongful dismissal',
  billingType: 'Hourly',
  hourlyRate: '275.50',
  retainerAmount: '1500.00',
  retainerCurrencyCode: currencyCode,
  templateDocumentId: templateId,
});

async function decideConflict(leadId: string) {
  expect((await fixture.call('POST', `/api/admin/leads/run-lead-conflict-check/${leadId}`, fixture.tokens.admin)).statusCode).toBe(200);
  const decided = await fixture.call('POST', `/api/admin/leads/record-lead-conflict-decision/${leadId}`, fixture.tokens.admin, {
    decision: 'no_conflict',
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

/** The lead signs the letter emailed to them, as the signing page does: consent, then the signature place; the sealing follows. */
async function signAsLead(email: string) {
  const link = (await readOutbox(fixture.context.config))
    .filter((message) => message.to === email && message.link?.includes('/sign/'))
    .at(-1)!.link!;
  const token = link.slice(link.lastIndexOf('/') + 1);
  const signing = (method: 'GET' | 'POST', step = '', payload?: unknown) =>
    fixture.context.app.inject({ method, url: `/api/public/signing/${token}${step}`, payload: payload as never, headers: BROWSER });
  const view = (await signing('GET')).json().data;
  expect((await signing('POST', '/consent', { isAgreed: true })).statusCode).toBe(200);
  const signed = await signing('POST', '/sign', {
    signature: { kind: 'typed', text: 'Adaora Nwosu' },
    initials: null,
    fieldIds: view.fields.filter((field: { kind: string }) => field.kind === 'signature').map((field: { id: string }) => field.id),
  });
  expect(signed.statusCode, signed.body).toBe(200);
  await fixture.context.app.afterResponse.settled();
  return view;
}

const counts = async () =>
  (
    await fixture.inFirm<{ clients: number; matters: number; trustRequests: number; portalAccounts: number }>(
      sql`select (select count(*)::int from clients) as clients, (select count(*)::int from matters) as matters,
        (select count(*)::int from trust_requests) as "trustRequests", (select count(*)::int from portal_accounts) as "portalAccounts"`,
    )
  )[0]!;

beforeAll(async () => {
  fixture = await setUpDocumentTemplateFixture();
  templateId = (
    await fixture.addTemplate('Engagement letter.docx', [
      'Dear {lead.contactName},',
      'Re: {engagement.matterName}',
      'Scope: {engagement.matterDescription}',
      'Our fees: {engagement.rate}, {engagement.responsibleFeeEarner} responsible.',
      'Retainer into our client account: {engagement.retainer}',
    ])
  ).id;
  await trustCalls(fixture).createAccount();
  currencyCode = (await fixture.inFirm<{ code: string }>(sql`select currency_code as code from trust_accounts limit 1`))[0]!.code;
});
afterAll(async () => {
  await fixture?.close();
});

describe('a lead engaged online', () => {
  it('saves the terms, makes the letter, refuses to send it before a conflict decision, and converts once signed', async () => {
    const email = 'adaora.nwosu@client.example';
    const leadId = await createLead(email);
    const fresh = (await call('GET', `get-engagement/${leadId}`)).json().data;
    // The scope is the firm's to write, not the prospect's own account of the problem.
    expect(fresh).toMatchObject({ isSaved: false, terms: { matterDescription: null } });

    const saved = await call('PUT', `save-engagement-terms/${leadId}`, terms());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      isSaved: true,
      terms: { hourlyRate: '275.50', retainerAmount: '1500.00', templateName: 'Engagement letter.docx' },
    });

    const generated = await call('POST', `generate-engagement-letter/${leadId}`);
    expect(generated.statusCode, generated.body).toBe(200);
    const letter = generated.json().data;
    expect(letter.letterDocx.name).toBe('Engagement letter – Adaora Nwosu.docx');
    const pdf = await fixture.documents.readCurrentVersion(
      { kind: 'firm', firmId: fixture.firm.firmId, userId: fixture.firm.users.admin.id } as never,
      letter.letterPdf.documentId,
    );
    const pages = await pdfText(pdf.content);
    const text = pages.join(' ');
    // A person with no contact name is greeted by their own name; the scope is the terms' words.
    expect(text).toContain('Dear Adaora Nwosu,');
    expect(text).toContain('Scope: Claim for wrongful dismissal');
    expect(text).not.toContain('Lagoon Bank Wrongful');
    expect(text).not.toContain('from her post');
    // Every page is counted, the acceptance page too.
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[1]).toContain('Acceptance');
    expect(pages[1]).toContain('Page 2 of 2');
    expect(text).toContain('275.50');
    expect(text).toContain('Acceptance');
    const [folder] = await fixture.inFirm<{ name: string; kind: string }>(
      sql`select f.name, f.kind from documents d join document_folders f on f.id = d.folder_id where d.id = ${letter.letterPdf.documentId}`,
    );
    expect(folder).toEqual({ name: 'Engagement letters', kind: 'firm' });

    const before = await counts();
    const refused = await call('POST', `send-engagement-letter/${leadId}`, { message: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ENGAGEMENT_MESSAGES.conflictFirst);
    expect((await fixture.inFirm(sql`select 1 from signature_requests`)).length).toBe(0);

    await decideConflict(leadId);
    const sent = await call('POST', `send-engagement-letter/${leadId}`, { message: 'Please sign' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      signatureStatus: 'Sent',
      sendRefusal: ENGAGEMENT_MESSAGES.alreadySent,
      generateRefusal: ENGAGEMENT_MESSAGES.alreadySent,
      feesLock: ENGAGEMENT_MESSAGES.feesOutForSignature,
    });
    // The fees the letter states stay while it is out: the same rate written otherwise is no change; another retainer is refused.
    expect((await call('PUT', `save-engagement-terms/${leadId}`, { ...terms(), hourlyRate: '275.5' })).statusCode).toBe(200);
    const feesChanged = await call('PUT', `save-engagement-terms/${leadId}`, { ...terms(), retainerAmount: '1000.00' });
    expect([feesChanged.statusCode, feesChanged.json().message]).toEqual([409, ENGAGEMENT_MESSAGES.feesOutForSignature]);
    expect((await call('GET', `get-engagement/${leadId}`)).json().data.terms).toMatchObject({
      hourlyRate: '275.50',
      retainerAmount: '1500.00',
    });
    const lead = (await fixture.call('GET', `/api/admin/leads/get-lead/${leadId}`, fixture.tokens.admin)).json().data;
    expect(lead.timeline.map((event: { kind: string }) => event.kind)).toContain('engagementLetterSent');

    const view = await signAsLead(email);
    expect(view.fields.map((field: { kind: string; page: number }) => field.kind)).toEqual(['signature', 'date']);

    const done = (await call('GET', `get-engagement/${leadId}`)).json().data;
    expect(done).toMatchObject({ signatureStatus: 'Completed', clientName: 'Adaora Nwosu' });
    expect(done.matterId).toBeTruthy();
    const after = await counts();
    expect(after.clients - before.clients).toBe(1);
    expect(after.matters - before.matters).toBe(1);
    expect(after.trustRequests - before.trustRequests).toBe(1);
    const [matter] = await fixture.inFirm<Record<string, string>>(
      sql`select m.matter_name as "matterName", m.billing_type as "billingType", m.hourly_rate::text as "hourlyRate", a.user_id as "feeEarnerId",
          (select string_agg(p.name, ',') from matter_parties p where p.matter_id = m.id and p.party_role = 'opposing') as opposing,
          (select c.decision from conflict_checks c where c.matter_id = m.id) as decision
        from matters m join matter_assignees a on a.matter_id = m.id where m.id = ${done.matterId}`,
    );
    expect(matter).toEqual({
      matterName: 'Nwosu v Lagoon Bank',
      billingType: 'Hourly',
      hourlyRate: '275.50',
      feeEarnerId: fixture.firm.users.feeEarner.id,
      opposing: 'Lagoon Bank Plc',
      decision: 'no_conflict',
    });
    const [filed] = await fixture.inFirm<{ matterId: string; versions: number }>(
      sql`select d.matter_id as "matterId", d.current_version_number as versions from documents d where d.id = ${letter.letterPdf.documentId}`,
    );
    expect(filed).toEqual({ matterId: done.matterId, versions: 2 });
    const [request] = await fixture.inFirm<{ amount: string; status: string; matterId: string }>(
      sql`select amount::text, status, matter_id as "matterId" from trust_requests where id = ${done.trustRequestId}`,
    );
    expect(request).toEqual({ amount: '1500.00', status: 'Sent', matterId: done.matterId });
    const emails = (await readOutbox(fixture.context.config)).filter((message) => message.to === email);
    expect(emails.some((message) => message.link?.includes('/portal/'))).toBe(true);
    expect(emails.some((message) => message.link?.includes('/billing/trust-accounting/'))).toBe(true);
    const engaged = (await fixture.call('GET', `/api/admin/leads/get-lead/${leadId}`, fixture.tokens.admin)).json().data;
    expect(engaged.status).toBe('engaged');
    expect(engaged.timeline.map((event: { kind: string }) => event.kind)).toContain('converted');

    // Convert pressed again (or the job running twice): the same client and matter, nothing made twice.
    const again = await call('POST', `convert-lead/${leadId}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ clientId: done.clientId, matterId: done.matterId });
    expect(await counts()).toEqual(after);
  });

  it('converts a lead engaged on paper, refuses without a conflict decision, and hides another firm’s lead', async () => {
    const leadId = await createLead('paper.client@client.example');
    expect(
      (await call('PUT', `save-engagement-terms/${leadId}`, { ...terms(), matterName: 'Employment advice on paper', retainerAmount: null }))
        .statusCode,
    ).toBe(200);
    const before = await counts();
    const refused = await call('POST', `convert-lead/${leadId}`);
    expect(refused.statusCode).toBe(409);
    expect(await counts()).toEqual(before);

    const member = await fixture.memberWith(['clientInfo', 'clientInfo.create', 'clientInfo.edit']);
    expect((await call('POST', `convert-lead/${leadId}`, undefined, member)).statusCode).toBe(403);

    await decideConflict(leadId);
    const converted = await call('POST', `convert-lead/${leadId}`, undefined, fixture.tokens.admin, {
      'idempotency-key': 'convert-paper-0001',
    });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json().data).toMatchObject({ trustRequestId: null, convertRefusal: null });
    const after = await counts();
    expect([after.clients - before.clients, after.matters - before.matters, after.trustRequests - before.trustRequests]).toEqual([1, 1, 0]);

    for (const [method, path] of [
      ['GET', `get-engagement/${leadId}`],
      ['POST', `convert-lead/${leadId}`],
      ['POST', `generate-engagement-letter/${leadId}`],
    ] as const)
      expect((await call(method, path, undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `save-engagement-terms/${leadId}`, terms(), fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', `send-engagement-letter/${leadId}`, { message: null }, fixture.tokens.otherAdmin)).statusCode).toBe(404);
  });
});

/** A scanner that keeps a file holding WAIT waiting (no verdict), refuses one holding INFECTED and passes the rest. */
const fakeScanner: VirusScanner = {
  async scan(content: Readable) {
    const bytes = await buffer(content);
    if (bytes.includes('WAIT')) throw new ScannerUnavailableError('down');
    return bytes.includes('INFECTED') ? { isInfected: true, signature: 'Eicar-Test-Signature' } : { isInfected: false };
  },
  ping: async () => true,
};
const pdfFile = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

const intakeForm = (): IntakeFormInput => ({
  name: 'Employment enquiry',
  slug: 'employment-enquiry',
  introduction: null,
  thankYouText: 'Thank you.',
  assigneeUserId: fixture.firm.users.admin.id,
  practiceAreaId: null,
  fields: [
    { key: 'firstName', type: 'text', label: 'First name', isRequired: true, leadField: 'firstName' },
    { key: 'lastName', type: 'text', label: 'Last name', leadField: 'lastName' },
    { key: 'email', type: 'email', label: 'Email', isRequired: true, leadField: 'email' },
    { key: 'papers', type: 'file', label: 'Papers' },
    { key: 'otherSide', type: 'longText', label: 'Who is on the other side?', leadField: 'opposingParties' },
  ],
});

describe('a lead’s intake files', () => {
  it('are filed in the new matter’s folder with their scan status, the refused one left out, once however often Convert runs', async () => {
    const form = await fixture.call('POST', '/api/admin/intake-forms/create-intake-form', fixture.tokens.admin, intakeForm());
    expect(form.statusCode, form.body).toBe(201);
    const formId = form.json().data.id as string;
    expect((await fixture.call('POST', `/api/admin/intake-forms/publish-intake-form/${formId}`, fixture.tokens.admin)).statusCode).toBe(
      200,
    );
    // The visitor's files as the public form stores them, scanned by a scanner that answers at once, later or never.
    const leadFiles = createLeadFiles({ database: fixture.context.database, files: fixture.documents.files, scanner: fakeScanner });
    const store = async (text: string, fileName: string) =>
      (
        await leadFiles.store(
          fixture.firm.firmId,
          { intakeFormId: formId, fieldKey: 'papers' },
          {
            content: Readable.from([pdfFile(text)]),
            fileName,
          },
        )
      ).uploadId;
    const passed = await store('dismissal letter', 'dismissal.pdf');
    const waiting = await store('contract WAIT', 'contract.pdf');
    const refused = await store('payslip INFECTED WAIT', 'payslip.pdf');
    const submitted = await fixture.context.app.inject({
      method: 'POST',
      url: `/api/public/intake/${fixture.firm.slug}/employment-enquiry/submit`,
      remoteAddress: '198.51.100.45',
      payload: {
        submissionKey: randomUUID(),
        answers: {
          firstName: 'Chidi',
          lastName: 'Okafor',
          email: 'chidi.okafor@client.example',
          papers: [passed, waiting, refused],
          otherSide: 'Lagoon Shipping Ltd\nSegun Bello',
        },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [found] = await fixture.inFirm<{ leadId: string }>(
      sql`select id as "leadId" from leads where email = 'chidi.okafor@client.example'`,
    );
    const leadId = found!.leadId;
    // The payslip is refused by a later scan (its bytes removed); the contract still waits.
    const infectedOnly: VirusScanner = {
      ...fakeScanner,
      async scan(content) {
        if (!(await buffer(content)).includes('INFECTED')) throw new ScannerUnavailableError('down');
        return { isInfected: true, signature: 'Eicar-Test-Signature' };
      },
    };
    expect(
      await createLeadFiles({ database: fixture.context.database, files: fixture.documents.files, scanner: infectedOnly }).scanWaiting(),
    ).toBe(1);
    const lead = (await fixture.call('GET', `/api/admin/leads/get-lead/${leadId}`, fixture.tokens.admin)).json().data;
    expect(lead.files.map((file: { fileName: string; scanStatus: string }) => [file.fileName, file.scanStatus])).toEqual([
      ['dismissal.pdf', 'available'],
      ['contract.pdf', 'scanning'],
      ['payslip.pdf', 'quarantined'],
    ]);

    const saved = await call('PUT', `save-engagement-terms/${leadId}`, {
      ...terms(),
      matterName: 'Okafor dismissal',
      retainerAmount: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await decideConflict(leadId);
    expect((await call('GET', `get-engagement/${leadId}`)).json().data.willCreate).toContain(
      'The matter’s documents folder, with 2 files sent with the intake form',
    );
    const converted = await call('POST', `convert-lead/${leadId}`);
    expect(converted.statusCode, converted.body).toBe(200);
    const { matterId } = converted.json().data;
    const filedDocuments = () =>
      fixture.inFirm<{ id: string; name: string; scanStatus: string; folderKind: string; clientId: string | null }>(
        sql`select d.id, d.name, v.scan_status as "scanStatus", f.kind as "folderKind", d.client_id as "clientId"
          from documents d join document_versions v on v.document_id = d.id and v.version_number = d.current_version_number
          join document_folders f on f.id = d.folder_id
          where d.matter_id = ${matterId} order by d.name`,
      );
    const filed = await filedDocuments();
    expect(filed.map(({ name, scanStatus, folderKind }) => [name, scanStatus, folderKind])).toEqual([
      ['contract.pdf', 'scanning', 'matter'],
      ['dismissal.pdf', 'available', 'matter'],
    ]);
    expect(new Set(filed.map((document) => document.clientId))).toEqual(new Set([converted.json().data.clientId]));
    // The other side typed on the form keeps its kind on the matter: the company stays a company.
    expect(
      await fixture.inFirm<{ name: string; partyType: string }>(
        sql`select name, party_type as "partyType" from matter_parties where matter_id = ${matterId} and party_role = 'opposing' order by name`,
      ),
    ).toEqual([
      { name: 'Lagoon Shipping Ltd', partyType: 'company' },
      { name: 'Segun Bello', partyType: 'individual' },
    ]);
    const download = (documentId: string) => fixture.call('GET', `${DOCUMENT_BASE}/download-document/${documentId}`, fixture.tokens.admin);
    const opened = await download(filed.find((document) => document.name === 'dismissal.pdf')!.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.toString()).toContain('dismissal letter');
    expect((await download(filed.find((document) => document.name === 'contract.pdf')!.id)).statusCode).toBe(409);
    // The lead keeps its own files.
    expect((await fixture.call('GET', `/api/admin/leads/download-lead-file/${leadId}/${passed}`, fixture.tokens.admin)).statusCode).toBe(
      200,
    );

    const again = await call('POST', `convert-lead/${leadId}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(await filedDocuments()).toEqual(filed);
  });
});

describe('the sweep of signed letters', () => {
  it('converts a signed letter’s lead the follow-up after sealing could not, logging what fails, once, and only for a week', async () => {
    const email = 'abroad.client@client.example';
    const leadId = await createLead(email);
    // The retainer in a currency the firm has no trust account in yet: Convert is refused until one is opened.
    const retainerCurrencyCode = currencyCode === 'USD' ? 'EUR' : 'USD';
    const saved = await call('PUT', `save-engagement-terms/${leadId}`, {
      ...terms(),
      matterName: 'Overseas pension claim',
      retainerAmount: '900.00',
      retainerCurrencyCode,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('POST', `generate-engagement-letter/${leadId}`)).statusCode).toBe(200);
    await decideConflict(leadId);
    // The lead's check shows its matches as the conflict engine records them: with the client and matter each was found on.
    const checked = (await fixture.call('GET', `/api/admin/leads/get-lead/${leadId}`, fixture.tokens.admin)).json().data.conflictCheck;
    expect(checked.matches).toContainEqual(
      expect.objectContaining({
        matchedName: 'Lagoon Bank Plc',
        matchType: 'opposing party',
        clientId: expect.any(String),
        clientName: 'Adaora Nwosu',
        matterId: expect.any(String),
        matterNumber: expect.any(String),
      }),
    );
    // Sent twice at once (a double click on two tabs): one signature request, the other refused.
    const sends = await Promise.all([0, 1].map(() => call('POST', `send-engagement-letter/${leadId}`, { message: null })));
    expect(sends.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const [made] = await fixture.inFirm<{ requests: number }>(
      sql`select count(*)::int as requests from signature_requests r join engagements e on e.letter_pdf_document_id = r.document_id
        where e.lead_id = ${leadId}`,
    );
    expect(made!.requests).toBe(1);
    const before = await counts();
    await signAsLead(email);
    expect((await call('GET', `get-engagement/${leadId}`)).json().data).toMatchObject({ signatureStatus: 'Completed', clientId: null });
    expect(await counts()).toEqual(before);

    const logged: string[] = [];
    const deps: SignedLettersDeps = {
      database: fixture.context.database,
      convertSigned: fixture.context.app.signatureCompleted,
      logger: { error: (_facts: object, message: string) => void logged.push(message), info: () => undefined } as never,
    };
    const aWeekOn = new Date(Date.now() + 8 * 86_400_000);
    expect(await convertSignedLetters(deps, aWeekOn)).toEqual({ converted: 0, failed: 0 });
    expect(await convertSignedLetters(deps)).toEqual({ converted: 0, failed: 1 });
    expect(logged).toEqual(['signed engagement letter: lead not converted (the next run retries)']);
    expect(await counts()).toEqual(before);

    await trustCalls(fixture).createAccount({ currencyCode: retainerCurrencyCode });
    expect(await convertSignedLetters(deps)).toEqual({ converted: 1, failed: 0 });
    const done = (await call('GET', `get-engagement/${leadId}`)).json().data;
    expect(done.clientId).toBeTruthy();
    const [request] = await fixture.inFirm<{ amount: string; currencyCode: string; matterId: string }>(
      sql`select r.amount::text, a.currency_code as "currencyCode", r.matter_id as "matterId"
        from trust_requests r join trust_accounts a on a.id = r.trust_account_id where r.id = ${done.trustRequestId}`,
    );
    expect(request).toEqual({ amount: '900.00', currencyCode: retainerCurrencyCode, matterId: done.matterId });
    const after = await counts();
    expect([after.clients - before.clients, after.matters - before.matters, after.trustRequests - before.trustRequests]).toEqual([1, 1, 1]);

    expect(await convertSignedLetters(deps)).toEqual({ converted: 0, failed: 0 });
    expect(await counts()).toEqual(after);
  });
});
