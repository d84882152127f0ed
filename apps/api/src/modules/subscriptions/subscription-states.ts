import { addDays, daysBetween, INTERVAL_DAYS, type BillingInterval } from '@matterhorn/shared';

/**
 * A firm's subscription as a state machine, in one place (issue 38). Only the server (its clock and
 * the firm's requests) and gateway events drive it; the service stores what `transition` answers.
 *
 * - trialing → active (a first payment), or at the trial's end free (the firm fits the free plan's
 *   limits) or read-only.
 * - active → active at each renewal charged (a scheduled change applies then); a failed renewal →
 *   past_due; past_due → active when paid, read-only 7 days after the failure.
 * - An upgrade applies at once (its proration paid); a downgrade, or another interval, is scheduled
 *   for the next billing date. Cancelling keeps the paid period, then read-only; reactivating before
 *   its end undoes it. From free or read-only, a first payment starts a new period.
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'free', 'read_only'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a cancelled subscription takes no change of plan. */
export const REACTIVATE_FIRST = 'Reactivate the subscription before changing it';

/** Days a failed renewal is retried before the firm is read-only. */
export const PAST_DUE_GRACE_DAYS = 7;

export type PlanTerms = { planCode: string; interval: BillingInterval; seats: number };

export type SubscriptionState = {
  status: SubscriptionStatus;
  /** The plan's code; the trial has its own ('trial'). */
  planCode: string;
  /** Paid plans only. */
  interval: BillingInterval | null;
  seats: number;
  /** The first and last day of the current period (ISO, both included). */
  periodStart: string;
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** A downgrade or change of interval waiting for the next billing date. */
  scheduled: PlanTerms | null;
  /** The day the renewal first failed, while past due. */
  pastDueSince: string | null;
};

export type SubscriptionEvent =
  /** A first paid period (checkout), from a trial, the free plan or read-only. */
  | ({ type: 'paid'; on: string } & PlanTerms)
  /** An upgrade whose proration was paid: the plan and seats apply now, the period stays. */
  | { type: 'upgraded'; on: string; planCode: string; seats: number }
  | ({ type: 'changeScheduled'; on: string } & PlanTerms)
  /** terms: what was paid for (a past-due firm may renew on other terms through checkout); else the scheduled change or the current terms. */
  | { type: 'renewalCharged'; on: string; terms?: PlanTerms }
  | { type: 'renewalFailed'; on: string }
  | { type: 'cancelled'; on: string }
  | { type: 'reactivated'; on: string }
  /** The clock: a day has begun. fitsFree: the firm is within the free plan's limits (its users, matters and storage). */
  | { type: 'dayBegan'; on: string; fitsFree: boolean };
export type SubscriptionEventType = SubscriptionEvent['type'];

type Outcome = { state: SubscriptionState } | { refused: string };
type Handler<T extends SubscriptionEventType> = (state: SubscriptionState, event: Extract<SubscriptionEvent, { type: T }>) => Outcome;

const periodFrom = (start: string, interval: BillingInterval) => ({
  periodStart: start,
  periodEnd: addDays(start, INTERVAL_DAYS[interval] - 1),
});

const startPaid: Handler<'paid'> = (_state, event) => ({
  state: {
    status: 'active',
    planCode: event.planCode,
    interval: event.interval,
    seats: event.seats,
    ...periodFrom(event.on, event.interval),
    cancelAtPeriodEnd: false,
    scheduled: null,
    pastDueSince: null,
  },
});

/** The next period on the terms paid for, or with a scheduled change applied. */
const renewed: Handler<'renewalCharged'> = (state, event) => {
  const terms = event.terms ?? renewalTermsOf(state);
  return {
    state: {
      ...state,
      status: 'active',
      ...terms,
      ...periodFrom(addDays(state.periodEnd, 1), terms.interval),
      scheduled: null,
      pastDueSince: null,
    },
  };
};

/** What the next period is billed for: a scheduled change, or the terms as they are. */
export const renewalTermsOf = (state: SubscriptionState): PlanTerms =>
  state.scheduled ?? { planCode: state.planCode, interval: state.interval!, seats: state.seats };

const isPastEnd = (state: SubscriptionState, on: string) => daysBetween(state.periodEnd, on) > 0;

/**
 * The table: each status and the events it takes. An event not listed for a status is refused and
 * changes nothing (a webhook replayed, a cancel of a cancelled plan, a renewal of a trial).
 */
