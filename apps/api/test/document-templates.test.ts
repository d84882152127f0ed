import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, formatMoney, isoToDisplayDate } from '@matterhorn/shared';
import { setUpDocumentTemplateFixture, PDF, type DocumentTemplateFixture } from './support/document-template-fixture.ts';
import { addDocument, docxParagraphs, findStoredVersion } from './support/docx-template.ts';
import { trustCalls } from './support/trust-fixture.ts';

let fixture: DocumentTemplateFixture;
let matter: { id: string; clientId: string };

beforeAll(async () => {
  fixture = await setUpDocumentTemplateFixture();
  matter = fixture.references.openMatter;
  await fixture.inFirm(sql`update matters set description = 'Recovery of the unpaid invoices' where id = ${matter.id}`);
});

afterAll(async () => {
  await fixture?.close();
});

describe('GET /api/admin/document/get-templates', () => {
  it('lists the Word documents of the Templates folder with the merge fields each uses, and nothing else', async () => {
    const letter = await fixture.addTemplate('Engagement letter.docx', [
      'Dear {client.name},',
      'Re: {matter.name} ({matter.number})',
      '{client.name}',
    ]);
    await addDocument(
      fixture.context.database,
      fixture.documents.files,
      { firmId: fixture.firm.firmId, userId: fixture.firm.users.admin.id, folderId: fixture.templatesFolderId },
      { name: 'Scanned precedent.pdf', content: PDF, contentType: 'application/pdf' },
    );
    const [matterFolder] = await fixture.inFirm<{ id: string }>(
      sql`select id from document_folders where kind = 'matter' and matter_id = ${matter.id}`,
    );
    await fixture.addTemplate('Draft in a matter.docx', ['{client.name}'], matterFolder!.id);

    const response = await fixture.listTemplates(fixture.tokens.feeEarner);
    expect(response.statusCode, response.body).toBe(200);
    const templates = response.json().data as { documentId: string; name: string; versionNumber: number; fields: string[] }[];
    expect(templates.map((template) => template.name)).toContain('Engagement letter.docx');
    expect(templates.map((template) => template.name)).not.toContain('Scanned precedent.pdf');
    expect(templates.map((template) => template.name)).not.toContain('Draft in a matter.docx');
    expect(templates.find((template) => template.documentId === letter.id)).toMatchObject({
      versionNumber: 1,
      fields: ['client.name', 'matter.name', 'matter.number'],
    });
  });
});

