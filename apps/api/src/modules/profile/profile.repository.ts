import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { currencies, firms, roles, timeRecordingPreferences, users } from '../../db/schema/index.ts';

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
      firmSuggestsTime: firms.suggestsTime,
      bareNumberUnit: timeRecordingPreferences.bareNumberUnit,
      userSuggestsTime: timeRecordingPreferences.suggestsTime,
      setupCompletedAt: firms.setupCompletedAt,
      currencyId: currencies.id,
      currencySymbol: currencies.symbol,
      currencyIsoCode: currencies.isoCode,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(firms, eq(firms.id, users.firmId))
    .leftJoin(currencies, eq(currencies.id, firms.homeCurrencyId))
    .leftJoin(
      timeRecordingPreferences,
      and(eq(timeRecordingPreferences.firmId, users.firmId), eq(timeRecordingPreferences.userId, users.id)),
    )
    .where(eq(users.id, userId));
  return row ?? null;
}
