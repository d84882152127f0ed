import { myAccountContracts, type NotificationChoices } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const NOTIFICATION_CHOICES_KEY = ['my-account', 'notifications'] as const;

/** Which optional emails the signed-in user receives. Silent: the card says when they cannot be loaded. */
export async function getNotificationChoices(): Promise<NotificationChoices> {
  return (await callContract(myAccountContracts.notifications, {}, { auth: 'firm', silent: true })).data;
}

export const notificationChoicesQuery = queryOptions({ queryKey: NOTIFICATION_CHOICES_KEY, queryFn: getNotificationChoices });

export function useNotificationChoices() {
  return useQuery(notificationChoicesQuery);
}

/** Saves every choice at once; answers them as saved. */
export async function updateNotificationChoices(body: NotificationChoices): Promise<NotificationChoices> {
  return (await callContract(myAccountContracts.updateNotifications, { body }, { auth: 'firm', toastSuccess: true })).data;
}
