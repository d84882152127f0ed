import {
  CLIENT_MESSAGE_MESSAGES,
  phoneCountryOf,
  phoneNumberSchema,
  type ClientMessageChannel,
  type ClientMessageProvider,
  type ClientMessageStatus,
} from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  findClientMessages,
  findFirmCountry,
  findMessageOwner,
  insertClientMessage,
  lockMessageByProviderId,
  recordDeliveryStatus,
  type NewClientMessage,
} from './client-messages.repository.ts';
import { chooseProvider, isStatusAdvance } from './client-messages.rules.ts';
import type { CallbackRequest, MessagingProvider } from './messaging-providers.ts';

export type ClientMessageServiceDeps = {
  database: Database;
  providers: readonly MessagingProvider[];
  /** Asks for a delivery run; called once the request's transaction has committed. */
  requestDelivery: () => void;
};

const TEST_BODY = 'This is a test message from your law firm’s practice system. No reply is needed.';

/** What a module asks to send: the provider is chosen here, from the firm's country and the channel. */
export type ClientMessageRequest = Omit<NewClientMessage, 'provider'>;

export function createClientMessageService({ database, providers, requestDelivery }: ClientMessageServiceDeps) {
  /**
   * Writes the message as queued in the caller's transaction (sent by the job only if it commits;
   * the caller then asks for a delivery run). Null when no provider is configured for the channel:
   * the business write goes on without it.
   */
  async function queue(tx: Tx, firmId: string, message: ClientMessageRequest) {
    const country = phoneCountryOf(await findFirmCountry(tx, firmId));
    const provider = chooseProvider(providers, country, message.channel);
    return provider ? insertClientMessage(tx, firmId, { ...message, provider }) : null;
  }

  return {
    queue,
    requestDelivery,

    async list(principal: FirmPrincipal, query: { MatterId?: string; Status?: ClientMessageStatus; PageNumber: number; PageSize: number }) {
      const found = await database.withFirm(principal.firmId, (tx) =>
        findClientMessages(tx, principal.firmId, {
          ...(query.MatterId ? { matterId: query.MatterId } : {}),
          ...(query.Status ? { status: query.Status } : {}),
          page: query.PageNumber,
          size: query.PageSize,
        }),
      );
      return { ...found, page: query.PageNumber, size: query.PageSize };
    },

    async providers(principal: FirmPrincipal) {
      const country = await database.withFirm(principal.firmId, (tx) => findFirmCountry(tx, principal.firmId));
      const chosen = (['sms', 'whatsapp'] as const).map((channel) => chooseProvider(providers, phoneCountryOf(country), channel));
      return {
        providers: providers.map((provider) => ({ provider: provider.name, channels: [...provider.channels] })),
        chosen: chosen.find((name) => name !== null) ?? null,
      };
    },

    /** A fixed test text to a number (normalised with the firm's country), sent like any message. */
    async sendTest(principal: FirmPrincipal, input: { to: string; channel: ClientMessageChannel }) {
      return database.withFirm(principal.firmId, async (tx) => {
        const country = phoneCountryOf(await findFirmCountry(tx, principal.firmId));
        const to = phoneNumberSchema(country).safeParse(input.to);
        if (!to.success) throw badRequest(to.error.issues[0]?.message ?? 'The phone number cannot be read', { to: 'invalid' });
        const message = await queue(tx, principal.firmId, {
          channel: input.channel,
          to: to.data,
          templateKey: 'test',
          body: TEST_BODY,
          createdByUserId: principal.userId,
        });
        if (!message) throw conflict(CLIENT_MESSAGE_MESSAGES.notConfigured);
        return message;
      });
    },

    /**
     * A provider's delivery callback: refused when its signature is not the provider's (nothing
     * changes); a message id of no message of ours, or a status that does not move the message on,
     * changes nothing and answers so (200: the provider stops resending).
     */
    async callback(
      providerName: ClientMessageProvider,
      request: CallbackRequest,
    ): Promise<'updated' | 'unchanged' | 'ignored' | 'unknown'> {
      const provider = providers.find((candidate) => candidate.name === providerName);
      if (!provider) throw notFound('Messaging provider');
      const reading = provider.readCallback(request);
      if (reading.kind === 'badSignature') throw forbidden('The callback signature is not valid');
      if (reading.kind === 'ignored') return 'ignored';
      const { report } = reading;
      const firmId = await database.withIdentityLookup((tx) => findMessageOwner(tx, providerName, report.providerMessageId));
      if (!firmId) return 'unknown';
      return database.withFirm(firmId, async (tx) => {
        const message = await lockMessageByProviderId(tx, firmId, providerName, report.providerMessageId);
        if (!message || !isStatusAdvance(message.status, report.status)) return 'unchanged';
        await recordDeliveryStatus(tx, firmId, message.id, report.status, report.error);
        return 'updated';
      });
    },
  };
}
export type ClientMessageService = ReturnType<typeof createClientMessageService>;
