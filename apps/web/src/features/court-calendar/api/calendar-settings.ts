import { courtCalendarSettingsSchema, type CourtCalendarSettings } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiMutate } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { courtCalendarKeys, PROGRESS_UPDATE_BASE } from './court-calendar-keys.ts';

const SETTINGS_PATH = `${PROGRESS_UPDATE_BASE}/calendar-settings`;

/** The firm's hearing reminders: how many days before, and whether a daily digest goes out. */
export const calendarSettingsQuery = (isAllowed: boolean) =>
  queryOptions({
    queryKey: courtCalendarKeys.settings(),
    queryFn: async (): Promise<CourtCalendarSettings> =>
      courtCalendarSettingsSchema.parse(await apiGet<unknown>(SETTINGS_PATH, undefined, 'firm')),
    enabled: isAllowed,
  });

/** PUT: a success toasts (the server's words, or ours); a refusal toasts and throws (the form stays as typed). */
export async function saveCalendarSettings(settings: CourtCalendarSettings): Promise<CourtCalendarSettings> {
  const envelope = await apiMutate<unknown>(SETTINGS_PATH, settings, { method: 'PUT', auth: 'firm', toastSuccess: false });
  toast.success(envelope.message || 'Reminder settings saved');
  return courtCalendarSettingsSchema.parse(envelope.data);
}
