import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';

const accountColumns = {
  id: ledgerAccounts.id,
  number: ledgerAccounts.number,
  name: ledgerAccounts.name,
  type: ledgerAccounts.type,
  normalBalance: ledgerAccounts.normalBalance,
  code: ledgerAccounts.code,
  parentId: ledgerAccounts.parentId,
  description: ledgerAccounts.description,
  isActive: ledgerAccounts.isActive,
  isSystem: ledgerAccounts.isSystem,
  ownedByModule: ledgerAccounts.ownedByModule,
  // Spelled out: inside a select list drizzle leaves column names unqualified, which would compare journal_lines with itself.
  hasEntries: sql<boolean>`exists (select 1 from journal_lines line where line.firm_id = "ledger_accounts"."firm_id" and line.account_id = "ledger_accounts"."id")`,
};

export type AccountRow = Awaited<ReturnType<typeof findAccounts>>[number];

/** The firm's whole chart, by number. */
export function findAccounts(tx: Tx, firmId: string) {
  return tx.select(accountColumns).from(ledgerAccounts).where(eq(ledgerAccounts.firmId, firmId)).orderBy(asc(ledgerAccounts.number));
}

export async function findAccount(tx: Tx, firmId: string, id: string, { lock = false } = {}) {
  const query = tx
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.firmId, firmId), eq(ledgerAccounts.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function findAccountByNumber(tx: Tx, firmId: string, number: string) {
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.firmId, firmId), eq(ledgerAccounts.number, number)));
  return row ?? null;
}

export async function hasSubAccounts(tx: Tx, firmId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.firmId, firmId), eq(ledgerAccounts.parentId, id)))
    .limit(1);
  return Boolean(row);
}

export type AccountValues = {
  number: string;
  name: string;
  type: string;
  normalBalance: 'debit' | 'credit';
  parentId: string | null;
  description: string | null;
  isActive: boolean;
};

export async function insertAccount(tx: Tx, firmId: string, values: AccountValues): Promise<string> {
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({ firmId, ...values, isSystem: false })
    .returning({ id: ledgerAccounts.id });
  return row!.id;
}

export async function updateAccount(tx: Tx, firmId: string, id: string, values: AccountValues): Promise<void> {
  await tx
    .update(ledgerAccounts)
    .set(values)
    .where(and(eq(ledgerAccounts.firmId, firmId), eq(ledgerAccounts.id, id)));
}

export async function deleteAccount(tx: Tx, firmId: string, id: string): Promise<void> {
  await tx.delete(ledgerAccounts).where(and(eq(ledgerAccounts.firmId, firmId), eq(ledgerAccounts.id, id)));
}
