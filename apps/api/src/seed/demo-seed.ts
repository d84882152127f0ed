import { eq, sql } from 'drizzle-orm';
import { switchToFirm, type Database, type Tx } from '../db/database.ts';
import {
  clientContacts,
  clients,
  currencies,
  firms,
  matterAssignees,
  matterParties,
  matterPracticeAreas,
  matters,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/secrets.ts';
import { continueNumberingFrom } from '../platform/numbering/numbering.ts';
import { seedCountryAccounts } from '../platform/ledger/ledger.ts';
import * as authApi from '../modules/auth/auth.api.ts';
import { DEFAULT_ACTIVITY_TYPES, DEFAULT_EXPENSE_CATEGORIES, DEFAULT_PRACTICE_AREAS, DEFAULT_ROLES } from '../modules/auth/auth.api.ts';
import { seedDemoRecycleBin } from './demo-recycle-bin.ts';
import { seedDemoDataProtection } from './demo-data-protection.ts';
import { seedDemoRecordViews } from './demo-record-views.ts';
import { seedDemoTasks } from './demo-tasks.ts';
import { seedDemoInvoiceReminders } from './demo-invoice-reminders.ts';
import { seedDemoPaymentPlans } from './demo-payment-plans.ts';
import { seedDemoSavedCard } from './demo-saved-cards.ts';
import { seedDemoPreBillReview } from './demo-pre-bill-review.ts';
import { seedDemoBillRun } from './demo-bill-runs.ts';
import { seedDemoTimers } from './demo-timers.ts';
import { seedDemoQuickAddMatter } from './demo-quick-add.ts';
import { seedDemoWorkActivities } from './demo-work-activities.ts';
import { seedDemoProgressNotes } from './demo-progress-notes.ts';
import { seedDemoFlatFees } from './demo-flat-fees.ts';
import { seedDemoBankAccounts } from './demo-bank-accounts.ts';
import { seedDemoExpenses } from './demo-expenses.ts';
import { seedDemoEngagements } from './demo-engagements.ts';
import type { FileStore } from '../platform/files/files.ts';
import { seedDemoExchangeRates } from './demo-exchange-rates.ts';
import { seedDemoTimeEntries } from './demo-time-entries.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedDemoWithholdingTax } from './demo-withholding-tax.ts';
import { seedDemoTrust } from './demo-trust.ts';
import { seedDemoBudget } from './demo-budget.ts';
import { seedDemoReports } from './demo-reports.ts';
import { seedDemoJournals } from './demo-journals.ts';
import { seedDemoBooksHistory } from './demo-books-history.ts';
import { seedDemoMatterBudgets } from './demo-matter-budgets.ts';
import { seedDemoCourtUpdates } from './demo-court-updates.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { seedDemoPortalMessages } from './demo-portal-messages.ts';
import { seedDemoClientMessages } from './demo-client-messages.ts';
import { seedDemoLeads } from './demo-leads.ts';
import { seedDemoConsultations } from './demo-consultations.ts';
import type { SeededFirm, SeedFirmOptions } from './seeded-firm.ts';

export type { SeededFirm, SeedFirmOptions } from './seeded-firm.ts';

const PEOPLE = [
  ['Chinedu', 'Okonkwo'],
  ['Amaka', 'Nwosu'],
  ['Oluwaseun', 'Adeyemi'],
  ['Fatima', 'Bello'],
  ['Emeka', 'Eze'],
  ['Sarah', 'Whitfield'],
  ['James', 'Holloway'],
  ['Ngozi', 'Obi'],
  ['Ibrahim', 'Musa'],
  ['Funke', 'Akindele'],
] as const;
const CONTACTS = ['Bisi Coker', 'Daniel Reed', 'Halima Yusuf', 'Peter Lawal', 'Zainab Ahmed', 'Victor Nnamdi'];
const COMPANIES = [
  'Lagoon Shipping Ltd',
  'Sahel Agro Holdings Plc',
  'Brightwater Energy Ltd',
  'Kestrel Software Ltd',
  'Ikoyi Properties Ltd',
  'Northbank Pharmaceuticals Plc',
];
const MATTERS = [
  {
    matterName: 'Lease dispute – Victoria Island office',
    billingType: 'Hourly',
    practiceArea: 'Property',
    opposingParty: 'Marina Estates Ltd',
  },
  {
    matterName: 'Share purchase agreement',
    billingType: 'Flat Rate',
    practiceArea: 'Corporate',
    flatRate: '2500000.00',
    opposingParty: 'Harbour Capital Partners',
  },
  {
    matterName: 'Personal injury claim – road accident',
    billingType: 'Contingency',
    practiceArea: 'Litigation',
    contingencyPercentage: '25.00',
    opposingParty: 'Swift Haulage Ltd',
  },
  {
    matterName: 'General corporate advisory',
    billingType: 'Retainer',
    practiceArea: 'Corporate',
    opposingParty: 'Federal Inland Revenue Service',
  },
  {
    matterName: 'Employment tribunal – wrongful dismissal',
    billingType: 'Hourly',
    practiceArea: 'Employment',
    opposingParty: 'Olumide Fashola',
  },
  {
    matterName: 'Trademark registration – KESTREL',
    billingType: 'Flat Rate',
    practiceArea: 'Intellectual Property',
    flatRate: '450000.00',
    opposingParty: 'Kestrel Aviation Ltd',
  },
  {
    matterName: 'Debt recovery – unpaid invoices',
    billingType: 'Contingency',
    practiceArea: 'Litigation',
    contingencyPercentage: '15.00',
    opposingParty: 'Crestline Distributors Ltd',
  },
  {
    matterName: 'Estate administration',
    billingType: 'Hourly',
    practiceArea: 'Probate',
    status: 'Closed',
    opposingParty: 'Adewale Okonkwo',
  },
] as const;

/** A complete, realistic firm: three staff, clients of both kinds, a portal client and matters of every billing type. */
export async function seedFirm(database: Database, options: SeedFirmOptions): Promise<SeededFirm> {
  const passwordHash = await hashPassword(options.password);
  const email = (local: string) => `${local}@${options.emailDomain}`;
  return database.withIdentityLookup(async (tx) => {
    const firmId = await authApi.insertFirm(tx, options.firmName);
    await switchToFirm(tx, firmId);
    const roles = await authApi.insertRoles(tx, firmId, DEFAULT_ROLES);
    const roleId = (name: string) => roles.find((role) => role.name === name)!.id;
    const verified = { emailVerifiedAt: new Date(), firmId, passwordHash };
    const admin = await authApi.insertUser(tx, {
      ...verified,
      email: email('admin'),
      name: 'Ada Okafor',
      roleId: roleId('Administrator'),
      defaultHourlyRate: '75000.00',
      ledesClassification: 'PT',
    });
    const feeEarner = await authApi.insertUser(tx, {
      ...verified,
      email: email('feeearner'),
      name: 'Tunde Bakare',
      roleId: roleId('Fee Earner'),
      defaultHourlyRate: '45000.00',
      ledesClassification: 'AS',
    });
    const billing = await authApi.insertUser(tx, {
      ...verified,
      email: email('billing'),
      name: 'Grace Eze',
      roleId: roleId('Billing'),
      defaultHourlyRate: '30000.00',
      ledesClassification: 'LA',
    });
    await authApi.setFirmOwner(tx, firmId, admin);
    await authApi.insertTrialSubscription(tx, firmId, options.trialStartedDaysAgo);
    await completeFirmSetup(tx, firmId, options.slug);

    const [portalClient] = await tx
      .insert(clients)
      .values({
        firmId,
        clientType: 'individual',
        firstName: 'Kemi',
        lastName: 'Adebayo',
        email: email('client'),
        phone: '+234 803 555 0101',
        address: '12 Awolowo Road, Ikoyi, Lagos',
        isPortalEnabled: true,
      })
      .returning({ id: clients.id });
    await authApi.insertPortalAccount(tx, { firmId, clientId: portalClient!.id, email: email('client'), passwordHash });
    const people = await tx
      .insert(clients)
      .values(
        PEOPLE.map(([firstName, lastName], index) => ({
          firmId,
          clientType: 'individual' as const,
          firstName,
          lastName,
          email: `${firstName}.${lastName}${index}@example.com`.toLowerCase(),
          phone: `+234 802 555 ${String(1000 + index)}`,
        })),
      )
      .returning({ id: clients.id });
    const companies = await tx
      .insert(clients)
      .values(
        COMPANIES.map((companyName, index) => ({
          firmId,
          clientType: 'company' as const,
          companyName,
          email: `legal${index}@${companyName.split(' ')[0]!.toLowerCase()}.example.com`,
          // The first company's e-billing portal takes LEDES 1998BI (with VAT), and needs its tax number.
          ...(index === 0 ? { ledesFormat: '1998BI' as const, taxNumber: '01234567-0001', country: 'Nigeria' } : {}),
        })),
      )
      .returning({ id: clients.id });

    await tx.insert(clientContacts).values(
      companies.map((company, index) => ({
        firmId,
        clientId: company.id,
        name: CONTACTS[index % CONTACTS.length]!,
        jobTitle: 'General Counsel',
        phone: `+234 809 555 ${String(2000 + index)}`,
      })),
    );
    const practiceAreas = await authApi.insertFirmReferenceData(tx, firmId, {
      activityTypes: DEFAULT_ACTIVITY_TYPES,
      expenseCategories: DEFAULT_EXPENSE_CATEGORIES,
      practiceAreas: DEFAULT_PRACTICE_AREAS,
    });
    await seedCountryAccounts(tx, firmId, 'Nigeria');
    const owners = [portalClient!, ...companies, ...people];
    const insertedMatters = await tx
      .insert(matters)
      .values(
        MATTERS.map(({ practiceArea: _practiceArea, opposingParty: _opposingParty, ...matter }, index) => ({
          firmId,
          clientId: owners[index % owners.length]!.id,
          matterNumber: `MAT-${String(index + 1).padStart(5, '0')}`,
          description: `${matter.matterName}.`,
          ...matter,
          shelfLocation: `Cabinet ${String.fromCharCode(65 + index)}`,
          // Two company clients give their matters references of their own (LEDES's CLIENT_MATTER_ID).
          clientMatterReference: index === 1 ? 'LSL/LIT/2024/017' : index === 2 ? 'SAH-LEGAL-0042' : null,
          matterCloseDate: 'status' in matter ? sql`current_date` : null,
        })),
      )
      .returning({ id: matters.id });
    await continueNumberingFrom(tx, firmId, 'matter', MATTERS.length + 1);
    await tx.insert(matterPracticeAreas).values(
      insertedMatters.map((matter, index) => ({
        firmId,
        matterId: matter.id,
        practiceAreaId: practiceAreas.find((area) => area.name === MATTERS[index]!.practiceArea)!.id,
      })),
    );
    await tx.insert(matterParties).values(
      insertedMatters.map((matter, index) => ({
        firmId,
        matterId: matter.id,
        partyRole: 'opposing' as const,
        partyType: 'company' as const,
        name: MATTERS[index]!.opposingParty,
      })),
    );
    await tx.insert(matterAssignees).values(
      insertedMatters.flatMap((matter) => [
        { firmId, matterId: matter.id, userId: admin, hourlyRate: '80000.00' },
        { firmId, matterId: matter.id, userId: feeEarner, hourlyRate: '50000.00' },
      ]),
    );

    return {
      firmId,
      slug: options.slug,
      users: {
        admin: { id: admin, email: email('admin') },
        feeEarner: { id: feeEarner, email: email('feeearner') },
        billing: { id: billing, email: email('billing') },
      },
      portalClient: { clientId: portalClient!.id, email: email('client') },
      otherClientId: people[0]!.id,
      matterIds: insertedMatters.map((matter) => matter.id),
    };
  });
}

async function completeFirmSetup(tx: Tx, firmId: string, slug: string) {
  const [naira] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.isoCode, 'NGN'));
  await tx
    .update(firms)
    .set({
      portalSlug: slug,
      country: 'Nigeria',
      homeCurrencyId: naira?.id ?? null,
      multicurrency: true,
      timeZone: 'Africa/Lagos',
      setupCompletedAt: new Date(),
    })
    .where(eq(firms.id, firmId));
}

