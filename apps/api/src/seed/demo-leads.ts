import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import type { IntakeFieldInput, LeadCreateInput } from '@matterhorn/shared';
import { intakeFormInputSchema, leadCreateSchema } from '@matterhorn/shared';
import { rowsOf, type Database } from '../db/database.ts';
import { createIntakeFormsService } from '../modules/intake-forms/intake-forms.service.ts';
import { createPublicIntakeService } from '../modules/intake-forms/public-intake.service.ts';
import { createLeadsService } from '../modules/leads/leads.service.ts';
import { createLeadFiles, createLeadPipeline } from '../modules/leads/leads.api.ts';
import { createFileStore } from '../platform/files/files.ts';
import { droppingOutbox } from '../platform/outbox/outbox.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const nameFields: IntakeFieldInput[] = [
  { key: 'firstName', type: 'text', label: 'First name', isRequired: true, leadField: 'firstName' },
  { key: 'lastName', type: 'text', label: 'Last name', isRequired: true, leadField: 'lastName' },
  { key: 'email', type: 'email', label: 'Email', isRequired: true, leadField: 'email' },
  { key: 'phone', type: 'phone', label: 'Phone', leadField: 'phone' },
];

/**
 * Intake and leads (issue 45): two published forms ("General enquiry", "Property purchase") and
 * five leads across the pipeline, one sent through a form, the others taken by phone, referral or
 * walk-in, with their conflict checks, notes and moves on their timelines (all of today: a lead's
 * timeline is never rewritten, so the seed does not backdate it).
 */
