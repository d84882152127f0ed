import {
  DEFAULT_EXCHANGE_RATE,
  durationToSend,
  type BareNumberUnit,
  IS_BILLABLE,
  TIME_ENTRY_STATUS,
  timeEntryInputSchema,
  todayIso,
  type IsBillable,
  type TimeEntry,
  type TimeEntryInput,
  type UtbmsTaskCode,
} from '@matterhorn/shared';
import { z } from 'zod';
import { amountsForForm } from './time-entry-amounts-view.ts';

/** The popup's fields as the inputs hold them (SPEC.md §3 Time entry form). */
export type TimeEntryFormValues = {
  clientId: string;
  matterId: string;
  activityId: string;
  isBillable: IsBillable;
  timeEntryUserId: string;
  description: string;
  /** ISO date, '' while the field holds no real date. */
  timeEntryDate: string;
  duration: string;
  userRate: string;
  /** The billing currency's id as text; the home currency's id when billing at home. */
  foreignCurrencyId: string;
  exchangeRate: string;
  /** '' for none. */
  utbmsTaskCode: string;
};

/**
 * The contract's rules and SPEC.md §5's messages, over the fields as the inputs hold them. Duration
 * takes the quick forms people type ("1h20m", "1:20", "80m") and is judged as the decimal hours they
 * read as; what cannot be read is judged as typed, so SPEC's "Duration must be number" names it.
 */
export const timeEntryFormSchemaFor = (bareNumberUnit: BareNumberUnit) =>
  timeEntryInputSchema
    .pick({
      clientId: true,
      matterId: true,
      activityId: true,
      isBillable: true,
      timeEntryUserId: true,
      description: true,
      timeEntryDate: true,
      userRate: true,
      exchangeRate: true,
    })
    .extend({
      duration: z.preprocess(
        (typed) => (typeof typed === 'string' ? durationToSend(typed, bareNumberUnit) : typed),
        timeEntryInputSchema.shape.duration,
      ),
      foreignCurrencyId: z.string(),
      utbmsTaskCode: z.string(),
    });
export const timeEntryFormSchema = timeEntryFormSchemaFor('hours');

export type NewEntryDefaults = {
  profileId: string;
  homeCurrencyId: number | null;
  clientId?: string;
  matterId?: string;
  duration?: string;
  description?: string;
};

export function newEntryValues(defaults: NewEntryDefaults): TimeEntryFormValues {
  return {
    clientId: defaults.clientId ?? '',
    matterId: defaults.clientId ? (defaults.matterId ?? '') : '',
    activityId: '',
    isBillable: IS_BILLABLE.billable,
    timeEntryUserId: defaults.profileId,
    description: defaults.description ?? '',
    timeEntryDate: todayIso(),
    duration: defaults.duration ?? '',
    userRate: '',
    foreignCurrencyId: defaults.homeCurrencyId === null ? '' : String(defaults.homeCurrencyId),
    exchangeRate: DEFAULT_EXCHANGE_RATE,
    utbmsTaskCode: '',
  };
}

export function entryValues(entry: TimeEntry, homeCurrencyId: number | null): TimeEntryFormValues {
  const currencyId = entry.foreignCurrencyId ?? homeCurrencyId;
  return {
    clientId: entry.clientId,
    matterId: entry.matterId,
    activityId: entry.activityId,
    isBillable: entry.isBillable === IS_BILLABLE.billable ? IS_BILLABLE.billable : IS_BILLABLE.notBillable,
    timeEntryUserId: entry.timeEntryUserId,
    description: entry.description,
    timeEntryDate: entry.timeEntryDate.slice(0, 10),
    // The hours as recorded: the server keeps the billed hours unless these change (no second rounding).
    duration: entry.recordedDuration,
    userRate: entry.userRate,
    foreignCurrencyId: currencyId === null ? '' : String(currencyId),
    exchangeRate: entry.exchangeRate || DEFAULT_EXCHANGE_RATE,
    utbmsTaskCode: entry.utbmsTaskCode ?? '',
  };
}

/** True when the entry is billed in a currency other than the firm's home currency. */
export function isForeignCurrency(values: Pick<TimeEntryFormValues, 'foreignCurrencyId'>, homeCurrencyId: number | null): boolean {
  return values.foreignCurrencyId !== '' && values.foreignCurrencyId !== String(homeCurrencyId ?? '');
}

export type BodyContext = {
  homeCurrencyId: number | null;
  adminUserId: string | null;
  businessId: string | null;
  fromTimer: boolean;
  /** How the fee earner's whole numbers in Duration read. */
  bareNumberUnit: BareNumberUnit;
  /** The entry being edited, if any. */
  entry: TimeEntry | null;
};

/** The POST/PUT body (SPEC.md §7): the form plus currencies, totals and scope; the server recomputes totals. */
export function timeEntryBodyFrom(values: TimeEntryFormValues, context: BodyContext): TimeEntryInput {
  const isBillable = values.isBillable === IS_BILLABLE.billable;
  const isForeign = isForeignCurrency(values, context.homeCurrencyId);
  const userRate = isBillable && values.userRate.trim() !== '' ? values.userRate.trim() : '0';
  const exchangeRate = isForeign ? values.exchangeRate.trim() : DEFAULT_EXCHANGE_RATE;
  const duration = durationToSend(values.duration, context.bareNumberUnit);
  const amounts = amountsForForm({ isBillable: values.isBillable, userRate, duration, exchangeRate });
  return {
    ...(context.entry ? { id: context.entry.id } : {}),
    clientId: values.clientId,
    matterId: values.matterId,
    activityId: values.activityId,
    isBillable: values.isBillable,
    timeEntryUserId: values.timeEntryUserId,
    description: values.description.trim(),
    timeEntryDate: values.timeEntryDate,
    duration,
    userRate,
    foreignUserRate: amounts.foreignUserRate,
    homeCurrencyId: context.homeCurrencyId,
    // Billing at home is sent as no foreign currency (the contract reads null as home).
    foreignCurrencyId: isForeign ? Number(values.foreignCurrencyId) : null,
    exchangeRate,
    totalAmount: amounts.totalAmount,
    foreignTotalAmount: amounts.foreignTotalAmount,
    adminUserId: context.adminUserId,
    businessId: context.businessId,
    status: context.entry?.status ?? TIME_ENTRY_STATUS.unbilled,
    ...(context.entry ? {} : { ManualTimeEntry: !context.fromTimer }),
    utbmsTaskCode: values.utbmsTaskCode === '' ? null : (values.utbmsTaskCode as UtbmsTaskCode),
  };
}
