import { billingIncrementOf, type Profile } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findProfile } from './profile.repository.ts';

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(database: Database) {
  return {
    /** SPEC.md §3 Profile; a user belongs to one firm, so businesses[] has one entry. */
    async profileOf(principal: FirmPrincipal): Promise<Profile> {
      const row = await database.withFirm(principal.firmId, (tx) => findProfile(tx, principal.userId));
      if (!row) throw notFound('Profile');
      const adminUserId = row.ownerUserId ?? row.id;
      return {
        id: row.id,
        adminUserId,
        name: row.name,
        email: row.email,
        isVerified: row.emailVerifiedAt !== null,
        roleName: row.roleName,
        bareNumberUnit: row.bareNumberUnit === 'minutes' ? 'minutes' : 'hours',
        // No preferences row yet: the member has not opted out.
        suggestsTime: row.firmSuggestsTime && row.userSuggestsTime !== false,
        businesses: [
          {
            businessId: row.firmId,
            adminUserId,
            businessName: row.firmName,
            currencySymbol: row.currencySymbol ?? '',
            currencyId: row.currencyId,
            currencyISOCode: row.currencyIsoCode ?? '',
            multicurrency: row.multicurrency,
            billingIncrement: billingIncrementOf(row.billingIncrement),
            profilePhoto: row.logo,
            portalSlug: row.portalSlug,
            isSetupComplete: row.setupCompletedAt !== null,
          },
        ],
      };
    },
  };
}