export async function seedDemoLeads(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const { firmId } = firm;
  const areas = await database.withFirm(firmId, (tx) =>
    rowsOf<{ id: string; name: string }>(tx.execute(sql`select id, name from practice_areas where firm_id = ${firmId}`)),
  );
  const areaId = (name: string) => areas.find((area) => area.name === name)?.id ?? null;
  const forms = createIntakeFormsService(database, '');
  const general = await forms.create(
    principal,
    intakeFormInputSchema.parse({
      name: 'General enquiry',
      slug: 'general-enquiry',
      introduction: 'Tell us briefly what you need help with. We reply within one working day.',
      thankYouText: 'Thank you for contacting Adebayo & Partners. One of our lawyers will call you within one working day.',
      assigneeUserId: firm.users.admin.id,
      fields: [
        ...nameFields,
        { key: 'area', type: 'choice', label: 'What is it about?', options: ['Property', 'Family', 'Employment', 'Company', 'Other'] },
        { key: 'story', type: 'longText', label: 'What happened?', isRequired: true, leadField: 'matterDescription' },
        { key: 'otherSide', type: 'longText', label: 'Who is on the other side?', help: 'One name a line', leadField: 'opposingParties' },
        { key: 'papers', type: 'file', label: 'Any papers (optional)' },
      ],
    }),
  );
  const property = await forms.create(
    principal,
    intakeFormInputSchema.parse({
      name: 'Property purchase',
      slug: 'property-purchase',
      introduction: 'Buying a home or land? Tell us about it and we will check the title before you pay.',
      thankYouText: 'Thank you: a property lawyer will call you within one working day to discuss the purchase.',
      assigneeUserId: firm.users.feeEarner.id,
      practiceAreaId: areaId('Property'),
      fields: [
        ...nameFields,
        { key: 'kind', type: 'choice', label: 'What are you buying?', options: ['A flat', 'A house', 'Land'], isRequired: true },
        { key: 'hasOffer', type: 'yesNo', label: 'Have you had an offer letter?' },
        {
          key: 'offerDate',
          type: 'date',
          label: 'Date of the offer letter',
          showIf: { fieldKey: 'hasOffer', operator: 'equals', values: ['yes'] },
        },
        { key: 'story', type: 'longText', label: 'Tell us about the property', leadField: 'matterDescription' },
        { key: 'seller', type: 'text', label: 'Seller or developer', leadField: 'opposingParties' },
      ],
    }),
  );
  for (const form of [general, property]) await forms.setPublished(principal, form.id, true);

  const intake = createPublicIntakeService({
    database,
    outbox: droppingOutbox,
    appUrl: '',
    leadFiles: createLeadFiles({ database, files: createFileStore({ dataDir: tmpdir(), s3: null }), scanner: null }),
  });
  await intake.submit(firm.slug, 'property-purchase', {
    submissionKey: randomUUID(),
    answers: {
      firstName: 'Chiamaka',
      lastName: 'Obi',
      email: 'chiamaka.obi@example.ng',
      phone: '+234 803 555 0142',
      kind: 'A flat',
      hasOffer: 'yes',
      offerDate: '2026-11-20',
      story: 'A three-bedroom flat in Lekki Phase 1; the developer wants 30% within two weeks.',
      seller: 'Lekki Gardens Development Ltd',
    },
  });

  const leads = createLeadsService(database);
  const pipeline = createLeadPipeline(database);
  const enter = (input: LeadCreateInput) => leads.create(principal, leadCreateSchema.parse(input));

  const emeka = await enter({
    leadType: 'individual',
    firstName: 'Emeka',
    lastName: 'Nwosu',
    phone: '+234 802 555 0199',
    email: 'emeka.nwosu@example.ng',
    source: 'phone',
    matterDescription: 'His landlord changed the locks while rent was paid up to March.',
    opposingParties: [{ name: 'Yaba Court Estates Ltd', partyType: 'company' }],
    practiceAreaId: areaId('Property'),
  });
  await pipeline.changeStatus(principal, emeka.id, { status: 'contacted', reason: null });
  await leads.addNote(principal, emeka.id, 'Called back: he can come in on Tuesday afternoon; asked him to bring the tenancy agreement.');

  const harbour = await enter({
    leadType: 'company',
    companyName: 'Harbour Foods Ltd',
    firstName: 'Ade',
    lastName: 'Okoro',
    email: 'ade.okoro@harbourfoods.example',
    source: 'referral',
    referrerName: 'Chief Bello',
    matterDescription: 'A distributor stopped paying for three container loads (about ₦48 million).',
    opposingParties: [{ name: 'Marina Logistics Ltd', partyType: 'company' }],
    practiceAreaId: areaId('Litigation'),
    assigneeUserId: firm.users.feeEarner.id,
  });
  await pipeline.runConflictCheck(principal, harbour.id);
  await pipeline.recordConflictDecision(principal, harbour.id, { decision: 'no_conflict', notes: null });
  await pipeline.changeStatus(principal, harbour.id, { status: 'consultationBooked', reason: null });

  const funmi = await enter({
    leadType: 'individual',
    firstName: 'Funmi',
    lastName: 'Adeyemi',
    phone: '+234 805 555 0111',
    email: 'funmi.adeyemi@example.ng',
    source: 'walkIn',
    matterDescription: 'Divorce after eleven years; custody of two children and the family house in Surulere.',
    opposingParties: [{ name: 'Segun Adeyemi', partyType: 'individual' }],
    practiceAreaId: areaId('Family'),
  });
  await pipeline.runConflictCheck(principal, funmi.id);
  await pipeline.recordConflictDecision(principal, funmi.id, { decision: 'no_conflict', notes: null });
  for (const status of ['contacted', 'consultationBooked', 'engaged'] as const)
    await pipeline.changeStatus(principal, funmi.id, { status, reason: null });

  const kunle = await enter({
    leadType: 'individual',
    firstName: 'Kunle',
    lastName: 'Bakare',
    phone: '+234 809 555 0177',
    source: 'phone',
    matterDescription: 'Wants to sue a former employer in Ghana for unpaid commission.',
    practiceAreaId: areaId('Employment'),
  });
  await pipeline.changeStatus(principal, kunle.id, {
    status: 'notEngaged',
    reason: 'Outside our jurisdiction: referred to a firm in Accra.',
  });
}
