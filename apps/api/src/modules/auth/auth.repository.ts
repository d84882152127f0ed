import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { seedLedgerAccounts } from '../../platform/ledger/ledger.ts';
import {
  activityTypes,
  expenseCategories,
  authTokens,
  clients,
  firms,
  plans,
  portalAccounts,
  practiceAreas,
  roles,
  sessions,
  signInFailures,
  subscriptions,
  userRecoveryCodes,
  users,
} from '../../db/schema/index.ts';

type TokenPurpose = (typeof authTokens.$inferInsert)['purpose'];

export type FirmSessionRow = {
  session_id: string;
  firm_id: string;
  user_id: string;
  admin_user_id: string;
  permissions: string[];
  email_verified_at: string | null;
  last_active_at: string | Date;
};
export type PortalSessionRow = {
  session_id: string;
  firm_id: string;
  portal_account_id: string;
  client_id: string;
  company: string | null;
};

/**
 * The session check of a signed-in request: one SECURITY DEFINER function (migration 0015) that
 * filters by the token's firm itself. A request that runs in its own transaction sends it first in
 * that transaction's flight (ADR 38); the routes that open their own transactions call it alone.
 */
export const firmSessionCheck = (firmId: string, sessionId: string): SQL =>
  sql`select * from firm_session(${firmId}::uuid, ${sessionId}::uuid)`;
export const portalSessionCheck = (firmId: string, sessionId: string): SQL =>
  sql`select * from portal_session(${firmId}::uuid, ${sessionId}::uuid)`;

/** The session check on the owner connection, outside any transaction: one round trip. */
export async function findFirmSession(db: Db, firmId: string, sessionId: string) {
  const result = await db.execute(firmSessionCheck(firmId, sessionId));
  return firmSessionOf((result as unknown as { rows: FirmSessionRow[] }).rows[0]);
}

export function firmSessionOf(row: FirmSessionRow | undefined) {
  if (!row) return null;
  return {
    sessionId: row.session_id,
    firmId: row.firm_id,
    userId: row.user_id,
    adminUserId: row.admin_user_id,
    permissions: row.permissions,
    emailVerifiedAt: row.email_verified_at,
    lastActiveAt: new Date(row.last_active_at).getTime(),
  };
}

/** The portal's session check: one call, like findFirmSession's. */
export async function findPortalSession(db: Db, firmId: string, sessionId: string) {
  const result = await db.execute(portalSessionCheck(firmId, sessionId));
  return portalSessionOf((result as unknown as { rows: PortalSessionRow[] }).rows[0]);
}

export function portalSessionOf(row: PortalSessionRow | undefined) {
  if (!row) return null;
  return {
    sessionId: row.session_id,
    firmId: row.firm_id,
    portalAccountId: row.portal_account_id,
    clientId: row.client_id,
    company: row.company,
  };
}

/**
 * Opens a session that lasts the firm's maximum session age for a member (issue 39), or `portalHours`
 * for a client; answers its id and end.
 */
export async function insertSession(
  tx: Tx,
  values: Omit<typeof sessions.$inferInsert, 'expiresAt'>,
  portalHours: number,
): Promise<{ id: string; expiresAt: Date }> {
  const lifetime =
    values.kind === 'firm'
      ? sql`(select make_interval(hours => ${firms.maxSessionHours}) from ${firms} where ${firms.id} = ${values.firmId})`
      : sql`make_interval(hours => ${portalHours})`;
  const [row] = await tx
    .insert(sessions)
    .values({ ...values, expiresAt: sql`now() + ${lifetime}` })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return { id: row!.id, expiresAt: new Date(row!.expiresAt) };
}

export async function revokeSession(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOf(tx: Tx, owner: { userId?: string; portalAccountId?: string }): Promise<void> {
  const who = owner.userId ? eq(sessions.userId, owner.userId) : eq(sessions.portalAccountId, owner.portalAccountId!);
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(who, isNull(sessions.revokedAt)));
}

