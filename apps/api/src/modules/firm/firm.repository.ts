import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import { currencies, expenses, firms, flatFees, timeEntries } from '../../db/schema/index.ts';

/**
 * Every table whose rows carry amounts in the firm's home currency. Invoices and trust movements
 * join this list when they land; a deleted row still counts (its amounts are history).
 */
const MONEY_RECORD_TABLES: { table: PgTable; firmId: AnyPgColumn }[] = [
  { table: timeEntries, firmId: timeEntries.firmId },
  { table: flatFees, firmId: flatFees.firmId },
  { table: expenses, firmId: expenses.firmId },
];

/** True once any money has been recorded in the firm, in any module. */
export async function hasMoneyRecords(tx: Tx, firmId: string): Promise<boolean> {
  for (const { table, firmId: firmColumn } of MONEY_RECORD_TABLES) {
    const [row] = await tx
      .select({ found: sql<number>`1` })
      .from(table)
      .where(eq(firmColumn, firmId))
      .limit(1);
    if (row) return true;
  }
  return false;
}

/** The firm's home currency, its row locked for this transaction so that two changes queue. */
export async function lockFirmCurrency(tx: Tx, firmId: string): Promise<number | null> {
  const [row] = await tx.select({ homeCurrencyId: firms.homeCurrencyId }).from(firms).where(eq(firms.id, firmId)).for('update');
  return row?.homeCurrencyId ?? null;
}

export async function currencyExists(tx: Tx, currencyId: number): Promise<boolean> {
  const [row] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, currencyId));
  return Boolean(row);
}

export async function updateFirmSetup(
  tx: Tx,
  firmId: string,
  values: {
    name: string;
    portalSlug: string;
    country: string;
    homeCurrencyId: number;
    multicurrency: boolean;
    timeZone: string;
    logo: string | null;
  },
) {
  await tx
    .update(firms)
    .set({ ...values, setupCompletedAt: sql`coalesce(${firms.setupCompletedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(firms.id, firmId));
}

export async function findFirmProfile(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      firmName: firms.name,
      portalSlug: firms.portalSlug,
      country: firms.country,
      homeCurrencyId: firms.homeCurrencyId,
      multicurrency: firms.multicurrency,
      timeZone: firms.timeZone,
      logo: firms.logo,
      address: firms.address,
      phone: firms.phone,
      email: firms.email,
      billingIncrement: firms.billingIncrement,
      blockTimePastBudget: firms.blockTimePastBudget,
      requireTwoStep: firms.requireTwoStep,
      fiscalYearStartMonth: firms.fiscalYearStartMonth,
      availableHoursPerDay: firms.availableHoursPerDay,
      workingDays: firms.workingDays,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}

export async function updateFirmProfile(
  tx: Tx,
  firmId: string,
  values: Parameters<typeof updateFirmSetup>[2] & {
    address: string | null;
    phone: string | null;
    email: string | null;
    billingIncrement: string;
    blockTimePastBudget: boolean;
    requireTwoStep: boolean;
    fiscalYearStartMonth: number;
    availableHoursPerDay: string;
    workingDays: number[];
  },
) {
  await tx
    .update(firms)
    .set({ ...values, setupCompletedAt: sql`coalesce(${firms.setupCompletedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(firms.id, firmId));
}

/** Settings › General's own fields: what the firm's documents, e-billing, sign-in and recycle bin follow. */
export async function findGeneralSettings(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      dateFormat: firms.dateFormat,
      ledesFirmId: firms.ledesFirmId,
      recycleBinRetentionDays: firms.recycleBinRetentionDays,
      suggestsTime: firms.suggestsTime,
      idleTimeoutMinutes: firms.idleTimeoutMinutes,
      maxSessionHours: firms.maxSessionHours,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}
export type GeneralSettingsRow = NonNullable<Awaited<ReturnType<typeof findGeneralSettings>>>;

export async function updateGeneralSettings(tx: Tx, firmId: string, values: GeneralSettingsRow) {
  await tx
    .update(firms)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(firms.id, firmId));
}
