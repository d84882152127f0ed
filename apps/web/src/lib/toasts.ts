import { notifications, type NotificationData } from '@mantine/notifications';

export type ToastType = 'error' | 'alert' | 'information' | 'success';

/** SPEC.md §9: toasts close by themselves after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right';
/** The firm top bar's height, kept on the document so toasts can start below it. */
export const TOP_BAR_HEIGHT_VARIABLE = '--firm-top-bar-height';

const TOAST_LOOK: Record<ToastType, { color: string; title: string }> = {
  error: { color: 'red', title: 'Error' },
  alert: { color: 'yellow', title: 'Alert' },
  information: { color: 'blue', title: 'Information' },
  success: { color: 'green', title: 'Success' },
};

let toastSequence = 0;

export function toastOptionsFor(type: ToastType, message: string): NotificationData & { id: string } {
  toastSequence += 1;
  const id = `toast-${toastSequence}`;
  return {
    id,
    message,
    title: TOAST_LOOK[type].title,
    color: TOAST_LOOK[type].color,
    position: TOAST_POSITION,
    autoClose: TOAST_AUTO_CLOSE_MS,
    withCloseButton: true,
    // Mantine's close button is an icon alone: without a name a screen reader announces "button".
    closeButtonProps: { 'aria-label': 'Close notification' },
    'data-toast-type': type,
    role: type === 'error' || type === 'alert' ? 'alert' : 'status',
    style: { cursor: 'pointer' },
    // SPEC.md §2: a toast closes when clicked anywhere on it.
    onClick: () => notifications.hide(id),
  };
}

export function showToast(type: ToastType, message: string): string {
  return notifications.show(toastOptionsFor(type, message));
}

export const toast = {
  error: (message: string) => showToast('error', message),
  alert: (message: string) => showToast('alert', message),
  information: (message: string) => showToast('information', message),
  success: (message: string) => showToast('success', message),
};
