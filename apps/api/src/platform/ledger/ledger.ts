import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  convertMoney,
  fromCents,
  toCents,
  type JOURNAL_SOURCE_TYPES,
  type LEDGER_ACCOUNT_CODES as SHARED_ACCOUNT_CODES,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { currencies, exchangeRates, firms, journalEntries, journalLines, ledgerAccounts, taxRates } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { recordAuditEvent } from '../audit/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { defaultChartFor, defaultTaxRatesFor, normalBalanceOf, type DefaultAccount } from './default-chart.ts';
import { booksClosedRefusal } from './period-lock.ts';

/**
 * The double-entry general ledger (PRODUCT.md module 12, ADR 0020): the one file other modules
 * import. Invoices post on issue, payment, void and write-off; trust accounting posts next.
 */

export type LedgerAccountCode = (typeof SHARED_ACCOUNT_CODES)[number];

/**
 * A line names a system account by its code (what the modules post to), or any of the firm's
 * accounts by id (manual journals, whose service checks the account may be posted to by hand).
 */
export type JournalLine = ({ account: LedgerAccountCode; accountId?: never } | { accountId: string; account?: never }) & {
  debit?: string;
  credit?: string;
  clientId?: string | null;
  matterId?: string | null;
  /** The trust bank account a trust-bank or client-trust-liability line concerns. */
  trustAccountId?: string | null;
  memo?: string;
  /** The line's ISO 4217 code when it is not the entry's `currency` (one side of a conversion). */
  currency?: string;
  /**
   * Home-currency units per unit of the line's currency, for a line not in the home currency;
   * omitted: the firm's exchange rate on the entry date, when it has one.
   */
  exchangeRate?: string;
};

export type JournalSourceType = (typeof JOURNAL_SOURCE_TYPES)[number];

export type JournalEntryInput = {
  /** ISO date (YYYY-MM-DD). */
  entryDate: string;
  memo: string;
  /** A manual entry's reference (voucher or document number). */
  reference?: string | null;
  sourceType: JournalSourceType;
  sourceId: string | null;
  /** ISO 4217 code of the entry's lines (a line may name its own): the entry balances in each currency. */
  currency: string;
  lines: JournalLine[];
  /**
   * The request field the entry's date came from ('paymentDate'…): a refusal because the books are
   * closed through that day (409 BOOKS_CLOSED) names it, so the form points at the date.
   */
  dateField?: string;
};

export type LedgerPrincipal = { firmId: string; userId: string };

export type LedgerAccountType = 'asset' | 'liability' | 'income' | 'expense' | 'equity';

/** The chart of accounts every firm starts with (migrations 0029, 0046 and 0048 give existing firms the same). */
export const SYSTEM_LEDGER_ACCOUNTS: ReadonlyArray<{
  code: LedgerAccountCode;
  name: string;
  type: LedgerAccountType;
  normalBalance: 'debit' | 'credit';
}> = [
  { code: 'operating-bank', name: 'Operating bank', type: 'asset', normalBalance: 'debit' },
  { code: 'accounts-receivable', name: 'Accounts receivable', type: 'asset', normalBalance: 'debit' },
  { code: 'fee-income', name: 'Fee income', type: 'income', normalBalance: 'credit' },
  { code: 'expense-recoveries', name: 'Expense recoveries', type: 'income', normalBalance: 'credit' },
  { code: 'tax-payable', name: 'Tax payable', type: 'liability', normalBalance: 'credit' },
  { code: 'discounts-given', name: 'Discounts given', type: 'expense', normalBalance: 'debit' },
  { code: 'write-offs', name: 'Bad debt write-offs', type: 'expense', normalBalance: 'debit' },
  { code: 'bank-charges', name: 'Bank and payment charges', type: 'expense', normalBalance: 'debit' },
  { code: 'trust-bank', name: 'Client trust bank', type: 'asset', normalBalance: 'debit' },
  { code: 'client-trust-liability', name: 'Client trust liability', type: 'liability', normalBalance: 'credit' },
  { code: 'firm-expenses', name: 'Firm expenses', type: 'expense', normalBalance: 'debit' },
  { code: 'client-costs-advanced', name: 'Client costs advanced', type: 'expense', normalBalance: 'debit' },
  { code: 'unapplied-cash', name: 'Unapplied client payments', type: 'liability', normalBalance: 'credit' },
  { code: 'fx-gain-loss', name: 'Foreign exchange gain or loss', type: 'income', normalBalance: 'credit' },
  { code: 'currency-translation', name: 'Foreign currency translation', type: 'equity', normalBalance: 'credit' },
  { code: 'opening-balances', name: 'Opening balances', type: 'equity', normalBalance: 'credit' },
  { code: 'consultation-fees', name: 'Fee income – Consultations', type: 'income', normalBalance: 'credit' },
  { code: 'withholding-tax-receivable', name: 'Withholding tax receivable', type: 'asset', normalBalance: 'debit' },
];

