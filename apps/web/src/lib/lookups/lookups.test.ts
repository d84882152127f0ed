import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { lookupAnswers, teamMember } from '../../test/msw/contract-answers.ts';
import { stubApi } from '../../test/msw/stub-api.ts';
import { activityTypesQuery } from './activity-types.ts';
import { associatedClientsQuery } from './associated-clients.ts';
import { clientMattersQuery } from './client-matters.ts';
import { currenciesQuery } from './currencies.ts';
import { customFieldsQuery } from './custom-fields.ts';
import { lookupKeys } from './lookup-keys.ts';
import { practiceAreasQuery } from './practice-areas.ts';
import { activeMembers, teamMembersQuery } from './team-members.ts';

const GRACE = '22222222-2222-4222-8222-222222222222';
const ALAN = '33333333-3333-4333-8333-333333333333';
const MEMBERS = '/admin/team-member-details/get-all-user';

describe('shared lookups', () => {
  it('keep every list under one root key, one key per call', () => {
    const keys = [
      teamMembersQuery.queryKey,
      practiceAreasQuery.queryKey,
      currenciesQuery.queryKey,
      activityTypesQuery.queryKey,
      associatedClientsQuery.queryKey,
      clientMattersQuery('client-1').queryKey,
      customFieldsQuery('client').queryKey,
      customFieldsQuery('matter').queryKey,
    ];
    for (const key of keys) expect(key[0]).toBe(lookupKeys.all[0]);
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });

  it('share one cached team list between pickers, and one invalidation refreshes them all', async () => {
    let members = [teamMember(GRACE, 'Grace Hopper'), teamMember(ALAN, 'Alan Turing', { isActive: false })];
    const api = stubApi({ [`GET ${MEMBERS}`]: () => lookupAnswers.teamMembers(members) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const everyone = new QueryObserver(queryClient, teamMembersQuery);
    const assignable = new QueryObserver(queryClient, { ...teamMembersQuery, select: activeMembers });
    const stops = [everyone.subscribe(() => {}), assignable.subscribe(() => {})];

    await expect.poll(() => assignable.getCurrentResult().data?.map((member) => member.name)).toEqual(['Grace Hopper']);
    expect(everyone.getCurrentResult().data).toHaveLength(2);
    expect(api.callsTo('GET', MEMBERS)).toHaveLength(1);

    // Alan is reactivated on the team page, which invalidates the members' key.
    members = [members[0]!, { ...members[1]!, isActive: true }];
    await queryClient.invalidateQueries({ queryKey: lookupKeys.teamMembers() });

    expect(assignable.getCurrentResult().data?.map((member) => member.name)).toEqual(['Grace Hopper', 'Alan Turing']);
    expect(api.callsTo('GET', MEMBERS)).toHaveLength(2);
    for (const stop of stops) stop();
  });
});
