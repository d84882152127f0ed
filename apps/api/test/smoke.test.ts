import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInvoicePdf } from '../src/modules/invoices/documents/invoice-pdf.ts';
import { buildInvoiceFixture } from './support/invoice-fixture.ts';
import { pdfText } from './support/pdf-text.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * The API's smoke test: one pass through what depends most on the Node runtime — the database
 * (PGlite's WebAssembly or node-postgres), password hashing (a native addon), a signed-in write and
 * read with exact money, tenancy, the OpenAPI document and a PDF with its embedded font. CI runs it
 * on Node 24 LTS as well as on the machine's Node (README, "Node versions"), so it stays quick.
 */
let fixture: TimeEntryFixture;
beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

describe(`smoke on Node ${process.versions.node}`, () => {
  it('answers health with the envelope', async () => {
    const response = await fixture.context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'ok', data: { status: 'ok', database: fixture.context.database.kind } });
  });

  it('signs a fee earner in, records time with exact amounts and lists it, and hides it from another firm', async () => {
    const { references, firm, tokens, call } = fixture;
    const created = await call('POST', TIME_ENTRY_BASE, tokens.admin, {
      clientId: references.openMatter.clientId,
      matterId: references.openMatter.id,
      activityId: references.activityIds[0],
      isBillable: 4,
      timeEntryUserId: firm.users.admin.id,
      description: 'Reviewed the lease and drafted a note of advice',
      timeEntryDate: '2025-03-14',
      duration: '1.5',
      userRate: '80000.00',
      exchangeRate: '1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().data;
    expect(entry).toMatchObject({ duration: '1.5000', userRate: '80000.00', totalAmount: '120000.00' });

    const list = await call('GET', `${TIME_ENTRY_BASE}?page=1&size=10`, tokens.admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((row: { id: string }) => row.id)).toContain(entry.id);

    const fromAnotherFirm = await call('GET', `${TIME_ENTRY_BASE}/${entry.id}`, tokens.otherAdmin);
    expect(fromAnotherFirm.statusCode).toBe(404);
    expect(fromAnotherFirm.json().success).toBe(false);
  });

  it('refuses a call without a session', async () => {
    const response = await fixture.context.app.inject({ method: 'GET', url: TIME_ENTRY_BASE });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, message: 'You are unauthorized' });
  });

  it('publishes the OpenAPI document', async () => {
    const response = await fixture.context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toBe('3.1.0');
  });

  it('prints an invoice PDF with the naira sign in its embedded font (its code where the font is missing)', async () => {
    const invoice = {
      ...buildInvoiceFixture({
        lines: [{ type: 'fee', hours: '1.5000', rate: '200.00', amount: '300.00', description: 'Drafting the lease' }],
      }),
      currencySymbol: '₦',
      currencyCode: 'NGN',
    };
    const pdf = await buildInvoicePdf({ firm: { name: 'Adeyemi & Co', address: '3 Broad Street, Lagos' }, invoice });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).join('\n');
    expect(text).toContain('Drafting the lease');
    expect(text.includes('Total ₦300.00') || text.includes('Total NGN 300.00')).toBe(true);
  });
});
