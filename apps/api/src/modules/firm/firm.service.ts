import type { z } from 'zod';
import { billingIncrementOf, type FirmProfile, type firmProfileInputSchema, type firmSetupRequestSchema } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import {
  currencyExists,
  findFirmProfile,
  hasMoneyRecords,
  lockFirmCurrency,
  updateFirmProfile,
  updateFirmSetup,
} from './firm.repository.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { seedCountryAccounts } from '../../platform/ledger/ledger.ts';

export type FirmService = ReturnType<typeof createFirmService>;

const SLUG_TAKEN = 'That portal address is already taken. Please choose another.';

function assertKnownTimeZone(timeZone: string) {
  if (!Intl.supportedValuesOf('timeZone').includes(timeZone) && timeZone !== 'UTC') {
    throw badRequest('Choose a time zone from the list', { timeZone: 'Choose a time zone from the list' });
  }
}

async function assertCurrencyExists(tx: Tx, homeCurrencyId: number) {
  if (!(await currencyExists(tx, homeCurrencyId)))
    throw badRequest('Home currency is required', { homeCurrencyId: 'Home currency is required' });
}

export const HOME_CURRENCY_LOCKED = 'The home currency cannot be changed once time or money has been recorded in it';

/** Amounts already recorded are in the home currency: changing it would silently relabel them. */
async function assertHomeCurrencyChangeable(tx: Tx, firmId: string, homeCurrencyId: number) {
  const current = await lockFirmCurrency(tx, firmId);
  if (current === null || current === homeCurrencyId) return;
  if (await hasMoneyRecords(tx, firmId)) throw new AppError(409, HOME_CURRENCY_LOCKED, { homeCurrencyId: HOME_CURRENCY_LOCKED });
}

/** The portal address is unique across firms; its index answers a taken one. */
async function mapSlugConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
    throw error;
  }
}

/** numeric(4,2) reads '0.10'; the API answers the increment as the settings list names it ('0.1'). */
const profileOf = (row: NonNullable<Awaited<ReturnType<typeof findFirmProfile>>>): FirmProfile => ({
  ...row,
  billingIncrement: billingIncrementOf(row.billingIncrement),
});

export function createFirmService(database: Database) {
  return {
    async setUp(principal: FirmPrincipal, input: z.output<typeof firmSetupRequestSchema>) {
      assertKnownTimeZone(input.timeZone);
      await mapSlugConflict(() =>
        database.withFirm(principal.firmId, async (tx) => {
          await assertCurrencyExists(tx, input.homeCurrencyId);
          await assertHomeCurrencyChangeable(tx, principal.firmId, input.homeCurrencyId);
          await updateFirmSetup(tx, principal.firmId, {
            name: input.firmName,
            portalSlug: input.portalSlug,
            country: input.country,
            homeCurrencyId: input.homeCurrencyId,
            multicurrency: input.multicurrency,
            timeZone: input.timeZone,
            logo: input.logo ?? null,
          });
          // The chart was the generic one until the firm named its country (ADR 0046).
          await seedCountryAccounts(tx, principal.firmId, input.country);
          await recordAuditEvent(tx, principal, 'firm.setUp', principal.firmId, {
            firmName: input.firmName,
            portalSlug: input.portalSlug,
            homeCurrencyId: input.homeCurrencyId,
            multicurrency: input.multicurrency,
          });
        }),
      );
    },

    async profileOf(principal: FirmPrincipal): Promise<FirmProfile> {
      const profile = await database.withFirm(principal.firmId, (tx) => findFirmProfile(tx, principal.firmId));
      if (!profile) throw notFound('Firm');
      return profileOf(profile);
    },

    async updateProfile(principal: FirmPrincipal, input: z.output<typeof firmProfileInputSchema>): Promise<FirmProfile> {
      assertKnownTimeZone(input.timeZone);
      return mapSlugConflict(() =>
        database.withFirm(principal.firmId, async (tx) => {
          await assertCurrencyExists(tx, input.homeCurrencyId);
          await assertHomeCurrencyChangeable(tx, principal.firmId, input.homeCurrencyId);
          const stored = await findFirmProfile(tx, principal.firmId);
          if (!stored) throw notFound('Firm');
          const before = profileOf(stored);
          const after = {
            name: input.firmName,
            portalSlug: input.portalSlug,
            country: input.country,
            homeCurrencyId: input.homeCurrencyId,
            multicurrency: input.multicurrency,
            timeZone: input.timeZone,
            logo: input.logo === undefined ? before.logo : input.logo,
            address: input.address,
            phone: input.phone,
            email: input.email ?? null,
            billingIncrement: input.billingIncrement ?? before.billingIncrement,
            blockTimePastBudget: input.blockTimePastBudget ?? before.blockTimePastBudget,
            requireTwoStep: input.requireTwoStep ?? before.requireTwoStep,
            fiscalYearStartMonth: input.fiscalYearStartMonth ?? before.fiscalYearStartMonth,
            availableHoursPerDay: input.availableHoursPerDay ?? before.availableHoursPerDay,
            workingDays: input.workingDays ?? before.workingDays,
          };
          await updateFirmProfile(tx, principal.firmId, after);
          if (after.country !== before.country) await seedCountryAccounts(tx, principal.firmId, after.country);
          const { logo: beforeLogo, ...beforeDetails } = before;
          const { logo: afterLogo, name: firmName, ...afterDetails } = after;
          // Logos are large data URLs: the trail records that one changed, not the image.
          await recordAuditEvent(tx, principal, 'firm.profileUpdated', principal.firmId, {
            before: beforeDetails,
            after: { firmName, ...afterDetails },
            logoChanged: beforeLogo !== afterLogo,
          });
          return profileOf((await findFirmProfile(tx, principal.firmId))!);
        }),
      );
    },
  };
}
