import { SUBSCRIPTION_ENDED_MESSAGE, subscriptionInfoRoute, type SubscriptionInfo } from '@matterhorn/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_INFO_PATH } from '../../features/subscriptions/api/get-subscription-info.ts';
import { API_BASE } from '../../lib/api-client.ts';
import { renderAt } from '../../test/render.tsx';
import { PlanBannerView } from './plan-banner.tsx';
import { planBannerFor, UPGRADE_PATH } from './plan-banner-text.ts';
import { subscriptionInfo } from '../../test/msw/contract-answers.ts';

const TODAY = '2025-06-10';

function subscription(overrides: Partial<SubscriptionInfo>): SubscriptionInfo {
  return subscriptionInfo({
    planName: 'Trial',
    subscriptionStartDate: '01/06/2025',
    subscriptionEndDate: '15/06/2025',
    totalNumberUsers: 1,
    ...overrides,
  });
}

describe('plan banner text', () => {
  it("reads the plan from the subscription contract's path (kept literal so the shell does not carry the contract)", () => {
    expect(`${API_BASE}${SUBSCRIPTION_INFO_PATH}`).toBe(subscriptionInfoRoute.path);
  });

  it('counts the days left in a trial', () => {
    expect(planBannerFor(subscription({ planName: 'Trial', subscriptionEndDate: '15/06/2025' }), TODAY)).toBe('5 days left in trial');
  });

  it('says the firm is on the free plan', () => {
    expect(planBannerFor(subscription({ planName: 'Free', subscriptionEndDate: '31/12/2099' }), TODAY)).toBe("You're on free plan");
  });

  it('says a non-NGN plan past its end date has expired', () => {
    expect(planBannerFor(subscription({ planName: 'Standard', subscriptionEndDate: '01/06/2025', isNGNSubscription: false }), TODAY)).toBe(
      'Subscription Expired',
    );
  });

  it('never calls an NGN plan past its end date expired', () => {
    expect(
      planBannerFor(subscription({ planName: 'Standard', subscriptionEndDate: '01/06/2025', isNGNSubscription: true }), TODAY),
    ).toBeNull();
  });

  it('shows nothing for a paid plan in date', () => {
    expect(planBannerFor(subscription({ planName: 'Standard', subscriptionEndDate: '01/07/2025' }), TODAY)).toBeNull();
  });

  it('links Upgrade to plan selection', () => {
    renderAt(<PlanBannerView text="5 days left in trial" />);
    expect(screen.getByText('5 days left in trial')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', UPGRADE_PATH);
  });

  it('calls a subscription the server holds read-only expired, whatever its dates, and says why saving is disabled', () => {
    const ended = subscription({ planName: 'Standard', subscriptionEndDate: '01/07/2025', isNGNSubscription: true, isReadOnly: true });
    expect(planBannerFor(ended, TODAY)).toBe('Subscription Expired');
    renderAt(<PlanBannerView text="Subscription Expired" isReadOnly />);
    expect(screen.getByText(SUBSCRIPTION_ENDED_MESSAGE)).toBeInTheDocument();
  });
});
