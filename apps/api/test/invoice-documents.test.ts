import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, formatMoney, matterConflictNames } from '@matterhorn/shared';
import { LEDES_BI_FIELDS, parseLedes } from '../src/modules/invoices/invoices.api.ts';
import { expectLedes1998B, expectLedes1998BI } from './support/ledes-check.ts';
import { pdfColourOperands, pdfContentStreams } from './support/pdf-content-streams.ts';
import { pdfText } from './support/pdf-text.ts';
import { bearer, readOutbox, rowsOf, signInToPortal, withClearedConflictCheck } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { trustCalls } from './support/trust-fixture.ts';

const base = '/api/admin/invoice';
const itemsBase = '/api/admin/expense-flat-fees-info';
const clientEmail = 'billing.client@client.example';
let fixture: TimeEntryFixture;
let categoryId: string;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const [category] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id from expense_categories order by name limit 1`)),
  );
  categoryId = category!.id;
  await fixture.context.database.db.execute(
    sql`update clients set email = ${clientEmail} where id = ${fixture.references.openMatter.clientId}`,
  );
  await fixture.context.database.db.execute(sql`update firms set address = '3 Broad Street, Lagos' where id = ${fixture.firm.firmId}`);
});
afterAll(() => fixture.context.close());

const admin = () => fixture.tokens.admin;
const matter = () => fixture.references.openMatter;
const call = (method: 'GET' | 'POST', path: string, body?: unknown, token = admin()) =>
  fixture.call(method, `${base}/${path}`, token, body);
const anonymous = (url: string) => fixture.context.app.inject({ method: 'GET', url });

/** An approved invoice of a time entry, an expense and a flat fee on `on`; `writeDown` adjusts the time entry's line. */
async function issuedInvoice(
  overrides: Record<string, unknown> = {},
  { on = matter(), writeDown }: { on?: { id: string; clientId: string }; writeDown?: { adjustedAmount: string; reason: string } } = {},
) {
  const timeEntry = await fixture.call('POST', TIME_ENTRY_BASE, admin(), {
    clientId: on.clientId,
    matterId: on.id,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.admin.id,
    description: 'Reviewed the lease',
    timeEntryDate: '2025-03-14',
    duration: '1.5',
    userRate: '80000.00',
    exchangeRate: '1',
  });
  expect(timeEntry.statusCode, timeEntry.body).toBe(201);
  const expense = await fixture.call('POST', `${itemsBase}/create-expense`, admin(), {
    isFirmExpense: false,
    clientId: on.clientId,
    matterId: on.id,
    expenseDate: '2025-05-02',
    description: 'Filing fee',
    categoryId,
    quantity: '3',
    unitCost: '33.33',
    isBillable: 4,
  });
  expect(expense.statusCode, expense.body).toBe(201);
  const flatFee = await fixture.call('POST', `${itemsBase}/create-flat-fee`, admin(), {
    clientId: on.clientId,
    matterId: on.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2025-04-02',
    description: 'Incorporation package',
    amount: '250000.50',
  });
  expect(flatFee.statusCode, flatFee.body).toBe(201);
  const draft = await call('POST', 'create-invoice', {
    clientId: on.clientId,
    matterIds: [on.id],
    timeEntryIds: [timeEntry.json().data.id],
    ...(writeDown && { lineAdjustments: [{ itemType: 'fee', itemId: timeEntry.json().data.id, ...writeDown }] }),
    expenseIds: [expense.json().data.id],
    flatFeeIds: [flatFee.json().data.id],
    issueDate: '2025-06-01',
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '7.5',
    notes: 'Thank you for your instructions.',
    paymentInstructions: 'Pay to Zenith Bank 1234567890',
    ...overrides,
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const id = draft.json().data.id as string;
  const approved = await call('POST', `approve-invoice/${id}`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data as { id: string; invoiceNumber: string; totals: Record<string, string>; currencySymbol: string };
}

async function outboxEml(to: string): Promise<string> {
  const directory = join(fixture.context.config.dataDir, 'outbox');
  const names = (await readdir(directory)).filter((name) => name.endsWith('.eml')).sort();
  for (const name of names.reverse()) {
    const text = await readFile(join(directory, name), 'utf8');
    if (text.includes(`To: ${to}`)) return text;
  }
  throw new Error(`No .eml to ${to}`);
}

describe('invoice PDF download', () => {
  it('answers the PDF as an attachment whose text holds the same totals as the API', async () => {
    const invoice = await issuedInvoice();
    // The client holds 5,000.00 in trust, deposited as a firm deposits it (a credit on the liability account): the bill shows it.
    const trust = trustCalls(fixture);
    await trust.deposit((await trust.createAccount()).id, { clientId: matter().clientId, matterId: null }, '5000.00');
    const response = await call('GET', `download-invoice-pdf/${invoice.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const text = (await pdfText(response.rawPayload)).join('\n');
    const symbol = invoice.currencySymbol;
    expect(text).toContain(`Invoice number: ${invoice.invoiceNumber}`);
    expect(text).toContain('3 Broad Street, Lagos');
    expect(text).toContain('Reviewed the lease');
    expect(text).toContain(`Total ${formatMoney(invoice.totals.total!, symbol)}`);
    expect(text).toContain(`Subtotal ${formatMoney(invoice.totals.subtotal!, symbol)}`);
    expect(text).toContain(`Balance due ${formatMoney(invoice.totals.balanceDue!, symbol)}`);
    expect(text).toContain(`Funds held in trust for you: ${formatMoney('5000.00', symbol)}`);
  });

  it("answers 404 for another firm's invoice and refuses a caller without the invoice permission", async () => {
    const invoice = await issuedInvoice();
    expect((await call('GET', `download-invoice-pdf/${invoice.id}`, undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `download-ledes/${invoice.id}`, undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await anonymous(`${base}/download-invoice-pdf/${invoice.id}`)).statusCode).toBe(401);
  });
});

