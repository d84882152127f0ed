import { sql, type SQL } from 'drizzle-orm';
import { UTBMS_TASK_CODE_VALUES } from '@matterhorn/shared';

/**
 * Issue 4's time entries, generated inside generateData's transaction (after the firms, users,
 * matters and activity types it draws on) with the same set-based SQL and the same deterministic
 * hash per row. Each firm's entries are spread over its time keepers (fee earners: every staff
 * member but the administrator and the billing clerk, at most TIME_KEEPERS of them), most often on
 * its newest matters, over the last two years.
 *
 * The large firm's fee earner `feeearner@firm0.bench.law` records one entry in ten, so filtering on
 * them gives ~10% of the firm's entries (the CSV scenario's ~100,000 rows of 1,000,000); the other
 * time keepers share the rest equally.
 */
export type TimeEntryVolumes = { perFirm: number; largeFirm: number };

/** One statement of the load, timed and counted by generateData. */
export type Step = (label: string, query: SQL) => Promise<number>;
/** generateData's transaction, for reading the catalogue. */
export type Executor = { execute(query: SQL): Promise<unknown> };

/** Fee earners who record time in a firm (the staff with ordinals 2 and 4…TIME_KEEPERS + 2). */
export const TIME_KEEPERS = 20;
/** Entries are dated over the last two years. */
const DAYS_OF_ENTRIES = 730;
/** One entry in MAIN_FEE_EARNER_SHARE belongs to `feeearner@…` (the time keeper with index 0). */
const MAIN_FEE_EARNER_SHARE = 10;

const VERBS = ['Drafted', 'Reviewed', 'Revised', 'Prepared', 'Researched', 'Attended', 'Called client about', 'Emailed counsel on'];
const OBJECTS = [
  'statement of claim',
  'witness statement',
  'share purchase agreement',
  'lease and title documents',
  'board resolutions',
  'letter before action',
  'disclosure bundle',
  'settlement proposal',
  'employment contract',
  'trademark opposition',
  'probate application',
  'loan facility terms',
  'tax audit response',
  'hearing notes',
  'case management conference',
];

