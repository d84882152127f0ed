import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '../lib/toasts.ts';

/** Where toasts appear; loaded after the first paint (see providers.tsx). */
export function ToastHost() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />;
}
