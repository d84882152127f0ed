import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { currencies, firms, plans, roles, subscriptions, users } from '../../db/schema/index.ts';

export async function findProfile(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      roleName: roles.name,
      firmId: firms.id,
      ownerUserId: firms.ownerUserId,
      firmName: firms.name,
      logo: firms.logo,
      portalSlug: firms.portalSlug,
      multicurrency: firms.multicurrency,
      billingIncrement: firms.billingIncrement,
      setupCompletedAt: firms.setupCompletedAt,
      currencyId: currencies.id,
      currencySymbol: currencies.symbol,
      currencyIsoCode: currencies.isoCode,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(firms, eq(firms.id, users.firmId))
    .leftJoin(currencies, eq(currencies.id, firms.homeCurrencyId))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findCurrentSubscription(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      id: subscriptions.id,
      amount: subscriptions.amount,
      planId: plans.id,
      planName: plans.name,
      planAmount: plans.amount,
      ngnAmount: plans.ngnAmount,
      durationInDays: plans.durationInDays,
      allocatedNumberUsers: subscriptions.allocatedNumberUsers,
      startDate: subscriptions.startDate,
      endDate: subscriptions.endDate,
      paymentType: subscriptions.paymentType,
      paymentTypeId: subscriptions.paymentTypeId,
      isNgnSubscription: subscriptions.isNgnSubscription,
      isCancelled: subscriptions.isCancelled,
      cancellationDate: subscriptions.cancellationDate,
      reactivationDate: subscriptions.reactivationDate,
      currencyId: currencies.id,
      currencyName: currencies.currencyName,
      currencySymbol: currencies.symbol,
      totalNumberUsers: sql<number>`(select count(*)::int from ${users} where ${users.firmId} = ${firmId} and ${users.isActive})`,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(currencies, eq(currencies.id, subscriptions.currencyId))
    .where(and(eq(subscriptions.firmId, firmId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}
