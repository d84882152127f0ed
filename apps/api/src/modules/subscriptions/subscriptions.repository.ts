import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

export type FirmBilling = {
  country: string | null;
  subscription: {
    status: string;
    planCode: string | null;
    billingInterval: string | null;
    seats: number;
    endDate: string;
    currencyCode: string;
    isCancelled: boolean;
  } | null;
  /** The firm's active members, by name: who a smaller plan would leave without a seat. */
  activeUsers: string[];
};

/** The firm's country, its current (newest) subscription and its active members. */
export async function findFirmBilling(tx: Tx, firmId: string): Promise<FirmBilling> {
  const [firm] = await rowsOf<{ country: string | null }>(tx.execute(sql`select country from firms where id = ${firmId}`));
  const [subscription] = await rowsOf<NonNullable<FirmBilling['subscription']>>(
    tx.execute(sql`select s.status, p.code as "planCode", s.billing_interval as "billingInterval", s.allocated_number_users as seats,
        to_char(s.end_date, 'YYYY-MM-DD') as "endDate", s.currency_code as "currencyCode", s.is_cancelled as "isCancelled"
      from subscriptions s join plans p on p.id = s.plan_id
      where s.firm_id = ${firmId} order by s.created_at desc limit 1`),
  );
  const users = await rowsOf<{ name: string }>(
    tx.execute(sql`select name from users where firm_id = ${firmId} and is_active order by name, id`),
  );
  return { country: firm?.country ?? null, subscription: subscription ?? null, activeUsers: users.map((user) => user.name) };
}

export type SubscriptionDetails = {
  id: string;
  status: string;
  planId: string;
  planCode: string | null;
  planName: string;
  planDays: number;
  billingInterval: string | null;
  currencyCode: string;
  currencyId: number | null;
  currencyName: string | null;
  currencySymbol: string | null;
  seats: number;
  startDate: string;
  endDate: string;
  paymentType: string;
  paymentTypeId: number;
  isCancelled: boolean;
  cancellationDate: string | null;
  reactivationDate: string | null;
  scheduledPlanId: string | null;
  scheduledPlanCode: string | null;
  scheduledPlanName: string | null;
  scheduledInterval: string | null;
  scheduledSeats: number | null;
  renewalMethodDescription: string | null;
  pastDueSince: string | null;
  activeUsers: number;
};

/** The firm's current (newest) subscription with its plan, billing currency, scheduled change and active members. */
export async function findSubscriptionDetails(tx: Tx, firmId: string): Promise<SubscriptionDetails | null> {
  const [row] = await rowsOf<SubscriptionDetails>(
    tx.execute(sql`select s.id, s.status, p.id as "planId", p.code as "planCode", p.name as "planName", p.duration_in_days as "planDays",
        s.billing_interval as "billingInterval", s.currency_code as "currencyCode", money.id as "currencyId",
        money.currency_name as "currencyName", money.symbol as "currencySymbol", s.allocated_number_users as seats,
        to_char(s.start_date, 'YYYY-MM-DD') as "startDate", to_char(s.end_date, 'YYYY-MM-DD') as "endDate",
        s.payment_type as "paymentType", s.payment_type_id as "paymentTypeId", s.is_cancelled as "isCancelled",
        to_char(s.cancellation_date, 'YYYY-MM-DD') as "cancellationDate", to_char(s.reactivation_date, 'YYYY-MM-DD') as "reactivationDate",
        scheduled.id as "scheduledPlanId", scheduled.code as "scheduledPlanCode", scheduled.name as "scheduledPlanName",
        s.scheduled_interval as "scheduledInterval", s.scheduled_seats as "scheduledSeats",
        s.renewal_method_description as "renewalMethodDescription", to_char(s.past_due_since, 'YYYY-MM-DD') as "pastDueSince",
        (select count(*)::int from users where users.firm_id = s.firm_id and users.is_active) as "activeUsers"
      from subscriptions s
      join plans p on p.id = s.plan_id
      left join plans scheduled on scheduled.id = s.scheduled_plan_id
      left join currencies money on money.iso_code = s.currency_code
      where s.firm_id = ${firmId} order by s.created_at desc limit 1`),
  );
  return row ?? null;
}

