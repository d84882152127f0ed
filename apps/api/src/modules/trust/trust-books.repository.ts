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

/** The columns of each running balance's group, as the listed movements name them (t: the movement, a: its trust account). */
const PARTITIONS: Record<TrustRunningBalance, { column: string; from: string }[]> = {
  currency: [{ column: 'currency_code', from: 'a.currency_code' }],
  account: [{ column: 'trust_account_id', from: 't.trust_account_id' }],
  clientAccount: [
    { column: 'client_id', from: 't.client_id' },
    { column: 'trust_account_id', from: 't.trust_account_id' },
  ],
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
  /** Only these sections of a book (a trust account's, or a client's in one): a page's, so only their movements are summed. */
  sections?: readonly { trustAccountId: string; clientId: string | null }[];
  page?: { limit: number; offset: number };
};

/** Movements of the sections named (by trust account, and client when a section is a client's). */
function sectionsCondition(sections: TrustBookMovementsQuery['sections']): SQL {
  if (!sections) return sql`true`;
  if (sections.length === 0) return sql`false`;
  return sql.join(
    sections.map((section) =>
      section.clientId
        ? sql`(t.trust_account_id = ${section.trustAccountId} and t.client_id = ${section.clientId})`
        : sql`t.trust_account_id = ${section.trustAccountId}`,
    ),
    sql` or `,
  );
}

/**
 * The movements a filter selects from `from` to `to`, by running-balance group, then date, then as
 * recorded, each with the group's balance after it: its opening balance (every movement of the
 * group dated before `from`, transfers included) plus the movements listed up to it.
 */
export function findMovementsInDateOrder(tx: Tx, firmId: string, query: TrustBookMovementsQuery) {
  const groupColumns = PARTITIONS[query.runningBalance];
  const partition = sql.raw(groupColumns.map((group) => group.from).join(', '));
  const isByClientName = query.runningBalance === 'clientAccount';
  const cashOnly = query.isCashOnly ? sql`and t.transfer_id is null` : sql``;
  const paging = query.page ? sql`limit ${query.page.limit} offset ${query.page.offset}` : sql``;
  const sections = sectionsCondition(query.sections);
  // Over the listed rows' own columns: bare names inside the listing, prefixed outside it.
  const bookOrder = (prefix: '' | 'l.') =>
    sql.raw(
      (isByClientName
        ? ['client_name', 'client_id', 'account_name', 'trust_account_id', 'transaction_date', 'sequence_number']
        : query.runningBalance === 'account'
          ? ['currency_code', 'account_name', 'trust_account_id', 'transaction_date', 'sequence_number']
          : ['currency_code', 'transaction_date', 'sequence_number']
      )
        .map((column) => prefix + column)
        .join(', '),
    );
  const movements = sql`trust_transactions t join trust_accounts a on a.firm_id = t.firm_id and a.id = t.trust_account_id`;
  // The running balances are summed over narrow rows (a year of a large firm's movements, or a page's
  // sections'), and only the page's movements are read whole.
  return rowsOf<TrustBookMovementRow>(
    tx.execute(sql`
      with opening as (
        select ${sql.raw(groupColumns.map((group) => `${group.from} as ${group.column}`).join(', '))}, sum(${signed}) as amount
        from ${movements} where ${query.from ? conditionsOf(firmId, query, { before: query.from }) : sql`false`} and (${sections})
        group by ${partition}
      ),
      listed as (
        select t.id, t.client_id, t.trust_account_id, t.transaction_date, t.sequence_number, a.name as account_name, a.currency_code,
          ${isByClientName ? sql`(select c.display_name from clients c where c.firm_id = t.firm_id and c.id = t.client_id)` : sql`null::text`} as client_name,
          sum(${signed}) over (partition by ${partition} order by t.transaction_date, t.sequence_number) as running
        from ${movements} where ${conditionsOf(firmId, query, { from: query.from, to: query.to })} ${cashOnly} and (${sections})
        order by ${bookOrder('')}
        ${paging}
      )
      select t.id, 'TRX-' || lpad(t.sequence_number::text, 5, '0') as number, to_char(t.transaction_date, 'YYYY-MM-DD') as date,
        t.type, t.direction, t.amount::text as amount, t.trust_account_id as "trustAccountId", l.account_name as "trustAccountName",
        l.currency_code as "currencyCode", t.client_id as "clientId", c.display_name as "clientName", t.matter_id as "matterId",
        m.matter_number as "matterNumber", m.matter_name as "matterName", t.method, t.reference, t.counterparty, t.purpose, t.reason,
        t.transfer_id is not null as "isTransfer",
        (select i.invoice_number from invoices i where i.firm_id = t.firm_id and i.id = t.invoice_id) as "invoiceNumber",
        (select 'TRX-' || lpad(o.sequence_number::text, 5, '0') from trust_transactions o
          where o.firm_id = t.firm_id and o.id = t.reverses_transaction_id) as "reversesNumber",
        (coalesce(opening.amount, 0) + l.running)::numeric(16, 2)::text as balance
      from listed l
        join trust_transactions t on t.firm_id = ${firmId} and t.id = l.id
        join clients c on c.firm_id = t.firm_id and c.id = t.client_id
        left join matters m on m.firm_id = t.firm_id and m.id = t.matter_id
        left join opening on ${sql.raw(groupColumns.map((group) => `opening.${group.column} = l.${group.column}`).join(' and '))}
      order by ${bookOrder('l.')}`),
  );
}

