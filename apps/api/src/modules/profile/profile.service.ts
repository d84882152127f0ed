import { billingIncrementOf, isoToDisplayDate, roundMoney, type Profile, type SubscriptionInfo } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findCurrentSubscription, findProfile } from './profile.repository.ts';

const NGN_SYMBOL = '₦';

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

    async subscriptionOf(principal: FirmPrincipal): Promise<SubscriptionInfo> {
      const row = await database.withFirm(principal.firmId, (tx) => findCurrentSubscription(tx, principal.firmId));
      if (!row) throw notFound('Subscription');
      const isFreeOfCharge = Number(row.planAmount) === 0;
      return {
        id: row.id,
        amount: roundMoney(row.amount),
        currencyId: row.currencyId,
        currencyName: row.currencyName ?? '',
        currencySymbol: row.currencySymbol ?? '',
        planName: row.planName,
        planId: row.planId,
        allocatedNumberUsers: row.allocatedNumberUsers,
        subscriptionStartDate: isoToDisplayDate(row.startDate),
        subscriptionEndDate: isoToDisplayDate(row.endDate),
        paymentType: row.paymentType,
        paymentTypeId: row.paymentTypeId,
        durationInDays: row.durationInDays,
        totalNumberUsers: row.totalNumberUsers,
        subscriptionAmount: roundMoney(row.planAmount),
        isNGNSubscription: row.isNgnSubscription,
        isCancelled: row.isCancelled,
        cancellationDate: row.cancellationDate ? isoToDisplayDate(row.cancellationDate) : null,
        reactviationDate: row.reactivationDate ? isoToDisplayDate(row.reactivationDate) : null,
        ngnAmount: roundMoney(row.ngnAmount),
        rowAmount: roundMoney(row.planAmount),
        ngnCurrencySymbol: NGN_SYMBOL,
        downGradePlanInfo: null,
        nextBillingDate: isFreeOfCharge || row.isCancelled ? null : isoToDisplayDate(row.endDate),
        nextBillingAmount: isFreeOfCharge || row.isCancelled ? null : roundMoney(row.isNgnSubscription ? row.ngnAmount : row.planAmount),
      };
    },
  };
}