describe('LEDES download', () => {
  /** Gives each fee earner of the fixture a LEDES classification through the team API, as an administrator would. */
  const classifyFeeEarners = async () => {
    for (const [user, classification] of [
      [fixture.firm.users.admin, 'PT'],
      [fixture.firm.users.feeEarner, 'AS'],
    ] as const) {
      const [member] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        rowsOf<{ name: string; role_id: string }>(tx.execute(sql`select name, role_id from users where id = ${user.id}`)),
      );
      const updated = await fixture.call('PUT', `/api/admin/team-member-details/update-user/${user.id}`, admin(), {
        name: member!.name,
        roleId: member!.role_id,
        ledesClassification: classification,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({
        ledesClassification: classification,
        timekeeperCode: expect.stringMatching(/^TK-\d{3}$/),
      });
    }
  };

  it('refuses a draft, and an invoice whose fee earners have no LEDES classification, saying what to do', async () => {
    const invoice = await issuedInvoice();
    await fixture.context.database.db.execute(sql`update users set ledes_classification = null where firm_id = ${fixture.firm.firmId}`);
    const unclassified = await call('GET', `download-ledes/${invoice.id}`);
    expect(unclassified.statusCode).toBe(409);
    expect(unclassified.json().message).toMatch(/^Set the LEDES classification of .+ in Settings → Team before exporting LEDES$/);
    const fee = await fixture.call('POST', `${itemsBase}/create-flat-fee`, admin(), {
      clientId: matter().clientId,
      matterId: matter().id,
      userId: fixture.firm.users.feeEarner.id,
      flatFeeDate: '2025-04-03',
      description: 'Board resolution',
      amount: '1000.00',
    });
    const draft = await call('POST', 'create-invoice', {
      clientId: matter().clientId,
      matterIds: [matter().id],
      flatFeeIds: [fee.json().data.id],
      issueDate: '2025-06-01',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const refused = await call('GET', `download-ledes/${draft.json().data.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A draft invoice has no invoice number yet: approve it before exporting it as LEDES');
  });

  it("exports one issued invoice as a LEDES 1998B file an e-billing portal's check accepts", async () => {
    await classifyFeeEarners();
    await fixture.context.database.db.execute(sql`update matters set client_matter_reference = 'LIT/2025/0042' where id = ${matter().id}`);
    await fixture.context.database.db.execute(sql`update firms set tax_number = '12345678-0001' where id = ${fixture.firm.firmId}`);
    const invoice = await issuedInvoice();
    const response = await call('GET', `download-ledes/${invoice.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expectLedes1998B(response.body);
    const records = parseLedes(response.body);
    expect(records.map((record) => record['EXP/FEE/INV_ADJ_TYPE']).sort()).toEqual(['E', 'F', 'F', 'IE', 'IE', 'IF', 'IF']);
    expect(addMoney(...records.map((record) => record.LINE_ITEM_TOTAL))).toBe(invoice.totals.total);
    const [numbers] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ client_number: string; matter_number: string }>(
        tx.execute(
          sql`select c.client_number, m.matter_number from matters m join clients c on c.id = m.client_id where m.id = ${matter().id}`,
        ),
      ),
    );
    // The firm's own numbers, never a UUID: the invoice's, the client's, the matter's and the client's reference for it.
    expect(
      records.every((record) => record.INVOICE_TOTAL === invoice.totals.total && record.INVOICE_NUMBER === invoice.invoiceNumber),
    ).toBe(true);
    expect(
      new Set(records.map((record) => `${record.CLIENT_ID} ${record.LAW_FIRM_MATTER_ID} ${record.CLIENT_MATTER_ID} ${record.LAW_FIRM_ID}`)),
    ).toEqual(new Set([`${numbers!.client_number} ${numbers!.matter_number} LIT/2025/0042 12345678-0001`]));
    const fees = records.filter((record) => record['EXP/FEE/INV_ADJ_TYPE'] === 'F');
    expect(new Set(fees.map((record) => record.TIMEKEEPER_CLASSIFICATION))).toEqual(new Set(['PT', 'AS']));
    expect(fees.every((record) => /^TK-\d{3}$/.test(record.TIMEKEEPER_ID) && /^[^,]+, .+$/.test(record.TIMEKEEPER_NAME))).toBe(true);
    expect(records.find((record) => record['EXP/FEE/INV_ADJ_TYPE'] === 'E')?.LINE_ITEM_DATE).toBe('20250502');
    // The LEDES firm id set in Settings › General comes before the tax number.
    await fixture.context.database.db.execute(sql`update firms set ledes_firm_id = 'ADEBAYO-LP' where id = ${fixture.firm.firmId}`);
    const withFirmId = parseLedes((await call('GET', `download-ledes/${invoice.id}`)).body);
    expect(new Set(withFirmId.map((record) => record.LAW_FIRM_ID))).toEqual(new Set(['ADEBAYO-LP']));
    await fixture.context.database.db.execute(
      sql`update firms set tax_number = null, ledes_firm_id = null where id = ${fixture.firm.firmId}`,
    );
  });

  it('exports LEDES 1998BI, VAT on each line, for a client whose e-billing portal takes tax', async () => {
    await classifyFeeEarners();
    await fixture.context.database.db.execute(
      sql`update clients set ledes_format = '1998BI', tax_number = 'NG-TIN-7788', country = 'Nigeria' where id = ${matter().clientId}`,
    );
    const invoice = await issuedInvoice();
    const response = await call('GET', `download-ledes/${invoice.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.startsWith('LEDES98BI V2[]\r\n')).toBe(true);
    expectLedes1998BI(response.body);
    const lines = response.body.split('\r\n').slice(2, -1);
    const field = (name: string) => lines.map((line) => line.split('|')[LEDES_BI_FIELDS.indexOf(name as (typeof LEDES_BI_FIELDS)[number])]);
    expect(new Set(field('CLIENT_TAX_ID'))).toEqual(new Set(['NG-TIN-7788']));
    expect(new Set(field('CLIENT_COUNTRY'))).toEqual(new Set(['NG']));
    expect(addMoney(...field('LINE_ITEM_TAX_TOTAL').map((value) => value!))).toBe(invoice.totals.taxAmount);
    expect(addMoney(...field('LINE_ITEM_TOTAL').map((value) => value!))).toBe(invoice.totals.total);
    await fixture.context.database.db.execute(sql`update clients set ledes_format = '1998B' where id = ${matter().clientId}`);
  });

  it('exports several invoices in one file, and refuses bad or foreign ids', async () => {
    await classifyFeeEarners();
    const first = await issuedInvoice();
    const second = await issuedInvoice({ discountType: null, discountValue: null, taxPercent: '0' });
    const response = await call('GET', `download-ledes?InvoiceIds=${first.id}&InvoiceIds=${second.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expectLedes1998B(response.body);
    const records = parseLedes(response.body);
    for (const invoice of [first, second]) {
      const own = records.filter((record) => record.INVOICE_NUMBER === invoice.invoiceNumber);
      expect(addMoney(...own.map((record) => record.LINE_ITEM_TOTAL))).toBe(invoice.totals.total);
    }
    expect((await call('GET', `download-ledes?InvoiceIds=${first.id},${second.id}`)).statusCode).toBe(200);
    const bad = await call('GET', 'download-ledes?InvoiceIds=not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: expect.stringContaining('InvoiceIds') });
    expect((await call('GET', `download-ledes?InvoiceIds=${first.id}`, undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
  });

  it('keeps a write-down’s reason internal: on no document the client reads (PDF, email, public page, portal, LEDES)', async () => {
    await classifyFeeEarners();
    // Issue 64: the pre-bill reason, "kept on the line for the realisation report", printed on the client's PDF.
    const reason = 'Block-billed; partner courtesy reduction';
    const on = fixture.references.matters.find((row) => row.status === 'Open' && row.clientId === fixture.firm.portalClient.clientId)!;
    const invoice = await issuedInvoice({}, { on, writeDown: { adjustedAmount: '100000.00', reason } });
    // The firm still reads it, for its realisation report.
    const firmView = (await call('GET', `get-invoice/${invoice.id}`)).json().data;
    expect(firmView.fees[0]).toMatchObject({ adjustment: '-20000.00', adjustmentReason: reason });

    const pdf = await call('GET', `download-invoice-pdf/${invoice.id}`);
    expect(pdf.statusCode).toBe(200);
    const pdfWords = (await pdfText(pdf.rawPayload)).join(' ');
    expect(pdfWords).toContain(`Adjusted from ${formatMoney('120000.00', invoice.currencySymbol)}`);
    expect(pdfWords).not.toContain('courtesy');

    const sent = await call('POST', `send-invoice/${invoice.id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const email = (await readOutbox(fixture.context.config)).at(-1)!;
    expect(email.subject).toContain(invoice.invoiceNumber);
    const eml = await simpleParser(await outboxEml(email.to));
    expect(`${eml.subject ?? ''} ${eml.text ?? ''} ${eml.html || ''}`).not.toContain('courtesy');
    const attached = eml.attachments.find((attachment) => attachment.contentType === 'application/pdf')!;
    expect((await pdfText(attached.content)).join(' ')).not.toContain('courtesy');

    const slug = email.link!.split('/billing/invoice/')[1]!;
    const page = await anonymous(`/api/public/invoice/${slug}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.fees[0]).toMatchObject({ adjustment: '-20000.00' });
    expect(page.body).not.toContain('courtesy');
    expect((await pdfText((await anonymous(`/api/public/invoice/${slug}/pdf`)).rawPayload)).join(' ')).not.toContain('courtesy');

    const portal = bearer((await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token);
    const portalView = await fixture.context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-invoice/${invoice.id}`,
      headers: portal,
    });
    expect(portalView.statusCode, portalView.body).toBe(200);
    expect(portalView.body).not.toContain('courtesy');
    const portalPdf = await fixture.context.app.inject({
      method: 'GET',
      url: `/api/client-portal/download-invoice-pdf/${invoice.id}`,
      headers: portal,
    });
    expect((await pdfText(portalPdf.rawPayload)).join(' ')).not.toContain('courtesy');

    const ledes = await call('GET', `download-ledes/${invoice.id}`);
    expect(ledes.statusCode, ledes.body).toBe(200);
    expect(parseLedes(ledes.body).find((record) => record['EXP/FEE/INV_ADJ_TYPE'] === 'F')).toMatchObject({
      LINE_ITEM_ADJUSTMENT_AMOUNT: '-20000.00',
      LINE_ITEM_DESCRIPTION: 'Reviewed the lease',
    });
    expect(ledes.body).not.toContain('courtesy');
  });
});

describe('sending, the public link and the email', () => {
  it('emails the client the PDF and a public link; the page shows only the invoice; revoke and reissue', async () => {
    const invoice = await issuedInvoice();
    const before = (await readOutbox(fixture.context.config)).length;
    const sent = await call('POST', `send-invoice/${invoice.id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const messages = await readOutbox(fixture.context.config);
    expect(messages.length).toBe(before + 1);
    const email = messages.at(-1)!;
    expect(email).toMatchObject({
      to: clientEmail,
      subject: expect.stringContaining(invoice.invoiceNumber),
      attachments: [{ filename: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf' }],
    });
    const eml = await outboxEml(clientEmail);
    expect(eml).toContain(`filename=${invoice.invoiceNumber}.pdf`);
    const link = email.link!;
    expect(email.text).toContain(link);
    const slug = link.split('/billing/invoice/')[1]!;
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Only a hash is stored.
    const stored = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ slug_hash: string; first_viewed_at: string | null }>(
        tx.execute(sql`select slug_hash, first_viewed_at from invoice_links where invoice_id = ${invoice.id}`),
      ),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.slug_hash).not.toContain(slug);
    expect(stored[0]!.first_viewed_at).toBeNull();

    const page = await anonymous(`/api/public/invoice/${slug}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json().data;
    expect(body).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      status: 'Sent',
      totals: { total: invoice.totals.total, balanceDue: invoice.totals.balanceDue },
      pdfUrl: `/api/public/invoice/${slug}/pdf`,
    });
    // Nothing of the firm's other data: no ids, no users' emails, no other client.
    for (const marker of [
      fixture.firm.firmId,
      matter().clientId,
      matter().id,
      fixture.firm.users.admin.email,
      fixture.firm.users.admin.id,
    ]) {
      expect(page.body).not.toContain(marker);
    }
    expect(body).not.toHaveProperty('statusHistory');
    expect(page.headers['cache-control']).toBe('no-store');

    const viewed = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ first_viewed_at: string | null; view_count: number }>(
        tx.execute(sql`select first_viewed_at, view_count from invoice_links where invoice_id = ${invoice.id}`),
      ),
    );
    expect(viewed[0]!.first_viewed_at).not.toBeNull();
    expect(viewed[0]!.view_count).toBe(1);

    const pdf = await anonymous(`/api/public/invoice/${slug}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).join('\n')).toContain(`Total ${formatMoney(invoice.totals.total!, invoice.currencySymbol)}`);

    // Revoke: the slug 404s.
    const revoked = await call('POST', `revoke-invoice-link/${invoice.id}`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toEqual({ invoiceId: invoice.id, revokedCount: 1 });
    expect((await anonymous(`/api/public/invoice/${slug}`)).statusCode).toBe(404);
    expect((await anonymous(`/api/public/invoice/${slug}/pdf`)).statusCode).toBe(404);

    // Reissue: a new slug works, the old one stays dead.
    const reissued = await call('POST', `reissue-invoice-link/${invoice.id}`, {});
    expect(reissued.statusCode, reissued.body).toBe(200);
    const fresh = reissued.json().data as { slug: string; url: string };
    expect(fresh.slug).not.toBe(slug);
    expect(fresh.url).toMatch(new RegExp(`/billing/invoice/${fresh.slug}$`));
    expect((await anonymous(`/api/public/invoice/${fresh.slug}`)).statusCode).toBe(200);
    expect((await anonymous(`/api/public/invoice/${slug}`)).statusCode).toBe(404);

    // A void invoice's link shows it as void.
    const voided = await call('POST', `void-invoice/${invoice.id}`, { reason: 'Issued in error' });
    expect(voided.statusCode, voided.body).toBe(200);
    const voidPage = await anonymous(`/api/public/invoice/${fresh.slug}`);
    expect(voidPage.statusCode).toBe(200);
    expect(voidPage.json().data).toMatchObject({ status: 'Void', voidReason: 'Issued in error' });
    expect((await call('POST', `reissue-invoice-link/${invoice.id}`, {})).statusCode).toBe(409);

    const audit = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${invoice.id} order by created_at`)),
    );
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['invoice.emailed', 'invoice.linkIssued', 'invoice.linkRevoked']),
    );
  });

  it('shows the invoice page its current link and where it was emailed; a new link retires the old one', async () => {
    const invoice = await issuedInvoice();
    const none = await call('GET', `get-invoice-link/${invoice.id}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toBeNull();
    expect((await call('POST', `send-invoice/${invoice.id}`, {})).statusCode).toBe(200);
    const emailed = (await readOutbox(fixture.context.config)).filter((message) => message.to === clientEmail).at(-1)!;

    const current = (await call('GET', `get-invoice-link/${invoice.id}`)).json().data;
    expect(current).toMatchObject({ url: emailed.link, emailedTo: clientEmail, viewCount: 0 });
    expect(Date.parse(current.emailedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The slug is kept sealed, never as plain text.
    const [stored] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ slugSealed: string }>(
        tx.execute(sql`select slug_sealed as "slugSealed" from invoice_links where invoice_id = ${invoice.id}`),
      ),
    );
    expect(stored!.slugSealed).not.toContain(emailed.link!.split('/billing/invoice/')[1]!);

    const reissued = (await call('POST', `reissue-invoice-link/${invoice.id}`, {})).json().data as { url: string };
    const after = (await call('GET', `get-invoice-link/${invoice.id}`)).json().data;
    expect(after).toMatchObject({ url: reissued.url, emailedTo: null, emailedAt: null });
    expect(
      (await anonymous(emailed.link!.slice(emailed.link!.indexOf('/billing/invoice/')).replace('/billing/', '/api/public/'))).statusCode,
    ).toBe(404);
    expect((await call('GET', `get-invoice-link/${invoice.id}`, undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', `revoke-invoice-link/${invoice.id}`, {})).statusCode).toBe(200);
    expect((await call('GET', `get-invoice-link/${invoice.id}`)).json().data).toBeNull();
  });

  it('counts the email as its sender’s work on the invoice’s matters in Suggested time, 6 minutes shared between them', async () => {
    const [{ today }] = (await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ today: string }>(tx.execute(sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from firms`)),
    )) as [{ today: string }];
    type Action = { kind: string; subject: string; seconds: number };
    const emailsOn = async (matterId: string, token = admin()) => {
      const answer = await fixture.call('GET', `/api/admin/time-suggestions/get-suggestions?from=${today}&to=${today}`, token);
      expect(answer.statusCode, answer.body).toBe(200);
      const suggestion = (answer.json().data as { matterId: string; narrative: string; actions: Action[] }[]).find(
        (candidate) => candidate.matterId === matterId,
      );
      return {
        narrative: suggestion?.narrative ?? '',
        actions: (suggestion?.actions ?? []).filter((action) => action.kind === 'emailSent'),
      };
    };

    const invoice = await issuedInvoice();
    expect((await call('POST', `send-invoice/${invoice.id}`, {})).statusCode).toBe(200);
    const sent = await emailsOn(matter().id);
    expect(sent.actions).toContainEqual({ kind: 'emailSent', subject: `invoice ${invoice.invoiceNumber} to the client`, seconds: 360 });
    expect(sent.narrative).toMatch(new RegExp(`(^E|; e)mailed invoice ${invoice.invoiceNumber} to the client`));
    // Sent again, to the client's accountant: a second email, named by where it went.
    expect((await call('POST', `send-invoice/${invoice.id}`, { toEmail: 'accounts@client.example' })).statusCode).toBe(200);
    expect((await emailsOn(matter().id)).actions).toContainEqual({
      kind: 'emailSent',
      subject: `invoice ${invoice.invoiceNumber} to accounts@client.example`,
      seconds: 360,
    });
    // Only the sender's work: the fee earner's suggestions hold none of it.
    expect((await emailsOn(matter().id, fixture.tokens.feeEarner)).actions).toEqual([]);

    // One invoice over two of the client's matters: one email, half of it on each.
    const body = {
      clientId: matter().clientId,
      matterName: 'Rent review – Victoria Island office',
      matterRate: 'Hourly',
      matterOpenDate: '2025-01-06',
    };
    const created = await fixture.call(
      'POST',
      '/api/admin/matter-master/create-matter',
      admin(),
      await withClearedConflictCheck(fixture.context.app, admin(), body, matterConflictNames(body)),
    );
    expect(created.statusCode, created.body).toBe(201);
    const secondMatterId = created.json().data.id as string;
    const covering = await issuedInvoice({ matterIds: [matter().id, secondMatterId] });
    expect((await call('POST', `send-invoice/${covering.id}`, {})).statusCode).toBe(200);
    const half = { kind: 'emailSent', subject: `invoice ${covering.invoiceNumber} to the client`, seconds: 180 };
    expect((await emailsOn(matter().id)).actions).toContainEqual(half);
    expect((await emailsOn(secondMatterId)).actions).toEqual([half]);

    // Emailing a bill is the firm's overhead: accepted alone, it becomes time that is not billable.
    const accepted = await fixture.call('POST', '/api/admin/time-suggestions/accept', admin(), {
      workDate: today,
      matterId: secondMatterId,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [entry] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ isBillable: number; totalAmount: string }>(
        tx.execute(sql`select is_billable as "isBillable", total_amount::text as "totalAmount" from time_entries
          where id = ${accepted.json().data.timeEntryIds[0]}`),
      ),
    );
    expect(entry).toEqual({ isBillable: 2, totalAmount: '0.00' });
  });

  it('answers 404 for unknown and malformed links; another firm cannot reissue a link', async () => {
    expect((await anonymous('/api/public/invoice/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const malformed = await anonymous('/api/public/invoice/not-a-slug');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ success: false });
    const invoice = await issuedInvoice();
    const other = await call('POST', `reissue-invoice-link/${invoice.id}`, {}, fixture.tokens.otherAdmin);
    expect(other.statusCode).toBe(404);
    const none = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from invoice_links where invoice_id = ${invoice.id}`)),
    );
    expect(none[0]!.count).toBe(0);
  });
});

describe("the firm's tax identification number", () => {
  const settings = (taxNumber: unknown) =>
    fixture.call('PUT', `${base}/update-invoice-settings`, admin(), {
      invoiceNumberPrefix: 'INV-',
      paymentTermsDays: 30,
      taxPercent: '0',
      taxAppliesTo: 'both',
      invoiceApprovalRequired: false,
      billOfChargesClock: false,
      taxNumber,
    });
  const pdfOf = async (invoiceId: string) =>
    (await pdfText((await call('GET', `download-invoice-pdf/${invoiceId}`)).rawPayload)).join('\n');

  it('is saved trimmed in the invoice settings (at most 50 characters) and printed on the PDF and the public page', async () => {
    expect((await call('GET', 'get-invoice-settings')).json().data.taxNumber).toBeNull();
    const saved = await settings('  12345678-0001 ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.taxNumber).toBe('12345678-0001');
    expect((await call('GET', 'get-invoice-settings')).json().data.taxNumber).toBe('12345678-0001');

    const tooLong = await settings('T'.repeat(51));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, message: 'Tax identification number must be at most 50 characters' });
    expect((await call('GET', 'get-invoice-settings')).json().data.taxNumber).toBe('12345678-0001');
    expect((await settings('T'.repeat(50))).statusCode).toBe(200);
    await settings('12345678-0001');

    const invoice = await issuedInvoice();
    expect(await pdfOf(invoice.id)).toContain('Tax identification number: 12345678-0001');

    const sent = await call('POST', `send-invoice/${invoice.id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const slug = (await readOutbox(fixture.context.config)).at(-1)!.link!.split('/billing/invoice/')[1]!;
    const page = await anonymous(`/api/public/invoice/${slug}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.firm).toMatchObject({ name: expect.any(String), taxNumber: '12345678-0001' });
    const publicPdf = await anonymous(`/api/public/invoice/${slug}/pdf`);
    expect((await pdfText(publicPdf.rawPayload)).join('\n')).toContain('Tax identification number: 12345678-0001');

    // Blank clears it: the bill no longer prints the line.
    const cleared = await settings('   ');
    expect(cleared.json().data.taxNumber).toBeNull();
    expect(await pdfOf(invoice.id)).not.toContain('Tax identification number');
    expect((await anonymous(`/api/public/invoice/${slug}`)).json().data.firm.taxNumber).toBeNull();

    const audit = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ details: { before: { taxNumber: string | null }; after: { taxNumber: string | null } } }>(
        tx.execute(sql`select details from audit_events where action = 'firm.invoiceSettingsUpdated' order by created_at desc limit 1`),
      ),
    );
    expect(audit[0]!.details).toMatchObject({ before: { taxNumber: '12345678-0001' }, after: { taxNumber: null } });
  });
});

describe('the bill’s appearance: accent colour and footer', () => {
  const footer = 'Obi & Co is regulated by the Nigerian Bar Association. Thank you for your instructions.';
  const settings = (appearance: Record<string, unknown>) =>
    fixture.call('PUT', `${base}/update-invoice-settings`, admin(), {
      invoiceNumberPrefix: 'INV-',
      paymentTermsDays: 30,
      taxPercent: '0',
      taxAppliesTo: 'both',
      invoiceApprovalRequired: false,
      billOfChargesClock: false,
      ...appearance,
    });

  it('saves them in the invoice settings, refusing a colour that is not #RRGGBB and a footer over 500 characters', async () => {
    expect((await call('GET', 'get-invoice-settings')).json().data).toMatchObject({ invoiceAccentColour: null, invoiceFooter: null });
    const saved = await settings({ invoiceAccentColour: ' #1f4e79 ', invoiceFooter: `  ${footer} ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ invoiceAccentColour: '#1F4E79', invoiceFooter: footer });
    for (const colour of ['navy', '#1F4E7', '#1F4E79FF', '1F4E79', '#GGGGGG', 7]) {
      const refused = await settings({ invoiceAccentColour: colour, invoiceFooter: footer });
      expect(refused.statusCode, String(colour)).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, message: 'Accent colour must be a colour like #1F6FEB' });
    }
    const tooLong = await settings({ invoiceAccentColour: '#1F4E79', invoiceFooter: 'F'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, message: 'Invoice footer must be at most 500 characters' });
    expect((await call('GET', 'get-invoice-settings')).json().data).toMatchObject({
      invoiceAccentColour: '#1F4E79',
      invoiceFooter: footer,
    });
    // Blank: back to the product's colours and no footer.
    const cleared = await settings({ invoiceAccentColour: '  ', invoiceFooter: '' });
    expect(cleared.json().data).toMatchObject({ invoiceAccentColour: null, invoiceFooter: null });
  });

  it('puts them, with the payment instructions, on the PDF, the public page and both parts of the email', async () => {
    expect((await settings({ invoiceAccentColour: '#1F4E79', invoiceFooter: footer })).statusCode).toBe(200);
    try {
      const invoice = await issuedInvoice();
      const pdf = (await call('GET', `download-invoice-pdf/${invoice.id}`)).rawPayload;
      const text = (await pdfText(pdf)).join('\n');
      expect(text).toContain(footer);
      expect(text).toContain('Pay to Zenith Bank 1234567890');
      expect(pdfContentStreams(pdf)).toContain(`${pdfColourOperands('#1F4E79')} scn`);

      expect((await call('POST', `send-invoice/${invoice.id}`, {})).statusCode).toBe(200);
      const email = (await readOutbox(fixture.context.config)).filter((message) => message.to === clientEmail).at(-1)!;
      expect(email.text).toContain('Payment instructions:\r\nPay to Zenith Bank 1234567890');
      expect(email.text).toContain(footer);
      const parsed = await simpleParser(Buffer.from(await outboxEml(clientEmail), 'utf8'));
      expect(parsed.html).toContain('Payment instructions:<br>Pay to Zenith Bank 1234567890');
      expect(parsed.html).toContain('Obi &amp; Co is regulated by the Nigerian Bar Association.');

      const slug = email.link!.split('/billing/invoice/')[1]!;
      const page = await anonymous(`/api/public/invoice/${slug}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data).toMatchObject({
        firm: { accentColour: '#1F4E79', invoiceFooter: footer },
        paymentInstructions: 'Pay to Zenith Bank 1234567890',
      });
      const publicPdf = (await anonymous(`/api/public/invoice/${slug}/pdf`)).rawPayload;
      expect((await pdfText(publicPdf)).join('\n')).toContain(footer);

      // Cleared: the page says none, and the PDF draws today's grey headings again.
      await settings({});
      expect((await anonymous(`/api/public/invoice/${slug}`)).json().data.firm).toMatchObject({ accentColour: null, invoiceFooter: null });
      const plain = (await call('GET', `download-invoice-pdf/${invoice.id}`)).rawPayload;
      expect(pdfContentStreams(plain)).not.toContain(pdfColourOperands('#1F4E79'));
      expect((await pdfText(plain)).join('\n')).not.toContain('regulated by the Nigerian Bar Association');
    } finally {
      await settings({});
    }
  });
});