export const LEDGER_ACCOUNT_CODES: readonly LedgerAccountCode[] = SYSTEM_LEDGER_ACCOUNTS.map((account) => account.code);

async function insertDefaultAccounts(tx: Pick<Tx, 'insert' | 'select'>, firmId: string, chart: readonly DefaultAccount[]): Promise<void> {
  const rowOf = (account: DefaultAccount, parentId: string | null) => ({
    firmId,
    code: account.code ?? null,
    number: account.number,
    name: account.name,
    description: account.description,
    type: account.type,
    normalBalance: account.normalBalance ?? normalBalanceOf(account.type),
    ownedByModule: account.ownedByModule ?? null,
    isSystem: account.code !== undefined,
    parentId,
  });
  const parents = chart.filter((account) => !account.parentNumber);
  // An account whose number or code the firm already has is kept as the firm left it.
  if (parents.length)
    await tx
      .insert(ledgerAccounts)
      .values(parents.map((account) => rowOf(account, null)))
      .onConflictDoNothing();
  const children = chart.filter((account) => account.parentNumber);
  if (!children.length) return;
  const numbered = await tx
    .select({ id: ledgerAccounts.id, number: ledgerAccounts.number })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.firmId, firmId));
  const idOf = new Map(numbered.map((row) => [row.number, row.id]));
  await tx
    .insert(ledgerAccounts)
    .values(children.map((account) => rowOf(account, idOf.get(account.parentNumber!) ?? null)))
    .onConflictDoNothing();
}

/**
 * Creates a firm's numbered chart of accounts (ADR 0046) at firm creation and in the demo seed: the
 * generic chart until the firm names its country; accounts it already has are kept.
 */
export async function seedLedgerAccounts(tx: Pick<Tx, 'insert' | 'select'>, firmId: string, country: string | null = null): Promise<void> {
  await insertDefaultAccounts(tx, firmId, defaultChartFor(country));
}

