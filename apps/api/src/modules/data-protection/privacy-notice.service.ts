import type { z } from 'zod';
import {
  PRIVACY_NOTICE_MESSAGES,
  type PortalPrivacyNotice,
  type PrivacyNoticeSettings,
  type PublicPrivacyNotice,
  type publishPrivacyNoticeSchema,
  type saveOfficerSchema,
} from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { findFirmBySlug } from '../auth/auth.api.ts';
import {
  findClientConsents,
  findConsentedAt,
  findCurrentNotice,
  findOfficer,
  findVersions,
  insertConsent,
  insertVersion,
  isFirmClient,
  lockNoticeNumbering,
  saveOfficer,
} from './privacy-notice.repository.ts';

const publishedOf = (notice: { version: number; body: string; publishedAt: string }) => ({
  version: notice.version,
  body: notice.body,
  publishedAt: notice.publishedAt,
});

/**
 * The firm's privacy notice (NDPA 2023 ss. 27-28, ADR 92): its data-protection officer, versions
 * published and never edited, and each portal account's consent to a version, once. The portal
 * shows the current version to anyone who has not agreed to it; a firm with none asks nothing.
 */
export function createPrivacyNotice({ database }: { database: Database }) {
  async function settingsIn(tx: Tx, firmId: string): Promise<PrivacyNoticeSettings> {
    return { officer: await findOfficer(tx, firmId), versions: await findVersions(tx, firmId) };
  }

  async function portalViewIn(tx: Tx, principal: PortalPrincipal): Promise<PortalPrivacyNotice> {
    const notice = await findCurrentNotice(tx, principal.firmId);
    const consentedAt = notice ? await findConsentedAt(tx, principal.firmId, principal.portalAccountId, notice.id) : null;
    return {
      officer: await findOfficer(tx, principal.firmId),
      notice: notice ? publishedOf(notice) : null,
      consentedAt,
      needsConsent: notice !== null && consentedAt === null,
    };
  }

  return {
    settings: (principal: FirmPrincipal) => database.withFirm(principal.firmId, (tx) => settingsIn(tx, principal.firmId)),

    saveOfficer: (principal: FirmPrincipal, input: z.output<typeof saveOfficerSchema>) =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = await findOfficer(tx, principal.firmId);
        const after = { name: input.name, email: input.email, phone: input.phone };
        await saveOfficer(tx, principal.firmId, principal.userId, after);
        await recordAuditEvent(tx, principal, 'privacyNotice.officerNamed', principal.firmId, { before, after });
        return settingsIn(tx, principal.firmId);
      }),

    publish: (principal: FirmPrincipal, input: z.output<typeof publishPrivacyNoticeSchema>) =>
      database.withFirm(principal.firmId, async (tx) => {
        await lockNoticeNumbering(tx, principal.firmId);
        const current = await findCurrentNotice(tx, principal.firmId);
        if (current && current.body === input.body)
          throw badRequest('This is the current version’s text: change the notice to publish a new version');
        const published = await insertVersion(tx, principal.firmId, principal.userId, input.body);
        // By id and number only: the words are in the version itself, which is never edited.
        await recordAuditEvent(tx, principal, 'privacyNotice.published', published.id, { version: published.version });
        return settingsIn(tx, principal.firmId);
      }),

    clientConsents: (principal: FirmPrincipal, clientId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await isFirmClient(tx, principal.firmId, clientId))) throw notFound('Client');
        return findClientConsents(tx, principal.firmId, clientId);
      }),

    /** Before sign-up, by the portal's address: what the person will be asked to agree to. */
    async publicNotice(slug: string): Promise<PublicPrivacyNotice> {
      const firm = await database.withIdentityLookup((tx) => findFirmBySlug(tx, slug));
      if (!firm) throw notFound('Firm');
      return database.withFirm(firm.id, async (tx) => {
        const notice = await findCurrentNotice(tx, firm.id);
        return { officer: await findOfficer(tx, firm.id), notice: notice ? publishedOf(notice) : null };
      });
    },

    portalNotice: (principal: PortalPrincipal) => database.withFirm(principal.firmId, (tx) => portalViewIn(tx, principal)),

    consent: (principal: PortalPrincipal, version: number) =>
      database.withFirm(principal.firmId, async (tx) => {
        const notice = await findCurrentNotice(tx, principal.firmId);
        if (!notice || notice.version !== version)
          throw badRequest(PRIVACY_NOTICE_MESSAGES.notCurrent, undefined, 'PRIVACY_CONSENT_REQUIRED');
        await insertConsent(tx, principal.firmId, principal.portalAccountId, notice.id);
        return portalViewIn(tx, principal);
      }),
  };
}

export type PrivacyNotice = ReturnType<typeof createPrivacyNotice>;
