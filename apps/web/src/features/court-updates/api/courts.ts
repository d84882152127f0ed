import { courtCreateRoute, courtListRoute, type Court, type CourtInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';
import { courtUpdateKeys } from './court-update-list.ts';

/** The firm's courts, by name; none when the call fails (a list, SPEC.md §8: silently). */
export const courtsQuery = queryOptions({
  queryKey: courtUpdateKeys.courts(),
  queryFn: async (): Promise<Court[]> =>
    ((await listContract(courtListRoute, {}, 'firm')) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
});

/** POST courts: a refusal toasts and throws (the modal stays open). */
export async function createCourt(body: CourtInput): Promise<Court> {
  return (await callContract(courtCreateRoute, { body }, { auth: 'firm', toastSuccess: false })).data;
}

/** "High Court, Lagos Division": how a court reads in a list and on the view. */
export function courtLabel(court: Pick<Court, 'name' | 'division'>): string {
  return court.division ? `${court.name}, ${court.division}` : court.name;
}
