import { Alert } from '@mantine/core';
import { PORTAL_PAYMENT_MESSAGES } from '@matterhorn/shared';

/** The notice on the tab the gateway sends the client back to: nothing is recorded by the return itself. */
export function PaymentReturnedNotice({ isShown }: { isShown: boolean }) {
  if (!isShown) return null;
  return (
    <Alert color="blue" role="status" mb="md">
      {PORTAL_PAYMENT_MESSAGES.returned}
    </Alert>
  );
}
