import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CLIENT_MESSAGE_TEMPLATE_DEFAULTS,
  isoToDisplayDate,
  phoneCountryOf,
  renderClientMessage,
  type ClientMessageTemplateKey,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { findOptedInRecipients, findTemplateBody, findUpdateContext } from './client-message-settings.repository.ts';
import { findFirmCountry, insertClientMessage } from './client-messages.repository.ts';
import { chooseProvider } from './client-messages.rules.ts';
import type { MessagingProvider } from './messaging-providers.ts';

/**
 * A client update another module asks for, inside its business transaction. It names the event,
 * the matter (or the client) and at most a date and a link: there is no field for the text of a
 * note, update, invoice or message, so none can reach the client's phone (ADR 90).
 */
export type ClientUpdate = {
  templateKey: ClientMessageTemplateKey;
  matterId?: string | null;
  clientId?: string | null;
  /** The invoice's client and (first) matter, when neither is given. */
  invoiceId?: string | null;
  /** One message per event, channel and number, ever: `hearing-reminder:<court update id>:<date>`. */
  eventKey: string;
  /** An ISO date, shown DD/MM/YYYY. */
  date?: string | null;
  /** Where it waits (an invoice's public link); the firm's client portal when not given. */
  link?: string | null;
  createdByUserId?: string | null;
};

export type QueueClientUpdate = (tx: Tx, firmId: string, update: ClientUpdate) => Promise<number>;

/** Whether the current request queued a message: its answer then asks for a delivery run (after commit). */
export type DeliveryMark = { hasQueued: boolean };

export function createClientUpdates({ providers, appUrl }: { providers: readonly MessagingProvider[]; appUrl: string }) {
  const requests = new AsyncLocalStorage<DeliveryMark>();
  let hasQueuedOutsideRequests = false;

  /**
   * Queues the update to every contact of the client opted in on a channel a provider is
   * configured for, with the firm's template (or the default); answers how many were queued.
   * Nothing when no one opted in, no provider is on, the event was told already, or there is no
   * link to say where (a firm without a portal, for updates that wait there).
   */
  const queue: QueueClientUpdate = async (tx, firmId, update) => {
    if (providers.length === 0) return 0;
    const context = await findUpdateContext(tx, firmId, update);
    if (!context) return 0;
    const recipients = await findOptedInRecipients(tx, firmId, context.clientId);
    if (recipients.length === 0) return 0;
    const link = update.link ?? (context.portalSlug ? `${appUrl.replace(/\/$/, '')}/portal/${context.portalSlug}` : null);
    if (!link) return 0;
    const template = (await findTemplateBody(tx, firmId, update.templateKey)) ?? CLIENT_MESSAGE_TEMPLATE_DEFAULTS[update.templateKey].body;
    const body = renderClientMessage(template, {
      clientName: context.clientName,
      matterName: context.matterName,
      firmName: context.firmName,
      date: update.date ? isoToDisplayDate(update.date) : null,
      link,
    });
    const country = phoneCountryOf(await findFirmCountry(tx, firmId));
    let queued = 0;
    for (const recipient of recipients) {
      const provider = chooseProvider(providers, country, recipient.channel);
      if (!provider) continue;
      const message = await insertClientMessage(tx, firmId, {
        matterId: context.matterId,
        clientId: context.clientId,
        clientContactId: recipient.clientContactId,
        eventKey: update.eventKey,
        channel: recipient.channel,
        to: recipient.phoneNumber,
        templateKey: update.templateKey,
        body,
        provider,
        createdByUserId: update.createdByUserId ?? null,
      });
      if (message) queued += 1;
    }
    if (queued > 0) {
      const mark = requests.getStore();
      if (mark) mark.hasQueued = true;
      else hasQueuedOutsideRequests = true;
    }
    return queued;
  };

  return {
    queue,
    /** Runs a request with its mark (app.ts: onRequest). */
    within: <T>(mark: DeliveryMark, fn: () => T): T => requests.run(mark, fn),
    /** Whether a job (outside any request) queued something since last asked. */
    takeQueuedHint() {
      const hint = hasQueuedOutsideRequests;
      hasQueuedOutsideRequests = false;
      return hint;
    },
  };
}
export type ClientUpdates = ReturnType<typeof createClientUpdates>;