/** When set-up names the firm's country: the accounts that country's chart adds (Nigeria's tax accounts). */
export async function seedCountryAccounts(tx: Pick<Tx, 'insert' | 'select'>, firmId: string, country: string | null): Promise<void> {
  const extra = defaultChartFor(country).filter((account) => account.nigeriaOnly);
  if (extra.length) await insertDefaultAccounts(tx, firmId, extra);
  // And the country's tax rates (Nigeria's VAT), kept as the firm left them if it has them already.
  const rates = defaultTaxRatesFor(country);
  if (rates.length)
    await tx
      .insert(taxRates)
      .values(rates.map((rate) => ({ firmId, ...rate })))
      .onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Exact amounts: bigint cents (shared money module), never floating point.

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const RATE = /^\d{1,10}(\.\d{1,10})?$/;

function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

type CheckedLine = {
  account: LedgerAccountCode | null;
  accountId: string | null;
  debit: bigint;
  credit: bigint;
  clientId: string | null;
  matterId: string | null;
  trustAccountId: string | null;
  memo: string | null;
  currency: string;
  /** Given by the caller, or copied from the entry a reversal mirrors. */
  exchangeRate: string | null;
  homeAmount: string | null;
};

/** Per currency: debits − credits must be zero in each (an entry never nets one currency against another). */
function unbalancedCurrency(lines: CheckedLine[]) {
  const totals = new Map<string, { debits: bigint; credits: bigint }>();
  for (const line of lines) {
    const total = totals.get(line.currency) ?? { debits: 0n, credits: 0n };
    totals.set(line.currency, { debits: total.debits + line.debit, credits: total.credits + line.credit });
  }
  for (const [currency, total] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    if (total.debits !== total.credits) return { currency, ...total };
  }
  return null;
}

/** The entry's lines as cents, or a 400 saying what is wrong. */
function checkEntry(entry: JournalEntryInput): CheckedLine[] {
  if (!isIsoDate(entry.entryDate)) throw badRequest('The journal entry date must be an ISO date (YYYY-MM-DD)');
  if (!entry.memo?.trim()) throw badRequest('A journal entry needs a memo');
  if (!entry.lines?.length) throw badRequest('A journal entry needs at least one line');
  const lines = entry.lines.map((line, index): CheckedLine => {
    const where = `Journal line ${index + 1}`;
    if (line.accountId === undefined && !LEDGER_ACCOUNT_CODES.includes(line.account))
      throw badRequest(`${where}: unknown account "${String(line.account)}"`);
    const hasDebit = line.debit !== undefined && line.debit !== null && line.debit !== '';
    const hasCredit = line.credit !== undefined && line.credit !== null && line.credit !== '';
    if (hasDebit === hasCredit) throw badRequest(`${where}: a line has either a debit or a credit, not both or neither`);
    const text = (hasDebit ? line.debit : line.credit) as string;
    if (typeof text !== 'string' || !AMOUNT.test(text)) {
      throw badRequest(`${where}: the amount must be a positive decimal with at most 2 decimals`);
    }
    const cents = toCents(text);
    if (cents === 0n) throw badRequest(`${where}: the amount must be more than zero`);
    const currency = line.currency ?? entry.currency;
    if (typeof currency !== 'string' || !CURRENCY.test(currency)) throw badRequest(`${where}: the currency must be an ISO 4217 code`);
    if (line.exchangeRate !== undefined && (!RATE.test(line.exchangeRate) || /^[0.]+$/.test(line.exchangeRate)))
      throw badRequest(`${where}: the exchange rate must be a positive decimal`);
    return {
      account: line.accountId === undefined ? line.account : null,
      accountId: line.accountId ?? null,
      debit: hasDebit ? cents : 0n,
      credit: hasCredit ? cents : 0n,
      clientId: line.clientId ?? null,
      matterId: line.matterId ?? null,
      trustAccountId: line.trustAccountId ?? null,
      memo: line.memo ?? null,
      currency,
      exchangeRate: line.exchangeRate ?? null,
      homeAmount: null,
    };
  });
  const unbalanced = unbalancedCurrency(lines);
  if (unbalanced) {
    const isOneCurrency = lines.every((line) => line.currency === unbalanced.currency);
    const where = isOneCurrency ? '' : ` in ${unbalanced.currency}`;
    throw badRequest(
      `The journal entry does not balance${where}: debits ${fromCents(unbalanced.debits)}, credits ${fromCents(unbalanced.credits)}`,
    );
  }
  return lines;
}

async function accountIdsOf(tx: Tx, firmId: string, codes: LedgerAccountCode[]): Promise<Map<LedgerAccountCode, string>> {
  if (!codes.length) return new Map();
  const rows = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.firmId, firmId), inArray(ledgerAccounts.code, [...new Set(codes)])));
  const ids = new Map(rows.map((row) => [row.code as LedgerAccountCode, row.id]));
  const missing = codes.find((code) => !ids.has(code));
  // Every firm's chart is seeded at creation (and by migration 0029): a missing account is a defect.
  if (missing) throw new Error(`The firm has no ledger account "${missing}"`);
  return ids;
}

/** A firm that has not chosen a home currency yet books in NGN, the product's default (as migration 0048 did). */
export const FALLBACK_HOME_CURRENCY = 'NGN';

/** The firm's home currency (NGN for a firm that has not chosen one yet: the product's default, as migration 0048). */
export async function homeCurrencyOf(tx: Tx, firmId: string): Promise<string> {
  const [row] = await tx
    .select({ code: currencies.isoCode })
    .from(firms)
    .innerJoin(currencies, eq(currencies.id, firms.homeCurrencyId))
    .where(eq(firms.id, firmId));
  return row?.code ?? FALLBACK_HOME_CURRENCY;
}

/** The firm's newest rate for a currency on or before a date (home units per unit), or null. */
export async function firmRateOn(tx: Tx, firmId: string, currency: string, date: string): Promise<string | null> {
  const [row] = await tx
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .innerJoin(currencies, eq(currencies.id, exchangeRates.foreignCurrencyId))
    .where(and(eq(exchangeRates.firmId, firmId), eq(currencies.isoCode, currency), lte(exchangeRates.effectiveDate, date)))
    .orderBy(desc(exchangeRates.effectiveDate))
    .limit(1);
  return row?.rate ?? null;
}

/**
 * A line in the home currency carries no rate; one in another currency carries its rate and
 * home amount when a rate is known (the caller's, else the firm's on the entry date).
 */
