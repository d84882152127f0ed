import { addMoney } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import type { JournalLine } from '../../platform/ledger/ledger.ts';
import { trustDepositEntry, trustInvoicePaymentFunding, trustPayOutEntry, trustReversal, trustTransferEntry } from './trust.postings.ts';

const account = { id: 'trust-account-1', currencyCode: 'USD' };
const onMatter = { clientId: 'client-1', clientName: 'Lagoon Shipping Ltd', matterId: 'matter-1', matterNumber: 'MAT-0001' };
const general = { clientId: 'client-2', clientName: 'Kestrel Software Ltd', matterId: null, matterNumber: null };
const shape = (lines: JournalLine[]) =>
  lines.map((line) => [line.account, line.debit ?? null, line.credit ?? null, line.clientId, line.matterId]);
const balances = (lines: JournalLine[]) =>
  addMoney('0', ...lines.map((line) => line.debit ?? '0')) === addMoney('0', ...lines.map((line) => line.credit ?? '0'));

describe('a trust movement posts', () => {
  it.each([
    {
      case: 'a deposit: Dr trust bank / Cr client trust liability',
      entry: trustDepositEntry(account, onMatter, {
        transactionId: 't1',
        amount: '500.00',
        date: '2026-05-01',
        payer: 'Lagoon Shipping Ltd',
        reference: 'TT 42',
      }),
      memo: 'Trust deposit from Lagoon Shipping Ltd (TT 42)',
      lines: [
        ['trust-bank', '500.00', null, 'client-1', 'matter-1'],
        ['client-trust-liability', null, '500.00', 'client-1', 'matter-1'],
      ],
    },
    {
      case: 'a disbursement: Dr client trust liability / Cr trust bank',
      entry: trustPayOutEntry(account, onMatter, {
        kind: 'disbursement',
        transactionId: 't2',
        amount: '120.50',
        date: '2026-05-02',
        payee: 'Court registry',
        purpose: 'Filing fee',
      }),
      memo: 'Disbursement to Court registry: Filing fee',
      lines: [
        ['client-trust-liability', '120.50', null, 'client-1', 'matter-1'],
        ['trust-bank', null, '120.50', 'client-1', 'matter-1'],
      ],
    },
    {
      case: 'a refund from general funds',
      entry: trustPayOutEntry(account, general, {
        kind: 'refund',
        transactionId: 't3',
        amount: '80.00',
        date: '2026-05-03',
        payee: 'Kestrel Software Ltd',
      }),
      memo: 'Refund to Kestrel Software Ltd',
      lines: [
        ['client-trust-liability', '80.00', null, 'client-2', null],
        ['trust-bank', null, '80.00', 'client-2', null],
      ],
    },
    {
      case: 'a transfer between clients: only the liability moves',
      entry: trustTransferEntry(account, onMatter, general, {
        transferId: 'x1',
        amount: '60.00',
        date: '2026-05-04',
        reason: 'Settlement',
      }),
      memo: 'Trust transfer from Lagoon Shipping Ltd MAT-0001 to Kestrel Software Ltd general trust funds (no matter): Settlement',
      lines: [
        ['client-trust-liability', '60.00', null, 'client-1', 'matter-1'],
        ['client-trust-liability', null, '60.00', 'client-2', null],
      ],
    },
  ])('$case, balanced, in the account’s currency', ({ entry, memo, lines }) => {
    expect(entry.memo).toBe(memo);
    expect(entry.currency).toBe('USD');
    expect(entry.sourceType).toBe('trust');
    expect(shape(entry.lines)).toEqual(lines);
    expect(entry.lines.every((line) => line.trustAccountId === 'trust-account-1')).toBe(true);
    expect(balances(entry.lines)).toBe(true);
  });

  it('an invoice paid from trust: the client’s trust falls and the operating bank receives it (the receivable is the invoice’s side)', () => {
    const lines = trustInvoicePaymentFunding(account, onMatter, '300.00', 'client-1');
    expect(shape(lines)).toEqual([
      ['client-trust-liability', '300.00', null, 'client-1', 'matter-1'],
      ['trust-bank', null, '300.00', 'client-1', 'matter-1'],
      ['operating-bank', '300.00', null, 'client-1', undefined],
    ]);
    const withReceivable = [...lines, { account: 'accounts-receivable' as const, credit: '300.00' }];
    expect(balances(withReceivable)).toBe(true);
  });

  it('a reversal names the movement it reverses and keeps a memo under 500 characters', () => {
    const reversal = trustReversal('t1', 'x'.repeat(600), '2026-05-05');
    expect(reversal).toMatchObject({ entryDate: '2026-05-05', sourceType: 'trust', sourceId: 't1' });
    expect(reversal.memo.length).toBe(500);
  });
});