const TRANSITIONS: { [S in SubscriptionStatus]: { [T in SubscriptionEventType]?: Handler<T> } } = {
  trialing: {
    paid: startPaid,
    dayBegan: (state, event) =>
      isPastEnd(state, event.on)
        ? {
            state: {
              ...state,
              status: event.fitsFree ? 'free' : 'read_only',
              planCode: event.fitsFree ? 'free' : state.planCode,
              seats: event.fitsFree ? 1 : state.seats,
            },
          }
        : { state },
  },
  free: { paid: startPaid, dayBegan: (state) => ({ state }) },
  read_only: { paid: startPaid, dayBegan: (state) => ({ state }) },
  active: {
    upgraded: (state, event) =>
      state.cancelAtPeriodEnd
        ? { refused: REACTIVATE_FIRST }
        : { state: { ...state, planCode: event.planCode, seats: event.seats, scheduled: null } },
    changeScheduled: (state, event) =>
      state.cancelAtPeriodEnd
        ? { refused: REACTIVATE_FIRST }
        : { state: { ...state, scheduled: { planCode: event.planCode, interval: event.interval, seats: event.seats } } },
    renewalCharged: (state, event) =>
      state.cancelAtPeriodEnd || !isPastEnd(state, event.on) ? { refused: 'No renewal is due' } : renewed(state, event),
    renewalFailed: (state, event) =>
      state.cancelAtPeriodEnd || !isPastEnd(state, event.on)
        ? { refused: 'No renewal is due' }
        : { state: { ...state, status: 'past_due', pastDueSince: event.on } },
    cancelled: (state) =>
      state.cancelAtPeriodEnd
        ? { refused: 'The subscription is already cancelled' }
        : { state: { ...state, cancelAtPeriodEnd: true, scheduled: null } },
    reactivated: (state) =>
      state.cancelAtPeriodEnd ? { state: { ...state, cancelAtPeriodEnd: false } } : { refused: 'The subscription is not cancelled' },
    // A cancelled plan ends with its period; a renewal due is charged by its own event.
    dayBegan: (state, event) =>
      state.cancelAtPeriodEnd && isPastEnd(state, event.on) ? { state: { ...state, status: 'read_only', scheduled: null } } : { state },
  },
  past_due: {
    renewalCharged: renewed,
    renewalFailed: (state) => ({ state }),
    cancelled: (state) => ({ state: { ...state, status: 'read_only', cancelAtPeriodEnd: true, scheduled: null, pastDueSince: null } }),
    dayBegan: (state, event) =>
      daysBetween(state.pastDueSince!, event.on) >= PAST_DUE_GRACE_DAYS
        ? { state: { ...state, status: 'read_only', scheduled: null, pastDueSince: null } }
        : { state },
  },
};

/** The state after the event, or why the event is refused in this state. */
export function transition(state: SubscriptionState, event: SubscriptionEvent): Outcome {
  const handler = TRANSITIONS[state.status][event.type] as Handler<typeof event.type> | undefined;
  if (!handler) return { refused: `A ${state.status.replace('_', ' ')} subscription cannot take “${event.type}”` };
  return handler(state, event as never);
}

/** The statuses an event may lead to from each status: what the property test holds every run to. */
export const ALLOWED_TARGETS: Record<SubscriptionStatus, SubscriptionStatus[]> = {
  trialing: ['trialing', 'active', 'free', 'read_only'],
  free: ['free', 'active'],
  read_only: ['read_only', 'active'],
  active: ['active', 'past_due', 'read_only'],
  past_due: ['past_due', 'active', 'read_only'],
};

/** The days past due on which a renewal not paid is tried again on the saved card (and the owner told again). */
export const RENEWAL_RETRY_DAYS = [3, 6] as const;

/**
 * Which try of the renewal is due on a day: 0 once an active, uncancelled period has ended; while
 * past due, 1 from the 3rd day and 2 from the 6th (0 before: the try that failed). Null: none is due.
 */
export function renewalAttemptDue(state: SubscriptionState, on: string): number | null {
  if (state.status === 'active') return !state.cancelAtPeriodEnd && isPastEnd(state, on) ? 0 : null;
  if (state.status !== 'past_due' || !state.pastDueSince) return null;
  const daysPastDue = daysBetween(state.pastDueSince, on);
  if (daysPastDue >= PAST_DUE_GRACE_DAYS) return null;
  return RENEWAL_RETRY_DAYS.filter((day) => daysPastDue >= day).length;
}

/** Every write needs a subscription that is not read-only (everything stays readable and exportable). */
export const canWrite = (state: Pick<SubscriptionState, 'status'>) => state.status !== 'read_only';