export type SubscriptionStateRow = {
  id: string;
  status: string;
  planCode: string;
  billingInterval: string | null;
  seats: number;
  startDate: string;
  endDate: string;
  isCancelled: boolean;
  scheduledPlanCode: string | null;
  scheduledInterval: string | null;
  scheduledSeats: number | null;
  pastDueSince: string | null;
  currencyCode: string;
};

/** The firm's current subscription as the state machine reads it, locked until the transaction ends. */
export async function lockSubscriptionState(tx: Tx, firmId: string): Promise<SubscriptionStateRow | null> {
  const [row] = await rowsOf<SubscriptionStateRow>(
    tx.execute(sql`select s.id, s.status, p.code as "planCode", s.billing_interval as "billingInterval", s.allocated_number_users as seats,
        to_char(s.start_date, 'YYYY-MM-DD') as "startDate", to_char(s.end_date, 'YYYY-MM-DD') as "endDate", s.is_cancelled as "isCancelled",
        scheduled.code as "scheduledPlanCode", s.scheduled_interval as "scheduledInterval", s.scheduled_seats as "scheduledSeats",
        to_char(s.past_due_since, 'YYYY-MM-DD') as "pastDueSince", s.currency_code as "currencyCode"
      from subscriptions s join plans p on p.id = s.plan_id left join plans scheduled on scheduled.id = s.scheduled_plan_id
      where s.firm_id = ${firmId} order by s.created_at desc limit 1
      for update of s`),
  );
  return row ?? null;
}

/** Writes the state the machine answered onto the subscription (plans by code); the amount kept is the period's, before VAT. */
export async function saveSubscriptionState(
  tx: Tx,
  firmId: string,
  subscriptionId: string,
  state: {
    status: string;
    planCode: string;
    interval: string | null;
    seats: number;
    periodStart: string;
    periodEnd: string;
    cancelAtPeriodEnd: boolean;
    scheduled: { planCode: string; interval: string; seats: number } | null;
    pastDueSince: string | null;
    currencyCode: string;
    periodAmount: string;
    cancelledOn?: string | null;
    reactivatedOn?: string | null;
  },
) {
  await tx.execute(sql`update subscriptions set status = ${state.status},
      plan_id = (select id from plans where code = ${state.planCode}), billing_interval = ${state.interval},
      allocated_number_users = ${state.seats}, start_date = ${state.periodStart}, end_date = ${state.periodEnd},
      is_cancelled = ${state.cancelAtPeriodEnd}, currency_code = ${state.currencyCode}, is_ngn_subscription = ${state.currencyCode === 'NGN'},
      amount = ${state.periodAmount},
      scheduled_plan_id = (select id from plans where code = ${state.scheduled?.planCode ?? null}),
      scheduled_interval = ${state.scheduled?.interval ?? null}, scheduled_seats = ${state.scheduled?.seats ?? null},
      past_due_since = ${state.pastDueSince},
      cancellation_date = coalesce(${state.cancelledOn ?? null}::date, cancellation_date),
      reactivation_date = coalesce(${state.reactivatedOn ?? null}::date, reactivation_date)
    where firm_id = ${firmId} and id = ${subscriptionId}`);
}

export type ChargeRow = {
  id: string;
  reference: string;
  gateway: string;
  kind: 'start' | 'upgrade' | 'renewal';
  planCode: string;
  billingInterval: string;
  seats: number;
  amountMinor: number;
  vatMinor: number;
  currencyCode: string;
  status: string;
  /** A renewal's: the last day of the period it follows. */
  renewsPeriodEnd: string | null;
  /** A renewal the clock charged to the saved card: which try (0, 1, 2); null for one paid through checkout. */
  renewalAttempt: number | null;
};

type NewCharge = Omit<ChargeRow, 'id' | 'status' | 'planCode' | 'renewalAttempt'> & {
  firmId: string;
  planId: string;
  requestedByUserId: string;
};

export async function insertCharge(tx: Tx, values: NewCharge) {
  await tx.execute(sql`insert into subscription_charges (firm_id, reference, gateway, kind, plan_id, billing_interval, seats,
      amount_minor, vat_minor, currency_code, requested_by_user_id, renews_period_end)
    values (${values.firmId}, ${values.reference}, ${values.gateway}, ${values.kind}, ${values.planId}, ${values.billingInterval},
      ${values.seats}, ${values.amountMinor}, ${values.vatMinor}, ${values.currencyCode}, ${values.requestedByUserId},
      ${values.renewsPeriodEnd})`);
}

