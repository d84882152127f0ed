import { planBannerText, planStatusOf, type SubscriptionInfo } from '@matterhorn/shared';
import { todayIso } from '@matterhorn/shared';

export const UPGRADE_PATH = '/settings/plans-&-subscriptions/select-plan';

/** The banner's text for a subscription, or null when no banner shows (free, trial or expired only). */
export function planBannerFor(subscription: SubscriptionInfo, today: string = todayIso()): string | null {
  return planBannerText(planStatusOf(subscription, today));
}
