import {
  billedLockMessage,
  billingIncrementOf,
  IS_BILLABLE,
  roundMoney,
  TIME_ENTRY_RULE_MESSAGES,
  type TimeEntry,
  type TimeEntryInputParsed,
} from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { deleteTimerLogs } from './time-entry-logs.repository.ts';
import {
  currencyExists,
  findActivityReference,
  findClientReference,
  findFirmBilling,
  findMatterRate,
  findMatterReference,
  findTimeEntryDetail,
  findUserReference,
  insertTimeEntry,
  lockTimeEntry,
  setTimeEntryDeleted,
  updateTimeEntry,
  type TimeEntryValues,
} from './time-entries.repository.ts';
import {
  amountsOf,
  billedDurationOf,
  billingCurrencyOf,
  canViewAllTimeEntries,
  currencyChanged,
  isLockedEntry,
  lockedFieldsChanged,
  needsMatterRate,
  sameDuration,
  trimDecimal,
  withMatterRate,
} from './time-entries.rules.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { MatterBudgetWatch, RecordedTime } from '../matter-budgets/matter-budgets.api.ts';

type ExistingEntry = NonNullable<Awaited<ReturnType<typeof lockTimeEntry>>>;
export type TimeEntryService = ReturnType<typeof createTimeEntryService>;

/** Without timeEntry.viewAll, a fee earner records time only for themselves. */
function assertMayRecordFor(principal: FirmPrincipal, userId: string) {
  if (userId !== principal.userId && !canViewAllTimeEntries(principal.permissions)) {
    throw new AppError(403, TIME_ENTRY_RULE_MESSAGES.notAssigned, { timeEntryUserId: TIME_ENTRY_RULE_MESSAGES.notAssigned });
  }
}

/** An entry the caller may see: another fee earner's entry answers like a missing one. */
function assertVisible<T extends { userId: string } | { timeEntryUserId: string }>(principal: FirmPrincipal, entry: T | null): T {
  const ownerId = entry && ('userId' in entry ? entry.userId : entry.timeEntryUserId);
  if (!entry || (ownerId !== principal.userId && !canViewAllTimeEntries(principal.permissions))) throw notFound('Time entry');
  return entry;
}

/**
 * Every id in the body is looked up in the firm's own rows: another firm's id is not there (404).
 * A reference deleted since the entry was saved stays acceptable as long as it does not change.
 */
async function checkReferences(tx: Tx, firmId: string, input: TimeEntryInputParsed, previous: ExistingEntry | null) {
  const client = await findClientReference(tx, firmId, input.clientId);
  if (!client || (client.deletedAt && input.clientId !== previous?.clientId)) throw notFound('Client');
  const matter = await findMatterReference(tx, firmId, input.matterId);
  const isNewMatter = input.matterId !== previous?.matterId;
  if (!matter || (matter.deletedAt && isNewMatter)) throw notFound('Matter');
  if (matter.clientId !== input.clientId) {
    throw badRequest(TIME_ENTRY_RULE_MESSAGES.matterNotOfClient, { matterId: TIME_ENTRY_RULE_MESSAGES.matterNotOfClient });
  }
  const addsTime =
    !previous || isNewMatter || previous.timeEntryDate !== input.timeEntryDate || !sameDuration(previous.recordedDuration, input.duration);
  if (matter.status === 'Closed' && addsTime) {
    throw badRequest(TIME_ENTRY_RULE_MESSAGES.matterClosed, { matterId: TIME_ENTRY_RULE_MESSAGES.matterClosed });
  }
  const activity = await findActivityReference(tx, firmId, input.activityId);
  if (!activity || (activity.deletedAt && input.activityId !== previous?.activityTypeId)) throw notFound('Activity');
  const user = await findUserReference(tx, firmId, input.timeEntryUserId);
  if (!user) throw notFound('User');
  if (!user.isActive && input.timeEntryUserId !== previous?.userId) {
    throw badRequest('This user is no longer active', { timeEntryUserId: 'This user is no longer active' });
  }
}

/**
 * The input with a rate: a billable entry sent without one (blank or 0) takes the fee earner's rate
 * for the matter, as get-time-entry-matter-rate answers it, and is refused when there is none.
 */
