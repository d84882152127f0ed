import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { rowsOf } from './test-app.ts';
import type { TimeEntryFixture } from './time-entry-fixtures.ts';

export const TRUST_BASE = '/api/admin/trust-account';

let accountCounter = 0;

/** Trust calls of a fixture's firm, as its admin unless told otherwise. */
export function trustCalls(fixture: TimeEntryFixture) {
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    token = fixture.tokens.admin,
    headers: Record<string, string> = {},
  ) => fixture.call(method, `${TRUST_BASE}/${path}`, token, body, headers);

  async function createAccount(overrides: Record<string, unknown> = {}) {
    accountCounter += 1;
    const response = await call('POST', 'create-trust-account', {
      name: `Client account ${accountCounter}`,
      bankName: 'Zenith Bank',
      accountNumber: `10${String(accountCounter).padStart(8, '0')}`,
      paymentInstructions: 'Pay into the client account; quote the request number.',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; name: string; currencySymbol: string };
  }

  async function deposit(
    trustAccountId: string,
    ledger: { clientId: string; matterId: string | null },
    amount: string,
    overrides: Record<string, unknown> = {},
  ) {
    const response = await call('POST', 'deposit', {
      trustAccountId,
      clientId: ledger.clientId,
      matterId: ledger.matterId,
      amount,
      depositDate: '2026-01-05',
      method: 'Bank transfer',
      reference: 'DEP-1',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; number: string };
  }

  const disburse = (trustAccountId: string, ledger: { clientId: string; matterId: string | null }, amount: string, token?: string) =>
    call(
      'POST',
      'disburse',
      {
        trustAccountId,
        clientId: ledger.clientId,
        matterId: ledger.matterId,
        amount,
        date: '2026-01-10',
        payee: 'Federal High Court',
        purpose: 'Filing fees',
      },
      token,
    );

  return { call, createAccount, deposit, disburse };
}

/**
 * The trust books agree with themselves: every balance ≥ 0 and cleared ≤ balance; per trust account,
 * its balance = the sum of its client ledgers = the signed sum of its movements = the general
 * ledger's trust bank = its client trust liability; the whole ledger balances.
 */
export async function expectTrustBooksBalanced(database: Database, firmId: string) {
  await database.withFirm(firmId, async (tx) => {
    const [totals] = await rowsOf<{ debits: string; credits: string }>(
      tx.execute(sql`select coalesce(sum(debit), 0)::text as debits, coalesce(sum(credit), 0)::text as credits from journal_lines`),
    );
    expect(totals!.debits).toBe(totals!.credits);
    const negative = await rowsOf<{ id: string }>(
      tx.execute(sql`select id from trust_ledgers where balance < 0 or cleared_balance < 0 or cleared_balance > balance`),
    );
    expect(negative).toEqual([]);
    const accounts = await rowsOf<{ id: string; balance: string; ledgers: string; movements: string; bank: string; liability: string }>(
      tx.execute(sql`
        select a.id, a.balance::text,
          (select coalesce(sum(l.balance), 0)::numeric(16,2)::text from trust_ledgers l where l.trust_account_id = a.id) as ledgers,
          (select coalesce(sum(case when t.direction = 'in' then t.amount else -t.amount end), 0)::numeric(16,2)::text
             from trust_transactions t where t.trust_account_id = a.id) as movements,
          (select coalesce(sum(j.debit - j.credit), 0)::numeric(16,2)::text from journal_lines j
             join ledger_accounts la on la.id = j.account_id where la.code = 'trust-bank' and j.trust_account_id = a.id) as bank,
          (select coalesce(sum(j.credit - j.debit), 0)::numeric(16,2)::text from journal_lines j
             join ledger_accounts la on la.id = j.account_id where la.code = 'client-trust-liability' and j.trust_account_id = a.id) as liability
        from trust_accounts a`),
    );
    for (const account of accounts) {
      expect({ ledgers: account.ledgers, movements: account.movements, bank: account.bank, liability: account.liability }).toEqual({
        ledgers: account.balance,
        movements: account.balance,
        bank: account.balance,
        liability: account.balance,
      });
    }
    // Each movement's stored ledger balance is its ledger's running sum in the order movements were
    // recorded, and each ledger's newest stored balance is the ledger's balance.
    const stored = await rowsOf<{ id: string; stored: string; recomputed: string }>(
      tx.execute(sql`
        select id, ledger_balance_after::text as stored,
          (sum(case when direction = 'in' then amount else -amount end)
            over (partition by trust_account_id, client_id, matter_id order by sequence_number))::numeric(16,2)::text as recomputed
        from trust_transactions order by sequence_number`),
    );
    expect(stored.filter((row) => row.stored !== row.recomputed)).toEqual([]);
    const newest = await rowsOf<{ balance: string; newest: string | null }>(
      tx.execute(sql`
        select l.balance::text as balance,
          (select t.ledger_balance_after::text from trust_transactions t
            where t.trust_account_id = l.trust_account_id and t.client_id = l.client_id
              and t.matter_id is not distinct from l.matter_id
            order by t.sequence_number desc limit 1) as newest
        from trust_ledgers l`),
    );
    expect(newest.filter((row) => row.newest !== row.balance)).toEqual([]);
  });
}

export async function countTrustRows(database: Database, firmId: string) {
  return database.withFirm(firmId, async (tx) => {
    const [row] = await rowsOf<Record<string, number>>(
      tx.execute(sql`select (select count(*)::int from trust_transactions) as movements, (select count(*)::int from journal_entries) as entries,
        (select count(*)::int from trust_movement_requests) as requests, (select count(*)::int from invoice_payments) as payments`),
    );
    return row!;
  });
}
