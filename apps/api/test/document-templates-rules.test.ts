import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { AppError } from '../src/lib/errors.ts';
import { dryRunOf, matterMergeValues, type MergeSource } from '../src/modules/documents/document-templates-merge.ts';
import { fillTemplate, generatedFileName, templateFieldsOf } from '../src/modules/documents/document-templates.ts';
import { docxParagraphs, makeDocx, makeDocxWithBody } from './support/docx-template.ts';

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('Expected a refusal');
}

describe('templateFieldsOf', () => {
  it('lists each field once, in order, with spaces inside the braces ignored', async () => {
    const template = makeDocx(['{ client.name } and {matter.number}', '{client.name}, {matter.custom.Court Ref.}']);
    expect(await templateFieldsOf(template)).toEqual(['client.name', 'matter.number', 'matter.custom.Court Ref.']);
  });

  it('refuses what is not a Word document', async () => {
    const zipWithoutBody = new PizZip();
    zipWithoutBody.file('hello.txt', 'hi');
    const bodyWithoutContentTypes = new PizZip();
    bodyWithoutContentTypes.file('word/document.xml', '<w:document/>');
    const files = [Buffer.from('%PDF-1.4'), zipWithoutBody, bodyWithoutContentTypes].map((file) =>
      Buffer.isBuffer(file) ? file : file.generate({ type: 'nodebuffer' }),
    );
    for (const content of files) {
      const error = await refusal(() => templateFieldsOf(content));
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe(DOCUMENT_MESSAGES.notTemplate);
    }
  });

  it('refuses a broken merge field, saying what is wrong', async () => {
    const error = await refusal(() => templateFieldsOf(makeDocx(['Dear {client.name,'])));
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/^A merge field in this template is broken: .+/);
  });
});

describe('fillTemplate', () => {
  it('writes values as text (never as Word markup) and leaves unknown fields empty', async () => {
    const filled = await fillTemplate(makeDocx(['{client.name} <{client.email}>', '[{unknown}]']), {
      'client.name': 'Smith & Sons <Ltd>',
      'client.email': 'a@b.example',
    });
    expect(docxParagraphs(filled)).toEqual(['Smith & Sons <Ltd> <a@b.example>', '[]']);
  });
  it('reads a field Word split across runs (after a spell check or a change of format)', async () => {
    const split = makeDocxWithBody('<w:p><w:r><w:t>Dear {client.</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>name},</w:t></w:r></w:p>');
    expect(await templateFieldsOf(split)).toEqual(['client.name']);
    expect(docxParagraphs(await fillTemplate(split, { 'client.name': 'Amaka Nwosu' }))).toEqual(['Dear Amaka Nwosu,']);
  });
});

describe('generatedFileName', () => {
  it.each([
    [undefined, 'Engagement letter.docx', 'MAT-00001', 'Engagement letter - MAT-00001.docx'],
    ['  ', 'Letter.DOCX', 'Smith v Jones', 'Letter - Smith v Jones.docx'],
    ['Final letter', 'Letter.docx', 'MAT-1', 'Final letter.docx'],
    ['Final/letter.docx', 'Letter.docx', 'MAT-1', 'Final-letter.docx'],
  ])('%s from %s for %s → %s', (requested, templateName, matterLabel, expected) => {
    expect(generatedFileName(requested, templateName, matterLabel)).toBe(expected);
  });
});

const source = (overrides: Partial<MergeSource['matter']> = {}): MergeSource => ({
  matter: {
    matterId: 'm1',
    matterName: 'Estate of A. Bello',
    matterNumber: 'MAT-00007',
    description: '  ',
    openDate: '2026-02-01',
    billingType: 'Hourly' as MergeSource['matter']['billingType'],
    matterCustomFields: { f2: '2026-12-31' },
    clientId: 'c1',
    clientName: 'Fatima Bello',
    clientEmail: null,
    clientPhone: '+234 800 000',
    clientAddress: '12 Marina',
    clientCity: 'Lagos',
    clientState: null,
    clientPostalCode: '',
    clientCountry: 'Nigeria',
    clientCustomFields: {},
    ...overrides,
  },
  feeEarnerNames: ['Amaka Nwosu', 'Emeka Eze'],
  firm: { name: 'Okonkwo & Co', address: null, email: 'office@okonkwo.example', phone: null, currencySymbol: '₦', today: '2026-11-23' },
  trustBalance: '1234567.5',
  customFields: [
    { id: 'f1', entityType: 'client', label: 'Tax ID', fieldType: 'text' },
    { id: 'f2', entityType: 'matter', label: 'Limitation date', fieldType: 'date' },
  ],
});

describe('matterMergeValues', () => {
  it('fills every field from the matter, formatted as users read them', () => {
    expect(matterMergeValues(source())).toEqual({
      'client.name': 'Fatima Bello',
      'client.email': '',
      'client.phone': '+234 800 000',
      'client.address': '12 Marina, Lagos, Nigeria',
      'matter.name': 'Estate of A. Bello',
      'matter.number': 'MAT-00007',
      'matter.description': '',
      'matter.openDate': '01/02/2026',
      'matter.billingType': 'Hourly',
      'matter.feeEarners': 'Amaka Nwosu, Emeka Eze',
      'matter.responsibleFeeEarner': 'Amaka Nwosu',
      'firm.name': 'Okonkwo & Co',
      'firm.address': '',
      'firm.email': 'office@okonkwo.example',
      'firm.phone': '',
      today: '23/11/2026',
      'trust.balance': '₦1,234,567.50',
      'client.custom.Tax ID': '',
      'matter.custom.Limitation date': '31/12/2026',
    });
  });

  it('lists as missing what is empty or blank', () => {
    const values = matterMergeValues(source());
    expect(dryRunOf(['client.name', 'matter.description', 'client.custom.Tax ID', 'nowhere'], values).missingFields).toEqual([
      'matter.description',
      'client.custom.Tax ID',
      'nowhere',
    ]);
  });
});
