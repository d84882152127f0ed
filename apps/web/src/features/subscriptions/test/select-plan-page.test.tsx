import type { PlanChangePreview, PlanList } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { subscriptionInfo } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { SelectPlanPage } from '../pages/select-plan-page.tsx';

const profile = fakeProfile();
const session = (permissions = ['subscriptionPlan', 'subscriptionPlan.edit']) =>
  fakeSession({ profile, workingUser: workingUserOf(profile), permissions });

const PLANS: PlanList = {
  currencyCode: 'NGN',
  currencySymbol: '₦',
  vatPercent: '7.5',
  trialDays: 14,
  plans: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      code: 'free',
      name: 'Free',
      kind: 'free',
      description: 'One user',
      features: [],
      limits: { users: 1, activeMatters: 10, storageMb: 1024 },
      pricePerSeat: null,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      code: 'standard',
      name: 'Standard',
      kind: 'paid',
      description: 'Per seat',
      features: ['Client portal'],
      limits: { users: null, activeMatters: null, storageMb: 51200 },
      pricePerSeat: { monthly: '15000.00', yearly: '150000.00' },
    },
  ],
};
const PREVIEW: PlanChangePreview = {
  kind: 'start',
  currencyCode: 'NGN',
  currencySymbol: '₦',
  payToday: '64500.00',
  vat: '4500.00',
  nextBillingAmount: '64500.00',
  nextBillingDate: '26/11/2027',
  effectiveDate: '26/11/2026',
  summary: 'Pay today ₦64,500.00 (incl. VAT ₦4,500.00), then ₦64,500.00 on 26/11/2027',
};
const BASE = '/admin/sub-scription-master';
/** Standard, 3 seats of 3, paid to 25/12/2026 with the card Paystack kept. */
const PAID_STANDARD = subscriptionInfo({
  planName: 'Standard',
  totalNumberUsers: 3,
  allocatedNumberUsers: 3,
  subscriptionEndDate: '25/12/2026',
  nextBillingDate: '26/12/2026',
  nextBillingAmount: '48375.00',
  renewalMethod: 'Visa ending 4081',
});

