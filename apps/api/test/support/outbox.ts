import type { Database } from '../../src/db/database.ts';
import type { MailMessage } from '../../src/lib/mailer.ts';
import { createOutboxDelivery, type RetryPolicy } from '../../src/platform/outbox/outbox-delivery.ts';
import { createOutbox } from '../../src/platform/outbox/outbox.ts';

/** A mailer that keeps what it is given; `failFor`: refuses that recipient this many times first. */
export function recordingMailer(failFor?: { to: string; times: number }) {
  const inbox: MailMessage[] = [];
  let failures = failFor?.times ?? 0;
  return {
    inbox,
    mailer: {
      send: async (email: MailMessage) => {
        if (failFor && email.to === failFor.to && failures > 0) {
          failures -= 1;
          throw new Error('SMTP server unavailable');
        }
        inbox.push(email);
      },
    },
  };
}

/**
 * An outbox of its own over the test's database and its delivery to `mailer`, for jobs run outside
 * an app (the reminders, the digests), sealed with the app's secret so either may send what the other
 * queued: queue through `outbox`, then `deliver()` as the delivery job would.
 */
export function outboxTo(
  { database, appSecret }: { database: Database; appSecret: string },
  mailer: { send(email: MailMessage): Promise<void> },
  retry: RetryPolicy = { maxAttempts: 3, firstRetryMs: 0 },
) {
  const outbox = createOutbox({ appSecret });
  const delivery = createOutboxDelivery({ database, mailer, outbox, retry });
  return { outbox, delivery, deliver: () => delivery.deliverDue() };
}
