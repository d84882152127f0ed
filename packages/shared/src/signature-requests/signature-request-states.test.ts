import { describe, expect, it } from 'vitest';
import { createSignatureRequestInputSchema } from './signature-request-inputs.ts';
import {
  allowedSignatureRequestActions,
  signatureRequestActionRefusal,
  signerActionRefusal,
  signingNoticeOf,
  type SignatureRequestStatus,
  type SignerAction,
  type SignerStatus,
} from './signature-request-states.ts';

describe('the signer’s steps', () => {
  it.each<[SignerAction, SignatureRequestStatus, SignerStatus, boolean]>([
    ['consent', 'Sent', 'Sent', true],
    ['consent', 'Sent', 'Waiting', false],
    ['sign', 'Sent', 'Viewed', false],
    ['sign', 'Sent', 'Consented', true],
    ['sign', 'Sent', 'Signed', false],
    ['sign', 'Completed', 'Consented', false],
    ['sign', 'Voided', 'Consented', false],
    ['sign', 'Expired', 'Consented', false],
    ['sign', 'Declined', 'Consented', false],
    ['sign', 'Sealing', 'Signed', false],
    ['decline', 'Sent', 'Viewed', true],
    ['decline', 'Sent', 'Signed', false],
    ['view', 'Sent', 'Waiting', false],
  ])('%s on a %s request by a %s signer: allowed %s', (action, requestStatus, signerStatus, isAllowed) => {
    expect(signerActionRefusal(action, { requestStatus, signerStatus }) === null).toBe(isAllowed);
  });

  it('says what happened to a request that is over, before the signer’s own state', () => {
    expect(signingNoticeOf({ requestStatus: 'Voided', signerStatus: 'Consented' })).toMatch(/withdrew/);
    expect(signingNoticeOf({ requestStatus: 'Sent', signerStatus: 'Signed' })).toMatch(/You have signed/);
    expect(signingNoticeOf({ requestStatus: 'Sent', signerStatus: 'Viewed' })).toBeNull();
  });
});

describe('the firm’s actions', () => {
  it('voids and reminds only a request out for signature', () => {
    expect(signatureRequestActionRefusal('void', { status: 'Sent', openSignerCount: 1 })).toBeNull();
    expect(signatureRequestActionRefusal('void', { status: 'Completed', openSignerCount: 0 })).toMatch(/Everyone has signed/);
    expect(signatureRequestActionRefusal('remind', { status: 'Sent', openSignerCount: 0 })).toMatch(/nobody to remind/);
  });

  it('offers an action only to a member holding its permission', () => {
    const facts = { status: 'Sent' as const, openSignerCount: 1 };
    expect(allowedSignatureRequestActions(facts, ['document'])).toEqual({
      void: false,
      remind: false,
      retrySealing: false,
      downloadSigned: false,
    });
    expect(allowedSignatureRequestActions(facts, ['document', 'document.edit'])).toEqual({
      void: true,
      remind: true,
      retrySealing: false,
      downloadSigned: false,
    });
  });

  it('offers Try again only once sealing has failed, to a member who may send documents', () => {
    const failed = { status: 'Sealing' as const, openSignerCount: 0, isSealingFailed: true };
    expect(allowedSignatureRequestActions(failed, ['document', 'document.create']).retrySealing).toBe(true);
    expect(allowedSignatureRequestActions(failed, ['document', 'document.edit']).retrySealing).toBe(false);
    expect(signatureRequestActionRefusal('retrySealing', { ...failed, isSealingFailed: false })).toContain('still being prepared');
    expect(signatureRequestActionRefusal('retrySealing', { status: 'Completed', openSignerCount: 0, isSealingFailed: true })).toContain(
      'not waiting to be sealed',
    );
  });
});

describe('a new request', () => {
  const valid = {
    documentId: '00000000-0000-4000-8000-000000000001',
    title: 'Engagement letter',
    signingOrder: 'inOrder',
    expiresOn: '2030-01-31',
    signers: [{ name: 'Ada Obi', email: 'ADA@example.com', kind: 'other' }],
    fields: [{ signerIndex: 0, kind: 'signature', page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05 }],
  };

  it('is accepted with a signature place for every signer', () => {
    expect(createSignatureRequestInputSchema.parse(valid).signers[0]!.email).toBe('ada@example.com');
  });

  it.each([
    ['a signer without a signature place', { fields: [{ ...valid.fields[0], kind: 'date' }] }, 'Mark a place for Ada Obi to sign'],
    ['a place off its page', { fields: [{ ...valid.fields[0], x: 0.9 }] }, 'A place to sign must lie inside its page'],
    ['a place for nobody', { fields: [...valid.fields, { ...valid.fields[0], signerIndex: 1 }] }, 'not in the list'],
    ['two signers with one email', { signers: [valid.signers[0], valid.signers[0]] }, 'their own email'],
  ])('refuses %s', (_case, change, message) => {
    const result = createSignatureRequestInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' ')).toContain(message);
  });
});