/** A deterministic pseudo-random whole number in [0, 2^31) for a row key and a seed (as in generate.ts). */
const hash = (key: SQL, seed: number) => sql`(hashint8extended((${key})::bigint, ${sql.raw(String(seed))}) & 2147483647)`;
/** hash() as a float in [0, 1): float, not numeric, whose arithmetic is many times slower. */
const fraction = (key: SQL, seed: number) => sql`(${hash(key, seed)} / 2147483648.0::float8)`;
/** A row's key in a lookup table: the firm's ordinal and the row's index, one bigint to hash-join on. */
const lookupKey = (ordinal: SQL, index: SQL) => sql`(${ordinal}::bigint * 10000000 + ${index})`;
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Inserts the time entries of every firm in bench_plan (generate.ts's plan table): `perFirm` in
 * each ordinary firm, `largeFirm` in firm 0. Returns the number inserted.
 */
export async function insertTimeEntries(tx: Executor, step: Step, volumes: TimeEntryVolumes): Promise<number> {
  // The tables were filled in this transaction: without statistics the planner picks nested loops
  // over them, which take seconds here instead of milliseconds.
  await step('time entry statistics', sql`analyze users, clients, matters, activity_types`);
  await step(
    'time keepers',
    sql`create temporary table bench_time_keepers on commit drop as
    select ${lookupKey(sql`ordinal`, sql`row_number() over (partition by firm_id order by u) - 1`)} as k, firm_id, user_id, rate
    from (
      select p.ordinal, u.firm_id, u.id as user_id, u.default_hourly_rate as rate,
        case when u.email like 'feeearner@%' then 2 else substring(u.email from '^feeearner([0-9]+)@')::int end as u
      from users u join bench_plan p on p.firm_id = u.firm_id
    ) staff
    where u = 2 or u between 4 and ${TIME_KEEPERS + 2}`,
  );
  // Live matters of live clients, newest first (i = 1 is the newest: the busiest).
  await step(
    'time entry matters',
    sql`create temporary table bench_entry_matters on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by m.firm_id order by m.created_at desc, m.id)`)} as k,
      m.firm_id, m.id, m.client_id
    from matters m join bench_plan p on p.firm_id = m.firm_id join clients c on c.id = m.client_id
    where m.deleted_at is null and c.deleted_at is null`,
  );
  await step(
    'time entry activities',
    sql`create temporary table bench_entry_activities on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by a.firm_id order by a.utbms_code, a.id) - 1`)} as k,
      a.firm_id, a.id
    from activity_types a join bench_plan p on p.firm_id = a.firm_id`,
  );
  await step(
    'time entry firms',
    sql`create temporary table bench_entry_firms on commit drop as
    select p.firm_id, p.ordinal, f.home_currency_id,
      case when p.ordinal = 0 then ${volumes.largeFirm}::int else ${volumes.perFirm}::int end as entries,
      tk.n as time_keepers, m.n as matters, a.n as activities,
      ${textArray(VERBS)} as verbs, ${textArray(OBJECTS)} as objects, ${textArray(UTBMS_TASK_CODE_VALUES)} as task_codes
    from bench_plan p join firms f on f.id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_time_keepers group by firm_id) tk on tk.firm_id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_entry_matters group by firm_id) m on m.firm_id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_entry_activities group by firm_id) a on a.firm_id = p.firm_id`,
  );

  // Each time keeper's cost rate (matter profitability): 40% of their hourly rate, reviewed up to 45%
  // half a year ago, so the database costs each entry at its day's rate as it is inserted (migration 0072).
  await step(
    'cost rates',
    sql`insert into fee_earner_cost_rates (firm_id, fee_earner_id, effective_from, cost_rate)
    select firm_id, user_id, date '2000-01-01', round(rate * 0.40, 2) from bench_time_keepers where rate is not null
    union all
    select firm_id, user_id, current_date - 182, round(rate * 0.45, 2) from bench_time_keepers where rate is not null`,
  );
  await step('time entry plan statistics', sql`analyze bench_time_keepers, bench_entry_matters, bench_entry_activities, bench_entry_firms`);

  // Three entries in four are billable (rate × duration, exchange rate 1, at the fee earner's
  // rate); non-billable ones store rate and totals 0. Half of the entries older than 90 days are
  // billed (status 5); 0.5% are deleted. Durations are 0.1–8 hours, mostly short.
  const key = sql`(f.ordinal::bigint * 10000000 + n)`;
  const billable = sql`(e.h % 4 <> 0)`;
  const amount = sql`case when ${billable} then round(tk.rate * e.duration, 2) else 0 end`;
  const keys = await deferUniqueKeys(tx, step, 'time_entries');
  const inserted = await step(
    'time entries',
    sql`insert into time_entries (firm_id, client_id, matter_id, activity_type_id, user_id, is_billable, description,
      time_entry_date, duration, user_rate, foreign_user_rate, home_currency_id, exchange_rate, total_amount,
      foreign_total_amount, home_total_amount, status, manual_time_entry, utbms_task_code, entered_by_user_id,
      created_at, updated_at, deleted_at, deleted_by_user_id)
    select f.firm_id, m.client_id, m.id, a.id, tk.user_id, case when ${billable} then 4 else 2 end,
      f.verbs[1 + e.h2 % array_length(f.verbs, 1)] || ' ' || f.objects[1 + e.h3 % array_length(f.objects, 1)],
      e.entry_date, e.duration, case when ${billable} then tk.rate else 0 end, case when ${billable} then tk.rate else 0 end,
      f.home_currency_id, 1, ${amount}, ${amount}, ${amount},
      case when e.entry_date < current_date - 90 and e.h2 % 2 = 0 then 5 else 3 end,
      e.h3 % 5 <> 0,
      case when e.h % 10 < 3 then f.task_codes[1 + e.h3 % array_length(f.task_codes, 1)] end,
      tk.user_id, e.created_at, e.created_at,
      case when e.h2 % 200 = 0 then e.created_at + interval '1 day' end,
      case when e.h2 % 200 = 0 then tk.user_id end
    from (
      select f.firm_id, f.ordinal, n, ${hash(key, 101)} as h, ${hash(key, 102)} as h2, ${hash(key, 103)} as h3,
        case when f.time_keepers = 1 or ${hash(key, 104)} % ${MAIN_FEE_EARNER_SHARE} = 0 then 0
          else 1 + (${hash(key, 105)} % (f.time_keepers - 1))::int end as time_keeper,
        1 + floor(f.matters * power(${fraction(key, 106)}, 2))::int as matter,
        (${hash(key, 107)} % f.activities)::int as activity,
        ((1 + floor(80 * power(${fraction(key, 108)}, 2))) / 10)::numeric(8, 4) as duration,
        current_date - (${hash(key, 109)} % ${DAYS_OF_ENTRIES})::int as entry_date,
        least(now(), (current_date - (${hash(key, 109)} % ${DAYS_OF_ENTRIES})::int) + time '08:00'
          + make_interval(mins => (${hash(key, 110)} % 600)::int)) as created_at
      from bench_entry_firms f cross join lateral generate_series(1, f.entries) as n
      offset 0 -- computed once per row, not again in each join condition
    ) as e
    join bench_entry_firms f on f.firm_id = e.firm_id
    join bench_time_keepers tk on tk.k = ${lookupKey(sql`e.ordinal`, sql`e.time_keeper`)}
    join bench_entry_matters m on m.k = ${lookupKey(sql`e.ordinal`, sql`e.matter`)}
    join bench_entry_activities a on a.k = ${lookupKey(sql`e.ordinal`, sql`e.activity`)}`,
  );
  await keys.restore();
  return inserted;
}