describe('POST /api/admin/document/generate-from-template', () => {
  it('fills the template from the matter and saves it in the matter’s folder with the template, its version and the values', async () => {
    const trust = trustCalls(fixture);
    const account = await trust.createAccount();
    const [ledger] = await fixture.inFirm<{ balance: string }>(
      sql`select coalesce(sum(balance), 0)::text as balance from trust_ledgers where client_id = ${matter.clientId} and matter_id = ${matter.id}`,
    );
    await trust.deposit(account.id, { clientId: matter.clientId, matterId: matter.id }, '1234.50');
    const [facts] = await fixture.inFirm<{
      clientName: string;
      matterNumber: string;
      openDate: string;
      symbol: string;
      timeZone: string;
      firmName: string;
    }>(
      sql`select c.display_name as "clientName", m.matter_number as "matterNumber", m.matter_open_date::text as "openDate",
          coalesce(cur.symbol, '') as symbol, f.time_zone as "timeZone", f.name as "firmName"
        from matters m join clients c on c.id = m.client_id join firms f on f.id = m.firm_id
        left join currencies cur on cur.id = f.home_currency_id where m.id = ${matter.id}`,
    );
    const feeEarners = await fixture.inFirm<{ name: string }>(
      sql`select u.name from matter_assignees a join users u on u.id = a.user_id where a.matter_id = ${matter.id} order by u.name, u.id`,
    );
    const template = await fixture.addTemplate('Client care letter.docx', [
      'Dear {client.name},',
      'Matter {matter.number}: {matter.description}, opened {matter.openDate}',
      'Fee earners: {matter.feeEarners}; responsible: {matter.responsibleFeeEarner}',
      'Held in trust: {trust.balance}',
      '{firm.name}, {today}',
      'Signed: {signatory}',
    ]);
    const firmToday = new Intl.DateTimeFormat('en-GB', {
      timeZone: facts!.timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());

    const response = await fixture.generate({ templateDocumentId: template.id, matterId: matter.id, values: { signatory: 'A. Partner' } });
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json().data as { id: string; name: string; matterId: string };
    expect(document.matterId).toBe(matter.id);
    expect(document.name).toBe(`Client care letter - ${facts!.matterNumber}.docx`);

    const stored = await findStoredVersion(fixture.context.database, fixture.firm.firmId, document.id, fixture.documents.files);
    const trustBalance = formatMoney(addMoney(ledger!.balance, '1234.50'), facts!.symbol);
    const names = feeEarners.map((row) => row.name);
    expect(docxParagraphs(stored!.content)).toEqual([
      `Dear ${facts!.clientName},`,
      `Matter ${facts!.matterNumber}: Recovery of the unpaid invoices, opened ${isoToDisplayDate(facts!.openDate)}`,
      `Fee earners: ${names.join(', ')}; responsible: ${names[0] ?? ''}`,
      `Held in trust: ${trustBalance}`,
      `${facts!.firmName}, ${firmToday}`,
      'Signed: A. Partner',
    ]);
    expect(stored).toMatchObject({ folderKind: 'matter', templateDocumentId: template.id, templateVersion: 1 });
    expect(stored!.mergeValues).toMatchObject({ 'client.name': facts!.clientName, 'trust.balance': trustBalance, signatory: 'A. Partner' });
    const events = await fixture.inFirm<{ action: string }>(sql`select action from audit_events where entity_id = ${document.id}`);
    expect(events).toContainEqual({ action: 'document.generatedFromTemplate' });
  });

  it('dry run: every field with its value, the empty and unknown ones missing, and nothing saved', async () => {
    await fixture.inFirm(sql`insert into custom_field_definitions (firm_id, entity_type, label, field_type)
      values (${fixture.firm.firmId}, 'client', 'Tax ID', 'text'), (${fixture.firm.firmId}, 'matter', 'Court Ref', 'text'),
        (${fixture.firm.firmId}, 'matter', 'Hearing', 'date')`);
    const definitions = await fixture.inFirm<{ id: string; label: string }>(
      sql`select id, label from custom_field_definitions where label in ('Court Ref', 'Hearing')`,
    );
    const idOf = (label: string) => definitions.find((definition) => definition.label === label)!.id;
    const bare = fixture.references.matters.find((candidate) => candidate.id !== matter.id && candidate.status === 'Open')!;
    await fixture.inFirm(sql`update matters set description = '',
      custom_fields = ${JSON.stringify({ [idOf('Court Ref')]: 'FHC/L/CS/12/2026', [idOf('Hearing')]: '2026-03-09' })}::jsonb where id = ${bare.id}`);
    const template = await fixture.addTemplate('Notice.docx', [
      '{client.name} {client.custom.Tax ID}',
      '{matter.custom.Court Ref} on {matter.custom.Hearing}',
      '{matter.description}{recipient}',
    ]);
    const before = await fixture.documentCount();

    const response = await fixture.generate({ templateDocumentId: template.id, matterId: bare.id, isDryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    const dryRun = response.json().data as { fields: { name: string; value: string }[]; missingFields: string[] };
    expect(dryRun.fields.map((field) => field.name)).toEqual([
      'client.name',
      'client.custom.Tax ID',
      'matter.custom.Court Ref',
      'matter.custom.Hearing',
      'matter.description',
      'recipient',
    ]);
    expect(dryRun.fields.find((field) => field.name === 'client.name')!.value).not.toBe('');
    expect(dryRun.fields.find((field) => field.name === 'matter.custom.Court Ref')!.value).toBe('FHC/L/CS/12/2026');
    expect(dryRun.fields.find((field) => field.name === 'matter.custom.Hearing')!.value).toBe('09/03/2026');
    expect(dryRun.missingFields).toEqual(['client.custom.Tax ID', 'matter.description', 'recipient']);
    expect(await fixture.documentCount()).toBe(before);

    const filled = await fixture.generate({
      templateDocumentId: template.id,
      matterId: bare.id,
      isDryRun: true,
      values: { recipient: 'The Registrar', 'client.name': 'Overridden Client Ltd', 'matter.description': 'Appeal' },
    });
    const filledRun = filled.json().data as { fields: { name: string; value: string }[]; missingFields: string[] };
    expect(filledRun.fields.find((field) => field.name === 'client.name')!.value).toBe('Overridden Client Ltd');
    expect(filledRun.missingFields).toEqual(['client.custom.Tax ID']);

    const saved = await fixture.generate({
      templateDocumentId: template.id,
      matterId: bare.id,
      values: { 'client.name': 'Overridden Client Ltd' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const stored = await findStoredVersion(fixture.context.database, fixture.firm.firmId, saved.json().data.id, fixture.documents.files);
    // What has no value prints as nothing.
    expect(docxParagraphs(stored!.content)).toEqual(['Overridden Client Ltd ', 'FHC/L/CS/12/2026 on 09/03/2026', '']);
  });
});
