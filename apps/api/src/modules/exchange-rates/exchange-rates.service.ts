import type { ExchangeRate, ExchangeRateEntry } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './exchange-rates.repository.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';

export const EXCHANGE_RATE_MESSAGES = {
  noRate: 'No exchange rate set for this currency',
  notHomeCurrency: "Home currency must be the firm's home currency",
  homeCurrencyMissing: "Set the firm's home currency first",
  rateForHomeCurrency: 'The home currency needs no exchange rate',
  unknownCurrency: 'Choose a currency from the list',
} as const;

export type ExchangeRateQuery = { HomeCurrencyId?: number; ForeignCurrencyId: number; Date?: string };
export type ExchangeRateInput = { foreignCurrencyId: number; rate: string; effectiveDate: string };
export type ExchangeRatesService = ReturnType<typeof createExchangeRatesService>;

/** numeric(18,8) answers '1.50000000'; the API answers '1.5' — the same exact value, without padding. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

const toEntry = (row: Awaited<ReturnType<typeof repository.listRates>>[number]): ExchangeRateEntry => ({
  ...row,
  rate: trimDecimal(row.rate),
});

async function homeCurrencyOf(tx: Tx, firmId: string) {
  const context = await repository.findFirmCurrencyContext(tx, firmId);
  if (!context?.homeCurrencyId) throw badRequest(EXCHANGE_RATE_MESSAGES.homeCurrencyMissing);
  return { homeCurrencyId: context.homeCurrencyId, today: context.today };
}

export function createExchangeRatesService(database: Database) {
  return {
    /** SPEC.md §7 get-exchange-rate: how many home-currency units one foreign unit buys on the date. */
    async rateFor(principal: FirmPrincipal, query: ExchangeRateQuery): Promise<ExchangeRate> {
      return database.withFirm(principal.firmId, async (tx) => {
        const { homeCurrencyId, today } = await homeCurrencyOf(tx, principal.firmId);
        if (query.HomeCurrencyId !== undefined && query.HomeCurrencyId !== homeCurrencyId) {
          throw badRequest(EXCHANGE_RATE_MESSAGES.notHomeCurrency, { HomeCurrencyId: EXCHANGE_RATE_MESSAGES.notHomeCurrency });
        }
        const foreignCurrencyId = query.ForeignCurrencyId;
        if (foreignCurrencyId === homeCurrencyId) return { exchangeRate: '1', homeCurrencyId, foreignCurrencyId, effectiveDate: null };
        const found = await repository.findEffectiveRate(tx, principal.firmId, foreignCurrencyId, query.Date ?? today);
        if (!found) throw new AppError(404, EXCHANGE_RATE_MESSAGES.noRate);
        return { exchangeRate: trimDecimal(found.rate), homeCurrencyId, foreignCurrencyId, effectiveDate: found.effectiveDate };
      });
    },

    async list(principal: FirmPrincipal): Promise<ExchangeRateEntry[]> {
      const rows = await database.withFirm(principal.firmId, (tx) => repository.listRates(tx, principal.firmId));
      return rows.map(toEntry);
    },

    async set(principal: FirmPrincipal, input: ExchangeRateInput): Promise<ExchangeRateEntry> {
      return database.withFirm(principal.firmId, async (tx) => {
        const { homeCurrencyId } = await homeCurrencyOf(tx, principal.firmId);
        if (!(await repository.currencyExists(tx, input.foreignCurrencyId))) {
          throw badRequest(EXCHANGE_RATE_MESSAGES.unknownCurrency, { foreignCurrencyId: EXCHANGE_RATE_MESSAGES.unknownCurrency });
        }
        if (input.foreignCurrencyId === homeCurrencyId) {
          throw badRequest(EXCHANGE_RATE_MESSAGES.rateForHomeCurrency, { foreignCurrencyId: EXCHANGE_RATE_MESSAGES.rateForHomeCurrency });
        }
        const id = await repository.upsertRate(tx, { firmId: principal.firmId, ...input, createdByUserId: principal.userId });
        await recordAuditEvent(tx, principal, 'exchangeRate.set', id, { ...input, homeCurrencyId });
        const [row] = await repository.listRates(tx, principal.firmId, id);
        return toEntry(row!);
      });
    },

    async remove(principal: FirmPrincipal, id: string): Promise<void> {
      await database.withFirm(principal.firmId, async (tx) => {
        const removed = await repository.deleteRate(tx, principal.firmId, id);
        if (!removed) throw notFound('Exchange rate');
        await recordAuditEvent(tx, principal, 'exchangeRate.deleted', id, removed);
      });
    },
  };
}
