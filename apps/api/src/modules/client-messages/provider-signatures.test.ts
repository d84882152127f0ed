import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTermiiProvider, termiiSignatureOf } from './termii-provider.ts';
import { createTwilioProvider, twilioSignatureOf } from './twilio-provider.ts';

describe('Twilio’s request signature', () => {
  it('matches the example in Twilio’s own signature-validation snippet (token 12345)', () => {
    const fields = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    });
    expect(twilioSignatureOf('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', fields)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('is over the fields sorted by name, whatever order they were posted in', () => {
    const url = 'https://firm.example/api/webhooks/client-messages/twilio';
    const posted = new URLSearchParams([
      ['MessageStatus', 'delivered'],
      ['AccountSid', 'AC1'],
      ['MessageSid', 'SM1'],
    ]);
    const sorted = new URLSearchParams([
      ['AccountSid', 'AC1'],
      ['MessageSid', 'SM1'],
      ['MessageStatus', 'delivered'],
    ]);
    expect(twilioSignatureOf('token', url, posted)).toBe(twilioSignatureOf('token', url, sorted));
  });

  it('reads a signed callback and refuses one whose URL differs from the configured callback', () => {
    const settings = { accountSid: 'AC1', authToken: 'token', smsFrom: '+15005550006', whatsappFrom: null, apiUrl: 'http://127.0.0.1:9' };
    const url = 'https://firm.example/api/webhooks/client-messages/twilio';
    const provider = createTwilioProvider(settings, url);
    const fields = new URLSearchParams({ MessageSid: 'SM1', MessageStatus: 'delivered' });
    const request = (signedUrl: string) => ({
      rawBody: Buffer.from(fields.toString()),
      headers: { 'x-twilio-signature': twilioSignatureOf('token', signedUrl, fields) },
      url: '/api/webhooks/client-messages/twilio',
    });
    expect(provider.readCallback(request(url))).toEqual({
      kind: 'report',
      report: { providerMessageId: 'SM1', status: 'delivered', error: null },
    });
    expect(provider.readCallback(request('https://elsewhere.example/api/webhooks/client-messages/twilio'))).toEqual({
      kind: 'badSignature',
    });
  });
});

describe('Termii’s event signature', () => {
  const settings = {
    apiKey: 'key',
    secretKey: 'secret',
    smsSender: 'Firm',
    smsChannel: 'dnd' as const,
    whatsappSender: null,
    apiUrl: 'http://127.0.0.1:9',
  };

  it('is the hex HMAC-SHA512 of the raw body with the secret key', () => {
    const body = Buffer.from('{"message_id":"1","status":"DELIVERED"}');
    expect(termiiSignatureOf('secret', body)).toBe(createHmac('sha512', 'secret').update(body).digest('hex'));
  });

  it.each([
    ['DELIVERED | Message delivered to handset', 'delivered'],
    ['Delivered', 'delivered'],
    ['DND Active on Phone Number', 'undelivered'],
    ['Rejected', 'undelivered'],
    ['Expired', 'undelivered'],
    ['Message Failed', 'failed'],
    ['Message Sent', 'sent'],
  ])('reads “%s” as %s', (status, expected) => {
    const body = Buffer.from(JSON.stringify({ type: 'outbound', message_id: '42', status }));
    const reading = createTermiiProvider(settings).readCallback({
      rawBody: body,
      headers: { 'x-termii-signature': termiiSignatureOf('secret', body) },
      url: '/api/webhooks/client-messages/termii',
    });
    expect(reading).toMatchObject({ kind: 'report', report: { providerMessageId: '42', status: expected } });
  });

  it('refuses a body changed after signing', () => {
    const body = Buffer.from(JSON.stringify({ message_id: '42', status: 'Message Failed' }));
    const signature = termiiSignatureOf('secret', body);
    const changed = Buffer.from(JSON.stringify({ message_id: '42', status: 'Delivered' }));
    expect(
      createTermiiProvider(settings).readCallback({ rawBody: changed, headers: { 'x-termii-signature': signature }, url: '' }),
    ).toEqual({ kind: 'badSignature' });
  });
});