export type TrustBookSectionRow = {
  trustAccountId: string;
  trustAccountName: string;
  currencyCode: string;
  /** The client, in the clients' ledger (a section per client and trust account); null in the cash book. */
  clientId: string | null;
  clientName: string | null;
  /** Every movement of the section dated before the period (transfers included). */
  opening: string;
  /** The period's movements listed in the book: their receipts and payments and how many. */
  receipts: string;
  payments: string;
  movements: number;
};

/**
 * A book's sections in the order it prints them — per trust account (the cash book: by currency and
 * account name), or per client and trust account (the clients' ledger: by client name) — each with
 * its balance brought forward and the receipts, payments and count of its movements in the period
 * (the same order and movements findMovementsInDateOrder lists); a section with neither a movement in
 * the period nor a balance brought forward is left out.
 */
export function sumBookSections(
  tx: Tx,
  firmId: string,
  query: TrustBookFilter & { from?: string | undefined; to: string; by: 'account' | 'clientAccount'; isCashOnly?: boolean },
): Promise<TrustBookSectionRow[]> {
  const isByClient = query.by === 'clientAccount';
  const before = query.from ? sql`t.transaction_date < ${query.from}` : sql`false`;
  const listed = sql`not (${before}) ${query.isCashOnly ? sql`and t.transfer_id is null` : sql``}`;
  // Summed by ids from the movements alone, then named.
  return rowsOf<TrustBookSectionRow>(
    tx.execute(sql`
      select section.trust_account_id as "trustAccountId", account.name as "trustAccountName", account.currency_code as "currencyCode",
        section.client_id as "clientId", ${isByClient ? sql`c.display_name` : sql`null::text`} as "clientName",
        section.opening::numeric(16, 2)::text as opening, section.receipts::numeric(16, 2)::text as receipts,
        section.payments::numeric(16, 2)::text as payments, section.movements
      from (
        select t.trust_account_id, ${isByClient ? sql`t.client_id` : sql`null::uuid`} as client_id,
          coalesce(sum(${signed}) filter (where ${before}), 0) as opening,
          coalesce(sum(t.amount) filter (where ${listed} and t.direction = 'in'), 0) as receipts,
          coalesce(sum(t.amount) filter (where ${listed} and t.direction = 'out'), 0) as payments,
          (count(*) filter (where ${listed}))::int as movements
        from trust_transactions t join trust_accounts a on a.firm_id = t.firm_id and a.id = t.trust_account_id
        where ${conditionsOf(firmId, query, { to: query.to })}
        group by 1, 2
      ) section
        join trust_accounts account on account.firm_id = ${firmId} and account.id = section.trust_account_id
        ${isByClient ? sql`join clients c on c.firm_id = ${firmId} and c.id = section.client_id` : sql``}
      where section.movements > 0 or section.opening <> 0
      order by ${isByClient ? sql`c.display_name, section.client_id, account.name, section.trust_account_id` : sql`account.currency_code, account.name, section.trust_account_id`}`),
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
