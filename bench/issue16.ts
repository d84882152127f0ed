import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Tx } from '../apps/api/src/db/database.ts';
import { continueNumberingFrom } from '../apps/api/src/platform/numbering/numbering.ts';
import { seedLedgerAccounts } from '../apps/api/src/platform/ledger/ledger.ts';
import { settle, skip, type Issue4Context, type Issue4Results } from './issue4-shared.ts';
import { format, round, type Timing } from './report.ts';

/**
 * Issue 16's targets: the reconciliation of a trust account with 1,000 clients and 100,000
 * movements in ≤ 500 ms; a client ledger of 100,000 movements: its balance and first page at
 * p99 ≤ 25 ms with 10 users.
 */
export const ISSUE16_TARGETS = { reconciliationMs: 500, ledgerP99Ms: 25 };

const BASE = '/api/admin/trust-account';
const RECONCILIATION = `${BASE}/get-reconciliation`;
const IMPORT = `${BASE}/import-bank-statement`;
const CLIENT_LEDGER = `${BASE}/get-client-ledger`;
const TRUST_BALANCE = `${BASE}/get-trust-balance`;
const RECONCILIATION_RUNS = 9;
const CLIENTS = 1_000;
const MOVEMENTS_PER_CLIENT = 100;
const LEDGER_MOVEMENTS = 100_000;
/** Movements per transaction: each moves the account's one balance row, so a transaction stays short. */
const CHUNK = 2_000;
/** The generated history ends this many days ago; the statement covers its last 30 days. */
const DAYS = 730;

type Firm = { firmId: string; userId: string };
type Account = { trustAccountId: string; clients: { clientId: string; matterId: string | null }[] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Issue 16 ("Speed and proof"), at the issue16 scale: in the large firm, a trust account with
 * 1,000 client ledgers and 100,000 movements (deposits, a few of them uncleared, and payments,
 * written in bulk as the owner with their journal entries; the triggers keep every balance) and a
 * bank statement of its last 30 days imported through the API; then the reconciliation's latency,
 * and, once the trust core's calls exist, one client ledger of 100,000 movements (a second
 * account): its first page and its balance, 10 users at once.
 */
export async function runIssue16(context: Issue4Context): Promise<Issue4Results> {
  const output: Issue4Results = { results: [], downloads: [], skipped: [], timings: [], checks: [] };
  if (!context.data.largeFirmId || !context.data.largeFirmFeeEarnerId) {
    skip(output.skipped, 'issue 16', 'no large firm was generated');
    return output;
  }
  if (!context.routes.has(`GET ${RECONCILIATION}`)) {
    skip(output.skipped, 'trust: reconciliation', 'endpoint not built yet');
    return output;
  }
  const firm = { firmId: context.data.largeFirmId, userId: context.data.largeFirmFeeEarnerId };
  const owner = openDatabase({ databaseUrl: context.databaseUrl, poolSize: 2 });
  let reconciled: Account;
  let ledger: { clientId: string; matterId: string | null };
  try {
    const started = performance.now();
    const kept = await findAccount(owner, firm, RECONCILED_NAME);
    const keptSingle = await findAccount(owner, firm, SINGLE_NAME);
    if (kept && keptSingle) {
      // A reused database (BENCH_REUSE_DATABASE) already holds both accounts and the imported statement.
      reconciled = kept;
      ledger = keptSingle.clients[0]!;
      console.log(`  trust: reusing the accounts of an earlier run`);
    } else {
      reconciled = await createAccount(owner, firm, RECONCILED_NAME, CLIENTS);
      await insertMovements(owner, firm, reconciled, MOVEMENTS_PER_CLIENT);
      const single = await createAccount(owner, firm, SINGLE_NAME, 1);
      await insertMovements(owner, firm, single, LEDGER_MOVEMENTS);
      ledger = single.clients[0]!;
      // Each chunk moved the same ledger and account rows 2,000 times in one transaction: none of those
      // row versions could be pruned then, so vacuum, as a day of autovacuum would (the generator does too).
      await owner.db.execute(sql`vacuum analyze trust_ledgers, trust_accounts, trust_transactions, journal_entries, journal_lines`);
      await owner.db.execute(sql`analyze`);
      console.log(
        `  trust: ${format(CLIENTS * MOVEMENTS_PER_CLIENT, 0)} movements of ${format(CLIENTS, 0)} clients, and one ledger of ` +
          `${format(LEDGER_MOVEMENTS, 0)}, written in ${format((performance.now() - started) / 1000, 1)} s`,
      );
      await importStatement(context, owner, reconciled);
    }
  } catch (error) {
    let reason = error instanceof Error ? error.message : String(error);
    for (let cause = (error as { cause?: { message?: string; cause?: unknown } }).cause; cause; cause = cause.cause as typeof cause)
      reason = `${reason}: ${cause.message ?? ''}`;
    skip(output.skipped, 'trust: reconciliation', reason);
    await owner.close();
    return output;
  }
  await owner.close();

  await measureReconciliation(context, reconciled.trustAccountId, output);

  const ledgerQuery = `ClientId=${ledger.clientId}${ledger.matterId ? `&MatterId=${ledger.matterId}` : ''}`;
  for (const scenario of [
    { name: 'trust: client ledger, first page', path: CLIENT_LEDGER, query: `${ledgerQuery}&page=1&size=20` },
    // 10,000 movements back: its balances once summed every movement after the page.
    { name: 'trust: client ledger, page 500', path: CLIENT_LEDGER, query: `${ledgerQuery}&page=500&size=20` },
    { name: 'trust: trust balance', path: TRUST_BALANCE, query: ledgerQuery },
  ]) {
    if (!context.routes.has(`GET ${scenario.path}`)) {
      skip(output.skipped, scenario.name, 'endpoint not built yet (the trust core lands it)');
      continue;
    }
    const url = `${context.baseUrl}${scenario.path}?${scenario.query}`;
    const request = { headers: { authorization: `Bearer ${context.adminToken}` } };
    const response = await fetch(url, request);
    if (response.status !== 200) {
      skip(output.skipped, scenario.name, `answered ${response.status}`);
      continue;
    }
    await settle(context.databaseUrl, scenario.name);
    const [result, ...statement] = await context.measureList(url, scenario.name, request);
    output.results.push(
      { ...result!, targetP99Ms: ISSUE16_TARGETS.ledgerP99Ms, pass: result!.latencyMs.p99 <= ISSUE16_TARGETS.ledgerP99Ms },
      ...statement,
    );
  }
  return output;
}

