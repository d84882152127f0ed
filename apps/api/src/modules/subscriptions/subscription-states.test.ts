import { addDays, daysBetween } from '@matterhorn/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_TARGETS,
  PAST_DUE_GRACE_DAYS,
  renewalAttemptDue,
  SUBSCRIPTION_STATUSES,
  transition,
  type SubscriptionEvent,
  type SubscriptionState,
} from './subscription-states.ts';

const TRIAL: SubscriptionState = {
  status: 'trialing',
  planCode: 'trial',
  interval: null,
  seats: 5,
  periodStart: '2026-01-01',
  periodEnd: '2026-01-14',
  cancelAtPeriodEnd: false,
  scheduled: null,
  pastDueSince: null,
};

const apply = (state: SubscriptionState, event: SubscriptionEvent) => {
  const outcome = transition(state, event);
  return 'state' in outcome ? outcome.state : state;
};

describe('the subscription state machine', () => {
  it('walks a trial to a paid plan, an upgrade, a scheduled downgrade, a failed and a paid renewal, and a cancellation', () => {
    let state = apply(TRIAL, { type: 'paid', on: '2026-01-10', planCode: 'standard', interval: 'monthly', seats: 3 });
    expect(state).toMatchObject({ status: 'active', seats: 3, periodStart: '2026-01-10', periodEnd: '2026-02-08' });
    state = apply(state, { type: 'upgraded', on: '2026-01-20', planCode: 'professional', seats: 3 });
    expect(state).toMatchObject({ planCode: 'professional', periodEnd: '2026-02-08' });
    state = apply(state, { type: 'changeScheduled', on: '2026-01-25', planCode: 'standard', interval: 'yearly', seats: 2 });
    expect(transition(state, { type: 'renewalCharged', on: '2026-02-08' })).toEqual({ refused: 'No renewal is due' });
    state = apply(state, { type: 'renewalFailed', on: '2026-02-09' });
    expect(state).toMatchObject({ status: 'past_due', pastDueSince: '2026-02-09', planCode: 'professional' });
    state = apply(state, { type: 'renewalCharged', on: '2026-02-12' });
    // The scheduled change applies at the renewal; the new period follows the old one without a gap.
    expect(state).toMatchObject({
      status: 'active',
      planCode: 'standard',
      interval: 'yearly',
      seats: 2,
      periodStart: '2026-02-09',
      periodEnd: '2027-02-08',
      scheduled: null,
    });
    state = apply(state, { type: 'cancelled', on: '2026-03-01' });
    expect(transition(state, { type: 'cancelled', on: '2026-03-02' })).toEqual({ refused: 'The subscription is already cancelled' });
    expect(apply(state, { type: 'dayBegan', on: '2027-02-08', fitsFree: false }).status).toBe('active');
    expect(apply(state, { type: 'dayBegan', on: '2027-02-09', fitsFree: false }).status).toBe('read_only');
    expect(apply(state, { type: 'reactivated', on: '2026-04-01' }).cancelAtPeriodEnd).toBe(false);
  });

  it('ends a trial on the free plan when the firm fits it, read-only when it does not', () => {
    expect(apply(TRIAL, { type: 'dayBegan', on: '2026-01-14', fitsFree: true }).status).toBe('trialing');
    expect(apply(TRIAL, { type: 'dayBegan', on: '2026-01-15', fitsFree: true })).toMatchObject({
      status: 'free',
      planCode: 'free',
      seats: 1,
    });
    expect(apply(TRIAL, { type: 'dayBegan', on: '2026-01-15', fitsFree: false }).status).toBe('read_only');
  });

  it('turns read-only 7 days after a failed renewal, and a payment brings it back', () => {
    const active = apply(TRIAL, { type: 'paid', on: '2026-01-01', planCode: 'standard', interval: 'monthly', seats: 1 });
    const pastDue = apply(active, { type: 'renewalFailed', on: '2026-01-31' });
    expect(apply(pastDue, { type: 'dayBegan', on: '2026-02-06', fitsFree: true }).status).toBe('past_due');
    const readOnly = apply(pastDue, { type: 'dayBegan', on: addDays('2026-01-31', PAST_DUE_GRACE_DAYS), fitsFree: true });
    expect(readOnly.status).toBe('read_only');
    expect(transition(readOnly, { type: 'renewalCharged', on: '2026-02-08' })).toHaveProperty('refused');
    expect(apply(readOnly, { type: 'paid', on: '2026-02-10', planCode: 'standard', interval: 'monthly', seats: 1 })).toMatchObject({
      status: 'active',
      periodStart: '2026-02-10',
    });
  });

  it('tries a renewal on the billing date, then on the 3rd and 6th day past due, and renews on the terms paid for', () => {
    const active = apply(TRIAL, { type: 'paid', on: '2026-01-01', planCode: 'standard', interval: 'monthly', seats: 3 });
    expect(renewalAttemptDue(active, '2026-01-30')).toBeNull();
    expect(renewalAttemptDue(active, '2026-01-31')).toBe(0);
    expect(renewalAttemptDue(apply(active, { type: 'cancelled', on: '2026-01-05' }), '2026-01-31')).toBeNull();
    const pastDue = apply(active, { type: 'renewalFailed', on: '2026-01-31' });
    const tries = ['2026-01-31', '2026-02-02', '2026-02-03', '2026-02-05', '2026-02-06', '2026-02-07'].map((day) =>
      renewalAttemptDue(pastDue, day),
    );
    expect(tries).toEqual([0, 0, 1, 1, 2, null]);
    expect(
      apply(pastDue, { type: 'renewalCharged', on: '2026-02-02', terms: { planCode: 'professional', interval: 'yearly', seats: 4 } }),
    ).toMatchObject({ status: 'active', planCode: 'professional', seats: 4, periodStart: '2026-01-31', periodEnd: '2027-01-30' });
  });

  it('over any sequence of events: only the table’s moves, refusals change nothing, and a paid period is never shortened', () => {
    const day = fc.integer({ min: 0, max: 800 }).map((offset) => addDays('2026-01-01', offset));
    const terms = {
      planCode: fc.constantFrom('standard', 'professional'),
      interval: fc.constantFrom('monthly', 'yearly' as const),
      seats: fc.integer({ min: 1, max: 50 }),
    };
    const event: fc.Arbitrary<SubscriptionEvent> = fc.oneof(
      fc.record({ type: fc.constant('paid' as const), on: day, ...terms }),
      fc.record({ type: fc.constant('upgraded' as const), on: day, planCode: terms.planCode, seats: terms.seats }),
      fc.record({ type: fc.constant('changeScheduled' as const), on: day, ...terms }),
      fc.record({
        type: fc.constantFrom('renewalCharged' as const, 'renewalFailed' as const, 'cancelled' as const, 'reactivated' as const),
        on: day,
      }),
      fc.record({ type: fc.constant('renewalCharged' as const), on: day, terms: fc.record(terms) }),
      fc.record({ type: fc.constant('dayBegan' as const), on: day, fitsFree: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        let state = TRIAL;
        for (const next of events) {
          const outcome = transition(state, next);
          if ('refused' in outcome) continue;
          const after = outcome.state;
          expect(SUBSCRIPTION_STATUSES).toContain(after.status);
          expect(ALLOWED_TARGETS[state.status]).toContain(after.status);
          expect(after.seats).toBeGreaterThanOrEqual(1);
          // Any event but a payment, taken twice, is refused or changes nothing more. (A payment twice is two payments:
          // a gateway's replayed webhook is kept out by its event id, once, before it reaches the machine.)
          const again = transition(after, next);
          if ('state' in again && next.type !== 'paid' && next.type !== 'renewalCharged') expect(again.state).toEqual(after);
          // A period paid for is kept: only a new first payment or a renewal moves it, and never backwards.
          if (state.status === 'active' || state.status === 'past_due') {
            if (after.status === 'active' || after.status === 'past_due')
              expect(daysBetween(state.periodEnd, after.periodEnd)).toBeGreaterThanOrEqual(0);
          }
          if (after.status === 'past_due') expect(after.pastDueSince).not.toBeNull();
          if (after.status === 'active') expect(after.interval).not.toBeNull();
          // A renewal is tried only while one is due: never in a trial, on the free plan, read-only, or a cancelled period.
          if (renewalAttemptDue(after, next.on) !== null) expect(['active', 'past_due']).toContain(after.status);
          state = after;
        }
      }),
      { numRuns: 300 },
    );
  });
});
