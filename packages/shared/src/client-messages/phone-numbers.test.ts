import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber, phoneCountryOf } from './phone-numbers.ts';
import { phoneNumberSchema } from './client-message.schemas.ts';

describe('normalisePhoneNumber', () => {
  it.each([
    ['0803 123 4567', 'NG', '+2348031234567'],
    ['08031234567', 'NG', '+2348031234567'],
    ['+234 803 123 4567', 'NG', '+2348031234567'],
    ['+234 (0) 803-123-4567', null, '+2348031234567'],
    ['+44 20 7946 0958', 'NG', '+442079460958'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['(415) 555-2671', 'US', '+14155552671'],
  ] as const)('%s with default %s is %s', (text, country, e164) => {
    expect(normalisePhoneNumber(text, country)).toMatchObject({ ok: true, e164 });
  });

  it.each([
    ['', 'NG', 'Enter a phone number.'],
    ['   ', 'NG', 'Enter a phone number.'],
    ['call me', 'NG', 'has letters in it'],
    ['0803', 'NG', 'too short to be a phone number for Nigeria'],
    ['0803 123 4567 8901 2345', 'NG', 'too long'],
    ['0803 123 4567', null, 'has no country code'],
    ['+234 123 456 7890', 'NG', 'not a valid phone number'],
  ] as const)('refuses %j (default %s) saying %s', (text, country, reason) => {
    const result = normalisePhoneNumber(text, country);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});

describe('phoneCountryOf', () => {
  it.each([
    ['Nigeria', 'NG'],
    ['nigeria', 'NG'],
    ['NG', 'NG'],
    ['United Kingdom', 'GB'],
    ['Atlantis', null],
    [null, null],
    ['', null],
  ] as const)('%s is %s', (name, code) => expect(phoneCountryOf(name)).toBe(code));
});

describe('phoneNumberSchema', () => {
  it('answers the E.164 form and refuses with the reason', () => {
    expect(phoneNumberSchema('NG').parse('0803 123 4567')).toBe('+2348031234567');
    const refused = phoneNumberSchema('NG').safeParse('0803');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain('too short');
  });
});
