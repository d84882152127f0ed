import { describe, expect, it } from 'vitest';
import { AUDIT_VALUE_LIMIT, changesText, deviceText } from './audit-trail.texts.ts';

describe('an audit event’s changes as text', () => {
  it.each([
    [
      'a change, field by field',
      { before: { email: null, city: 'Lagos' }, after: { email: 'a@b.example', city: 'Abuja' } },
      'email: — → a@b.example; city: Lagos → Abuja',
    ],
    [
      'not the record’s own updated at',
      { before: { city: 'Lagos', updatedAt: '2026-01-01T10:00:00Z' }, after: { city: 'Abuja', updatedAt: '2026-01-02T10:00:00Z' } },
      'city: Lagos → Abuja',
    ],
    [
      'only the fields that differ',
      { before: { name: 'Billing', permissions: ['invoice'] }, after: { name: 'Billing', permissions: ['invoice', 'Reports'] } },
      'permissions: added Reports',
    ],
    [
      'a list’s removals and additions',
      { before: { permissions: ['a', 'b'] }, after: { permissions: ['b', 'c'] } },
      'permissions: added c and removed a',
    ],
    [
      'the facts first, then the change',
      { invoiceNumber: 'INV-7', before: { paidAmount: '0.00' }, after: { paidAmount: '500.00', method: 'Cash' } },
      'invoice number: INV-7; paid amount: 0.00 → 500.00; method: — → Cash',
    ],
    ['a created record’s values', { after: { name: 'High Court', isActive: true } }, 'name: High Court; is active: true'],
    ['a deleted record’s values', { before: { amount: '12.50', tags: [] } }, 'amount: 12.50; tags: none'],
    ['nested values as JSON', { before: { contacts: [{ name: 'A' }] }, after: { contacts: [] } }, 'contacts: [{"name":"A"}] → none'],
    ['no details', {}, ''],
  ])('%s', (_name, details, text) => expect(changesText(details)).toBe(text));

  it('cuts a very long value', () => {
    const text = changesText({ note: 'x'.repeat(AUDIT_VALUE_LIMIT + 50) });
    expect(text).toBe(`note: ${'x'.repeat(AUDIT_VALUE_LIMIT - 1)}…`);
  });
});

describe('a device from its User-Agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome 126 on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge 126 on Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox 127 on macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome 126 on Android',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    [null, ''],
  ])('%s', (userAgent, device) => expect(deviceText(userAgent)).toBe(device));
});