/**
 * Drops a table's primary key and unique constraints that no foreign key references, and answers
 * how to add them back (pg_get_constraintdef gives the migrated definitions). generateData defers
 * only secondary indexes; a million random uuids inserted into two btrees cost more than a minute
 * when the indexes outgrow shared_buffers, and building each once by sorting takes seconds.
 */
export async function deferUniqueKeys(tx: Executor, step: Step, table: string) {
  const result = (await tx.execute(sql`select quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.conrelid = ${table}::regclass and c.contype in ('p', 'u')
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)
    order by c.contype, c.conname`)) as { rows: { name: string; definition: string }[] };
  const quotedTable = sql.raw(`"${table}"`);
  for (const key of result.rows) await tx.execute(sql`alter table ${quotedTable} drop constraint ${sql.raw(key.name)}`);
  return {
    restore: async () => {
      for (const key of result.rows)
        await step(`${table} ${key.name}`, sql`alter table ${quotedTable} add constraint ${sql.raw(key.name)} ${sql.raw(key.definition)}`);
    },
  };
}

/** What the issue 4 scenarios filter on, read after the load (owner connection). */
export type TimeEntryFacts = {
  /** Entries in all firms, and in the large firm (live ones: the list hides deleted entries). */
  total: number;
  largeFirm: number;
  largeFirmLive: number;
  /** `feeearner@firm0.bench.law`'s live entries, all and billable: the CSV and page filters. */
  feeEarnerEntries: number;
  feeEarnerBillableEntries: number;
  /** The large firm's busiest matter and its live entries: the MatterId filter. */
  busiestMatterId: string;
  busiestMatterEntries: number;
  /** The large firm's administrator `admin@firm0.bench.law`, who signs in for the list scenarios. */
  adminUserId: string;
};

export const timeEntryFactsQuery = (largeFirmId: string, feeEarnerId: string) =>
  sql`select (select count(*)::int from time_entries) as "total",
    (select count(*)::int from time_entries where firm_id = ${largeFirmId}) as "largeFirm",
    (select count(*)::int from time_entries where firm_id = ${largeFirmId} and deleted_at is null) as "largeFirmLive",
    (select count(*)::int from time_entries where firm_id = ${largeFirmId} and user_id = ${feeEarnerId} and deleted_at is null)
      as "feeEarnerEntries",
    (select count(*)::int from time_entries where firm_id = ${largeFirmId} and user_id = ${feeEarnerId} and deleted_at is null
      and is_billable = 4) as "feeEarnerBillableEntries",
    busiest.matter_id as "busiestMatterId", busiest.n as "busiestMatterEntries",
    (select id from users where firm_id = ${largeFirmId} and email like 'admin@%') as "adminUserId"
  from (select matter_id, count(*)::int as n from time_entries where firm_id = ${largeFirmId} and deleted_at is null
    group by matter_id order by n desc, matter_id limit 1) as busiest`;