const RECONCILED_NAME = 'Bench client account';
const SINGLE_NAME = 'Bench single-ledger account';

/** An account an earlier run wrote into a reused database, with its client ledgers. */
async function findAccount(owner: Database, firm: Firm, name: string): Promise<Account | null> {
  const [account] = rowsOf<{ id: string }>(
    await owner.db.execute(sql`select id from trust_accounts where firm_id = ${firm.firmId} and name = ${name}`),
  );
  if (!account) return null;
  const clients = rowsOf<{ clientId: string; matterId: string | null }>(
    await owner.db.execute(sql`select client_id as "clientId", matter_id as "matterId" from trust_ledgers
      where firm_id = ${firm.firmId} and trust_account_id = ${account.id} order by client_id`),
  );
  return { trustAccountId: account.id, clients };
}

/** A trust account of the large firm and `clients` of its clients, each with one of their matters when they have one. */
export async function createAccount(owner: Database, firm: Firm, name: string, clients: number): Promise<Account> {
  // The generator writes firms directly: give the large firm its chart of accounts, as firm creation does.
  await seedLedgerAccounts(owner.db as unknown as Parameters<typeof seedLedgerAccounts>[0], firm.firmId);
  const [account] = rowsOf<{ id: string }>(
    await owner.db.execute(sql`
      insert into trust_accounts (firm_id, name, bank_name, account_number_last4, currency_code, created_by_user_id)
      values (${firm.firmId}, ${name}, 'Zenith Bank', '4321', 'NGN', ${firm.userId}) returning id`),
  );
  const picked = rowsOf<{ clientId: string; matterId: string | null }>(
    await owner.db.execute(sql`
      select c.id as "clientId", (select m.id from matters m where m.firm_id = c.firm_id and m.client_id = c.id order by m.id limit 1) as "matterId"
      from clients c where c.firm_id = ${firm.firmId} order by c.id limit ${clients}`),
  );
  if (picked.length < clients) throw new Error(`the large firm has ${picked.length} clients, not ${clients}`);
  return { trustAccountId: account!.id, clients: picked };
}

/**
 * Per client, `perClient` movements over DAYS days: three in five are deposits (1% of them
 * uncleared, in the last month), the rest payments of less than a third of what came in before
 * them, so no ledger ever goes below zero. Each with its balanced journal entry (trust bank ↔
 * client trust liability, naming the account); deposits first, then payments, in chunks.
 */
