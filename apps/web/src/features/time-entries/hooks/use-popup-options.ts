import { UTBMS_TASK_CODES, type TimeEntry } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import type { ClientPerson } from '../../../components/client-select.tsx';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import type { SelectOption } from '../../../components/select-options.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { activityTypesQuery } from '../../../lib/lookups/activity-types.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { currenciesQuery } from '../../../lib/lookups/currencies.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import type { TimeEntryFormValues } from '../utils/time-entry-form-values.ts';

export const NO_TASK_CODE_LABEL = 'None';

/**
 * The popup's dropdown options. The entry being edited keeps its own client, matter and fee earner
 * in the lists even when they are no longer offered (a closed matter, a deactivated member).
 */
export function usePopupOptions(values: TimeEntryFormValues, entry: TimeEntry | null) {
  const { workingUser } = useSession();
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(values.clientId));
  const activities = useQuery(activityTypesQuery);
  const currencies = useQuery(currenciesQuery);
  const users = useQuery(teamMembersQuery);

  const people: ClientPerson[] = clients.data?.people ?? [];
  const companies = clients.data?.companies ?? [];
  const isClientListed =
    people.some((person) => person.userId === entry?.clientId) || companies.some((c) => c.companyId === entry?.clientId);
  const extraPeople = entry && !isClientListed ? [{ userId: entry.clientId, name: entry.clientName }] : [];

  const matterList = matters.data ?? [];
  // New time goes only on open matters (the server refuses closed ones).
  const matterOptions: SelectOption[] = matterList
    .filter((matter) => matter.status === 'Open' || matter.id === values.matterId)
    .map((matter) => ({
      value: matter.id,
      label: matterOptionLabel(matter),
    }));
  if (entry && entry.clientId === values.clientId && !matterOptions.some((option) => option.value === entry.matterId)) {
    matterOptions.push({
      value: entry.matterId,
      label: matterOptionLabel({ matterName: entry.matterName, matterNumber: entry.matterNumber }),
    });
  }
  const chosenMatter = matterList.find((matter) => matter.id === values.matterId);
  const matterRate = chosenMatter?.matterRate ?? (entry && entry.matterId === values.matterId ? entry.matterRate : null);

  const activityOptions: SelectOption[] = (activities.data ?? []).map((activity) => ({
    value: activity.id,
    label: activity.utbmsCode ? `${activity.activityType} (${activity.utbmsCode})` : activity.activityType,
  }));
  if (entry && !activityOptions.some((option) => option.value === entry.activityId)) {
    activityOptions.push({
      value: entry.activityId,
      label: entry.activityCode ? `${entry.activityType} (${entry.activityCode})` : entry.activityType,
    });
  }

  const taskCodeOptions: SelectOption[] = [
    { value: '', label: NO_TASK_CODE_LABEL },
    ...UTBMS_TASK_CODES.map((task) => ({ value: task.code, label: `${task.code} — ${task.name}` })),
  ];

  const currencyList = currencies.data ?? [];
  const currencyOptions: SelectOption[] = currencyList.map((currency) => ({
    value: String(currency.id),
    label: `${currency.isoCurrenyCode} — ${currency.currencyName} (${currency.symbol})`,
  }));
  const billingCurrency = currencyList.find((currency) => String(currency.id) === values.foreignCurrencyId);

  const userOptions: SelectOption[] = (users.data ?? [])
    .filter((user) => user.isActive || user.id === values.timeEntryUserId)
    .map((user) => ({ value: user.id, label: user.name }));
  if (!userOptions.some((option) => option.value === values.timeEntryUserId)) {
    const name = entry?.timeEntryUserId === values.timeEntryUserId ? entry.timeEntryUserName : workingUser?.name;
    if (values.timeEntryUserId && name) userOptions.push({ value: values.timeEntryUserId, label: name });
  }

  return {
    isLoadingClients: clients.isPending,
    people: [...people, ...extraPeople],
    companies,
    isLoadingMatters: values.clientId !== '' && matters.isPending,
    matterOptions,
    matterRate,
    activityOptions,
    taskCodeOptions,
    currencyOptions,
    billingCurrency,
    userOptions,
  };
}

export type PopupOptions = ReturnType<typeof usePopupOptions>;
