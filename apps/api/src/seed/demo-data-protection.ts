import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { clients, leads, matters, trustLedgers } from '../db/schema/index.ts';
import { createDataSubjectRequests } from '../modules/data-protection/data-subject-requests.service.ts';
import { createRetention } from '../modules/data-protection/retention.service.ts';
import { createBreaches } from '../modules/data-protection/breaches.service.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';
import { seedDemoPrivacyNotice } from './demo-privacy-notice.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * What Settings › Data protection shows in the demo (NDPA 2023, ADR 92): the portal client's request
 * for a copy of their data, open and due in 27 days; another client's correction, due in 5; an
 * erasure refused for the client whose money the firm holds in trust (the reasons listed); and a
 * lead who asked to be forgotten, erased. And this month's retention review, waiting for approval:
 * a former client whose one matter closed nine years ago. In the breach register: a stolen laptop
 * found 20 hours ago (52 hours left to tell the regulator, the portal client still to tell), and a
 * misdirected email last month, reported to the regulator the next day. And the privacy notice
 * (seedDemoPrivacyNotice): its officer, two versions, a portal user still to agree to the second.
 */
export async function seedDemoDataProtection(database: Database, firm: SeededFirm): Promise<void> {
  const requests = createDataSubjectRequests({ database });
  const admin = seedPrincipalOf(firm);
  await requests.log(admin, {
    subjectType: 'client',
    subjectId: firm.portalClient.clientId,
    kind: 'access',
    receivedOn: daysAgo(3),
    notes: 'Asked by email for a copy of everything we hold on them.',
  });
  await requests.log(admin, {
    subjectType: 'client',
    subjectId: firm.otherClientId,
    kind: 'correction',
    receivedOn: daysAgo(25),
    notes: 'Their address has changed: 4 Bourdillon Road, Ikoyi.',
  });

  const [holder] = await database.withFirm(firm.firmId, (tx) =>
    tx
      .select({ clientId: trustLedgers.clientId })
      .from(trustLedgers)
      .where(and(eq(trustLedgers.firmId, firm.firmId), gt(trustLedgers.balance, '0')))
      .limit(1),
  );
  if (holder) {
    const erasure = await requests.log(admin, {
      subjectType: 'client',
      subjectId: holder.clientId,
      kind: 'erasure',
      receivedOn: daysAgo(6),
      notes: 'Asked to be removed from our records.',
    });
    await requests.erase(admin, erasure.id);
  }

  const [lead] = await database.withFirm(firm.firmId, (tx) =>
    tx
      .insert(leads)
      .values({
        firmId: firm.firmId,
        leadType: 'individual',
        firstName: 'Ngozi',
        lastName: 'Eze',
        displayName: 'Ngozi Eze',
        email: 'ngozi.eze@example.ng',
        phone: '+2348091234567',
        source: 'phone',
        status: 'notEngaged',
        notEngagedReason: 'Chose another firm',
        statusChangedAt: sql`now() - interval '40 days'`,
        createdByUserId: firm.users.admin.id,
      })
      .returning({ id: leads.id }),
  );
  const forget = await requests.log(admin, {
    subjectType: 'lead',
    subjectId: lead!.id,
    kind: 'erasure',
    receivedOn: daysAgo(2),
    notes: 'Did not instruct us and asked that we delete their details.',
  });
  await requests.erase(admin, forget.id);

  await database.withFirm(firm.firmId, async (tx) => {
    const [former] = await tx
      .insert(clients)
      .values({
        firmId: firm.firmId,
        clientType: 'company',
        companyName: 'Creekside Ferries Ltd',
        email: 'legal@creeksideferries.example.ng',
        createdAt: sql`now() - interval '12 years'`,
      })
      .returning({ id: clients.id });
    await tx.insert(matters).values({
      firmId: firm.firmId,
      clientId: former!.id,
      matterName: 'Charter party dispute',
      billingType: 'Hourly',
      status: 'Closed',
      matterOpenDate: sql`current_date - interval '11 years'`,
      matterCloseDate: sql`current_date - interval '9 years'`,
    });
  });
  await createRetention({ database }).findNow(admin);

  const breaches = createBreaches({ database });
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  await breaches.record(admin, {
    title: 'Laptop stolen from a fee earner’s car',
    description: 'Reported to the police at Ikeja; the disk was not encrypted.',
    dataAffected: 'Client files for two matters: names, addresses, court documents',
    peopleAffected: 'The clients of those matters and their opposing parties',
    discoveredAt: hoursAgo(20),
    clientIds: [firm.portalClient.clientId],
  });
  const misdirected = await breaches.record(admin, {
    title: 'Invoice emailed to the wrong client',
    description: null,
    dataAffected: 'One invoice: name, address, the work done',
    peopleAffected: 'One client',
    discoveredAt: hoursAgo(24 * 30),
    clientIds: [firm.otherClientId],
  });
  await breaches.notifyRegulator(admin, misdirected.id, {
    notifiedAt: hoursAgo(24 * 29),
    notifiedTo: 'Nigeria Data Protection Commission',
  });
  await breaches.clientTold(admin, misdirected.id, firm.otherClientId);

  await seedDemoPrivacyNotice(database, firm);
}
