import { PRIVACY_NOTICE_MESSAGES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { findCurrentNotice, insertConsent, type CurrentNotice } from './privacy-notice.repository.ts';

/** What portal sign-up needs of the privacy notice (ADR 92): the current version, and the consent recorded with the new account. */

export const findCurrentPrivacyNotice = (tx: Tx, firmId: string): Promise<CurrentNotice | null> => findCurrentNotice(tx, firmId);

/**
 * A firm with a published notice creates no portal account without consent to it; one that has
 * published none asks nothing. A version other than the current one was read before a newer one
 * was published: the person reads the new one first.
 */
export function assertConsentToCurrent(notice: CurrentNotice | null, consentedVersion: number | undefined): void {
  if (!notice) return;
  if (consentedVersion === undefined) throw badRequest(PRIVACY_NOTICE_MESSAGES.consentRequired, undefined, 'PRIVACY_CONSENT_REQUIRED');
  if (consentedVersion !== notice.version) throw badRequest(PRIVACY_NOTICE_MESSAGES.noticeChanged, undefined, 'PRIVACY_CONSENT_REQUIRED');
}

export const recordPrivacyConsent = (tx: Tx, firmId: string, portalAccountId: string, versionId: string): Promise<void> =>
  insertConsent(tx, firmId, portalAccountId, versionId);
