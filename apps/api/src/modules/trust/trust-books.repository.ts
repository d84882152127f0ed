import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/**
 * The trust module's reads for the firm's books of client money (the report centre's trust listing
 * and statutory books): balances as of a date and movements in date order with running balances.
 * A balance on a date is the signed sum of the movements dated on or before it (a movement in adds,
 * out subtracts: its direction, a reversal's being the mirror of what it reverses); movements of one
 * date read in the order they were recorded, as the trust statement lists them.
 */

export type TrustBookFilter = {
  trustAccountId?: string | undefined;
  clientId?: string | undefined;
  matterId?: string | undefined;
  /** Only ledgers without a matter: the clients' general trust funds. */
  isGeneralFundsOnly?: boolean | undefined;
  currencyCode?: string | undefined;
  /** Only transfers between ledgers (and their reversals). */
  isTransfersOnly?: boolean | undefined;
};

const signed = sql`(case when t.direction = 'in' then t.amount else -t.amount end)`;

function conditionsOf(firmId: string, filter: TrustBookFilter, dates: { before?: string; from?: string; to?: string }): SQL {
  return sql.join(
    [
      sql`t.firm_id = ${firmId}`,
      filter.trustAccountId ? sql`t.trust_account_id = ${filter.trustAccountId}` : undefined,
      filter.clientId ? sql`t.client_id = ${filter.clientId}` : undefined,
      filter.matterId ? sql`t.matter_id = ${filter.matterId}` : undefined,
      filter.isGeneralFundsOnly ? sql`t.matter_id is null` : undefined,
      filter.currencyCode ? sql`a.currency_code = ${filter.currencyCode}` : undefined,
      filter.isTransfersOnly ? sql`t.transfer_id is not null` : undefined,
      dates.before ? sql`t.transaction_date < ${dates.before}` : undefined,
      dates.from ? sql`t.transaction_date >= ${dates.from}` : undefined,
      dates.to ? sql`t.transaction_date <= ${dates.to}` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined),
    sql` and `,
  );
}

const movementsFrom = sql`trust_transactions t
  join trust_accounts a on a.firm_id = t.firm_id and a.id = t.trust_account_id
  join clients c on c.firm_id = t.firm_id and c.id = t.client_id
  left join matters m on m.firm_id = t.firm_id and m.id = t.matter_id`;

export type TrustLedgerBalanceRow = {
  trustAccountId: string;
  trustAccountName: string;
  currencyCode: string;
  clientId: string;
  clientName: string;
  matterId: string | null;
  matterNumber: string | null;
  matterName: string | null;
  balance: string;
  lastMovementDate: string;
};

/**
 * Each ledger's (trust account, client, matter) balance on a date and the date of its last movement
 * up to then; ledgers holding nothing on that date are left out. By currency, account, client, matter.
 */
export function findLedgerBalancesOn(tx: Tx, firmId: string, filter: TrustBookFilter & { asOf: string }) {
  return rowsOf<TrustLedgerBalanceRow>(
    tx.execute(sql`
      select t.trust_account_id as "trustAccountId", a.name as "trustAccountName", a.currency_code as "currencyCode",
        t.client_id as "clientId", c.display_name as "clientName", t.matter_id as "matterId",
        m.matter_number as "matterNumber", m.matter_name as "matterName",
        sum(${signed})::numeric(16, 2)::text as balance,
        to_char(max(t.transaction_date), 'YYYY-MM-DD') as "lastMovementDate"
      from ${movementsFrom} where ${conditionsOf(firmId, filter, { to: filter.asOf })}
      group by t.trust_account_id, a.name, a.currency_code, t.client_id, c.display_name, t.matter_id, m.matter_number, m.matter_name
      having sum(${signed}) <> 0
      order by a.currency_code, a.name, c.display_name, m.matter_number nulls first, m.matter_name`),
  );
}

/**
 * Whose running balance a list of movements carries: the selected ledgers' together per currency
 * (a client's trust ledger), each trust account's (the cash book), or each client's in each trust
 * account (the clients' ledger).
 */
export type TrustRunningBalance = 'currency' | 'account' | 'clientAccount';

const PARTITIONS: Record<TrustRunningBalance, SQL> = {
  currency: sql`a.currency_code`,
  account: sql`t.trust_account_id::text`,
  clientAccount: sql`t.client_id::text || ' ' || t.trust_account_id::text`,
};

export type TrustBookMovementRow = {
  id: string;
  number: string;
  date: string;
  type: 'deposit' | 'disbursement' | 'invoice-payment' | 'refund' | 'transfer-out' | 'transfer-in' | 'reversal';
  direction: 'in' | 'out';
  amount: string;
  trustAccountId: string;
  trustAccountName: string;
  currencyCode: string;
  clientId: string;
  clientName: string;
  matterId: string | null;
  matterNumber: string | null;
  matterName: string | null;
  method: string | null;
  reference: string | null;
  counterparty: string | null;
  purpose: string | null;
  reason: string | null;
  isTransfer: boolean;
  invoiceNumber: string | null;
  reversesNumber: string | null;
  balance: string;
};

export type TrustBookMovementsQuery = TrustBookFilter & {
  from?: string | undefined;
  to?: string | undefined;
  runningBalance: TrustRunningBalance;
  /** Leave out transfers between ledgers (and their reversals): the cash book's receipts and payments only. */
  isCashOnly?: boolean;
  page?: { limit: number; offset: number };
};

