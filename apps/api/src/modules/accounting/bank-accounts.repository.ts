import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { bankAccounts, ledgerAccounts } from '../../db/schema/index.ts';

const columns = {
  id: bankAccounts.id,
  name: bankAccounts.name,
  bankName: bankAccounts.bankName,
  accountNumberLast4: bankAccounts.accountNumberLast4,
  currencyCode: bankAccounts.currencyCode,
  ledgerAccountId: bankAccounts.ledgerAccountId,
  ledgerAccountNumber: ledgerAccounts.number,
  ledgerAccountName: ledgerAccounts.name,
  isDefault: bankAccounts.isDefault,
  isActive: bankAccounts.isActive,
  // Spelled out: inside a select list drizzle leaves column names unqualified.
  balance: sql<string>`(select coalesce(sum(line.debit - line.credit), 0)::numeric(16,2)::text from journal_lines line
    where line.firm_id = "bank_accounts"."firm_id" and line.account_id = "bank_accounts"."ledger_account_id"
      and line.currency_code = "bank_accounts"."currency_code")`,
};

export type BankAccountRow = Awaited<ReturnType<typeof findBankAccounts>>[number];

const joined = (tx: Tx) =>
  tx
    .select(columns)
    .from(bankAccounts)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.firmId, bankAccounts.firmId), eq(ledgerAccounts.id, bankAccounts.ledgerAccountId)));

/** The firm's bank accounts: active first, then by currency and name. */
export function findBankAccounts(tx: Tx, firmId: string) {
  return joined(tx)
    .where(eq(bankAccounts.firmId, firmId))
    .orderBy(desc(bankAccounts.isActive), asc(bankAccounts.currencyCode), desc(bankAccounts.isDefault), asc(bankAccounts.name));
}

export async function findBankAccount(tx: Tx, firmId: string, id: string, { lock = false } = {}) {
  const query = joined(tx).where(and(eq(bankAccounts.firmId, firmId), eq(bankAccounts.id, id)));
  const [row] = await (lock ? query.for('update', { of: bankAccounts }) : query);
  return row ?? null;
}

export type BankAccountValues = {
  name: string;
  bankName: string;
  accountNumberLast4: string | null;
  isDefault: boolean;
  isActive: boolean;
};

export async function insertBankAccount(
  tx: Tx,
  values: BankAccountValues & { firmId: string; currencyCode: string; ledgerAccountId: string; createdByUserId: string },
): Promise<string> {
  const [row] = await tx.insert(bankAccounts).values(values).returning({ id: bankAccounts.id });
  return row!.id;
}

export async function updateBankAccount(tx: Tx, firmId: string, id: string, values: Partial<BankAccountValues>): Promise<void> {
  await tx
    .update(bankAccounts)
    .set(values)
    .where(and(eq(bankAccounts.firmId, firmId), eq(bankAccounts.id, id)));
}

/** One default per currency: the one before stops being it. */
export async function clearDefault(tx: Tx, firmId: string, currencyCode: string, exceptId: string | null): Promise<void> {
  await tx
    .update(bankAccounts)
    .set({ isDefault: false })
    .where(
      and(
        eq(bankAccounts.firmId, firmId),
        eq(bankAccounts.currencyCode, currencyCode),
        eq(bankAccounts.isDefault, true),
        exceptId ? ne(bankAccounts.id, exceptId) : undefined,
      ),
    );
}

export async function isLedgerAccountTaken(tx: Tx, firmId: string, ledgerAccountId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.firmId, firmId), eq(bankAccounts.ledgerAccountId, ledgerAccountId)));
  return Boolean(row);
}

/** The system operating bank (1000 in the default chart): where new bank accounts' ledger accounts sit. */
export async function findSystemOperatingBank(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({ id: ledgerAccounts.id, number: ledgerAccounts.number, parentId: ledgerAccounts.parentId })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.firmId, firmId), eq(ledgerAccounts.code, 'operating-bank')));
  return row!;
}

export async function findTakenNumbers(tx: Tx, firmId: string): Promise<Set<string>> {
  const rows = await tx.select({ number: ledgerAccounts.number }).from(ledgerAccounts).where(eq(ledgerAccounts.firmId, firmId));
  return new Set(rows.map((row) => row.number));
}
