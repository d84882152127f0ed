import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_EXCHANGE_RATE, durationToSend, hasPermissions, IS_BILLABLE, readQuickDuration, type TimeEntry } from '@matterhorn/shared';
import { billedHoursFor } from '../utils/billed-hours.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import type { TimeEntryPopupRequest } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { getExchangeRate } from '../../../lib/lookups/exchange-rate.ts';
import { matterRateQuery } from '../api/time-entry.ts';
import { amountsForForm } from '../utils/time-entry-amounts-view.ts';
import {
  entryValues,
  isForeignCurrency,
  newEntryValues,
  timeEntryFormSchemaFor,
  type TimeEntryFormValues,
} from '../utils/time-entry-form-values.ts';
import { timerDraft } from '../utils/timer-draft.ts';
import { usePopupActions, type SaveMode } from './use-popup-actions.ts';

/** SPEC.md §9: the total is recalculated 100 ms after an exchange-rate change. */
export const EXCHANGE_RATE_RECALC_MS = 100;

/** The popup's state and rules (SPEC.md §2 Time-entry popup, §4 Billable toggle, §5). */
export function useTimeEntryForm(request: TimeEntryPopupRequest, entry: TimeEntry | null) {
  const { workingUser, permissions } = useSession();
  const queryClient = useQueryClient();
  const homeCurrencyId = workingUser?.currencyId ?? null;
  const isFromTimer = request.fromTimer === true && !entry;
  const [initialValues] = useState<TimeEntryFormValues>(() => {
    if (entry) return entryValues(entry, homeCurrencyId);
    if (request.kept) return request.kept.values as TimeEntryFormValues;
    const fresh = newEntryValues({ ...request, profileId: workingUser?.profileId ?? '', homeCurrencyId });
    const draft = isFromTimer ? timerDraft.read() : null;
    return draft ? { ...fresh, ...draft } : fresh;
  });
  // Read once as the popup opens: the rules a form checks by do not change under the typing.
  const [bareNumberUnit] = useState(() => workingUser?.bareNumberUnit ?? 'hours');
  const [formSchema] = useState(() => timeEntryFormSchemaFor(bareNumberUnit));
  const form = useSchemaForm(formSchema, initialValues);
  const { values, setValue, touch } = form;
  const [dateText, setDateText] = useState(() => isoDateToMonthDayYear(initialValues.timeEntryDate));
  const [saveMode, setSaveMode] = useState<SaveMode>('save');
  const latest = useRef(values);
  latest.current = values;
  const rateRequest = useRef('');

  const isLocked = entry?.isLocked === true;
  /** On an invoice that has left draft: every field is read-only (the API refuses any change). */
  const billedOnInvoiceNumber = entry?.billedOnInvoiceNumber ?? null;
  const isBilled = billedOnInvoiceNumber !== null;
  const isBillable = values.isBillable === IS_BILLABLE.billable;
  const isForeign = isForeignCurrency(values, homeCurrencyId);
  const [recalcExchangeRate] = useDebouncedValue(values.exchangeRate, EXCHANGE_RATE_RECALC_MS);
  // What the server will bill: the amounts follow the billed hours, not the recorded ones.
  const durationRead = readQuickDuration(values.duration, bareNumberUnit);
  const billedHours = billedHoursFor(durationToSend(values.duration, bareNumberUnit), workingUser?.billingIncrement ?? '0', entry);
  const amounts = amountsForForm({
    ...values,
    duration: billedHours ?? values.duration,
    exchangeRate: isForeign ? recalcExchangeRate : DEFAULT_EXCHANGE_RATE,
  });
  /** Escape, the backdrop and the close button ask before throwing typing away. */
  const hasChanges = JSON.stringify(values) !== JSON.stringify(initialValues);

  /** The rate of the fee earner on the matter (get-time-entry-matter-rate), for billable entries. */
  const prefillRate = async (matterId: string, userId: string) => {
    if (!matterId || !userId) return;
    const key = `${matterId}:${userId}`;
    rateRequest.current = key;
    const amount = await queryClient.fetchQuery(matterRateQuery(matterId, userId));
    // A later choice (or unchecking Billable) wins over a slow answer.
    if (rateRequest.current !== key || latest.current.isBillable !== IS_BILLABLE.billable || amount === null) return;
    setValue('userRate', amount);
  };

  const hasPrefilled = useRef(false);
  useEffect(() => {
    if (hasPrefilled.current) return;
    hasPrefilled.current = true;
    const start = latest.current;
    if (!entry && start.userRate === '' && start.isBillable === IS_BILLABLE.billable)
      void prefillRate(start.matterId, start.timeEntryUserId);
  });

  const changeClient = (clientId: string) => {
    touch('clientId');
    if (clientId === values.clientId) return;
    setValue('clientId', clientId);
    setValue('matterId', '');
    setValue('userRate', isBillable ? '' : '0');
    rateRequest.current = '';
  };

  const changeMatter = (matterId: string) => {
    setValue('matterId', matterId);
    touch('matterId');
    if (isBillable) void prefillRate(matterId, values.timeEntryUserId);
  };

  const changeUser = (userId: string) => {
    setValue('timeEntryUserId', userId);
    touch('timeEntryUserId');
    if (isBillable) void prefillRate(values.matterId, userId);
  };

  /** SPEC.md §4: acts only with a matter chosen; unchecking resets the rate (and so the totals) to 0. */
  const canToggleBillable = values.matterId !== '' && !isLocked;
  const toggleBillable = (checked: boolean) => {
    if (!canToggleBillable) return;
    if (checked) {
      setValue('isBillable', IS_BILLABLE.billable);
      setValue('userRate', '');
      void prefillRate(values.matterId, values.timeEntryUserId);
    } else {
      setValue('isBillable', IS_BILLABLE.notBillable);
      setValue('userRate', '0');
      rateRequest.current = '';
    }
  };

  const [hasNoFirmRate, setHasNoFirmRate] = useState(false);
  const changeCurrency = async (currencyId: string) => {
    setValue('foreignCurrencyId', currencyId);
    setHasNoFirmRate(false);
    if (!isForeignCurrency({ foreignCurrencyId: currencyId }, homeCurrencyId) || homeCurrencyId === null) {
      setValue('exchangeRate', DEFAULT_EXCHANGE_RATE);
      return;
    }
    const rate = await getExchangeRate(homeCurrencyId, Number(currencyId), workingUser?.businessId ?? null);
    if (latest.current.foreignCurrencyId !== currencyId) return;
    setValue('exchangeRate', rate ?? '');
    // No rate set for the pair: the field says so in words and takes a typed rate; its
    // "required" error waits until it is touched (SPEC.md §5), like every other field.
    setHasNoFirmRate(rate === null);
  };

  const changeDate = (monthDayYear: string) => {
    setDateText(monthDayYear);
    setValue('timeEntryDate', monthDayYearToIsoDate(monthDayYear) ?? '');
  };

  const actions = usePopupActions({ form, latest, request, entry, isFromTimer, bareNumberUnit, setSaveMode });

  const canChooseUser = hasPermissions(permissions, ['timeEntry.viewAll']);

  return {
    form,
    values,
    dateText,
    amounts,
    billedHours,
    durationRead,
    hasChanges,
    saveMode,
    isFromTimer,
    isLocked,
    isBilled,
    billedOnInvoiceNumber,
    isBillable,
    isForeign,
    hasNoFirmRate,
    canToggleBillable,
    canChooseUser: canChooseUser && !isBilled,
    canChooseCurrency: workingUser?.multicurrency === true && !isBilled,
    homeCurrencyId,
    changeClient,
    changeMatter,
    changeUser,
    toggleBillable,
    changeCurrency,
    changeDate,
    ...actions,
  };
}

export type TimeEntryFormState = ReturnType<typeof useTimeEntryForm>;