function stub() {
  return stubApi({
    [`GET ${BASE}/get-plans`]: { data: PLANS },
    [`GET ${BASE}/get-subscription-info`]: {
      data: subscriptionInfo({ planName: 'Trial', totalNumberUsers: 3, allocatedNumberUsers: 5, subscriptionEndDate: '10/12/2026' }),
    },
    [`POST ${BASE}/preview-change`]: { data: PREVIEW },
    [`POST ${BASE}/change-plan`]: { data: { outcome: 'checkout', checkoutUrl: 'https://checkout.paystack.test/abc', preview: PREVIEW } },
    [`GET ${BASE}/get-billing-history`]: { data: [] },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Plans & Subscriptions', { timeout: 30_000 }, () => {
  it('shows the plans per seat with VAT, previews yearly seats, and sends the user to the checkout', async () => {
    const api = stub();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderAt(<SelectPlanPage />, { path: '/settings/plans-&-subscriptions/select-plan', session: session() });
    const plans = await screen.findByRole('list', { name: 'Plans' });
    expect(within(plans).getByText('₦15,000.00 per seat / month')).toBeInTheDocument();
    expect(screen.getByText('3 of 5 seats used · trial ends 10/12/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(plans).getByText('₦150,000.00 per seat / year')).toBeInTheDocument();
    const seats = screen.getByRole('textbox', { name: /Seats/ });
    await user.clear(seats);
    await user.type(seats, '4');
    await user.click(screen.getByRole('button', { name: 'Choose Standard' }));
    const change = await screen.findByRole('status');
    expect(change).toHaveTextContent(PREVIEW.summary);
    expect(api.callsTo('POST', `${BASE}/preview-change`)[0]!.body).toEqual({ planId: PLANS.plans[1]!.id, interval: 'yearly', seats: 4 });
    await user.click(within(change).getByRole('button', { name: 'Pay ₦64,500.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paystack.test/abc'));
    expect(api.callsTo('POST', `${BASE}/change-plan`)[0]!.body).toEqual({ planId: PLANS.plans[1]!.id, interval: 'yearly', seats: 4 });
  });

  it('starts from the seats the team page asks for when it adds a seat', async () => {
    stub();
    renderAt(<SelectPlanPage />, { path: '/settings/plans-&-subscriptions/select-plan?seats=6', session: session() });
    expect(await screen.findByRole('textbox', { name: /Seats/ })).toHaveValue('6');
  });

  it('never offers fewer seats than the active users, and shows no Choose button without subscriptionPlan.edit', async () => {
    stub();
    const user = userEvent.setup();
    renderAt(<SelectPlanPage />, { session: session(['subscriptionPlan']) });
    const seats = await screen.findByRole('textbox', { name: /Seats/ });
    await user.clear(seats);
    await user.type(seats, '1');
    await user.tab();
    await waitFor(() => expect(seats).toHaveValue('3'));
    expect(screen.queryByRole('button', { name: 'Choose Standard' })).not.toBeInTheDocument();
  });

  it('cancels a paid plan after asking, lists its charges, and offers to reactivate it', async () => {
    const paid = PAID_STANDARD;
    const cancelled = { ...paid, isCancelled: true, cancellationDate: '26/11/2026', nextBillingDate: null, nextBillingAmount: null };
    let isCancelled = false;
    const api = stubApi({
      [`GET ${BASE}/get-plans`]: { data: PLANS },
      [`GET ${BASE}/get-subscription-info`]: () => ({ data: isCancelled ? cancelled : paid }),
      [`GET ${BASE}/get-billing-history`]: {
        data: [
          {
            id: '00000000-0000-4000-8000-000000000009',
            date: '26/11/2026',
            description: 'Standard, 3 seats, monthly',
            amount: '48375.00',
            vat: '3375.00',
            currencyCode: 'NGN',
            status: 'paid',
            failure: null,
            reference: 'MH-SUB-1',
          },
        ],
      },
      [`POST ${BASE}/cancel`]: () => {
        isCancelled = true;
        return { data: cancelled };
      },
    });
    const user = userEvent.setup();
    renderAt(<SelectPlanPage />, { session: session() });
    expect(await screen.findByText('Next billing: ₦48,375.00 on 26/12/2026 from Visa ending 4081')).toBeInTheDocument();
    const history = await screen.findByRole('table');
    expect(within(history).getByRole('row', { name: /Standard, 3 seats, monthly ₦48,375.00 ₦3,375.00 paid/ })).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Receipt, 26/11/2026, Standard, 3 seats, monthly (PDF)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.getByText(/Cancelled on 26\/11\/2026: access continues to 25\/12\/2026/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/cancel`)).toHaveLength(1);
  });

  it('tells a firm whose renewal was declined why and by when, and pays the renewal through checkout', async () => {
    const pastDue = {
      ...PAID_STANDARD,
      subscriptionEndDate: '25/11/2026',
      nextBillingDate: null,
      nextBillingAmount: null,
      pastDueUntil: '02/12/2026',
    };
    const api = stubApi({
      [`GET ${BASE}/get-plans`]: { data: PLANS },
      [`GET ${BASE}/get-subscription-info`]: { data: pastDue },
      [`GET ${BASE}/get-billing-history`]: {
        data: [
          {
            id: '00000000-0000-4000-8000-000000000010',
            date: '26/11/2026',
            description: 'Standard, 3 seats, monthly (renewal)',
            amount: '48375.00',
            vat: '3375.00',
            currencyCode: 'NGN',
            status: 'failed',
            failure: 'Paystack: Insufficient Funds',
            reference: 'MH-SUB-2',
          },
        ],
      },
      [`POST ${BASE}/preview-change`]: {
        data: {
          ...PREVIEW,
          kind: 'renewal',
          payToday: '48375.00',
          effectiveDate: '26/11/2026',
          summary: 'Pay today ₦48,375.00 (incl. VAT ₦3,375.00), then ₦48,375.00 on 26/12/2026',
        },
      },
      [`POST ${BASE}/change-plan`]: { data: { outcome: 'checkout', checkoutUrl: 'https://checkout.paystack.test/abc', preview: PREVIEW } },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderAt(<SelectPlanPage />, { session: session() });
    expect(await screen.findByText('Renewal not paid')).toBeInTheDocument();
    expect(screen.getByText(/could not be charged to Visa ending 4081\. .* by 02\/12\/2026;/)).toBeInTheDocument();
    expect(await screen.findByText('Paystack: Insufficient Funds')).toBeInTheDocument();
    // No cancel while the renewal is unpaid: paying it is what is offered.
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Standard' }));
    expect(await screen.findByText('This pays the renewal due on 26/11/2026, the day after your last paid period.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay ₦48,375.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paystack.test/abc'));
    expect(api.callsTo('POST', `${BASE}/change-plan`)).toHaveLength(1);
  });

  it('pays an upgrade from the saved card, once, and says so', async () => {
    let info = PAID_STANDARD;
    const upgrade = { ...PREVIEW, kind: 'upgrade' as const, payToday: '32250.00', summary: 'Pay today ₦32,250.00 (incl. VAT ₦2,250.00)' };
    const api = stubApi({
      [`GET ${BASE}/get-plans`]: { data: PLANS },
      [`GET ${BASE}/get-subscription-info`]: () => ({ data: info }),
      [`GET ${BASE}/get-billing-history`]: { data: [] },
      [`POST ${BASE}/preview-change`]: { data: upgrade },
      [`POST ${BASE}/change-plan`]: () => {
        info = { ...info, allocatedNumberUsers: 5 };
        return { data: { outcome: 'charged', checkoutUrl: null, preview: upgrade } };
      },
    });
    const user = userEvent.setup();
    renderAt(<SelectPlanPage />, { session: session() });
    const seats = await screen.findByRole('textbox', { name: /Seats/ });
    await user.clear(seats);
    await user.type(seats, '5');
    await user.click(screen.getByRole('button', { name: 'Choose Standard' }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₦32,250.00 from Visa ending 4081' }));
    expect(await screen.findByText('₦32,250.00 was charged to Visa ending 4081: you are now on Standard, 5 seats')).toBeInTheDocument();
    const [paid] = api.callsTo('POST', `${BASE}/change-plan`);
    expect(paid!.body).toEqual({ planId: PLANS.plans[1]!.id, interval: 'monthly', seats: 5 });
    expect(paid!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/5 seats used|of 5 seats/)).toBeInTheDocument();
  });
});
