import {
  activityTypeSchema,
  associatedClientsSchema,
  currencySchema,
  exchangeRateSchema,
  matterNameSchema,
  teamMemberSchema,
  type ActivityType,
  type AssociatedClients,
  type Currency,
  type MatterName,
  type TeamMember,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

/**
 * The popup's dropdown lists (SPEC.md §7). Keys match the other features' lookups of the same
 * calls, so the app keeps one cache entry per list.
 */
const EMPTY_CLIENTS: AssociatedClients = { people: [], companies: [] };

export const associatedClientsQuery = queryOptions({
  queryKey: ['associated-clients'],
  queryFn: async (): Promise<AssociatedClients> => {
    const parsed = associatedClientsSchema.safeParse(
      await apiList<unknown>('/admin/client-info/get-associated-client-users', undefined, 'firm'),
    );
    return parsed.success ? parsed.data : EMPTY_CLIENTS;
  },
});

export const clientMattersQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['matter-names', clientId],
    queryFn: async (): Promise<MatterName[]> =>
      parseList(
        matterNameSchema,
        await apiList<unknown>('/admin/matter-master/get-matter-name-using-client', { ClientId: clientId }, 'firm'),
      ),
    enabled: clientId !== '',
  });

export const activityTypesQuery = queryOptions({
  queryKey: ['activity-types'],
  queryFn: async (): Promise<ActivityType[]> =>
    parseList(activityTypeSchema, await apiList<unknown>('/admin/activity/get-activity-type', undefined, 'firm')),
});

export const currencyListQuery = queryOptions({
  queryKey: ['currency-list'],
  queryFn: async (): Promise<Currency[]> =>
    parseList(currencySchema, await apiList<unknown>('/admin/currency/get-currency-list', undefined, 'firm')),
  staleTime: Infinity,
});

/** 'Entered By': every member (the team page's list), so an entry by someone since deactivated still shows their name. */
export const enteredByUsersQuery = queryOptions({
  queryKey: ['team', 'members'],
  queryFn: async (): Promise<TeamMember[]> =>
    parseList(teamMemberSchema, await apiList<unknown>('/admin/team-member-details/get-all-user', { IncludeInactive: true }, 'firm')),
});

/** Home-currency units one unit of the foreign currency buys today; null when the firm set none. */
export async function getExchangeRate(
  homeCurrencyId: number,
  foreignCurrencyId: number,
  businessId: string | null,
): Promise<string | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/business/get-exchange-rate', {
      query: { HomeCurrencyId: homeCurrencyId, ForeignCurrencyId: foreignCurrencyId, BusinessId: businessId },
      auth: 'firm',
      silent: true,
    });
    const parsed = exchangeRateSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data.exchangeRate : null;
  } catch {
    return null;
  }
}
