import {
  billedDuration,
  computeTimeEntryAmounts,
  fromScaled,
  DURATION_DECIMALS,
  hasPermissions,
  IS_BILLABLE,
  MONEY_DECIMALS,
  TIME_ENTRY_RULE_MESSAGES,
  type TIME_ENTRY_SORT_COLUMNS,
  TIME_ENTRY_STATUS,
  toScaled,
  type TimeEntryAmounts,
} from '@matterhorn/shared';
import { badRequest } from '../../lib/errors.ts';

export type TimeEntrySortColumn = (typeof TIME_ENTRY_SORT_COLUMNS)[number];
export type TimeEntrySort = { column: TimeEntrySortColumn; direction: 'asc' | 'desc' };

/** Without timeEntry.viewAll a fee earner sees, and records, only their own time. */
export const canViewAllTimeEntries = (permissions: readonly string[]) => hasPermissions(permissions, ['timeEntry.viewAll']);

/** SPEC.md's list order when none is asked for: newest date first, then newest recorded. */
export const DEFAULT_TIME_ENTRY_SORT: TimeEntrySort = { column: 'timeEntryDate', direction: 'desc' };

/** SortBy ("column" or "column desc") wins over sortColumn/sortType; neither gives the default order. */
export function sortOf(query: { SortBy?: string | undefined; sortColumn?: TimeEntrySortColumn | undefined; sortType: 'asc' | 'desc' }) {
  if (query.SortBy) {
    const [column, direction] = query.SortBy.split(/\s+/);
    return { column: column as TimeEntrySortColumn, direction: direction === 'desc' ? 'desc' : 'asc' } satisfies TimeEntrySort;
  }
  if (query.sortColumn) return { column: query.sortColumn, direction: query.sortType } satisfies TimeEntrySort;
  return DEFAULT_TIME_ENTRY_SORT;
}

/**
 * On an invoice: date, client, matter and duration are frozen and the entry cannot be deleted. The
 * same rule in SQL is isBilledTimeEntry (time-entry-billing.repository.ts).
 */
export const isLockedEntry = (entry: { invoiceId: string | null; status: number }) =>
  entry.invoiceId !== null || entry.status === TIME_ENTRY_STATUS.billed;

export const sameDuration = (left: string, right: string) => toScaled(left, DURATION_DECIMALS) === toScaled(right, DURATION_DECIMALS);

type LockedFields = { timeEntryDate: string; clientId: string; matterId: string; duration: string };
/** What an invoice line shows of an entry: all of it is frozen once the invoice has left draft. */
export type BilledFields = LockedFields & {
  activityId: string;
  timeEntryUserId: string;
  description: string;
  isBillable: number;
  userRate: string;
  utbmsTaskCode: string | null;
};

const sameMoney = (left: string, right: string) => toScaled(left, MONEY_DECIMALS) === toScaled(right, MONEY_DECIMALS);

/**
 * The frozen fields of a billed entry that the change would alter. On a draft invoice (or billed
 * before invoices were kept), its date, client, matter and duration; once its invoice has left
 * draft (`isOnIssuedInvoice`), also everything else the invoice's line shows: activity, fee earner,
 * description, billable flag, rate and UTBMS code, so the invoice keeps matching its entries.
 */
export function lockedFieldsChanged(existing: BilledFields, next: BilledFields, isOnIssuedInvoice: boolean): string[];
export function lockedFieldsChanged(existing: LockedFields, next: LockedFields): string[];
export function lockedFieldsChanged(existing: LockedFields, next: LockedFields, isOnIssuedInvoice = false): string[] {
  const changed: string[] = [];
  if (existing.timeEntryDate !== next.timeEntryDate) changed.push('timeEntryDate');
  if (existing.clientId !== next.clientId) changed.push('clientId');
  if (existing.matterId !== next.matterId) changed.push('matterId');
  if (!sameDuration(existing.duration, next.duration)) changed.push('duration');
  if (!isOnIssuedInvoice) return changed;
  const [before, after] = [existing as BilledFields, next as BilledFields];
  if (before.activityId !== after.activityId) changed.push('activityId');
  if (before.timeEntryUserId !== after.timeEntryUserId) changed.push('timeEntryUserId');
  if (before.description !== after.description) changed.push('description');
  if (before.isBillable !== after.isBillable) changed.push('isBillable');
  // A non-billable entry stores rate 0 whatever the form sends: only a billable entry's rate is compared.
  else if (after.isBillable === IS_BILLABLE.billable && !sameMoney(before.userRate, after.userRate)) changed.push('userRate');
  if ((before.utbmsTaskCode ?? null) !== (after.utbmsTaskCode ?? null)) changed.push('utbmsTaskCode');
  return changed;
}

/**
 * The hours to bill for the hours recorded. Rounding up to the firm's increment happens once: an
 * edit that keeps the recorded hours keeps the hours billed, even if the firm's increment has
 * changed since; new recorded hours are rounded with today's increment.
 */
