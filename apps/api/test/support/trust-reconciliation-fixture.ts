import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../src/db/database.ts';
import { takeNextNumber } from '../../src/platform/numbering/numbering.ts';
import type { SeededFirm } from '../../src/seed/demo-seed.ts';
import { rowsOf } from './test-app.ts';

/**
 * Trust rows written as the database owner, as the trust core's calls would write them: a movement
 * and its balanced journal entry (trust bank ↔ client trust liability, both lines naming the trust
 * account) in one transaction, so the triggers keep the balances. For the reconciliation's tests
 * until the core's HTTP calls are the way in.
 */

export async function createTrustAccount(database: Database, firm: SeededFirm, name = `Client account ${randomUUID().slice(0, 6)}`) {
  const [row] = await rowsOf<{ id: string }>(
    database.db.execute(sql`
      insert into trust_accounts (firm_id, name, bank_name, account_number_last4, currency_code, created_by_user_id)
      values (${firm.firmId}, ${name}, 'Zenith Bank', '1234', 'NGN', ${firm.users.admin.id}) returning id`),
  );
  return row!.id;
}

export type MovementInput = {
  trustAccountId: string;
  clientId: string;
  matterId?: string | null;
  type: 'deposit' | 'disbursement' | 'invoice-payment' | 'refund' | 'transfer-out' | 'transfer-in' | 'reversal';
  direction?: 'in' | 'out';
  amount: string;
  date: string;
  isCleared?: boolean;
  reference?: string | null;
  reversesTransactionId?: string;
  transferId?: string;
};

const IN_TYPES = new Set(['deposit', 'transfer-in']);

/** Inserts one movement with its journal entry; answers its id. Throws the database's refusal as is. */
export async function insertMovement(database: Database, firm: SeededFirm, input: MovementInput): Promise<string> {
  const direction = input.direction ?? (IN_TYPES.has(input.type) ? 'in' : 'out');
  return database.db.transaction(async (tx) => {
    // The firm's numbering, as the trust core's calls take it (they share the sequence).
    const sequenceNumber = await takeNextNumber(tx as unknown as Tx, firm.firmId, 'trustTransaction');
    // A transfer's two legs share one entry, as the trust core posts it: the first leg's entry moves the
    // liability from one client to the other; the second leg only points at it (posting again would move it twice).
    const [firstLeg] = input.transferId
      ? await rowsOf<{ entryId: string }>(
          tx.execute(
            sql`select journal_entry_id as "entryId" from trust_transactions where firm_id = ${firm.firmId} and transfer_id = ${input.transferId}`,
          ),
        )
      : [];
    if (firstLeg) return insertTransaction(tx, firm, input, direction, sequenceNumber, firstLeg.entryId);
    const [entry] = await rowsOf<{ id: string }>(
      tx.execute(sql`
        insert into journal_entries (firm_id, entry_date, memo, source_type, created_by_user_id)
        values (${firm.firmId}, ${input.date}, ${`Trust ${input.type}`}, 'trust', ${firm.users.admin.id}) returning id`),
    );
    const account = (code: string) => sql`(select id from ledger_accounts where firm_id = ${firm.firmId} and code = ${code})`;
    const [bankSide, liabilitySide] = direction === 'in' ? ['debit', 'credit'] : ['credit', 'debit'];
    const line = (code: string, side: string, clientId: string | null) => sql`
      insert into journal_lines (firm_id, entry_id, account_id, debit, credit, client_id, matter_id, trust_account_id, currency_code)
      values (${firm.firmId}, ${entry!.id}, ${account(code)}, ${side === 'debit' ? input.amount : '0'}, ${side === 'credit' ? input.amount : '0'},
        ${clientId}, ${clientId ? (input.matterId ?? null) : null}, ${input.trustAccountId},
        (select currency_code from trust_accounts where id = ${input.trustAccountId}))`;
    // A same-account transfer's legs touch only the client liability; every other movement moves the trust bank too.
    if (!input.type.startsWith('transfer')) await tx.execute(line('trust-bank', bankSide!, null));
    else
      await tx.execute(
        line('client-trust-liability', bankSide!, input.clientId === firm.otherClientId ? firm.portalClient.clientId : firm.otherClientId),
      );
    await tx.execute(line('client-trust-liability', liabilitySide!, input.clientId));
    return insertTransaction(tx, firm, input, direction, sequenceNumber, entry!.id);
  });
}

async function insertTransaction(
  tx: { execute: Database['db']['execute'] },
  firm: SeededFirm,
  input: MovementInput,
  direction: string,
  sequenceNumber: number,
  entryId: string,
): Promise<string> {
  const [movement] = await rowsOf<{ id: string }>(
    tx.execute(sql`
      insert into trust_transactions (firm_id, sequence_number, trust_account_id, client_id, matter_id, type, direction, amount,
        transaction_date, reference, is_cleared, reverses_transaction_id, transfer_id, journal_entry_id, created_by_user_id)
      values (${firm.firmId}, ${sequenceNumber},
        ${input.trustAccountId}, ${input.clientId}, ${input.matterId ?? null}, ${input.type}, ${direction}, ${input.amount}, ${input.date},
        ${input.reference ?? null}, ${input.isCleared ?? true}, ${input.reversesTransactionId ?? null}, ${input.transferId ?? null},
        ${entryId}, ${firm.users.admin.id})
      returning id`),
  );
  return movement!.id;
}

export async function clearDeposit(database: Database, firm: SeededFirm, transactionId: string, clearedDate: string) {
  await database.db.execute(sql`
    insert into trust_deposit_clearances (transaction_id, firm_id, cleared_date, created_by_user_id)
    values (${transactionId}, ${firm.firmId}, ${clearedDate}, ${firm.users.admin.id})`);
}
