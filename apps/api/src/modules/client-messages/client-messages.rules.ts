import type { ClientMessageChannel, ClientMessageProvider, ClientMessageStatus } from '@matterhorn/shared';

const RANK: Record<ClientMessageStatus, number> = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 };

/**
 * Whether a provider's report moves a message on: only forward (a late "sent" never undoes
 * "delivered"), and a final status is final (providers may repeat or reorder their callbacks).
 */
export const isStatusAdvance = (current: ClientMessageStatus, reported: ClientMessageStatus) => RANK[reported] > RANK[current];

/** The wait before attempt n+1 after n failed hand-overs: the first delay, doubled each time. */
export const retryDelaySeconds = (attemptsMade: number, firstDelaySeconds: number) =>
  firstDelaySeconds * 2 ** Math.max(0, attemptsMade - 1);

/** A firm in Nigeria sends through Termii when it is configured for the channel; every other firm through Twilio first. */
export function chooseProvider(
  available: readonly { name: ClientMessageProvider; channels: readonly ClientMessageChannel[] }[],
  firmCountry: string | null,
  channel: ClientMessageChannel,
): ClientMessageProvider | null {
  const order: ClientMessageProvider[] = firmCountry === 'NG' ? ['termii', 'twilio'] : ['twilio', 'termii'];
  return order.find((name) => available.some((provider) => provider.name === name && provider.channels.includes(channel))) ?? null;
}
