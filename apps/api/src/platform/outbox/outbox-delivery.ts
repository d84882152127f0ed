import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Outbox } from './outbox.ts';
import { createEmailComposer } from './email-composition.ts';
import { claimDueMessages, findFirmsWithDueMessages, markMessageNotSent, markMessageSent } from './outbox.repository.ts';

/** How hard a message is tried: `maxAttempts` sends, the n-th retry `firstRetryMs · 2^(n-1)` after the last. */
export type RetryPolicy = { maxAttempts: number; firstRetryMs: number };

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, firstRetryMs: 60_000 };

/** Long enough for a slow SMTP server to answer; a sender that dies leaves its messages to the next after this. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export type DeliveryReport = { sent: number; retrying: number; failed: number };

export type OutboxDelivery = {
  /** Sends every message due now, each outside any transaction; what fails waits for its retry. */
  deliverDue(now?: Date): Promise<DeliveryReport>;
  /** A run soon (after a commit that queued mail): through the job queue when there is one, else here. */
  deliverSoon(): void;
  /** Resolves once runs started here have finished (the app's close, tests). */
  settled(): Promise<void>;
};

export const retryAtOf = (policy: RetryPolicy, attempts: number, now: Date): Date | null =>
  attempts >= policy.maxAttempts ? null : new Date(now.getTime() + policy.firstRetryMs * 2 ** (attempts - 1));

type Dependencies = {
  database: Database;
  mailer: Mailer;
  outbox: Outbox;
  retry?: RetryPolicy;
  logger?: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  /** Asks the job queue for a delivery run (server.ts); none: runs in this process. */
  requestRun?: () => Promise<void>;
};

export function createOutboxDelivery({
  database,
  mailer,
  outbox,
  retry = DEFAULT_RETRY_POLICY,
  logger,
  requestRun,
}: Dependencies): OutboxDelivery {
  async function deliverFirm(firmId: string, now: () => Date, report: DeliveryReport) {
    const compose = createEmailComposer(database, firmId);
    for (;;) {
      const claimed = await database.withFirm(firmId, (tx) => claimDueMessages(tx, firmId, now(), LEASE_MS, BATCH));
      for (const message of claimed) {
        const content = message.sealedContent ? outbox.open(message.sealedContent) : null;
        try {
          // A message sealed under another APP_SECRET cannot be read again: no retry would help.
          if (!content) throw Object.assign(new Error('The message could not be read (was APP_SECRET changed?)'), { isFinal: true });
          await mailer.send(await compose(message.recipient, message.subject, content));
          await database.withFirm(firmId, (tx) => markMessageSent(tx, firmId, message.id, now()));
          report.sent += 1;
        } catch (error) {
          const isFinal = (error as { isFinal?: boolean }).isFinal === true;
          const retryAt = isFinal ? null : retryAtOf(retry, message.attempts, now());
          const reason = error instanceof Error ? error.message : String(error);
          await database.withFirm(firmId, (tx) => markMessageNotSent(tx, firmId, message.id, reason, retryAt));
          if (retryAt) report.retrying += 1;
          else report.failed += 1;
          logger?.warn({ err: error, firmId, messageId: message.id, attempts: message.attempts, retryAt }, 'email not sent');
        }
      }
      if (claimed.length < BATCH) return;
    }
  }

  async function deliverDue(at?: Date): Promise<DeliveryReport> {
    const now = () => at ?? new Date();
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
    const firms = await database.withIdentityLookup((tx) => findFirmsWithDueMessages(tx, now()));
    for (const firmId of firms) await deliverFirm(firmId, now, report);
    if (report.sent + report.retrying + report.failed > 0) logger?.info(report, 'outbox delivered');
    return report;
  }

  // In-process runs: one at a time; a request during a run asks for one more after it.
  let running: Promise<void> | null = null;
  let isAskedAgain = false;
  const runHere = (): Promise<void> => {
    if (running) {
      isAskedAgain = true;
      return running;
    }
    running = (async () => {
      do {
        isAskedAgain = false;
        await deliverDue().catch((error: unknown) => logger?.error({ err: error }, 'outbox delivery failed'));
      } while (isAskedAgain);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    deliverDue,
    deliverSoon() {
      if (requestRun) void requestRun().catch((error: unknown) => logger?.error({ err: error }, 'outbox delivery not queued'));
      else void runHere();
    },
    async settled() {
      while (running) await running;
    },
  };
}