async function withHomeAmounts(tx: Tx, firmId: string, entryDate: string, lines: CheckedLine[]): Promise<CheckedLine[]> {
  const home = await homeCurrencyOf(tx, firmId);
  const rates = new Map<string, string | null>();
  const result: CheckedLine[] = [];
  for (const line of lines) {
    if (line.currency === home) {
      result.push({ ...line, exchangeRate: null, homeAmount: null });
      continue;
    }
    if (line.homeAmount !== null) {
      result.push(line);
      continue;
    }
    if (!rates.has(line.currency)) rates.set(line.currency, await firmRateOn(tx, firmId, line.currency, entryDate));
    const rate = line.exchangeRate ?? rates.get(line.currency) ?? null;
    result.push({
      ...line,
      exchangeRate: rate,
      homeAmount: rate === null ? null : convertMoney(fromCents(line.debit + line.credit), rate),
    });
  }
  return result;
}

/** A line naming a client or matter that is not the firm's is bad input (400), not a fault. */
async function insertLines(tx: Tx, values: (typeof journalLines.$inferInsert)[]): Promise<void> {
  try {
    await tx.insert(journalLines).values(values);
  } catch (error) {
    for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
      if (current.code === '23503') throw badRequest('A journal line names a client or matter this firm does not have');
    }
    throw error;
  }
}

/** The audit's total: one figure for a one-currency entry (as before), else one per currency. */
function totalsByCurrency(lines: CheckedLine[]): { total: string } | { totals: Record<string, string> } {
  const totals: Record<string, string> = {};
  for (const currency of [...new Set(lines.map((line) => line.currency))].sort()) {
    totals[currency] = fromCents(lines.filter((line) => line.currency === currency).reduce((sum, line) => sum + line.debit, 0n));
  }
  const values = Object.values(totals);
  return values.length === 1 ? { total: values[0]! } : { totals };
}

async function insertEntry(
  tx: Tx,
  principal: LedgerPrincipal,
  header: Omit<JournalEntryInput, 'lines' | 'currency'> & { reversesEntryId?: string },
  checkedLines: CheckedLine[],
): Promise<string> {
  try {
    return await insertEntryRows(tx, principal, header, checkedLines);
  } catch (error) {
    // The database refuses an entry dated in a closed period (migration 0060), whichever module posts it.
    throw booksClosedRefusal(error, header.dateField) ?? error;
  }
}

async function insertEntryRows(
  tx: Tx,
  principal: LedgerPrincipal,
  header: Omit<JournalEntryInput, 'lines' | 'currency'> & { reversesEntryId?: string },
  checkedLines: CheckedLine[],
): Promise<string> {
  const lines = await withHomeAmounts(tx, principal.firmId, header.entryDate, checkedLines);
  const accountIds = await accountIdsOf(
    tx,
    principal.firmId,
    lines.flatMap((line) => (line.account ? [line.account] : [])),
  );
  const [created] = await tx
    .insert(journalEntries)
    .values({
      firmId: principal.firmId,
      entryDate: header.entryDate,
      memo: header.memo.trim(),
      reference: header.reference?.trim() || null,
      sourceType: header.sourceType,
      sourceId: header.sourceId,
      reversesEntryId: header.reversesEntryId ?? null,
      createdByUserId: principal.userId,
    })
    .returning({ id: journalEntries.id });
  const entryId = created!.id;
  await insertLines(
    tx,
    lines.map((line) => ({
      firmId: principal.firmId,
      entryId,
      accountId: line.accountId ?? accountIds.get(line.account!)!,
      debit: fromCents(line.debit),
      credit: fromCents(line.credit),
      clientId: line.clientId,
      matterId: line.matterId,
      trustAccountId: line.trustAccountId,
      memo: line.memo,
      currencyCode: line.currency,
      exchangeRate: line.exchangeRate,
      homeAmount: line.homeAmount,
    })),
  );
  const total = totalsByCurrency(lines);
  await recordAuditEvent(tx, principal, header.reversesEntryId ? 'journalEntry.reversed' : 'journalEntry.posted', entryId, {
    sourceType: header.sourceType,
    sourceId: header.sourceId,
    entryDate: header.entryDate,
    ...total,
    ...(header.reversesEntryId ? { reversesEntryId: header.reversesEntryId } : {}),
  });
  return entryId;
}

/**
 * Posts a balanced entry in the caller's transaction (the caller's money record and its entry
 * commit together). Returns the entry id. Refuses (400) an unbalanced, empty or zero entry or a
 * line with both/neither side; amounts are exact decimal text with ≤ 2 decimals. The database
 * checks the balance again at commit (migration 0029).
 */
export async function postJournalEntry(tx: Tx, principal: LedgerPrincipal, entry: JournalEntryInput): Promise<string> {
  const lines = checkEntry(entry);
  return insertEntry(tx, principal, entry, lines);
}

