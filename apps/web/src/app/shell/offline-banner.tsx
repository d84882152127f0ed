import { Alert } from '@mantine/core';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * With no signal the app shows what this device kept (ADR 96): one notice says so, rather than
 * every list and figure that could not be asked raising an error of its own.
 */
export function OfflineBanner() {
  const isOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (isOnline) return null;
  return (
    <Alert color="gray" variant="light" radius={0} py={6} title="Offline">
      Showing what this device kept. What you save waits here and is sent when the connection returns.
    </Alert>
  );
}