/**
 * A try of a renewal on the saved card, once (false: this try was made already, by this clock or
 * another replica's). With no card to charge it is written failed, saying why.
 */
export async function insertRenewalAttempt(
  tx: Tx,
  values: Omit<NewCharge, 'planId' | 'kind' | 'renewsPeriodEnd'> & {
    planCode: string;
    renewsPeriodEnd: string;
    renewalAttempt: number;
    failure: string | null;
  },
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into subscription_charges (firm_id, reference, gateway, kind, plan_id, billing_interval, seats,
        amount_minor, vat_minor, currency_code, requested_by_user_id, renews_period_end, renewal_attempt, status, failure, settled_at)
      values (${values.firmId}, ${values.reference}, ${values.gateway}, 'renewal', (select id from plans where code = ${values.planCode}),
        ${values.billingInterval}, ${values.seats}, ${values.amountMinor}, ${values.vatMinor}, ${values.currencyCode},
        ${values.requestedByUserId}, ${values.renewsPeriodEnd}, ${values.renewalAttempt},
        ${values.failure === null ? 'pending' : 'failed'}, ${values.failure}, ${values.failure === null ? null : sql`now()`})
      on conflict (firm_id, renews_period_end, renewal_attempt) where renewal_attempt is not null do nothing
      returning id`),
  );
  return rows.length > 0;
}

/** What renewals are charged to (sealed), or null when no payment saved a card or account. */
export async function findRenewalMethod(tx: Tx, firmId: string) {
  const [row] = await rowsOf<{ gateway: string; sealed: string; description: string }>(
    tx.execute(sql`select renewal_gateway as gateway, renewal_method_sealed as sealed, renewal_method_description as description
      from subscriptions where id = (${currentSubscriptionId(firmId)}) and renewal_method_sealed is not null`),
  );
  return row ?? null;
}

/** Who the firm's subscription is billed to: its owner (else its first member), by name and e-mail, and the firm's name. */
export async function findBillingContact(tx: Tx, firmId: string) {
  const [row] = await rowsOf<{ userId: string; name: string; email: string; firmName: string }>(
    tx.execute(sql`select u.id as "userId", u.name, u.email, f.name as "firmName"
      from firms f join users u on u.id = coalesce(f.owner_user_id,
        (select first.id from users first where first.firm_id = f.id order by first.created_at limit 1))
      where f.id = ${firmId}`),
  );
  return row ?? null;
}

/** The charge's firm, by our reference (the identity lookup: a webhook names no firm). */
export async function findFirmOfCharge(tx: Tx, reference: string) {
  const [row] = await rowsOf<{ firmId: string; gateway: string }>(
    tx.execute(sql`select firm_id as "firmId", gateway from subscription_charges where reference = ${reference}`),
  );
  return row ?? null;
}

export async function lockCharge(tx: Tx, firmId: string, reference: string): Promise<ChargeRow | null> {
  const [row] = await rowsOf<ChargeRow>(
    tx.execute(sql`select c.id, c.reference, c.gateway, c.kind, p.code as "planCode", c.billing_interval as "billingInterval", c.seats,
        c.amount_minor::float8 as "amountMinor", c.vat_minor::float8 as "vatMinor", c.currency_code as "currencyCode", c.status,
        to_char(c.renews_period_end, 'YYYY-MM-DD') as "renewsPeriodEnd", c.renewal_attempt as "renewalAttempt"
      from subscription_charges c join plans p on p.id = c.plan_id
      where c.firm_id = ${firmId} and c.reference = ${reference} for update of c`),
  );
  return row ?? null;
}

export async function settleCharge(
  tx: Tx,
  firmId: string,
  chargeId: string,
  status: 'paid' | 'failed' | 'refused',
  failure: string | null,
) {
  await tx.execute(sql`update subscription_charges set status = ${status}, failure = ${failure}, settled_at = now()
    where firm_id = ${firmId} and id = ${chargeId}`);
}

/** The event, kept verbatim, once: false when its id was there already (a repeated delivery). */
export async function insertSubscriptionEvent(
  tx: Tx,
  values: { firmId: string; gateway: string; eventId: string; eventType: string; chargeId: string; payload: string },
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into subscription_gateway_events (firm_id, gateway, event_id, event_type, charge_id, payload, outcome)
      values (${values.firmId}, ${values.gateway}, ${values.eventId}, ${values.eventType}, ${values.chargeId}, ${values.payload}, 'processing')
      on conflict (gateway, event_id) do nothing returning id`),
  );
  return rows.length > 0;
}