export async function findUserByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({
      id: users.id,
      firmId: users.firmId,
      name: users.name,
      firmName: firms.name,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      emailVerifiedAt: users.emailVerifiedAt,
      firmSetUpAt: firms.setupCompletedAt,
      totpEnabledAt: users.totpEnabledAt,
      browsersForgottenAt: users.browsersForgottenAt,
      requireTwoStep: firms.requireTwoStep,
      hasPasskey: sql<boolean>`exists (select 1 from user_passkeys p where p.user_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(firms, eq(firms.id, users.firmId))
    .where(eq(users.email, email));
  return row ?? null;
}

/** A failed-sign-in counter: after `threshold` failures each further one blocks for twice as long, up to `capSeconds`. */
export type SlowDown = { accountKey: string; address: string; threshold: number; capSeconds: number; windowMinutes: number };

/** Whether sign-ins for this account from any of these sources (an address, '*' for every unknown one, a device) must wait. */
export async function isSignInBlocked(tx: Tx, accountKey: string, addresses: string[]): Promise<boolean> {
  const [row] = await tx
    .select({ accountKey: signInFailures.accountKey })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.accountKey, accountKey),
        inArray(signInFailures.address, addresses),
        gt(signInFailures.blockedUntil, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Claims the account's one notice of failed sign-ins for `hours` (a row of its own beside the
 * counts): true for exactly one caller, however many addresses fail at once.
 */
export async function claimSignInNotice(tx: Tx, accountKey: string, hours: number): Promise<boolean> {
  const rows = await tx
    .insert(signInFailures)
    .values({ accountKey, address: '#notice', failures: 0 })
    .onConflictDoUpdate({
      target: [signInFailures.accountKey, signInFailures.address],
      set: { lastFailureAt: sql`now()` },
      setWhere: sql`${signInFailures.lastFailureAt} < now() - make_interval(hours => ${hours})`,
    })
    .returning({ accountKey: signInFailures.accountKey });
  return rows.length > 0;
}

/** Counts one failure; failures older than the window start the count again. Returns the new count. */
export async function recordSignInFailure(tx: Tx, slowDown: SlowDown): Promise<number> {
  const { accountKey, address, threshold, capSeconds, windowMinutes } = slowDown;
  const stale = sql`${signInFailures.lastFailureAt} < now() - make_interval(mins => ${windowMinutes})`;
  const failures = sql<number>`case when ${stale} then 1 else ${signInFailures.failures} + 1 end`;
  const [row] = await tx
    .insert(signInFailures)
    .values({ accountKey, address, failures: 1 })
    .onConflictDoUpdate({
      target: [signInFailures.accountKey, signInFailures.address],
      set: {
        failures,
        lastFailureAt: sql`now()`,
        blockedUntil: sql`case when ${failures} >= ${threshold}
          then now() + make_interval(secs => least(power(2, ${failures} - ${threshold}), ${capSeconds}))
          else null end`,
      },
    })
    .returning({ failures: signInFailures.failures });
  return row!.failures;
}

/** A successful sign-in clears the counts of its own sources, not other addresses' or devices'. */
export async function clearSignInFailures(tx: Tx, accountKey: string, addresses: string[]) {
  await tx.delete(signInFailures).where(and(eq(signInFailures.accountKey, accountKey), inArray(signInFailures.address, addresses)));
}

export async function insertFirm(tx: Tx, name: string): Promise<string> {
  const [row] = await tx.insert(firms).values({ name }).returning({ id: firms.id });
  return row!.id;
}

export async function insertRoles(tx: Tx, firmId: string, definitions: readonly { name: string; permissions: readonly string[] }[]) {
  return tx
    .insert(roles)
    .values(definitions.map((role) => ({ firmId, name: role.name, permissions: [...role.permissions], isSystem: true })))
    .returning({ id: roles.id, name: roles.name });
}

/**
 * The activity types, expense categories, practice areas and chart of accounts (the ledger's system
 * accounts) a new firm starts with.
 */
export async function insertFirmReferenceData(
  tx: Tx,
  firmId: string,
  defaults: {
    activityTypes: readonly (readonly [string, string])[];
    expenseCategories: readonly (readonly [string, string])[];
    practiceAreas: readonly string[];
  },
) {
  await tx.insert(activityTypes).values(defaults.activityTypes.map(([activityType, utbmsCode]) => ({ firmId, activityType, utbmsCode })));
  await tx
    .insert(expenseCategories)
    .values(defaults.expenseCategories.map(([name, utbmsExpenseCode]) => ({ firmId, name, utbmsExpenseCode })));
  await seedLedgerAccounts(tx, firmId);
  return tx
    .insert(practiceAreas)
    .values(defaults.practiceAreas.map((name) => ({ firmId, name })))
    .returning({ id: practiceAreas.id, name: practiceAreas.name });
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<string> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function setFirmOwner(tx: Tx, firmId: string, userId: string) {
  await tx.update(firms).set({ ownerUserId: userId }).where(eq(firms.id, firmId));
}

/** A new firm's trial, from today (or from some days ago: a demo firm whose trial has ended). */
export async function insertTrialSubscription(tx: Tx, firmId: string, startedDaysAgo = 0) {
  const [trial] = await tx.select().from(plans).where(eq(plans.code, 'trial'));
  if (!trial) throw new Error('The Trial plan is missing from the plans table');
  await tx.insert(subscriptions).values({
    firmId,
    planId: trial.id,
    startDate: sql`current_date - ${startedDaysAgo}::int`,
    endDate: sql`current_date - ${startedDaysAgo}::int + ${trial.durationInDays}::int`,
    allocatedNumberUsers: trial.allocatedNumberUsers,
    amount: trial.amount,
    currencyId: trial.currencyId,
  });
}

export async function insertAuthToken(
  tx: Tx,
  values: { firmId: string; purpose: TokenPurpose; tokenHash: string; email: string; lifetimeMinutes: number } & Partial<
    typeof authTokens.$inferInsert
  >,
) {
  const { lifetimeMinutes, ...row } = values;
  await tx.insert(authTokens).values({ ...row, expiresAt: sql`now() + make_interval(mins => ${lifetimeMinutes})` });
}

export async function findUsableAuthToken(tx: Tx, tokenHash: string, purpose: TokenPurpose) {
  const [row] = await tx
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** Marks a link used; false when a concurrent request used it first (links are single-use). */
export async function consumeAuthToken(tx: Tx, id: string): Promise<boolean> {
  const used = await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return used.length === 1;
}

export async function markEmailVerified(tx: Tx, userId: string) {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

/**
 * A new password voids every reset link still outstanding for the account: an older link found
 * later in a mailbox must not undo the change.
 */
export async function setPassword(tx: Tx, table: 'users' | 'portal_accounts', id: string, passwordHash: string) {
  const target = table === 'users' ? users : portalAccounts;
  await tx.update(target).set({ passwordHash }).where(eq(target.id, id));
  const owner =
    table === 'users'
      ? and(eq(authTokens.userId, id), eq(authTokens.purpose, 'reset_password'))
      : and(eq(authTokens.portalAccountId, id), eq(authTokens.purpose, 'portal_reset'));
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(owner, isNull(authTokens.usedAt)));
}

export async function findFirmName(tx: Tx, firmId: string) {
  const [row] = await tx.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId));
  return row?.name ?? null;
}

export async function findRoleName(tx: Tx, roleId: string) {
  const [row] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, roleId));
  return row?.name ?? null;
}

/** Active team members against the plan's seats, for invitations and joining. */
export async function findSeatUsage(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      usedSeats: sql<number>`(select count(*)::int from ${users} where ${users.firmId} = ${firmId} and ${users.isActive})`,
      allocatedSeats: sql<number>`coalesce((select ${subscriptions.allocatedNumberUsers} from ${subscriptions} where ${subscriptions.firmId} = ${firmId} order by ${subscriptions.createdAt} desc limit 1), 0)`,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? { usedSeats: 0, allocatedSeats: 0 };
}

export async function findFirmBySlug(tx: Tx, slug: string) {
  const [row] = await tx
    .select({ id: firms.id, name: firms.name, logo: firms.logo, slug: firms.portalSlug, portalRequiresTotp: firms.portalRequiresTotp })
    .from(firms)
    .where(eq(firms.portalSlug, slug));
  return row ?? null;
}

const portalAccountColumns = {
  id: portalAccounts.id,
  clientId: portalAccounts.clientId,
  email: portalAccounts.email,
  contactName: portalAccounts.contactName,
  passwordHash: portalAccounts.passwordHash,
  status: portalAccounts.status,
  totpSecret: portalAccounts.totpSecret,
  totpEnabledAt: portalAccounts.totpEnabledAt,
  totpLastStep: portalAccounts.totpLastStep,
  isPortalEnabled: clients.isPortalEnabled,
  deletedAt: clients.deletedAt,
};
export type PortalAccountRow = Awaited<ReturnType<typeof findPortalAccountByEmail>>;

/** The account that may sign in with this email (a removed one never can). */
export async function findPortalAccountByEmail(tx: Tx, firmId: string, email: string) {
  const [row] = await tx
    .select(portalAccountColumns)
    .from(portalAccounts)
    .innerJoin(clients, eq(clients.id, portalAccounts.clientId))
    .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.email, email), ne(portalAccounts.status, 'removed')));
  return row ?? null;
}

export async function findPortalAccount(tx: Tx, firmId: string, accountId: string) {
  const [row] = await tx
    .select(portalAccountColumns)
    .from(portalAccounts)
    .innerJoin(clients, eq(clients.id, portalAccounts.clientId))
    .where(and(eq(portalAccounts.firmId, firmId), eq(portalAccounts.id, accountId)));
  return row ?? null;
}

/** Whether the account may sign in now: active, of a client still on the portal. */
export const canPortalAccountSignIn = (account: NonNullable<PortalAccountRow>) =>
  account.status === 'active' && account.passwordHash !== null && account.isPortalEnabled && account.deletedAt === null;

/** Whether the client an invitation names is still on the portal. */
export async function isClientOnPortal(tx: Tx, firmId: string, clientId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId), eq(clients.isPortalEnabled, true), isNull(clients.deletedAt)));
  return Boolean(row);
}

/** Once an account is created, every other invitation link sent to that email for the client is void. */
export async function voidPortalInvitations(tx: Tx, clientId: string, email: string) {
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.clientId, clientId),
        eq(authTokens.email, email),
        eq(authTokens.purpose, 'portal_invitation'),
        isNull(authTokens.usedAt),
      ),
    );
}

export async function insertPortalAccount(tx: Tx, values: typeof portalAccounts.$inferInsert): Promise<string> {
  const [row] = await tx.insert(portalAccounts).values(values).returning({ id: portalAccounts.id });
  return row!.id;
}

/** An invited account takes its password; false when it is no longer waiting for one. */
export async function activatePortalAccount(tx: Tx, accountId: string, passwordHash: string): Promise<boolean> {
  const rows = await tx
    .update(portalAccounts)
    .set({ passwordHash, status: 'active' })
    .where(and(eq(portalAccounts.id, accountId), eq(portalAccounts.status, 'invited')))
    .returning({ id: portalAccounts.id });
  return rows.length === 1;
}

export async function recordPortalSignIn(tx: Tx, accountId: string) {
  await tx
    .update(portalAccounts)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(portalAccounts.id, accountId));
}

/** A new, unconfirmed authenticator secret (encrypted); replaced until the first right code confirms it. */
export async function setPendingTotpSecret(tx: Tx, accountId: string, encryptedSecret: string): Promise<boolean> {
  const rows = await tx
    .update(portalAccounts)
    .set({ totpSecret: encryptedSecret })
    .where(and(eq(portalAccounts.id, accountId), isNull(portalAccounts.totpEnabledAt)))
    .returning({ id: portalAccounts.id });
  return rows.length === 1;
}

/**
 * Takes a right code's time step: confirms a new authenticator and records the step, so the same
 * code (or an older one) never works again. False when that step or a later one was already used.
 */
export async function acceptTotpStep(tx: Tx, accountId: string, timeStep: number): Promise<boolean> {
  const rows = await tx
    .update(portalAccounts)
    .set({ totpEnabledAt: sql`coalesce(${portalAccounts.totpEnabledAt}, now())`, totpLastStep: timeStep })
    .where(and(eq(portalAccounts.id, accountId), or(isNull(portalAccounts.totpLastStep), lt(portalAccounts.totpLastStep, timeStep))))
    .returning({ id: portalAccounts.id });
  return rows.length === 1;
}

/** A member's two-step sign-in as its checks read it, with what a session needs (issue 39). */
export async function findUserTwoStep(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      firmId: users.firmId,
      email: users.email,
      name: users.name,
      firmName: firms.name,
      isActive: users.isActive,
      emailVerifiedAt: users.emailVerifiedAt,
      firmSetUpAt: firms.setupCompletedAt,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
      requireTwoStep: firms.requireTwoStep,
      hasPasskey: sql<boolean>`exists (select 1 from user_passkeys p where p.user_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(firms, eq(firms.id, users.firmId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** A new authenticator secret while the member has none confirmed (it replaces one never confirmed). */
export async function setUserPendingTotpSecret(tx: Tx, userId: string, encryptedSecret: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpSecret: encryptedSecret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * A right code's time step: confirms a new authenticator and records the step. Answers the moment
 * the authenticator was set up, or null when that step (or a later one) was used already.
 */
export async function acceptUserTotpStep(tx: Tx, userId: string, timeStep: number): Promise<Date | null> {
  const [row] = await tx
    .update(users)
    .set({ totpEnabledAt: sql`coalesce(${users.totpEnabledAt}, now())`, totpLastStep: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, timeStep))))
    .returning({ enabledAt: users.totpEnabledAt });
  return row?.enabledAt ?? null;
}

/** The member's app and recovery codes forgotten: turned off, or reset by an administrator. */
export async function clearUserTwoStep(tx: Tx, firmId: string, userId: string): Promise<boolean> {
  await tx.delete(userRecoveryCodes).where(and(eq(userRecoveryCodes.firmId, firmId), eq(userRecoveryCodes.userId, userId)));
  const rows = await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(and(eq(users.firmId, firmId), eq(users.id, userId), isNotNull(users.totpSecret)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Every browser remembered for the member's second step before `at` asks for it again. */
export async function forgetRememberedBrowsers(tx: Tx, firmId: string, userId: string, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ browsersForgottenAt: at })
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
}

/** A new set of recovery codes (their hashes) in place of the old. */
export async function replaceRecoveryCodes(tx: Tx, firmId: string, userId: string, codeHashes: string[]): Promise<void> {
  await tx.delete(userRecoveryCodes).where(and(eq(userRecoveryCodes.firmId, firmId), eq(userRecoveryCodes.userId, userId)));
  await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ firmId, userId, codeHash })));
}

/** Uses a recovery code, once: false when it is not one of the member's or was used. */
export async function useRecoveryCode(tx: Tx, firmId: string, userId: string, codeHash: string): Promise<boolean> {
  const rows = await tx
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.firmId, firmId),
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(tx: Tx, firmId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ left: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.firmId, firmId), eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}
