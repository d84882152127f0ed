import { describe, expect, it } from 'vitest';
import { chooseProvider, isStatusAdvance, retryDelaySeconds } from './client-messages.rules.ts';

describe('isStatusAdvance', () => {
  it.each([
    ['queued', 'sent', true],
    ['sent', 'delivered', true],
    ['sent', 'undelivered', true],
    ['queued', 'failed', true],
    ['delivered', 'sent', false],
    ['delivered', 'delivered', false],
    ['failed', 'delivered', false],
    ['sent', 'sent', false],
  ] as const)('%s then %s: %s', (current, reported, advances) => expect(isStatusAdvance(current, reported)).toBe(advances));
});

describe('retryDelaySeconds', () => {
  it.each([
    [1, 60, 60],
    [2, 60, 120],
    [3, 60, 240],
    [4, 60, 480],
    [1, 0, 0],
  ])('after %i failed attempts with a first delay of %is: %is', (attempts, first, delay) =>
    expect(retryDelaySeconds(attempts, first)).toBe(delay),
  );
});

describe('chooseProvider', () => {
  const both = [
    { name: 'termii', channels: ['sms', 'whatsapp'] },
    { name: 'twilio', channels: ['sms'] },
  ] as const;
  it.each([
    [both, 'NG', 'sms', 'termii'],
    [both, 'GB', 'sms', 'twilio'],
    [both, null, 'sms', 'twilio'],
    [both, 'GB', 'whatsapp', 'termii'],
    [[{ name: 'twilio', channels: ['sms'] }], 'NG', 'sms', 'twilio'],
    [[{ name: 'twilio', channels: ['sms'] }], 'NG', 'whatsapp', null],
    [[], 'NG', 'sms', null],
  ] as const)('%j for a firm in %s on %s: %s', (available, country, channel, chosen) =>
    expect(chooseProvider(available, country, channel)).toBe(chosen),
  );
});