/**
 * The movements a filter selects from `from` to `to`, by running-balance group, then date, then as
 * recorded, each with the group's balance after it: its opening balance (every movement of the
 * group dated before `from`, transfers included) plus the movements listed up to it.
 */
export function findMovementsInDateOrder(tx: Tx, firmId: string, query: TrustBookMovementsQuery) {
  const partition = PARTITIONS[query.runningBalance];
  const cashOnly = query.isCashOnly ? sql`and t.transfer_id is null` : sql``;
  const paging = query.page ? sql`limit ${query.page.limit} offset ${query.page.offset}` : sql``;
  return rowsOf<TrustBookMovementRow>(
    tx.execute(sql`
      with opening as (
        select ${partition} as key, sum(${signed}) as amount
        from ${movementsFrom} where ${query.from ? conditionsOf(firmId, query, { before: query.from }) : sql`false`}
        group by 1
      ),
      listed as (
        select t.*, ${partition} as key, a.name as account_name, a.currency_code, c.display_name as client_name,
          m.matter_number, m.matter_name,
          sum(${signed}) over (partition by ${partition} order by t.transaction_date, t.sequence_number) as running
        from ${movementsFrom} where ${conditionsOf(firmId, query, { from: query.from, to: query.to })} ${cashOnly}
      )
      select t.id, 'TRX-' || lpad(t.sequence_number::text, 5, '0') as number, to_char(t.transaction_date, 'YYYY-MM-DD') as date,
        t.type, t.direction, t.amount::text as amount, t.trust_account_id as "trustAccountId", t.account_name as "trustAccountName",
        t.currency_code as "currencyCode", t.client_id as "clientId", t.client_name as "clientName", t.matter_id as "matterId",
        t.matter_number as "matterNumber", t.matter_name as "matterName", t.method, t.reference, t.counterparty, t.purpose, t.reason,
        t.transfer_id is not null as "isTransfer",
        (select i.invoice_number from invoices i where i.firm_id = t.firm_id and i.id = t.invoice_id) as "invoiceNumber",
        (select 'TRX-' || lpad(o.sequence_number::text, 5, '0') from trust_transactions o
          where o.firm_id = t.firm_id and o.id = t.reverses_transaction_id) as "reversesNumber",
        (coalesce(opening.amount, 0) + t.running)::numeric(16, 2)::text as balance
      from listed t left join opening on opening.key = t.key
      order by ${query.runningBalance === 'clientAccount' ? sql`t.client_name, t.client_id, t.account_name, t.trust_account_id,` : query.runningBalance === 'account' ? sql`t.currency_code, t.account_name, t.trust_account_id,` : sql`t.currency_code,`}
        t.transaction_date, t.sequence_number
      ${paging}`),
  );
}

export type TrustOpeningBalanceRow = {
  trustAccountId: string;
  trustAccountName: string;
  currencyCode: string;
  clientId: string | null;
  clientName: string | null;
  balance: string;
};

/**
 * Each group's balance at the start of a date (the movements dated before it), with the group's
 * names: per trust account, or per client and trust account. Groups with no movement before it are
 * left out.
 */
export function sumOpeningBalances(
  tx: Tx,
  firmId: string,
  filter: TrustBookFilter & { before: string },
  by: 'account' | 'clientAccount',
): Promise<TrustOpeningBalanceRow[]> {
  const isByClient = by === 'clientAccount';
  return rowsOf<TrustOpeningBalanceRow>(
    tx.execute(sql`
      select t.trust_account_id as "trustAccountId", a.name as "trustAccountName", a.currency_code as "currencyCode",
        ${isByClient ? sql`t.client_id` : sql`null::uuid`} as "clientId", ${isByClient ? sql`c.display_name` : sql`null::text`} as "clientName",
        sum(${signed})::numeric(16, 2)::text as balance
      from ${movementsFrom} where ${conditionsOf(firmId, filter, { before: filter.before })}
      group by t.trust_account_id, a.name, a.currency_code${isByClient ? sql`, t.client_id, c.display_name` : sql``}
      order by ${isByClient ? sql`c.display_name, t.client_id, ` : sql``}a.currency_code, a.name`),
  );
}

/** How many movements a filter selects up to a date, and their receipts and payments per currency. */
export function sumMovementsInDateRange(tx: Tx, firmId: string, filter: TrustBookFilter & { from?: string; to?: string }) {
  return rowsOf<{ currencyCode: string; count: number; receipts: string; payments: string }>(
    tx.execute(sql`
      select a.currency_code as "currencyCode", count(*)::int as count,
        coalesce(sum(t.amount) filter (where t.direction = 'in'), 0)::numeric(16, 2)::text as receipts,
        coalesce(sum(t.amount) filter (where t.direction = 'out'), 0)::numeric(16, 2)::text as payments
      from ${movementsFrom} where ${conditionsOf(firmId, filter, { from: filter.from, to: filter.to })}
      group by a.currency_code order by a.currency_code`),
  );
}

/** The firm's trust account of an id, with its currency; null when it has none of that id. */
export async function findTrustAccountName(tx: Tx, firmId: string, id: string) {
  const [row] = await rowsOf<{ name: string; currencyCode: string }>(
    tx.execute(sql`select name, currency_code as "currencyCode" from trust_accounts where firm_id = ${firmId} and id = ${id}`),
  );
  return row ?? null;
}
