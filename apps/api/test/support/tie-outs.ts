import { sql, type SQL } from 'drizzle-orm';
import { compareMoney } from '@matterhorn/shared';
import { READ_ONLY, rowsOf, type Database, type Tx } from '../../src/db/database.ts';
import { sumOpenReceivables } from '../../src/modules/invoices/invoices.api.ts';
import { isBilledTimeEntry } from '../../src/modules/time-entries/time-entries.api.ts';
import { findTrustLedgerTotals } from '../../src/modules/trust/trust.api.ts';
import { accountBalances, type LedgerAccountCode } from '../../src/platform/ledger/ledger.ts';

/**
 * The books tie out (issue 33 §4): what the ledger says equals what the records say, per firm and
 * per currency. Run by createTestApp's close for every firm of a test file's database, so any API
 * test that leaves the books and the records apart fails, naming the firm, the check, the expected
 * figure (the records') and the actual one (the ledger's).
 */
export type TieOutFailure = { firm: string; check: string; expected: string; actual: string };

/** The currency of a journal line: its own (migration 0048 gave every line one; '?' would be a line without). */
export function journalLineCurrency(line: SQL): SQL<string> {
  return sql<string>`coalesce(${line}.currency_code, '?')`;
}

type Figure = { key: string; amount: string };

/** An account's balance (debit − credit) per currency and per the grouping given (client, matter, trust account). */
async function ledgerFigures(tx: Tx, firmId: string, codes: LedgerAccountCode[], groupBy: SQL = sql`''`): Promise<Figure[]> {
  return rowsOf<Figure>(
    tx.execute(sql`select ${journalLineCurrency(sql`l`)} || ${groupBy} as key,
        (sum(l.debit) - sum(l.credit))::numeric(16,2)::text as amount
      from journal_lines l
        join journal_entries e on e.firm_id = l.firm_id and e.id = l.entry_id
        join ledger_accounts a on a.firm_id = l.firm_id and a.id = l.account_id
      where l.firm_id = ${firmId} and a.code in ${sql`(${sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      )})`}
      group by 1`),
  );
}

const negated = (figures: Figure[]) =>
  figures.map(({ key, amount }) => ({ key, amount: amount.startsWith('-') ? amount.slice(1) : amount === '0.00' ? amount : `-${amount}` }));

/** Each key's figure on both sides (a key on one side only is zero on the other). */
function compare(firm: string, check: string, expected: Figure[], actual: Figure[]): TieOutFailure[] {
  const expectedByKey = new Map(expected.map((figure) => [figure.key, figure.amount]));
  const actualByKey = new Map(actual.map((figure) => [figure.key, figure.amount]));
  const failures: TieOutFailure[] = [];
  for (const key of new Set([...expectedByKey.keys(), ...actualByKey.keys()])) {
    const wanted = expectedByKey.get(key) ?? '0.00';
    const found = actualByKey.get(key) ?? '0.00';
    if (compareMoney(wanted, found) !== 0) failures.push({ firm, check: `${check} [${key}]`, expected: wanted, actual: found });
  }
  return failures;
}

