import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../apps/api/src/db/database.ts';
import { seedLedgerAccounts } from '../apps/api/src/platform/ledger/ledger.ts';
import { continueNumberingFrom } from '../apps/api/src/platform/numbering/numbering.ts';
import { deferUniqueKeys, type Executor, type Step } from './generate-time-entries.ts';

/**
 * The books of the large firm (the `books` scale): `largeFirmLines` journal lines over three years,
 * generated inside generateData's transaction after the invoices they post (generate-invoices.ts),
 * as the owner, with the same set-based SQL and deterministic hash per row as the other generators.
 *
 * What posts, as the modules would have posted it (one currency, the firm's NGN):
 * - each issued invoice (approved, sent, partly paid, paid, void): Dr accounts receivable, Cr fee
 *   income and tax payable (3 lines); a void one is reversed by a mirror entry;
 * - each payment (a paid invoice in one instalment, one in five in two; a partly paid one's 40%), with
 *   its `invoice_payments` row and receipt number: Dr operating bank, Cr accounts receivable; a card
 *   payment (one in ten) also its gateway fee: Dr bank charges, Cr operating bank;
 * - expenses paid (12% of the lines' count, as entries): Dr firm expenses or, three in ten, client costs
 *   advanced, Cr operating bank;
 * - manual journals: each month's rent, salaries and utilities and the partners' drawings, and an opening balance;
 * - trust movements filling the rest: deposits (Dr trust bank, Cr client trust liability) and
 *   payments out, for 1,000 clients, each client's ledger never below zero; their client ledgers and
 *   the trust account's balance are written to match, so the statements' tie-outs hold.
 * The operating bank account gets ~24% of the lines (≥ 200,000 of a million), accounts receivable ~21%.
 *
 * The journal's triggers check, row by row and at commit, what a bulk load can check once: that each
 * entry balances, that lines join an entry of their own transaction, and they keep the day totals.
 * So the load runs with them disabled (ALTER TABLE … DISABLE TRIGGER USER, inside the transaction:
 * it never shows), and then checks every entry's balance per currency and that every entry has
 * lines, writes the day totals with the trigger's own sum (one INSERT … SELECT … GROUP BY), and
 * compares them with the lines as the test harness does; any difference fails the load. The
 * primary and unique keys are built once at the end (random uuids), the foreign keys re-added by
 * generateData validate every line's entry, account, client and matter.
 */
export type JournalVolumes = { largeFirmLines: number };

/** Three years of books, ending today; the opening balance is dated the day before. */
const DAYS = 3 * 365;
/** Expense payments, as a share of the lines' count (each is 2 lines). */
const EXPENSE_ENTRY_SHARE = 0.12;
const TRUST_CLIENTS = 1_000;
const OPENING_BALANCE = '100000000.00';
const CURRENCY = 'NGN';

const hash = (key: SQL, seed: number) => sql`(hashint8extended((${key})::bigint, ${sql.raw(String(seed))}) & 2147483647)`;
const fraction = (key: SQL, seed: number) => sql`(${hash(key, seed)} / 2147483648.0::float8)`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Accounts = Record<
  | 'bank'
  | 'receivable'
  | 'feeIncome'
  | 'taxPayable'
  | 'bankCharges'
  | 'firmExpenses'
  | 'clientCosts'
  | 'rent'
  | 'salaries'
  | 'utilities'
  | 'trustBank'
  | 'trustLiability'
  | 'ownersEquity'
  | 'drawings'
  | 'retainedEarnings',
  string
>;

/** One line of an entry kind: account, debit, credit, client, matter and trust account, as SQL over `e` (bench_books_entries). */
type LineSpec = [account: SQL, debit: SQL, credit: SQL, client: SQL, matter: SQL, trustAccount: SQL];

