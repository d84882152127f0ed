import { describe, expect, it } from 'vitest';
import { emailSubjectOf, narrativeOf } from './work-activity.ts';

describe('an email’s words in a suggested narrative', () => {
  it.each([
    // what, sent to, the client's email, the subject
    ['invoice INV-00042', 'kemi@client.example', 'kemi@client.example', 'invoice INV-00042 to the client'],
    ['invoice INV-00042', ' Kemi@Client.example ', 'kemi@client.example', 'invoice INV-00042 to the client'],
    ['invoice INV-00042', 'accounts@client.example', 'kemi@client.example', 'invoice INV-00042 to accounts@client.example'],
    ['request for funds TRQ-00003', 'kemi@client.example', null, 'request for funds TRQ-00003 to kemi@client.example'],
  ])('%s sent to %s (the client’s: %s) reads "%s"', (what, to, clientEmail, subject) => {
    expect(emailSubjectOf(what, to, clientEmail)).toBe(subject);
  });

  it('reads "Emailed …" first in a day’s narrative and "emailed …" after another action', () => {
    const email = { kind: 'emailSent' as const, subject: 'invoice INV-00042 to the client' };
    expect(narrativeOf([email])).toBe('Emailed invoice INV-00042 to the client');
    expect(narrativeOf([{ kind: 'documentRead', subject: 'Lease v3.pdf' }, email, email])).toBe(
      'Reviewed Lease v3.pdf; emailed invoice INV-00042 to the client',
    );
  });
});