async function firmTieOuts(tx: Tx, firm: string, firmId: string): Promise<TieOutFailure[]> {
  const failures: TieOutFailure[] = [];

  // Accounts receivable = the open balances of issued invoices, per currency, and per client and matter: the invoices
  // module's own figures (sumOpenReceivables), the ones the statements' tie-outs show.
  const openBalances = async (byClientAndMatter: boolean) =>
    (await sumOpenReceivables(tx, firmId, { byClientAndMatter })).map((row) => ({
      key: byClientAndMatter ? `${row.currencyCode} client ${row.clientId} matter ${row.matterId ?? ''}` : row.currencyCode,
      amount: row.amount,
    }));
  failures.push(
    ...compare(
      firm,
      'accounts receivable = Σ open invoice balances',
      await openBalances(false),
      await ledgerFigures(tx, firmId, ['accounts-receivable']),
    ),
    ...compare(
      firm,
      'accounts receivable by client and matter = Σ their open invoice balances',
      await openBalances(true),
      await ledgerFigures(
        tx,
        firmId,
        ['accounts-receivable'],
        sql`' client ' || coalesce(l.client_id::text, '') || ' matter ' || coalesce(l.matter_id::text, '')`,
      ),
    ),
  );

  // Trust: each account's register = Σ its client ledgers = trust bank in the ledger = client trust liability in the ledger.
  const byAccount = sql`' account ' || coalesce(l.trust_account_id::text, '')`;
  const trustTotals = await findTrustLedgerTotals(tx, firmId);
  const keyOf = (row: (typeof trustTotals)[number]) => `${row.currencyCode} account ${row.trustAccountId}`;
  const registers = trustTotals.map((row) => ({ key: keyOf(row), amount: row.register }));
  const ledgers = trustTotals.map((row) => ({ key: keyOf(row), amount: row.ledgers }));
  failures.push(
    ...compare(firm, 'Σ client trust ledgers = trust account register', registers, ledgers),
    ...compare(
      firm,
      'trust bank in the ledger = Σ client trust ledgers',
      ledgers,
      await ledgerFigures(tx, firmId, ['trust-bank'], byAccount),
    ),
    ...compare(
      firm,
      'client trust liability in the ledger = Σ client trust ledgers',
      ledgers,
      negated(await ledgerFigures(tx, firmId, ['client-trust-liability'], byAccount)),
    ),
    ...compare(
      firm,
      'client trust liability per client ledger = its trust ledger',
      await rowsOf<Figure>(
        tx.execute(sql`select t.currency_code || ' account ' || t.id::text || ' client ' || g.client_id::text || ' matter ' || coalesce(g.matter_id::text, '') as key,
            g.balance::text as amount
          from trust_ledgers g join trust_accounts t on t.firm_id = g.firm_id and t.id = g.trust_account_id where g.firm_id = ${firmId}`),
      ),
      negated(
        await ledgerFigures(
          tx,
          firmId,
          ['client-trust-liability'],
          sql`${byAccount} || ' client ' || coalesce(l.client_id::text, '') || ' matter ' || coalesce(l.matter_id::text, '')`,
        ),
      ),
    ),
  );

  // Cash out for expenses: paid expenses = firm expenses + client costs advanced, per currency.
  failures.push(
    ...compare(
      firm,
      'paid expenses = firm expenses + client costs advanced in the ledger',
      await rowsOf<Figure>(
        tx.execute(sql`select c.iso_code as key, sum(x.amount)::numeric(16,2)::text as amount
          from expenses x join currencies c on c.id = coalesce(x.foreign_currency_id, x.home_currency_id)
          where x.firm_id = ${firmId} and x.deleted_at is null and x.payment_status = 'Paid' group by 1`),
      ),
      await ledgerFigures(tx, firmId, ['firm-expenses', 'client-costs-advanced']),
    ),
  );

  // Each operating bank account of the firm's own (one with its own ledger account, not the system operating bank):
  // payments received into it less expenses paid from it = its ledger account's lines posted by payments and expenses.
  const ownBankAccounts = sql`bank_accounts b join ledger_accounts a on a.firm_id = b.firm_id and a.id = b.ledger_account_id
    and a.code is distinct from 'operating-bank'`;
  failures.push(
    ...compare(
      firm,
      'each bank account: payments into it − expenses paid from it = its ledger account’s payment and expense lines',
      await rowsOf<Figure>(
        tx.execute(sql`select key, sum(amount)::numeric(16,2)::text as amount from (
            select b.currency_code || ' bank ' || b.id::text as key, p.amount
              from invoice_payments p join ${ownBankAccounts} on b.id = p.bank_account_id where p.firm_id = ${firmId}
            union all
            -- What a payment received beyond the balance due and kept as the client's credit (its reversal's too) came in with it.
            select b.currency_code || ' bank ' || b.id::text, m.amount
              from client_credit_movements m
                join invoice_payments p on p.firm_id = m.firm_id and p.journal_entry_id = m.journal_entry_id
                join ${ownBankAccounts} on b.id = p.bank_account_id
              where m.firm_id = ${firmId} and m.kind in ('overpayment', 'overpayment-reversed')
            union all
            select b.currency_code || ' bank ' || b.id::text, -x.amount
              from expenses x join ${ownBankAccounts} on b.id = x.paid_from_bank_account_id
              where x.firm_id = ${firmId} and x.deleted_at is null and x.payment_status = 'Paid'
          ) moves group by key`),
      ),
      await rowsOf<Figure>(
        tx.execute(sql`select l.currency_code || ' bank ' || b.id::text as key, (sum(l.debit) - sum(l.credit))::numeric(16,2)::text as amount
          from ${ownBankAccounts}
            join journal_lines l on l.firm_id = b.firm_id and l.account_id = b.ledger_account_id
            join journal_entries e on e.firm_id = l.firm_id and e.id = l.entry_id
          where b.firm_id = ${firmId} and e.source_type in ('invoice-payment', 'expense-payment') group by 1`),
      ),
    ),
  );

  // Money held for clients beyond what they owe: the online payments that settled nothing (what each holds unapplied)
  // and the clients' credit balances (overpayments kept, credit notes over paid invoices, less what was applied or
  // refunded) = the unapplied-cash liability, per currency and per client.
  const heldForClients = (byClient: boolean) =>
    rowsOf<Figure>(
      tx.execute(sql`select key, sum(amount)::numeric(16,2)::text as amount from (
          select g.unapplied_currency_code || ${byClient ? sql`' client ' || g.client_id::text` : sql`''`} as key, g.unapplied_amount as amount
            from gateway_payments g where g.firm_id = ${firmId} and g.unapplied_amount is not null
          union all
          select m.currency_code || ${byClient ? sql`' client ' || m.client_id::text` : sql`''`}, m.amount
            from client_credit_movements m where m.firm_id = ${firmId}
          union all
          -- A consultation fee to refund is a lead's money: no client on its line.
          select p.currency_code || ${byClient ? sql`' client '` : sql`''`}, p.refund_amount
            from consultation_payments p where p.firm_id = ${firmId} and p.refund_amount is not null
        ) held group by key`),
    );
  failures.push(
    ...compare(
      firm,
      'money held unapplied on online payments + client credit balances = unapplied client payments in the ledger',
      await heldForClients(false),
      negated(await ledgerFigures(tx, firmId, ['unapplied-cash'])),
    ),
    ...compare(
      firm,
      'per client: money held unapplied on online payments + its credit balance = its unapplied client payments',
      await heldForClients(true),
      negated(await ledgerFigures(tx, firmId, ['unapplied-cash'], sql`' client ' || coalesce(l.client_id::text, '')`)),
    ),
  );
  // The client's credit balance never goes below zero in a currency.
  const [overdrawn] = await rowsOf<{ count: number }>(
    tx.execute(sql`select count(*)::int as count from (select 1 from client_credit_movements where firm_id = ${firmId}
      group by client_id, currency_code having sum(amount) < 0) below`),
  );
  if (overdrawn!.count > 0)
    failures.push({ firm, check: 'client credit balances below zero', expected: '0', actual: String(overdrawn!.count) });

  // Every line is in some currency (none falls through the grouping), and the per-currency figures add up to the ledger's own balance.
  for (const code of ['accounts-receivable', 'trust-bank', 'client-trust-liability', 'unapplied-cash'] as const) {
    const figures = await ledgerFigures(tx, firmId, [code]);
    const unknown = figures.find((figure) => figure.key === '?');
    if (unknown) failures.push({ firm, check: `${code}: lines whose currency is unknown`, expected: '0.00', actual: unknown.amount });
    failures.push(
      ...compare(
        firm,
        `${code}: Σ per currency = the ledger's own balances`,
        (await accountBalances(tx, firmId, code)).map(({ currency, amount }) => ({ key: currency, amount })),
        figures,
      ),
    );
  }

  // The day totals the statements read (kept by the database at each posting's commit) = the sums and the count of the
  // lines behind them.
  const dayTotalsKey = sql`to_char(e.entry_date, 'YYYY-MM-DD') || ' ' || l.account_id::text || ' ' || l.currency_code || ' ' || e.source_type`;
  const [dayTotalsDrift] = await rowsOf<{ lines: string; totals: string; differing: number }>(
    tx.execute(sql`with lines as (
        select ${dayTotalsKey} as key, sum(l.debit) as debit, sum(l.credit) as credit, count(*) as lines
        from journal_lines l join journal_entries e on e.firm_id = l.firm_id and e.id = l.entry_id
        where l.firm_id = ${firmId} group by 1),
      totals as (
        select to_char(t.entry_date, 'YYYY-MM-DD') || ' ' || t.account_id::text || ' ' || t.currency_code || ' ' || t.source_type as key,
          t.debit, t.credit, t.lines
        from journal_day_totals t where t.firm_id = ${firmId})
      select (select count(*) from lines)::text as lines, (select count(*) from totals where debit <> 0 or credit <> 0)::text as totals,
        (select count(*)::int from lines full join totals using (key)
          where coalesce(lines.debit, 0) <> coalesce(totals.debit, 0) or coalesce(lines.credit, 0) <> coalesce(totals.credit, 0)
            or coalesce(lines.lines, 0) <> coalesce(totals.lines, 0)) as differing`),
  );
  if (dayTotalsDrift!.differing > 0)
    failures.push({
      firm,
      check: 'journal day totals = Σ and count of journal lines per day, account, currency and source',
      expected: `${dayTotalsDrift!.lines} keys agreeing`,
      actual: `${dayTotalsDrift!.differing} differing`,
    });

  // The time day totals the dashboard and utilisation read (kept by the database at each statement on time entries) =
  // the sums and the count of the live entries behind them, billed by the time-entries module's own rule.
  const [timeTotalsDrift] = await rowsOf<{ keys: string; differing: number }>(
    tx.execute(sql`with entries as (
        select time_entry_date as entry_date, user_id as fee_earner_id, is_billable, ${isBilledTimeEntry} as is_billed,
          sum(duration) as hours, sum(home_total_amount) as amount, count(*)::int as entries,
          coalesce(sum(cost_amount), 0) as cost, coalesce(sum(duration) filter (where cost_amount is null), 0) as uncosted_hours
        from time_entries where firm_id = ${firmId} and deleted_at is null group by 1, 2, 3, 4),
      totals as (select entry_date, fee_earner_id, is_billable, is_billed, hours, amount, entries, cost, uncosted_hours
        from time_entry_day_totals where firm_id = ${firmId} and entries <> 0)
      select (select count(*) from entries)::text as keys,
        (select count(*)::int from entries full join totals using (entry_date, fee_earner_id, is_billable, is_billed)
          where entries.hours is distinct from totals.hours or entries.amount is distinct from totals.amount
            or entries.entries is distinct from totals.entries or entries.cost is distinct from totals.cost
            or entries.uncosted_hours is distinct from totals.uncosted_hours) as differing`),
  );
  if (timeTotalsDrift!.differing > 0)
    failures.push({
      firm,
      check: 'time day totals = Σ, cost and count of live time entries per day, fee earner, billable and billed',
      expected: `${timeTotalsDrift!.keys} keys agreeing`,
      actual: `${timeTotalsDrift!.differing} differing`,
    });

  // Every time entry keeps the cost of its day: hours × its fee earner's cost rate on the day of the work (migration 0072).
  const [costDrift] = await rowsOf<{ differing: number }>(
    tx.execute(sql`select count(*)::int as differing from time_entries
      where firm_id = ${firmId} and cost_amount is distinct from time_entry_cost_on(firm_id, user_id, time_entry_date, duration)`),
  );
  if (costDrift!.differing > 0)
    failures.push({
      firm,
      check: 'each time entry’s cost = hours × its fee earner’s cost rate on the day of the work',
      expected: '0 differing',
      actual: `${costDrift!.differing} differing`,
    });

  // The collections report's parts (written by the database with each payment): every payment's parts add up to it,
  // each part carries its payment's date, invoice and client, and a reversal's parts are its payment's, negated.
  const [partsDrift] = await rowsOf<{ payments: string; differing: number }>(
    tx.execute(sql`with sums as (
        select payment.id, payment.amount, payment.payment_date, payment.invoice_id, invoice.client_id, payment.reverses_payment_id,
          sum(part.part) as parts,
          bool_and(part.payment_date = payment.payment_date and part.invoice_id = payment.invoice_id
            and part.client_id = invoice.client_id) as carries_payment
        from invoice_payments payment
        join invoices invoice on invoice.firm_id = payment.firm_id and invoice.id = payment.invoice_id
        left join invoice_payment_parts part on part.firm_id = payment.firm_id and part.payment_id = payment.id
        where payment.firm_id = ${firmId} group by payment.id, invoice.client_id)
      select (select count(*) from sums)::text as payments,
        (select count(*)::int from sums where parts is distinct from amount or not carries_payment
          or (reverses_payment_id is not null and exists (
            (select fee_earner_id, -part from invoice_payment_parts where firm_id = ${firmId} and payment_id = sums.reverses_payment_id
              except select fee_earner_id, part from invoice_payment_parts where firm_id = ${firmId} and payment_id = sums.id)
            union all
            (select fee_earner_id, part from invoice_payment_parts where firm_id = ${firmId} and payment_id = sums.id
              except select fee_earner_id, -part from invoice_payment_parts where firm_id = ${firmId} and payment_id = sums.reverses_payment_id)))) as differing`),
  );
  if (partsDrift!.differing > 0)
    failures.push({
      firm,
      check:
        'collections: each payment’s parts by fee earner add up to it and carry its date, invoice and client; a reversal’s are its payment’s, negated',
      expected: `${partsDrift!.payments} payments agreeing`,
      actual: `${partsDrift!.differing} differing`,
    });

  // Unbilled WIP is not in the ledger. What ties out: every billable item is either unbilled (no invoice: what the
  // invoice screen offers) or held by a live invoice that bills it on one of its lines, and every line of a live
  // invoice is held by it (unless a credit note credited the line and released its item); so WIP + what live invoices
  // bill = every billable item, with nothing lost or billed twice.
  const [orphans] = await rowsOf<{ held: number; unheld: number }>(
    tx.execute(sql`with items as (
        select 'fee' as type, id, invoice_id from time_entries where firm_id = ${firmId} and invoice_id is not null
        union all select 'expense', id, invoice_id from expenses where firm_id = ${firmId} and invoice_id is not null
        union all select 'flatFee', id, invoice_id from flat_fees where firm_id = ${firmId} and invoice_id is not null),
      live_lines as (
        select l.item_type as type, l.item_id as id, l.invoice_id from invoice_lines l
          join invoices i on i.firm_id = l.firm_id and i.id = l.invoice_id
        where l.firm_id = ${firmId} and i.deleted_at is null and i.status <> 'Void'
          and not exists (select 1 from credit_note_lines cl join credit_notes c on c.firm_id = cl.firm_id and c.id = cl.credit_note_id
            where cl.invoice_line_id = l.id and c.releases_items))
      select (select count(*)::int from items where not exists (select 1 from live_lines b
          where b.type = items.type and b.id = items.id and b.invoice_id = items.invoice_id)) as held,
        (select count(*)::int from live_lines b where not exists (select 1 from items
          where b.type = items.type and b.id = items.id and b.invoice_id = items.invoice_id)) as unheld`),
  );
  if (orphans!.held > 0)
    failures.push({ firm, check: 'WIP: items marked billed that no live invoice bills', expected: '0', actual: String(orphans!.held) });
  if (orphans!.unheld > 0)
    failures.push({
      firm,
      check: 'WIP: lines of live invoices whose item is not held by the invoice',
      expected: '0',
      actual: String(orphans!.unheld),
    });
  return failures;
}

/** Every tie-out of every firm in the database (or of the firms named); empty when the books tie out. */
export async function findTieOutFailures(database: Database, firmIds?: string[]): Promise<TieOutFailure[]> {
  const all = await rowsOf<{ id: string; name: string }>(database.db.execute(sql`select id, name from firms order by created_at`));
  const firms = firmIds ? all.filter((firm) => firmIds.includes(firm.id)) : all;
  const failures: TieOutFailure[] = [];
  for (const firm of firms) {
    failures.push(...(await database.withFirm(firm.id, (tx) => firmTieOuts(tx, `${firm.name} (${firm.id})`, firm.id), READ_ONLY)));
  }
  return failures;
}

export function describeTieOutFailures(failures: TieOutFailure[]): string {
  return failures.map((failure) => `${failure.firm}: ${failure.check}: expected ${failure.expected}, actual ${failure.actual}`).join('\n');
}