export async function insertJournals(tx: Tx, step: Step, volumes: JournalVolumes): Promise<void> {
  const [firm] = rowsOf<{ firmId: string; adminId: string }>(
    await tx.execute(sql`select p.firm_id as "firmId", u.id as "adminId" from bench_plan p
      join users u on u.firm_id = p.firm_id and u.email like 'admin@%' where p.ordinal = 0`),
  );
  if (!firm) throw new Error('The books scale needs a large firm (BENCH_LARGE_FIRM_CLIENTS > 0)');
  const { firmId, adminId } = firm;
  // The generator writes firms directly: give the large firm its chart of accounts, as firm creation does.
  await seedLedgerAccounts(tx, firmId, 'Nigeria');
  const accounts = await findAccounts(tx, firmId);
  const [trustAccount] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into trust_accounts (firm_id, name, bank_name, account_number_last4, currency_code, created_by_user_id)
      values (${firmId}, 'Bench client account', 'Zenith Bank', '4321', ${CURRENCY}, ${adminId}) returning id`),
  );
  const trustAccountId = trustAccount!.id;

  const journalKeys = [await deferUniqueKeys(tx, step, 'journal_lines'), await deferUniqueKeys(tx, step, 'journal_entries')];
  await step('journal triggers off', sql`alter table journal_entries disable trigger user`);
  await step('journal line triggers off', sql`alter table journal_lines disable trigger user`);
  await step('books statistics', sql`analyze invoices, invoice_matters, clients, matters`);
  await step(
    'books entries table',
    sql`create temporary table bench_books_entries (
      id uuid not null default gen_random_uuid(), kind text not null, entry_date date not null, created_at timestamptz not null,
      memo text not null, reference text, source_type text not null, source_id uuid, reverses_entry_id uuid,
      client_id uuid, matter_id uuid, account_id uuid, amount numeric(14, 2) not null, fees numeric(14, 2), tax numeric(14, 2)
    ) on commit drop`,
  );

  // Invoices: issued ones post at issue; a void one is reversed (its lines mirrored) when voided.
  await step(
    'books invoice entries',
    sql`insert into bench_books_entries (kind, entry_date, created_at, memo, source_type, source_id, client_id, matter_id, amount, fees, tax)
    select 'issue', i.issue_date, i.issued_at, 'Invoice ' || i.invoice_number || ' issued', 'invoice', i.id, i.client_id, m.matter_id,
      i.total, i.subtotal, i.tax_amount
    from invoices i left join invoice_matters m on m.firm_id = i.firm_id and m.invoice_id = i.id
    where i.firm_id = ${firmId} and i.deleted_at is null and i.status in ('Approved', 'Sent', 'PartlyPaid', 'Paid', 'Void')`,
  );
  await step(
    'books void entries',
    sql`insert into bench_books_entries (kind, entry_date, created_at, memo, source_type, source_id, reverses_entry_id,
      client_id, matter_id, amount, fees, tax)
    select 'void', least(i.voided_at, now())::date, least(i.voided_at, now()), 'Invoice ' || i.invoice_number || ' void', 'invoice-void',
      i.id, e.id, e.client_id, e.matter_id, e.amount, e.fees, e.tax
    from bench_books_entries e join invoices i on i.id = e.source_id
    where e.kind = 'issue' and i.status = 'Void'`,
  );

  // Payments: what generate-invoices says each invoice was paid, a paid one in two instalments one time in five.
  const invoiceKey = sql`i.number_value`;
  await step(
    'books payments',
    sql`create temporary table bench_books_payments on commit drop as
    select gen_random_uuid() as id, gen_random_uuid() as entry_id, x.*,
      row_number() over (order by x.payment_date, x.created_at, x.invoice_id, x.instalment)::int as n
    from (
      select i.id as invoice_id, i.invoice_number, e.client_id, e.matter_id, s.instalment,
        case when c.instalments = 1 then i.paid_amount when s.instalment = 1 then round(i.paid_amount * 0.6, 2)
          else i.paid_amount - round(i.paid_amount * 0.6, 2) end as amount,
        d.payment_date,
        least(now(), d.payment_date + time '10:00' + make_interval(mins => (${hash(invoiceKey, 503)} % 420)::int)) as created_at,
        case when ${hash(invoiceKey, 504)} % 10 = 0 then 'Card' when ${hash(invoiceKey, 504)} % 10 < 7 then 'Bank transfer'
          when ${hash(invoiceKey, 504)} % 10 = 7 then 'Cheque' when ${hash(invoiceKey, 504)} % 10 = 8 then 'Cash' else 'Other' end as method
      from invoices i
      join bench_books_entries e on e.kind = 'issue' and e.source_id = i.id
      cross join lateral (select case when i.status = 'Paid' and ${hash(invoiceKey, 501)} % 5 = 0 then 2 else 1 end as instalments) c
      cross join lateral generate_series(1, c.instalments) as s(instalment)
      cross join lateral (select least(current_date, i.issue_date + 7 + (${hash(invoiceKey, 502)} % 45)::int + (s.instalment - 1) * 30)
        as payment_date) d
      where i.firm_id = ${firmId} and i.paid_amount > 0
      offset 0
    ) as x`,
  );
  await step(
    'books invoice payments',
    sql`insert into invoice_payments (id, firm_id, invoice_id, receipt_number, amount, payment_date, method, reference,
      journal_entry_id, recorded_by_user_id, created_at)
    select p.id, ${firmId}, p.invoice_id, 'RCT-' || lpad(p.n::text, 5, '0'), p.amount, p.payment_date, p.method,
      case when p.method in ('Bank transfer', 'Card') then 'TRF-' || lpad(to_hex(p.n * 7919), 8, '0') end,
      p.entry_id, ${adminId}, p.created_at
    from bench_books_payments p`,
  );
  await step(
    'books receipt numbering',
    sql`insert into firm_sequences (firm_id, sequence, next_value)
    select ${firmId}, 'receipt', coalesce(max(n), 0) + 1 from bench_books_payments
    on conflict (firm_id, sequence) do update set next_value = excluded.next_value`,
  );
  await step(
    'books payment entries',
    sql`insert into bench_books_entries (id, kind, entry_date, created_at, memo, source_type, source_id, client_id, matter_id, amount)
    select p.entry_id, 'payment', p.payment_date, p.created_at, 'Payment RCT-' || lpad(p.n::text, 5, '0') || ' on invoice ' || p.invoice_number,
      'invoice-payment', p.id, p.client_id, p.matter_id, p.amount
    from bench_books_payments p`,
  );
  await step(
    'books gateway fee entries',
    sql`insert into bench_books_entries (kind, entry_date, created_at, memo, source_type, source_id, client_id, amount)
    select 'gateway', p.payment_date, p.created_at + interval '1 minute', 'Paystack fee on payment TRF-' || lpad(to_hex(p.n * 7919), 8, '0'),
      'gateway-fee', p.id, p.client_id, least(round(p.amount * 0.015, 2), 2000.00)
    from bench_books_payments p where p.method = 'Card'`,
  );

  // The clients whose money the firm holds in trust, each with their newest matter: the trust movements' and
  // the client costs'.
  await step(
    'books clients',
    sql`create temporary table bench_books_clients on commit drop as
    select (row_number() over (order by c.created_at desc, c.id) - 1)::int as i, c.id as client_id, m.id as matter_id
    from clients c
    left join (select distinct on (client_id) client_id, id from matters
      where firm_id = ${firmId} and deleted_at is null order by client_id, created_at desc, id) m on m.client_id = c.id
    where c.firm_id = ${firmId} and c.deleted_at is null
    order by c.created_at desc, c.id limit ${TRUST_CLIENTS}`,
  );

  // Expenses paid from the operating bank, as the expenses module posts them: the firm's own (firm expenses)
  // or, three in ten, a client's costs advanced (with the client and matter).
  const expenses = Math.round(volumes.largeFirmLines * EXPENSE_ENTRY_SHARE);
  const expenseKey = sql`x.n`;
  await step(
    'books expense entries',
    sql`insert into bench_books_entries (kind, entry_date, created_at, memo, source_type, client_id, matter_id, account_id, amount)
    select 'expense', x.entry_date, least(now(), x.entry_date + time '09:00' + make_interval(mins => (${hash(expenseKey, 511)} % 540)::int)),
      case when x.is_client_cost then 'Filing fees and courier for the client' else 'Office supplies and services' end, 'expense-payment',
      case when x.is_client_cost then c.client_id end, case when x.is_client_cost then c.matter_id end,
      case when x.is_client_cost then ${accounts.clientCosts}::uuid else ${accounts.firmExpenses}::uuid end,
      round((5000 + 1495000 * power(${fraction(expenseKey, 513)}, 2))::numeric, 2)
    from (
      select n, current_date - ${DAYS}::int + (n::bigint * ${DAYS} / ${expenses})::int as entry_date,
        ${hash(sql`n`, 512)} % 10 < 3 as is_client_cost, (${hash(sql`n`, 514)} % (select count(*) from bench_books_clients))::int as client
      from generate_series(1, ${expenses}::int) as n
    ) as x join bench_books_clients c on c.i = x.client`,
  );

  // Manual journals: each month's rent, salaries and utilities and the partners' drawings, and the
  // opening balance the day before the books start.
  const month = sql`cross join lateral (select (date_trunc('month', current_date - ${DAYS}::int) + make_interval(months => m))::date + 24 as d) x`;
  await step(
    'books overhead entries',
    sql`insert into bench_books_entries (kind, entry_date, created_at, memo, reference, source_type, amount)
    select 'overheads', d, d + time '11:00', 'Rent, salaries and utilities', 'PAY-' || lpad(m::text, 4, '0'), 'manual', 0
    from generate_series(1, 36) as m ${month} where d <= current_date`,
  );
  await step(
    'books drawing entries',
    sql`insert into bench_books_entries (kind, entry_date, created_at, memo, reference, source_type, amount)
    select 'drawing', d, d + time '16:00', 'Partners’ drawings', 'DRW-' || lpad(m::text, 4, '0'), 'manual', 1500000.00
    from generate_series(1, 36) as m ${month} where d <= current_date`,
  );

  // Trust movements fill the rest of the lines (2 each); the opening balance takes 3 lines when they leave one over.
  const [counted] = rowsOf<{ lines: number }>(
    await tx.execute(sql`select coalesce(sum(case kind when 'overheads' then 4 when 'issue' then 3 when 'void' then 3 else 2 end), 0)::int
      as lines from bench_books_entries`),
  );
  const remaining = volumes.largeFirmLines - counted!.lines - 2;
  if (remaining < 0)
    throw new Error(`${volumes.largeFirmLines} journal lines are fewer than the invoices and expenses alone post (${counted!.lines + 2})`);
  const trustMovements = Math.floor(remaining / 2);
  const isOpeningOfThree = remaining % 2 === 1;
  // Movement n is client n mod C's j-th (j = n div C): in each block of five, three deposits then two
  // payments of 45% of the block's first deposit, so no client ledger ever goes below zero.
  const blockKey = sql`(x.i::bigint * 100000 + x.j / 5)`;
  const movementKey = sql`(x.i::bigint * 100000 + x.j)`;
  await step(
    'books trust entries',
    sql`insert into bench_books_entries (kind, entry_date, created_at, memo, source_type, client_id, matter_id, amount)
    select case when x.j % 5 < 3 then 'trust-in' else 'trust-out' end, x.entry_date,
      least(now(), x.entry_date + time '08:30' + make_interval(mins => (${hash(movementKey, 521)} % 540)::int)),
      case when x.j % 5 < 3 then 'Trust deposit from client' else 'Trust payment to court registry' end, 'trust', t.client_id, t.matter_id,
      case when x.j % 5 = 0 then (50000 + ${hash(blockKey, 522)} % 950000)::numeric(14, 2)
        when x.j % 5 < 3 then (50000 + ${hash(movementKey, 523)} % 950000)::numeric(14, 2)
        else round((50000 + ${hash(blockKey, 522)} % 950000) * 0.45, 2) end
    from (
      select n, (n % c.clients)::int as i, (n / c.clients)::int as j,
        current_date - ${DAYS}::int + (n::bigint * ${DAYS} / greatest(${trustMovements}, 1))::int as entry_date
      from (select count(*)::int as clients from bench_books_clients) c
      cross join generate_series(0, ${trustMovements - 1}::int) as n
    ) as x join bench_books_clients t on t.i = x.i`,
  );
  await step(
    'books opening entry',
    sql`insert into bench_books_entries (kind, entry_date, created_at, memo, reference, source_type, amount)
    select 'opening', current_date - ${DAYS + 1}::int, (current_date - ${DAYS + 1}::int) + time '09:00', 'Opening balances', 'OB-0001', 'manual',
      ${OPENING_BALANCE}::numeric`,
  );

  await step(
    'journal entries',
    sql`insert into journal_entries (id, firm_id, entry_date, memo, reference, source_type, source_id, reverses_entry_id,
      created_by_user_id, created_at)
    select id, ${firmId}, entry_date, memo, reference, source_type, source_id, reverses_entry_id, ${adminId}, created_at
    from bench_books_entries`,
  );
  // Each issued invoice names its issue entry, as issuing one does (the record of bills of costs ties its totals to them).
  await step(
    'invoice issue entries',
    sql`update invoices i set issue_entry_id = e.id from bench_books_entries e
    where e.kind = 'issue' and i.firm_id = ${firmId} and i.id = e.source_id`,
  );
  const a = Object.fromEntries(Object.entries(accounts).map(([name, id]) => [name, sql`${id}::uuid`])) as Record<keyof Accounts, SQL>;
  const trust = sql`${trustAccountId}::uuid`;
  const none = sql`null::uuid`;
  const zero = sql`0::numeric(14, 2)`;
  const lineKinds: Record<string, LineSpec[]> = {
    issue: [
      [a.receivable, sql`e.amount`, zero, sql`e.client_id`, sql`e.matter_id`, none],
      [a.feeIncome, zero, sql`e.fees`, sql`e.client_id`, sql`e.matter_id`, none],
      [a.taxPayable, zero, sql`e.tax`, sql`e.client_id`, sql`e.matter_id`, none],
    ],
    void: [
      [a.receivable, zero, sql`e.amount`, sql`e.client_id`, sql`e.matter_id`, none],
      [a.feeIncome, sql`e.fees`, zero, sql`e.client_id`, sql`e.matter_id`, none],
      [a.taxPayable, sql`e.tax`, zero, sql`e.client_id`, sql`e.matter_id`, none],
    ],
    payment: [
      [a.bank, sql`e.amount`, zero, sql`e.client_id`, none, none],
      [a.receivable, zero, sql`e.amount`, sql`e.client_id`, sql`e.matter_id`, none],
    ],
    gateway: [
      [a.bankCharges, sql`e.amount`, zero, sql`e.client_id`, none, none],
      [a.bank, zero, sql`e.amount`, sql`e.client_id`, none, none],
    ],
    expense: [
      [sql`e.account_id`, sql`e.amount`, zero, sql`e.client_id`, sql`e.matter_id`, none],
      [a.bank, zero, sql`e.amount`, none, none, none],
    ],
    overheads: [
      [a.rent, sql`2500000::numeric(14, 2)`, zero, none, none, none],
      [a.salaries, sql`18000000::numeric(14, 2)`, zero, none, none, none],
      [a.utilities, sql`450000::numeric(14, 2)`, zero, none, none, none],
      [a.bank, zero, sql`20950000::numeric(14, 2)`, none, none, none],
    ],
    drawing: [
      [a.drawings, sql`e.amount`, zero, none, none, none],
      [a.bank, zero, sql`e.amount`, none, none, none],
    ],
    'trust-in': [
      [a.trustBank, sql`e.amount`, zero, none, none, trust],
      [a.trustLiability, zero, sql`e.amount`, sql`e.client_id`, sql`e.matter_id`, trust],
    ],
    'trust-out': [
      [a.trustLiability, sql`e.amount`, zero, sql`e.client_id`, sql`e.matter_id`, trust],
      [a.trustBank, zero, sql`e.amount`, none, none, trust],
    ],
    opening: isOpeningOfThree
      ? [
          [a.bank, sql`e.amount`, zero, none, none, none],
          [a.ownersEquity, zero, sql`e.amount - 1000000`, none, none, none],
          [a.retainedEarnings, zero, sql`1000000::numeric(14, 2)`, none, none, none],
        ]
      : [
          [a.bank, sql`e.amount`, zero, none, none, none],
          [a.ownersEquity, zero, sql`e.amount`, none, none, none],
        ],
  };
  for (const [kind, lines] of Object.entries(lineKinds)) {
    const values = sql.join(
      lines.map((line) => sql`(${sql.join(line, sql`, `)})`),
      sql`, `,
    );
    await step(
      `journal lines: ${kind}`,
      sql`insert into journal_lines (firm_id, entry_id, account_id, debit, credit, client_id, matter_id, trust_account_id, currency_code)
      select ${firmId}, e.id, l.account_id, l.debit, l.credit, l.client_id, l.matter_id, l.trust_account_id, ${CURRENCY}
      from bench_books_entries e cross join lateral (values ${values}) as l(account_id, debit, credit, client_id, matter_id, trust_account_id)
      where e.kind = ${kind}`,
    );
  }

  // The trust module's records of the same money: each client's ledger, and the account's balance.
  await step(
    'books trust ledgers',
    sql`insert into trust_ledgers (firm_id, trust_account_id, client_id, matter_id, balance, cleared_balance)
    select ${firmId}, ${trustAccountId}, e.client_id, e.matter_id, sum(case when e.kind = 'trust-in' then e.amount else -e.amount end),
      sum(case when e.kind = 'trust-in' then e.amount else -e.amount end)
    from bench_books_entries e where e.kind in ('trust-in', 'trust-out') group by e.client_id, e.matter_id`,
  );
  // And its movements (the trust listing's, the client ledgers' and the statutory books'), one per trust entry,
  // numbered in date order, each stamped with its ledger's balance after it as the trust core's trigger would
  // (migration 0055): written in one statement with the trust triggers off, as the journal's are.
  await step('trust movement triggers off', sql`alter table trust_transactions disable trigger user`);
  const movements = await step(
    'books trust movements',
    sql`insert into trust_transactions (firm_id, sequence_number, trust_account_id, client_id, matter_id, type, direction, amount,
      ledger_balance_after, transaction_date, method, reference, counterparty, is_cleared, journal_entry_id, created_by_user_id, created_at)
    select ${firmId}, row_number() over (order by e.entry_date, e.created_at, e.id), ${trustAccountId}, e.client_id, e.matter_id,
      case when e.kind = 'trust-in' then 'deposit' else 'disbursement' end, case when e.kind = 'trust-in' then 'in' else 'out' end,
      e.amount, sum(case when e.kind = 'trust-in' then e.amount else -e.amount end)
        over (partition by e.client_id, e.matter_id order by e.entry_date, e.created_at, e.id),
      e.entry_date, 'Bank transfer', 'BNK-' || left(replace(e.id::text, '-', ''), 8),
      case when e.kind = 'trust-in' then 'Client' else 'Court registry' end, true, e.id, ${adminId}, e.created_at
    from bench_books_entries e where e.kind in ('trust-in', 'trust-out')`,
  );
  await step('trust movement triggers on', sql`alter table trust_transactions enable trigger user`);
  await continueNumberingFrom(tx, firmId, 'trustTransaction', movements + 1);
  await step(
    'books trust balance',
    sql`update trust_accounts set balance = t.total, cleared_balance = t.total
    from (select coalesce(sum(balance), 0) as total from trust_ledgers where trust_account_id = ${trustAccountId}) t
    where id = ${trustAccountId}`,
  );

  for (const keys of journalKeys) await keys.restore();
  await step('books journal statistics', sql`analyze journal_entries, journal_lines`);
  // What the deferred trigger journal_day_totals_add (migration 0063) adds at commit, for every entry at once.
  await step(
    'journal day totals',
    sql`insert into journal_day_totals (firm_id, entry_date, account_id, currency_code, source_type, debit, credit, lines)
    select l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type, sum(l.debit), sum(l.credit), count(*)
    from journal_entries e join journal_lines l on l.firm_id = e.firm_id and l.entry_id = e.id
    where e.firm_id = ${firmId}
    group by l.firm_id, e.entry_date, l.account_id, l.currency_code, e.source_type`,
  );
  await checkBooks(tx, step, firmId, volumes.largeFirmLines);
  await step('journal triggers on', sql`alter table journal_entries enable trigger user`);
  await step('journal line triggers on', sql`alter table journal_lines enable trigger user`);
}

async function findAccounts(tx: Executor, firmId: string): Promise<Accounts> {
  const rows = rowsOf<{ key: string; id: string }>(
    await tx.execute(sql`select coalesce(code, number) as key, id from ledger_accounts where firm_id = ${firmId}`),
  );
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  const id = (key: string) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`The large firm's chart has no account ${key}`);
    return found;
  };
  return {
    bank: id('operating-bank'),
    receivable: id('accounts-receivable'),
    feeIncome: id('fee-income'),
    taxPayable: id('tax-payable'),
    bankCharges: id('bank-charges'),
    firmExpenses: id('firm-expenses'),
    clientCosts: id('client-costs-advanced'),
    rent: id('5010'),
    salaries: id('5020'),
    utilities: id('5030'),
    trustBank: id('trust-bank'),
    trustLiability: id('client-trust-liability'),
    ownersEquity: id('3000'),
    drawings: id('3100'),
    retainedEarnings: id('3900'),
  };
}

