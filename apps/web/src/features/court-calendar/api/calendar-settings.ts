import { calendarSettingsRoute, calendarSettingsUpdateRoute, type CourtCalendarSettings } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { toast } from '../../../lib/toasts.ts';
import { courtCalendarKeys } from './court-calendar-keys.ts';

/** The firm's hearing reminders: how many days before, and whether a daily digest goes out. */
export const calendarSettingsQuery = (isAllowed: boolean) =>
  queryOptions({
    queryKey: courtCalendarKeys.settings(),
    queryFn: async (): Promise<CourtCalendarSettings> => (await callContract(calendarSettingsRoute, {}, { auth: 'firm' })).data,
    enabled: isAllowed,
  });

/** PUT: a success toasts (the server's words, or ours); a refusal toasts and throws (the form stays as typed). */
export async function saveCalendarSettings(settings: CourtCalendarSettings): Promise<CourtCalendarSettings> {
  const envelope = await callContract(calendarSettingsUpdateRoute, { body: settings }, { auth: 'firm' });
  toast.success(envelope.message || 'Reminder settings saved');
  return envelope.data;
}