async function ratedInput(tx: Tx, firmId: string, input: TimeEntryInputParsed): Promise<TimeEntryInputParsed> {
  if (!needsMatterRate(input)) return input;
  return withMatterRate(input, await findMatterRate(tx, firmId, input.matterId, input.timeEntryUserId));
}

/** The stored values: references as given, currency and amounts as the server works them out. */
async function valuesOf(tx: Tx, firmId: string, input: TimeEntryInputParsed, previous: ExistingEntry | null): Promise<TimeEntryValues> {
  const firm = await findFirmBilling(tx, firmId);
  const home = { homeCurrencyId: firm?.homeCurrencyId ?? null, multicurrency: firm?.multicurrency ?? false };
  const currency = billingCurrencyOf(input, home, previous?.foreignCurrencyId ?? null);
  if (currency.foreignCurrencyId !== null && !(await currencyExists(tx, currency.foreignCurrencyId))) throw notFound('Currency');
  const duration = billedDurationOf(input.duration, billingIncrementOf(firm?.billingIncrement), previous);
  return {
    clientId: input.clientId,
    matterId: input.matterId,
    activityTypeId: input.activityId,
    userId: input.timeEntryUserId,
    isBillable: input.isBillable,
    description: input.description,
    timeEntryDate: input.timeEntryDate,
    duration,
    recordedDuration: input.duration,
    homeCurrencyId: home.homeCurrencyId,
    foreignCurrencyId: currency.foreignCurrencyId,
    exchangeRate: currency.exchangeRate,
    utbmsTaskCode: input.utbmsTaskCode ?? null,
    // Amounts follow the billed hours: what the client is charged for.
    ...amountsOf({ ...input, duration }, currency.exchangeRate),
  };
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof findTimeEntryDetail>>>;

function entryOf({ invoiceId, createdAt, updatedAt, ...entry }: DetailRow): TimeEntry {
  return {
    ...entry,
    exchangeRate: trimDecimal(entry.exchangeRate),
    isLocked: isLockedEntry({ invoiceId, status: entry.status }),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

async function viewOf(tx: Tx, firmId: string, timeEntryId: string): Promise<TimeEntry> {
  const row = await findTimeEntryDetail(tx, firmId, timeEntryId);
  if (!row) throw notFound('Time entry');
  return entryOf(row);
}

/** What the trail keeps of an entry: whose time, where, how long, and its money. */
type AuditedValues = Pick<
  TimeEntryValues,
  | 'clientId'
  | 'matterId'
  | 'userId'
  | 'timeEntryDate'
  | 'duration'
  | 'recordedDuration'
  | 'isBillable'
  | 'userRate'
  | 'exchangeRate'
  | 'totalAmount'
  | 'homeTotalAmount'
>;
const auditDetailsOf = (values: AuditedValues): AuditedValues => ({
  clientId: values.clientId,
  matterId: values.matterId,
  userId: values.userId,
  timeEntryDate: values.timeEntryDate,
  duration: values.duration,
  recordedDuration: values.recordedDuration,
  isBillable: values.isBillable,
  userRate: values.userRate,
  exchangeRate: values.exchangeRate,
  totalAmount: values.totalAmount,
  homeTotalAmount: values.homeTotalAmount,
});

/** What an entry adds to its matter's budget: its billed hours, and its amount when billable. */
const recordedTime = (entry: { matterId: string; duration: string; isBillable: number; homeTotalAmount: string }): RecordedTime => ({
  matterId: entry.matterId,
  hours: entry.duration,
  fees: entry.isBillable === IS_BILLABLE.billable ? entry.homeTotalAmount : '0',
});

export function createTimeEntryService(database: Database, budgetWatch: MatterBudgetWatch) {
  return {
    view: (principal: FirmPrincipal, timeEntryId: string) =>
      database.withFirm(principal.firmId, async (tx) =>
        entryOf(assertVisible(principal, await findTimeEntryDetail(tx, principal.firmId, timeEntryId))),
      ),

    /** Saving from the timer (ManualTimeEntry false) also resets the caller's timer, in the same transaction. */
    create: (principal: FirmPrincipal, input: TimeEntryInputParsed) => {
      assertMayRecordFor(principal, input.timeEntryUserId);
      return database.withFirm(principal.firmId, async (tx) => {
        await checkReferences(tx, principal.firmId, input, null);
        const values = await valuesOf(tx, principal.firmId, await ratedInput(tx, principal.firmId, input), null);
        const manualTimeEntry = input.ManualTimeEntry ?? true;
        const timeEntryId = await insertTimeEntry(tx, principal.firmId, { ...values, enteredByUserId: principal.userId, manualTimeEntry });
        if (!manualTimeEntry) await deleteTimerLogs(tx, principal.firmId, principal.userId);
        await budgetWatch.afterTimeRecorded(tx, principal.firmId, recordedTime(values), null);
        await recordAuditEvent(tx, principal, 'timeEntry.created', timeEntryId, { ...auditDetailsOf(values), manualTimeEntry });
        return viewOf(tx, principal.firmId, timeEntryId);
      });
    },

    update: (principal: FirmPrincipal, timeEntryId: string, sent: TimeEntryInputParsed) =>
      database.withFirm(principal.firmId, async (tx) => {
        const existing = assertVisible(principal, await lockTimeEntry(tx, principal.firmId, timeEntryId));
        assertMayRecordFor(principal, sent.timeEntryUserId);
        // Before the lock checks: a billed entry sent without a rate is compared by the rate it would take, not by 0.
        const input = await ratedInput(tx, principal.firmId, sent);
        const billedOn = existing.billedOnInvoiceNumber;
        const lockMessage = billedOn ? billedLockMessage(billedOn) : TIME_ENTRY_RULE_MESSAGES.locked;
        const refuse = (changed: string[]) => {
          if (changed.length > 0) throw new AppError(409, lockMessage, Object.fromEntries(changed.map((field) => [field, lockMessage])));
        };
        if (isLockedEntry(existing)) {
          const frozen = { ...existing, duration: existing.recordedDuration, timeEntryUserId: existing.userId };
          refuse(lockedFieldsChanged(frozen, { ...input, utbmsTaskCode: input.utbmsTaskCode ?? null }, billedOn !== null));
        }
        await checkReferences(tx, principal.firmId, input, existing);
        const values = await valuesOf(tx, principal.firmId, input, existing);
        // The billing currency and rate change the entry's amounts: frozen too once its invoice is out.
        if (billedOn !== null) refuse(currencyChanged(existing, values));
        await updateTimeEntry(tx, principal.firmId, timeEntryId, values);
        await budgetWatch.afterTimeRecorded(tx, principal.firmId, recordedTime(values), recordedTime(existing));
        await recordAuditEvent(tx, principal, 'timeEntry.updated', timeEntryId, {
          before: auditDetailsOf(existing),
          after: auditDetailsOf(values),
        });
        return viewOf(tx, principal.firmId, timeEntryId);
      }),

    remove: (principal: FirmPrincipal, timeEntryId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const existing = assertVisible(principal, await lockTimeEntry(tx, principal.firmId, timeEntryId));
        if (isLockedEntry(existing)) throw conflict(TIME_ENTRY_RULE_MESSAGES.lockedDelete);
        await setTimeEntryDeleted(tx, principal.firmId, timeEntryId, principal.userId);
        await recordAuditEvent(tx, principal, 'timeEntry.deleted', timeEntryId, {
          matterId: existing.matterId,
          duration: existing.duration,
        });
      }),

    /** The rate the popup fills in for a fee earner on a matter (see findMatterRate for the fallbacks). */
    matterRate: (principal: FirmPrincipal, matterId: string, userId: string) => {
      if (userId !== principal.userId && !canViewAllTimeEntries(principal.permissions)) {
        throw forbidden(TIME_ENTRY_RULE_MESSAGES.notAssigned);
      }
      return database.withFirm(principal.firmId, async (tx) => {
        const matter = await findMatterReference(tx, principal.firmId, matterId);
        if (!matter || matter.deletedAt) throw notFound('Matter');
        if (!(await findUserReference(tx, principal.firmId, userId))) throw notFound('User');
        return { amount: roundMoney((await findMatterRate(tx, principal.firmId, matterId, userId)) ?? '0') };
      });
    },
  };
}