/**
 * What the triggers would have refused or kept, checked once for the whole load: every entry balances
 * in each currency and has lines, the lines number what was asked, and the day totals equal the sums
 * of the lines per day, account, currency and source (the test harness's comparison, tie-outs.ts) and
 * per account (summed from the lines alone, without the join the totals were written with).
 */
async function checkBooks(tx: Executor, step: Step, firmId: string, expectedLines: number) {
  await step('books check statistics', sql`analyze journal_day_totals`);
  const [check] = rowsOf<{ lines: number; unbalanced: number; empty: number; differing: number; accountsDiffering: number }>(
    await tx.execute(sql`select
      (select count(*)::int from journal_lines where firm_id = ${firmId}) as lines,
      (select count(*)::int from (select entry_id from journal_lines where firm_id = ${firmId}
        group by entry_id, currency_code having sum(debit) <> sum(credit)) u) as unbalanced,
      (select count(*)::int from journal_entries e where e.firm_id = ${firmId}
        and not exists (select 1 from journal_lines l where l.firm_id = e.firm_id and l.entry_id = e.id)) as empty,
      (select count(*)::int from (
        select to_char(e.entry_date, 'YYYY-MM-DD') || ' ' || l.account_id || ' ' || l.currency_code || ' ' || e.source_type as key,
          sum(l.debit) as debit, sum(l.credit) as credit, count(*) as lines
        from journal_lines l join journal_entries e on e.firm_id = l.firm_id and e.id = l.entry_id
        where l.firm_id = ${firmId} group by 1) lines
        full join (
          select to_char(t.entry_date, 'YYYY-MM-DD') || ' ' || t.account_id || ' ' || t.currency_code || ' ' || t.source_type as key,
            t.debit, t.credit, t.lines
          from journal_day_totals t where t.firm_id = ${firmId}) totals using (key)
        where coalesce(lines.debit, 0) <> coalesce(totals.debit, 0) or coalesce(lines.credit, 0) <> coalesce(totals.credit, 0)
          or coalesce(lines.lines, 0) <> coalesce(totals.lines, 0)) as differing,
      (select count(*)::int from (
        select account_id, currency_code, sum(debit) as debit, sum(credit) as credit, count(*) as lines
        from journal_lines where firm_id = ${firmId} group by 1, 2) lines
        full join (
          select account_id, currency_code, sum(debit) as debit, sum(credit) as credit, sum(lines) as lines
          from journal_day_totals where firm_id = ${firmId} group by 1, 2) totals using (account_id, currency_code)
        where coalesce(lines.debit, 0) <> coalesce(totals.debit, 0) or coalesce(lines.credit, 0) <> coalesce(totals.credit, 0)
          or coalesce(lines.lines, 0) <> coalesce(totals.lines, 0))
        as "accountsDiffering"`),
  );
  const problems = [
    check!.lines !== expectedLines ? `${check!.lines} lines instead of ${expectedLines}` : '',
    check!.unbalanced ? `${check!.unbalanced} entries do not balance in a currency` : '',
    check!.empty ? `${check!.empty} entries have no lines` : '',
    check!.differing ? `${check!.differing} day totals differ from their lines` : '',
    check!.accountsDiffering ? `${check!.accountsDiffering} accounts' day totals differ from their lines` : '',
  ].filter(Boolean);
  if (problems.length) throw new Error(`The generated books are wrong: ${problems.join('; ')}`);
}