export const DEMO_FIRM = { slug: 'demo', firmName: 'Adebayo & Partners (Demo)', emailDomain: 'demo.law' } as const;

/** Seeds the demo firm unless it exists; true when it was created now. With a file store, its demo receipt is stored too. */
/** `appSecret`: the server's APP_SECRET, which seals the demo's signing link as the server will open it. */
export async function seedDemoFirmOnce(database: Database, password: string, files?: FileStore, appSecret?: string): Promise<boolean> {
  const existing = await database.withIdentityLookup((tx) => authApi.findFirmBySlug(tx, DEMO_FIRM.slug));
  if (existing) return false;
  const firm = await seedFirm(database, { ...DEMO_FIRM, password });
  await seedDemoTimeEntries(database, firm);
  await seedDemoFlatFees(database, firm);
  await seedDemoBankAccounts(database, firm);
  await seedDemoExpenses(database, firm, files);
  await seedDemoExchangeRates(database, firm);
  await seedDemoInvoices(database, firm);
  await seedDemoWithholdingTax(database, firm);
  await seedDemoTrust(database, firm);
  await seedDemoJournals(database, firm);
  await seedDemoBooksHistory(database, firm);
  await seedDemoBudget(database, firm);
  await seedDemoReports(database, firm);
  await seedDemoCourtUpdates(database, firm);
  await seedDemoProgressNotes(database, firm);
  await seedDemoDocuments(database, firm, files);
  await seedDemoPortalMessages(database, firm);
  // SMS and WhatsApp: opted-in contacts of the portal client and a log with delivered, failed and queued messages.
  await seedDemoClientMessages(database, firm);
  await seedDemoRecycleBin(database, firm);
  await seedDemoTasks(database, firm);
  await seedDemoInvoiceReminders(database, firm);
  await seedDemoPaymentPlans(database, firm);
  await seedDemoSavedCard(database, firm);
  await seedDemoTimers(database, firm);
  await seedDemoQuickAddMatter(database, firm);
  await seedDemoWorkActivities(database, firm);
  await seedDemoPreBillReview(database, firm);
  await seedDemoBillRun(database, firm);
  // Last, after every demo's time on the matter (the year billed, the drafts waiting for review), so
  // the budget is measured against all the matter has used.
  await seedDemoMatterBudgets(database, firm);
  await seedDemoLeads(database, firm);
  // After the leads demo: a consultation booked for one of its leads.
  await seedDemoConsultations(database, firm);
  // After the leads demo: a cleared lead's engagement terms and its letter out for signature.
  await seedDemoEngagements(database, firm, files, appSecret);
  // Last: the erasure refused for the client with trust money needs the trust demo.
  await seedDemoDataProtection(database, firm);
  // Who looked at the portal client's matter, documents and trust ledger this week.
  await seedDemoRecordViews(database, firm);
  return true;
}