/**
 * Posts the mirror entry of `entryId` (debits and credits swapped) referencing it; an entry is
 * reversed at most once (409 otherwise). Another firm's or an unknown entry: 404.
 */
export async function reverseJournalEntry(
  tx: Tx,
  principal: LedgerPrincipal,
  entryId: string,
  input: {
    entryDate: string;
    memo: string;
    sourceType: JournalSourceType;
    sourceId: string | null;
    reference?: string | null;
    /** The request field the reversal's date came from, named by a refusal in a closed period. */
    dateField?: string;
  },
): Promise<string> {
  if (!isIsoDate(input.entryDate)) throw badRequest('The journal entry date must be an ISO date (YYYY-MM-DD)');
  if (!input.memo?.trim()) throw badRequest('A journal entry needs a memo');
  const [original] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.firmId, principal.firmId), eq(journalEntries.id, entryId)))
    .limit(1);
  if (!original) throw notFound('Journal entry');
  const [reversal] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.firmId, principal.firmId), eq(journalEntries.reversesEntryId, entryId)))
    .limit(1);
  if (reversal) throw conflict('This journal entry has already been reversed');
  const originalLines = await tx
    .select({
      accountId: journalLines.accountId,
      debit: journalLines.debit,
      credit: journalLines.credit,
      clientId: journalLines.clientId,
      matterId: journalLines.matterId,
      trustAccountId: journalLines.trustAccountId,
      memo: journalLines.memo,
      currency: journalLines.currencyCode,
      exchangeRate: journalLines.exchangeRate,
      homeAmount: journalLines.homeAmount,
    })
    .from(journalLines)
    .where(and(eq(journalLines.firmId, principal.firmId), eq(journalLines.entryId, entryId)))
    .orderBy(journalLines.id);
  const mirrored: CheckedLine[] = originalLines.map((line) => ({
    account: null,
    accountId: line.accountId,
    debit: toCents(line.credit),
    credit: toCents(line.debit),
    clientId: line.clientId,
    matterId: line.matterId,
    trustAccountId: line.trustAccountId,
    memo: line.memo,
    // A reversal undoes the original at the original's rate, so the home-currency figures net to zero.
    currency: line.currency,
    exchangeRate: line.exchangeRate,
    homeAmount: line.homeAmount,
  }));
  try {
    // A savepoint, so a concurrent reversal's unique violation leaves the caller's transaction usable for the 409.
    return await tx.transaction((inner) => insertEntry(inner as Tx, principal, { ...input, reversesEntryId: entryId }, mirrored));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This journal entry has already been reversed');
    throw error;
  }
}

export type BalanceFilter = { clientId?: string; matterId?: string; trustAccountId?: string };

/** One currency's balance: debit − credit text ("-120.00" on a credit-normal account holding 120.00). */
export type CurrencyBalance = { currency: string; amount: string };

/**
 * One account's balance in each currency it holds (for a client or matter when filtered: accounts
 * receivable owed by a client, trust held for a client), by currency code; currencies that net to
 * zero are left out. Two currencies are never added.
 */
export async function accountBalances(
  tx: Tx,
  firmId: string,
  account: LedgerAccountCode,
  filter: BalanceFilter = {},
): Promise<CurrencyBalance[]> {
  const rows = await tx
    .select({
      currency: journalLines.currencyCode,
      amount: sql<string>`(sum(${journalLines.debit}) - sum(${journalLines.credit}))::numeric(16,2)::text`,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, journalLines.accountId), eq(ledgerAccounts.firmId, firmId)))
    .where(
      and(
        eq(journalLines.firmId, firmId),
        eq(ledgerAccounts.code, account),
        filter.clientId ? eq(journalLines.clientId, filter.clientId) : undefined,
        filter.matterId ? eq(journalLines.matterId, filter.matterId) : undefined,
        filter.trustAccountId ? eq(journalLines.trustAccountId, filter.trustAccountId) : undefined,
      ),
    )
    .groupBy(journalLines.currencyCode)
    .having(sql`sum(${journalLines.debit}) <> sum(${journalLines.credit})`)
    .orderBy(journalLines.currencyCode);
  return rows;
}

/** One account's balance in one currency, as debit − credit text (see accountBalances). */
export async function accountBalance(
  tx: Tx,
  firmId: string,
  account: LedgerAccountCode,
  filter: BalanceFilter & { currency: string },
): Promise<string> {
  const balances = await accountBalances(tx, firmId, account, filter);
  return balances.find((balance) => balance.currency === filter.currency)?.amount ?? '0.00';
}