/** What the books scenarios read, after the load (owner connection). */
export type BooksFacts = {
  lines: number;
  entries: number;
  dayTotals: number;
  firstDate: string;
  lastDate: string;
  /** The operating bank account (1000): the general ledger's scenarios page through its lines. */
  operatingBankAccountId: string;
  operatingBankLines: number;
  receivableLines: number;
  /** Entries per source type, as `invoice 99,000; …`. */
  bySource: Record<string, number>;
};

export const booksFactsQuery = (firmId: string) =>
  sql`select (select count(*)::int from journal_lines where firm_id = ${firmId}) as lines,
    (select count(*)::int from journal_entries where firm_id = ${firmId}) as entries,
    (select count(*)::int from journal_day_totals where firm_id = ${firmId}) as "dayTotals",
    (select min(entry_date)::text from journal_entries where firm_id = ${firmId}) as "firstDate",
    (select max(entry_date)::text from journal_entries where firm_id = ${firmId}) as "lastDate",
    bank.id as "operatingBankAccountId",
    (select count(*)::int from journal_lines where firm_id = ${firmId} and account_id = bank.id) as "operatingBankLines",
    (select count(*)::int from journal_lines l join ledger_accounts r on r.id = l.account_id
      where l.firm_id = ${firmId} and r.firm_id = ${firmId} and r.code = 'accounts-receivable') as "receivableLines",
    (select jsonb_object_agg(source_type, n) from (select source_type, count(*)::int as n from journal_entries
      where firm_id = ${firmId} group by source_type) s) as "bySource"
  from ledger_accounts bank where bank.firm_id = ${firmId} and bank.code = 'operating-bank'`;
