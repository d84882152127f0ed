import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ClientMessagingSettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { clientMessageJobs, createClientMessageDelivery } from './client-message-delivery.ts';
import { registerClientMessageSettingsRoutes } from './client-message-settings.routes.ts';
import { createClientMessageSettings } from './client-message-settings.service.ts';
import { registerClientMessageRoutes } from './client-messages.routes.ts';
import { createClientMessageService } from './client-messages.service.ts';
import type { MessagingProvider } from './messaging-providers.ts';
import { createTermiiProvider } from './termii-provider.ts';
import { createTwilioProvider } from './twilio-provider.ts';
import { createClientUpdates } from './client-updates.ts';

export { CLIENT_MESSAGE_DELIVERY_JOB, type ClientMessageDelivery } from './client-message-delivery.ts';
export type { ClientMessageRequest, ClientMessageService } from './client-messages.service.ts';
export type { ClientUpdate, ClientUpdates, DeliveryMark, QueueClientUpdate } from './client-updates.ts';

/** Where Twilio posts its status callbacks, and the URL its signature is over. */
export const twilioCallbackUrlOf = (appUrl: string) => `${appUrl.replace(/\/$/, '')}/api/webhooks/client-messages/twilio`;

/** The configured providers (none when their environment variables are unset). */
export function messagingProvidersOf(settings: ClientMessagingSettings, appUrl: string): MessagingProvider[] {
  return [
    ...(settings.termii ? [createTermiiProvider(settings.termii)] : []),
    ...(settings.twilio ? [createTwilioProvider(settings.twilio, twilioCallbackUrlOf(appUrl))] : []),
  ];
}

type DeliveryDeps = {
  database: Database;
  settings: ClientMessagingSettings;
  appUrl: string;
  logger?: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
};

/** The delivery run over the configured providers (the job's work; tests run it directly). */
export const clientMessageDeliveryOf = ({ database, settings, appUrl, logger }: DeliveryDeps) =>
  createClientMessageDelivery({
    database,
    providers: messagingProvidersOf(settings, appUrl),
    retry: settings.retry,
    ...(logger ? { logger } : {}),
  });

/**
 * Client updates for the modules that send them (hooks in court updates, the court calendar,
 * invoices, trust requests, portal messages): `queue(tx, firmId, update)` in their transaction.
 * The jobs' copy (server.ts) has no request: the delivery job takes what they queue within a minute.
 */
export const clientUpdatesOf = ({ settings, appUrl }: { settings: ClientMessagingSettings; appUrl: string }) =>
  createClientUpdates({ providers: messagingProvidersOf(settings, appUrl), appUrl });

/** The periodic delivery job (server.ts): retries that fell due, and messages whose run was not asked for. */
export const clientMessageDeliveryJobs = (deps: DeliveryDeps) => clientMessageJobs(clientMessageDeliveryOf(deps), deps.logger);

export type ClientMessageModuleDeps = DeliveryDeps & {
  /** Asks the job queue for a delivery run (server); without one, the run happens after the response. */
  requestDelivery: (deliver: () => Promise<unknown>) => void;
};

/**
 * The client-messages module for the composition root: its routes, its delivery (the job's work),
 * and `messages.queue(tx, firmId, …)` for the modules that will send client updates.
 */
export function createClientMessageModule({ requestDelivery, ...deps }: ClientMessageModuleDeps) {
  const { database, settings, appUrl } = deps;
  const providers = messagingProvidersOf(settings, appUrl);
  const delivery = clientMessageDeliveryOf(deps);
  const messages = createClientMessageService({ database, providers, requestDelivery: () => requestDelivery(() => delivery.deliverDue()) });
  const updates = createClientUpdates({ providers, appUrl });
  return {
    messages,
    /** What other modules call to queue a client update (and, per request, whether one was queued). */
    updates,
    delivery,
    register: async (app: FastifyInstance) => {
      await registerClientMessageRoutes(app, messages);
      registerClientMessageSettingsRoutes(app, createClientMessageSettings(database), messages.requestDelivery);
    },
  };
}
