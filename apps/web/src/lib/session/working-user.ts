import { DEFAULT_BILLING_INCREMENT, type BareNumberUnit, type BillingIncrement, type Profile } from '@matterhorn/shared';

/** SPEC.md §3: the working user of the signed-in profile; the first business is always active. */
export type WorkingUser = {
  id: string;
  profileId: string;
  currency: string;
  businessId: string | null;
  name: string;
  email: string;
  firmName: string;
  isSetupComplete: boolean;
  currencyId: number | null;
  currencyISOCode: string;
  multicurrency: boolean;
  /** Hours are billed rounded up to this unit ('0': exact time). */
  billingIncrement: BillingIncrement;
  /** How a whole number typed as a Duration reads: hours, or minutes for those who count so. */
  bareNumberUnit: BareNumberUnit;
  /** The firm suggests time and this member has not opted out. */
  suggestsTime: boolean;
};

export function workingUserOf(profile: Profile): WorkingUser {
  const business = profile.businesses[0];
  return {
    id: business?.adminUserId || profile.id,
    profileId: profile.id,
    currency: business?.currencySymbol ?? '',
    businessId: business?.businessId ?? null,
    name: profile.name,
    email: profile.email,
    firmName: business?.businessName ?? '',
    isSetupComplete: business?.isSetupComplete ?? false,
    currencyId: business?.currencyId ?? null,
    currencyISOCode: business?.currencyISOCode ?? '',
    multicurrency: business?.multicurrency ?? false,
    billingIncrement: business?.billingIncrement ?? DEFAULT_BILLING_INCREMENT,
    bareNumberUnit: profile.bareNumberUnit,
    suggestsTime: profile.suggestsTime,
  };
}

/** The AdminUserId/BusinessId pair most firm calls carry (SPEC.md §7). */
export function firmScopeOf(user: WorkingUser | null): { AdminUserId: string | undefined; BusinessId: string | undefined } {
  return { AdminUserId: user?.id, BusinessId: user?.businessId ?? undefined };
}