export function billedDurationOf(
  recorded: string,
  increment: string,
  previous: { duration: string; recordedDuration: string } | null,
): string {
  if (previous && sameDuration(previous.recordedDuration, recorded))
    return fromScaled(toScaled(previous.duration, DURATION_DECIMALS), DURATION_DECIMALS);
  return billedDuration(recorded, increment);
}

/** The billing currency or exchange rate fields the change would alter (the values as the server stores them). */
export function currencyChanged(
  existing: { foreignCurrencyId: number | null; exchangeRate: string },
  next: { foreignCurrencyId: number | null; exchangeRate: string },
): string[] {
  const changed: string[] = [];
  if (existing.foreignCurrencyId !== next.foreignCurrencyId) changed.push('foreignCurrencyId');
  if (toScaled(existing.exchangeRate, EXCHANGE_RATE_DECIMALS) !== toScaled(next.exchangeRate, EXCHANGE_RATE_DECIMALS))
    changed.push('exchangeRate');
  return changed;
}

const EXCHANGE_RATE_DECIMALS = 8;

/** Largest value the amount columns hold: numeric(14, 2). */
const MAX_AMOUNT = toScaled('999999999999.99', MONEY_DECIMALS);
/** Largest exchange rate the column holds: numeric(18, 8). */
const MAX_EXCHANGE_RATE = 10_000_000_000;

export type BillingCurrency = { foreignCurrencyId: number | null; exchangeRate: string };

/**
 * The billing currency of an entry. Billing in the home currency (no foreign currency, or the home
 * one) always has exchange rate 1; another currency needs the firm's multicurrency setting, unless
 * the entry already bills in it (a firm that turned multicurrency off keeps its old entries editable).
 */
export function billingCurrencyOf(
  input: { foreignCurrencyId?: number | null | undefined; exchangeRate: string },
  firm: { homeCurrencyId: number | null; multicurrency: boolean },
  previousForeignCurrencyId: number | null = null,
): BillingCurrency {
  const foreignCurrencyId = input.foreignCurrencyId ?? null;
  if (foreignCurrencyId === null || foreignCurrencyId === firm.homeCurrencyId) return { foreignCurrencyId: null, exchangeRate: '1' };
  if (!firm.multicurrency && foreignCurrencyId !== previousForeignCurrencyId) {
    throw badRequest(TIME_ENTRY_RULE_MESSAGES.currencyLocked, { foreignCurrencyId: TIME_ENTRY_RULE_MESSAGES.currencyLocked });
  }
  if (Number(input.exchangeRate) >= MAX_EXCHANGE_RATE) {
    throw badRequest('Exchange Rate is too large', { exchangeRate: 'Exchange Rate is too large' });
  }
  return { foreignCurrencyId, exchangeRate: input.exchangeRate };
}

/** A billable entry sent with a blank or zero rate has no rate of its own: it takes the fee earner's rate for the matter. */
export const needsMatterRate = (input: { isBillable: number; userRate: string }) =>
  input.isBillable === IS_BILLABLE.billable && toScaled(input.userRate || '0', MONEY_DECIMALS) === 0n;

/**
 * Issue 35: a billable entry is never valued at 0.00 unnoticed. Without a rate of its own it takes
 * `matterRate` (the fee earner's rate on the matter, else their default, else the matter's own); with
 * none of those either it is refused, so the fee earner enters a rate rather than billing nothing.
 */
export function withMatterRate<T extends { isBillable: number; userRate: string }>(input: T, matterRate: string | null): T {
  if (!needsMatterRate(input)) return input;
  if (matterRate === null || toScaled(matterRate, MONEY_DECIMALS) === 0n) {
    throw badRequest(TIME_ENTRY_RULE_MESSAGES.rateUnknown, { userRate: TIME_ENTRY_RULE_MESSAGES.rateUnknown });
  }
  return { ...input, userRate: fromScaled(toScaled(matterRate, MONEY_DECIMALS), MONEY_DECIMALS) };
}

export type StoredAmounts = TimeEntryAmounts & { userRate: string };

/** What the server stores: computed amounts for billable time, zero rate and totals otherwise. */
export function amountsOf(input: { isBillable: number; userRate: string; duration: string }, exchangeRate: string): StoredAmounts {
  if (input.isBillable !== IS_BILLABLE.billable) {
    return { userRate: '0', totalAmount: '0.00', foreignTotalAmount: '0.00', foreignUserRate: '0.00', homeTotalAmount: '0.00' };
  }
  const amounts = computeTimeEntryAmounts({ userRate: input.userRate, duration: input.duration, exchangeRate });
  for (const amount of [amounts.totalAmount, amounts.homeTotalAmount, amounts.foreignUserRate]) {
    if (toScaled(amount, MONEY_DECIMALS) > MAX_AMOUNT) {
      throw badRequest('The total amount is too large', { totalAmount: 'The total amount is too large' });
    }
  }
  return { userRate: input.userRate, ...amounts };
}

/** Decimal text without trailing zeros: the stored exchange rate 1.25000000 reads 1.25. */
export const trimDecimal = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
