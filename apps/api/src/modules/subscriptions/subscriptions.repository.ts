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
  } | null;
  /** The firm's active members, by name: who a smaller plan would leave without a seat. */
  activeUsers: string[];
};

/** The firm's country, its current (newest) subscription and its active members. */
export async function findFirmBilling(tx: Tx, firmId: string): Promise<FirmBilling> {
  const [firm] = await rowsOf<{ country: string | null }>(tx.execute(sql`select country from firms where id = ${firmId}`));
  const [subscription] = await rowsOf<NonNullable<FirmBilling['subscription']>>(
    tx.execute(sql`select s.status, p.code as "planCode", s.billing_interval as "billingInterval", s.allocated_number_users as seats,
        to_char(s.end_date, 'YYYY-MM-DD') as "endDate", s.currency_code as "currencyCode"
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
        (select count(*)::int from users where users.firm_id = s.firm_id and users.is_active) as "activeUsers"
      from subscriptions s
      join plans p on p.id = s.plan_id
      left join plans scheduled on scheduled.id = s.scheduled_plan_id
      left join currencies money on money.iso_code = s.currency_code
      where s.firm_id = ${firmId} order by s.created_at desc limit 1`),
  );
  return row ?? null;
}