export async function insertMovements(owner: Database, firm: Firm, account: Account, perClient: number) {
  const clientIds = sql.join(
    account.clients.map((client) => sql`${client.clientId}::uuid`),
    sql`, `,
  );
  const matterIds = sql.join(
    account.clients.map((client) => (client.matterId ? sql`${client.matterId}::uuid` : sql`null::uuid`)),
    sql`, `,
  );
  await owner.db.transaction(async (tx) => {
    await tx.execute(sql`drop table if exists bench_trust_moves`);
    await tx.execute(sql`
      create unlogged table bench_trust_moves as
      with picked as (select * from unnest(array[${clientIds}], array[${matterIds}]) with ordinality as p(client_id, matter_id, ordinal)),
      numbered as (
        select p.client_id, p.matter_id, k, (k % 5) < 3 as is_deposit
        from picked p cross join generate_series(0, ${perClient - 1}::int) as k
      )
      select gen_random_uuid() as entry_id, client_id, matter_id,
        case when is_deposit then 'deposit' else 'disbursement' end as type,
        case when is_deposit then 'in' else 'out' end as direction,
        case when is_deposit then 10000 + (k % 7) * 1000 else 3000 end::numeric(16,2) as amount,
        (current_date - ${DAYS}::int + (k * ${DAYS}::int / ${perClient}::int))::date as transaction_date,
        not (is_deposit and k % 100 = 97 and k * ${DAYS}::int / ${perClient}::int > ${DAYS - 30}::int) as is_cleared,
        'BNK-' || lpad(to_hex((random() * 4294967295)::bigint), 8, '0') as reference,
        row_number() over (order by not is_deposit, k, client_id) as position
      from numbered`);
  });
  const [{ total, base } = { total: 0, base: 0 }] = rowsOf<{ total: number; base: number }>(
    await owner.db.execute(sql`select (select count(*)::int from bench_trust_moves) as total,
      (select coalesce(max(sequence_number), 0)::int from trust_transactions where firm_id = ${firm.firmId}) as base`),
  );
  const trustAccountId = account.trustAccountId;
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await owner.db.transaction(async (tx) => {
      const slice = sql`(select * from bench_trust_moves where position between ${from} and ${to})`;
      await tx.execute(sql`insert into journal_entries (id, firm_id, entry_date, memo, source_type, created_by_user_id)
        select entry_id, ${firm.firmId}, transaction_date, 'Bench trust ' || type, 'trust', ${firm.userId} from ${slice} s`);
      await tx.execute(sql`insert into journal_lines (firm_id, entry_id, account_id, debit, credit, client_id, matter_id, trust_account_id, currency_code)
        select ${firm.firmId}, s.entry_id, a.id,
          case when (a.code = 'trust-bank') = (s.direction = 'in') then s.amount else 0 end,
          case when (a.code = 'trust-bank') = (s.direction = 'in') then 0 else s.amount end,
          case when a.code = 'trust-bank' then null else s.client_id end,
          case when a.code = 'trust-bank' then null else s.matter_id end,
          ${trustAccountId},
          (select currency_code from trust_accounts where id = ${trustAccountId})
        from ${slice} s
        join ledger_accounts a on a.firm_id = ${firm.firmId} and a.code in ('trust-bank', 'client-trust-liability')`);
      await tx.execute(sql`insert into trust_transactions (firm_id, sequence_number, trust_account_id, client_id, matter_id, type,
          direction, amount, transaction_date, reference, counterparty, is_cleared, journal_entry_id, created_by_user_id)
        select ${firm.firmId}, ${base}::int + s.position, ${trustAccountId}, s.client_id, s.matter_id, s.type, s.direction, s.amount,
          s.transaction_date, s.reference, case when s.type = 'deposit' then 'Client' else 'Court registry' end, s.is_cleared,
          s.entry_id, ${firm.userId}
        from ${slice} s order by s.position`);
    });
  }
  await owner.db.execute(sql`drop table bench_trust_moves`);
  // The trust core numbers the firm's movements from the same sequence: continue it after the bulk load.
  await owner.db.transaction((tx) => continueNumberingFrom(tx as unknown as Tx, firm.firmId, 'trustTransaction', base + total + 1));
}

