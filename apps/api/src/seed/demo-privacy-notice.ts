import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { portalAccounts, privacyNoticeConsents, privacyNoticeVersions } from '../db/schema/index.ts';
import { createPrivacyNotice } from '../modules/data-protection/privacy-notice.service.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const FIRST_VERSION = `Adebayo & Partners holds your name, contact details, identity documents and the details of your matters so that we can act for you, bill you and meet our duties as legal practitioners.

We share them only with courts, counsel and experts on your matters, with our bank and payment providers for your payments, and with regulators where the law requires.

We keep financial records for 7 years after the year they relate to, and matter files for 7 years after the matter closes. You may ask to see, correct or erase your data: write to our data-protection officer.`;

const SECOND_VERSION = `${FIRST_VERSION}

New in this version: when you opt in, we send you short updates by SMS or WhatsApp through our messaging provider (a hearing date, an invoice, a message waiting on the portal). The messages never carry more than that.`;

/**
 * The demo's privacy notice (ADR 92): a data-protection officer, version 1 published four months
 * ago and version 2 last week. The portal client (client@…) agreed to both, so the portal opens
 * straight away for them; their colleague Bola (bola@…, same password) agreed to version 1 only
 * and is shown version 2 to accept when signing in.
 */
export async function seedDemoPrivacyNotice(database: Database, firm: SeededFirm): Promise<void> {
  await createPrivacyNotice({ database }).saveOfficer(seedPrincipalOf(firm), {
    name: 'Funmi Adeyemi',
    email: `dpo@${firm.portalClient.email.split('@')[1]}`,
    phone: '+234 803 555 0190',
  });
  await database.withFirm(firm.firmId, async (tx) => {
    const versions = await tx
      .insert(privacyNoticeVersions)
      .values([
        {
          firmId: firm.firmId,
          version: 1,
          body: FIRST_VERSION,
          publishedAt: sql`now() - interval '120 days'`,
          publishedByUserId: firm.users.admin.id,
        },
        {
          firmId: firm.firmId,
          version: 2,
          body: SECOND_VERSION,
          publishedAt: sql`now() - interval '6 days'`,
          publishedByUserId: firm.users.admin.id,
        },
      ])
      .returning({ id: privacyNoticeVersions.id, version: privacyNoticeVersions.version });
    const versionId = (number: number) => versions.find((version) => version.version === number)!.id;
    const [client] = await tx
      .select({ id: portalAccounts.id, passwordHash: portalAccounts.passwordHash })
      .from(portalAccounts)
      .where(and(eq(portalAccounts.firmId, firm.firmId), eq(portalAccounts.clientId, firm.portalClient.clientId)));
    const [colleague] = await tx
      .insert(portalAccounts)
      .values({
        firmId: firm.firmId,
        clientId: firm.portalClient.clientId,
        email: `bola@${firm.portalClient.email.split('@')[1]}`,
        contactName: 'Bola Adebayo',
        passwordHash: client!.passwordHash,
      })
      .returning({ id: portalAccounts.id });
    await tx.insert(privacyNoticeConsents).values([
      { firmId: firm.firmId, versionId: versionId(1), portalAccountId: client!.id, consentedAt: sql`now() - interval '110 days'` },
      { firmId: firm.firmId, versionId: versionId(2), portalAccountId: client!.id, consentedAt: sql`now() - interval '5 days'` },
      { firmId: firm.firmId, versionId: versionId(1), portalAccountId: colleague!.id, consentedAt: sql`now() - interval '100 days'` },
    ]);
  });
}
