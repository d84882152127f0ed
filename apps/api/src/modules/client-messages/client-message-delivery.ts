import type { FastifyBaseLogger } from 'fastify';
import type { ClientMessagingSettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { PeriodicJob } from '../../platform/jobs/jobs.ts';
import {
  claimDueMessages,
  findFirmsWithDueMessages,
  recordAttemptFailed,
  recordHandedOver,
  type ClaimedMessage,
} from './client-messages.repository.ts';
import { retryDelaySeconds } from './client-messages.rules.ts';
import { ProviderRefusedError, type MessagingProvider } from './messaging-providers.ts';

export const CLIENT_MESSAGE_DELIVERY_JOB = 'client-message-delivery';

/** A claimed message is out of reach this long: a worker that died mid-way leaves it to be tried again. */
const LEASE_SECONDS = 300;
const FIRMS_PER_RUN = 50;
const MESSAGES_PER_FIRM = 50;

export type ClientMessageDeliveryDeps = {
  database: Database;
  providers: readonly MessagingProvider[];
  retry: ClientMessagingSettings['retry'];
  logger?: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
};

/**
 * Hands queued messages to their providers, outside any business transaction: each message is
 * claimed in a short transaction, sent, and its outcome written in another. A provider that is
 * down costs a retry later (the first delay doubled each time), up to the last attempt, after
 * which the message is failed with the provider's last answer; a provider that refuses the
 * message itself fails it at once.
 */
export function createClientMessageDelivery({ database, providers, retry, logger }: ClientMessageDeliveryDeps) {
  async function handOver(firmId: string, message: ClaimedMessage): Promise<'sent' | 'retried' | 'failed'> {
    const provider = providers.find((candidate) => candidate.name === message.provider && candidate.channels.includes(message.channel));
    try {
      if (!provider) throw new ProviderRefusedError(`${message.provider} is not configured for ${message.channel}`);
      const { providerMessageId } = await provider.send(message);
      await database.withFirm(firmId, (tx) => recordHandedOver(tx, firmId, message.id, providerMessageId));
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isFinal = error instanceof ProviderRefusedError || message.attempts >= retry.maxAttempts;
      const retryIn = isFinal ? null : retryDelaySeconds(message.attempts, retry.firstDelaySeconds);
      await database.withFirm(firmId, (tx) => recordAttemptFailed(tx, firmId, message.id, reason, retryIn));
      logger?.warn(
        { messageId: message.id, attempts: message.attempts, reason },
        isFinal ? 'client message failed' : 'client message to be retried',
      );
      return isFinal ? 'failed' : 'retried';
    }
  }

  return {
    /** Every message due now, once each; answers how many went, will be tried again, and failed. */
    async deliverDue() {
      const outcome = { sent: 0, retried: 0, failed: 0 };
      const firmIds = await database.withIdentityLookup((tx) => findFirmsWithDueMessages(tx, FIRMS_PER_RUN));
      for (const firmId of firmIds) {
        const claimed = await database.withFirm(firmId, (tx) => claimDueMessages(tx, firmId, MESSAGES_PER_FIRM, LEASE_SECONDS));
        for (const message of claimed) outcome[await handOver(firmId, message)] += 1;
      }
      return outcome;
    },
  };
}
export type ClientMessageDelivery = ReturnType<typeof createClientMessageDelivery>;

/** Every minute, for messages whose retry is due (a new message asks for a run as soon as it commits). */
export const clientMessageJobs = (delivery: ClientMessageDelivery, logger?: Pick<FastifyBaseLogger, 'info'>): PeriodicJob[] => [
  {
    name: CLIENT_MESSAGE_DELIVERY_JOB,
    everyMinutes: 1,
    run: async () => {
      const outcome = await delivery.deliverDue();
      if (outcome.sent + outcome.retried + outcome.failed > 0) logger?.info(outcome, 'client messages handed over');
    },
  },
];
