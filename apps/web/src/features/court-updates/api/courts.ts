import { courtSchema, type Court, type CourtInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList, apiMutate } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';
import { COURT_UPDATE_BASE, courtUpdateKeys } from './court-update-list.ts';

export const COURTS_PATH = `${COURT_UPDATE_BASE}/courts`;

/** The firm's courts, by name; none when the call fails (a list, SPEC.md §8: silently). */
export const courtsQuery = queryOptions({
  queryKey: courtUpdateKeys.courts(),
  queryFn: async (): Promise<Court[]> =>
    parseList(courtSchema, await apiList<unknown>(COURTS_PATH, undefined, 'firm')).sort((a, b) => a.name.localeCompare(b.name)),
});

/** POST courts: a refusal toasts and throws (the modal stays open). */
export async function createCourt(body: CourtInput): Promise<Court> {
  const envelope = await apiMutate<unknown>(COURTS_PATH, body, { auth: 'firm', toastSuccess: false });
  return courtSchema.parse(envelope.data);
}

/** "High Court, Lagos Division": how a court reads in a list and on the view. */
export function courtLabel(court: Pick<Court, 'name' | 'division'>): string {
  return court.division ? `${court.name}, ${court.division}` : court.name;
}