export async function setSubscriptionEventOutcome(tx: Tx, firmId: string, gateway: string, eventId: string, outcome: string) {
  await tx.execute(sql`update subscription_gateway_events set outcome = ${outcome}
    where firm_id = ${firmId} and gateway = ${gateway} and event_id = ${eventId}`);
}

export async function findUserEmail(tx: Tx, firmId: string, userId: string) {
  const [row] = await rowsOf<{ email: string }>(tx.execute(sql`select email from users where firm_id = ${firmId} and id = ${userId}`));
  return row?.email ?? null;
}

export type ChargeHistoryRow = Omit<ChargeRow, 'kind' | 'planCode' | 'renewsPeriodEnd' | 'renewalAttempt'> & {
  kind: string;
  createdAt: string;
  settledAt: string | null;
  planName: string;
  failure: string | null;
};

const CHARGE_COLUMNS = sql`c.id, to_char(c.created_at, 'YYYY-MM-DD') as "createdAt", to_char(c.settled_at, 'YYYY-MM-DD') as "settledAt",
  c.kind, p.name as "planName", c.billing_interval as "billingInterval", c.seats, c.amount_minor::float8 as "amountMinor",
  c.vat_minor::float8 as "vatMinor", c.currency_code as "currencyCode", c.status, c.failure, c.reference, c.gateway`;

/** The firm's charges, newest first. */
export function findChargeHistory(tx: Tx, firmId: string) {
  return rowsOf<ChargeHistoryRow>(
    tx.execute(sql`select ${CHARGE_COLUMNS}
      from subscription_charges c join plans p on p.id = c.plan_id
      where c.firm_id = ${firmId} order by c.created_at desc, c.id desc limit 500`),
  );
}

/** The firm's current subscription's status: one statement, sent in the request's first flight. */
export const subscriptionStatusStatement = (firmId: string) =>
  sql`select status from subscriptions where firm_id = ${firmId} order by created_at desc limit 1`;

/** The firm's current subscription: its newest. */
const currentSubscriptionId = (firmId: string) =>
  sql`select id from subscriptions where firm_id = ${firmId} order by created_at desc limit 1`;

/** What the free plan limits, as the firm stands: its active members, open matters and documents' storage. */
export async function findFreePlanUsage(tx: Tx, firmId: string) {
  // Storage: every version of every document the firm keeps, those in the recycle bin too (their files are kept).
  const [row] = await rowsOf<{ users: number; openMatters: number; storageBytes: string }>(
    tx.execute(sql`select (select count(*)::int from users where firm_id = ${firmId} and is_active) as users,
        (select count(*)::int from matters where firm_id = ${firmId} and status = 'Open' and deleted_at is null) as "openMatters",
        (select coalesce(sum(size_bytes), 0)::text from document_versions where firm_id = ${firmId}) as "storageBytes"`),
  );
  return { users: row!.users, openMatters: row!.openMatters, storageBytes: Number(row!.storageBytes) };
}

/** Keeps what the firm's renewals will be charged to (a payment's saved card or account, already encrypted). */
export async function saveRenewalMethod(
  tx: Tx,
  firmId: string,
  method: { gateway: string; sealed: string; description: string },
): Promise<void> {
  await tx.execute(sql`update subscriptions set renewal_gateway = ${method.gateway}, renewal_method_sealed = ${method.sealed},
      renewal_method_description = ${method.description}
    where firm_id = ${firmId} and id = (${currentSubscriptionId(firmId)})`);
}

/** A paid charge of the firm's, for its receipt (with the firm's name), or null. */
export async function findPaidCharge(tx: Tx, firmId: string, chargeId: string) {
  const [row] = await rowsOf<ChargeHistoryRow & { firmName: string }>(
    tx.execute(sql`select ${CHARGE_COLUMNS}, f.name as "firmName"
      from subscription_charges c join plans p on p.id = c.plan_id join firms f on f.id = c.firm_id
      where c.firm_id = ${firmId} and c.id = ${chargeId} and c.status = 'paid'`),
  );
  return row ?? null;
}
