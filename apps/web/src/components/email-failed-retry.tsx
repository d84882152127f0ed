import { Alert, Button, Group, Text } from '@mantine/core';
import type { EmailDelivery } from '@matterhorn/shared';
import { useEmailDeliveries, useRetryEmail, type EmailSubject } from '../lib/email-delivery.ts';

/**
 * "Email failed — Retry" beside an invoice, a trust request or an invitation whose latest email
 * could not be delivered after every attempt; Retry is offered to whoever may send it.
 */
export function EmailFailedRetry({
  subject,
  id,
  delivery,
  canRetry,
}: {
  subject: EmailSubject;
  id: string;
  delivery: EmailDelivery | undefined;
  canRetry: boolean;
}) {
  const retry = useRetryEmail(subject);
  if (delivery?.status !== 'failed') return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="red" title={delivery.lastError ?? undefined}>
        {canRetry ? 'Email failed —' : 'Email failed'}
      </Text>
      {canRetry && (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          loading={retry.isPending}
          onClick={() => void retry.retry(id)}
          aria-label={`Retry email to ${delivery.recipient}`}
        >
          Retry
        </Button>
      )}
    </Group>
  );
}

/** The same for one item's page: its latest email's failure, if it failed, as an alert. */
export function EmailDeliveryAlert({ subject, id, canRetry }: { subject: EmailSubject; id: string; canRetry: boolean }) {
  const deliveries = useEmailDeliveries(subject, [id]);
  const delivery = deliveries.data?.[id];
  if (delivery?.status !== 'failed') return null;
  return (
    <Alert color="red" role="status" aria-label="Email delivery">
      <Group gap="xs">
        <Text size="sm">The email to {delivery.recipient} could not be delivered.</Text>
        <EmailFailedRetry subject={subject} id={id} delivery={delivery} canRetry={canRetry} />
      </Group>
    </Alert>
  );
}
