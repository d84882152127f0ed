import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '../lib/toasts.ts';
import toastClasses from './toasts.module.css';

/** Where toasts appear (below the top bar: toasts.module.css); loaded with the first toast (see providers.tsx). */
export function ToastHost() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} classNames={{ root: toastClasses.toasts }} />;
}