/**
 * The bank's statement of the last 30 days, through the API: a line for each movement the bank saw
 * (deposits once cleared, every tenth payment not yet presented) and a bank charge; its closing
 * balance is what the bank would hold.
 */
async function importStatement(context: Issue4Context, owner: Database, account: Account) {
  const lines = rowsOf<{ lineDate: string; description: string; amount: string }>(
    await owner.db.execute(sql`
      select transaction_date::text as "lineDate", 'Transfer ' || reference as description,
        (case when direction = 'in' then amount else -amount end)::text as amount
      from trust_transactions
      where trust_account_id = ${account.trustAccountId} and transaction_date > current_date - 30 and is_cleared
        and not (direction = 'out' and sequence_number % 10 = 0)
      order by transaction_date, sequence_number`),
  );
  const [totals] = rowsOf<{ before: string; seen: string }>(
    await owner.db.execute(sql`
      select coalesce(sum(case when direction = 'in' then amount else -amount end) filter (where transaction_date <= current_date - 30), 0)::text as before,
        ${lines.reduce((sum, line) => sum + BigInt(line.amount.replace('.', '')), 0n).toString()}::numeric / 100 - 25 as seen
      from trust_transactions where trust_account_id = ${account.trustAccountId}`),
  );
  const closing = (Number(totals!.before) + Number(totals!.seen)).toFixed(2);
  const csv = [
    'date,description,amount,balance',
    ...lines.map((line) => `${line.lineDate},${line.description},${line.amount},`),
    `${lines.at(-1)?.lineDate ?? new Date().toISOString().slice(0, 10)},Bank charge,-25.00,${closing}`,
  ].join('\n');
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const response = await fetch(`${context.baseUrl}${IMPORT}/${account.trustAccountId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const ms = performance.now() - started;
  const answer = (await response.json()) as { data?: { lineCount: number; matchedCount: number }; message?: string };
  if (response.status !== 201 || !answer.data)
    throw new Error(`import-bank-statement answered ${response.status}: ${answer.message ?? ''}`);
  console.log(
    `  trust: statement of ${format(answer.data.lineCount, 0)} lines imported in ${format(ms, 0)} ms, ${format(answer.data.matchedCount, 0)} matched`,
  );
}

/** The reconciliation as of today, one request at a time: to the last byte of the answer. */
async function measureReconciliation(context: Issue4Context, trustAccountId: string, output: Issue4Results) {
  const url = `${context.baseUrl}${RECONCILIATION}?trustAccountId=${trustAccountId}`;
  const headers = { authorization: `Bearer ${context.adminToken}` };
  await settle(context.databaseUrl, 'the reconciliation');
  const runs: number[] = [];
  let detail = '';
  let isBalanced = false;
  for (let run = 0; run < RECONCILIATION_RUNS; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as {
      data?: {
        isBalanced: boolean;
        clientLedgers: { totalCount: number };
        unpresentedPayments: { count: number };
        unclearedDeposits: { count: number };
      };
    };
    runs.push(performance.now() - started);
    if (response.status !== 200 || !body.data) throw new Error(`get-reconciliation answered ${response.status}`);
    const data = body.data;
    isBalanced = data.isBalanced;
    detail =
      `${format(data.clientLedgers.totalCount, 0)} client ledgers; ${data.unclearedDeposits.count} uncleared deposits, ` +
      `${data.unpresentedPayments.count} unpresented payments; ${data.isBalanced ? 'balanced' : 'NOT balanced'}`;
  }
  const sorted = [...runs].sort((left, right) => left - right);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const timing: Timing = {
    scenario: 'trust: reconciliation, 100,000 movements',
    runsMs: runs.map((ms) => round(ms, 1)),
    medianMs: round(median, 1),
    worstMs: round(sorted.at(-1)!, 1),
    targetMs: ISSUE16_TARGETS.reconciliationMs,
    // As issue 15's timed runs: the median against the target (the first run meets cold caches).
    pass: median <= ISSUE16_TARGETS.reconciliationMs,
    detail,
  };
  console.log(`  ${timing.scenario.padEnd(40)} ${timing.runsMs.map((ms) => Math.round(ms)).join(' / ')} ms (${detail})`);
  output.timings!.push(timing);
  // The generated books and the bank's statement agree once its differences are itemised: the arithmetic holds at scale.
  output.checks!.push({ scenario: 'trust: reconciliation agrees at 100,000 movements', pass: isBalanced, detail });
}
