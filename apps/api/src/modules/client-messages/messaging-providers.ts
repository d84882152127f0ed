import type { ClientMessageChannel, ClientMessageProvider, ClientMessageStatus } from '@matterhorn/shared';

export type OutgoingMessage = { channel: ClientMessageChannel; to: string; body: string };

/** A provider's word on one message, from its verified callback. */
export type DeliveryReport = {
  providerMessageId: string;
  status: Extract<ClientMessageStatus, 'sent' | 'delivered' | 'failed' | 'undelivered'>;
  error: string | null;
};

/** What a callback carried: a report, nothing of use (another event, an interim status), or a bad signature. */
export type CallbackReading = { kind: 'report'; report: DeliveryReport } | { kind: 'ignored' } | { kind: 'badSignature' };

/** The request a provider's callback made, as received: its exact bytes are what it signed. */
export type CallbackRequest = { rawBody: Buffer; headers: Record<string, string | undefined>; url: string };

/**
 * One SMS and WhatsApp provider (Termii, Twilio) behind the interface the module uses: hand a
 * message over (answers the provider's message id) and read a delivery callback (signature verified).
 */
export type MessagingProvider = {
  name: ClientMessageProvider;
  channels: readonly ClientMessageChannel[];
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
  readCallback(request: CallbackRequest): CallbackReading;
};

/** The provider could not be reached or was busy (network, 5xx, 429): worth trying again later. */
export class ProviderUnavailableError extends Error {}

/** The provider refused the message itself (bad number, sender not approved): trying again changes nothing. */
export class ProviderRefusedError extends Error {}

/** Posts to a provider: a network failure, a timeout, a 5xx or 429 is unavailable; another 4xx is a refusal. */
export async function postToProvider(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: init.headers, body: init.body, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new ProviderUnavailableError(`${provider} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  const answer = parseJson(text);
  if (response.ok) return answer;
  const said = messageOf(answer) ?? (text.slice(0, 200) || response.statusText);
  const reason = `${provider} answered ${response.status}: ${said}`;
  if (response.status >= 500 || response.status === 429) throw new ProviderUnavailableError(reason);
  throw new ProviderRefusedError(reason);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const messageOf = (answer: unknown): string | null =>
  answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string' ? answer.message : null;

export const headerOf = (headers: Record<string, string | undefined>, name: string) => headers[name.toLowerCase()];
