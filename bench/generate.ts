import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/database.ts';
import { DEFAULT_ROLES } from '../apps/api/src/modules/auth/firm-defaults.ts';

/**
 * Bulk benchmark data: N ordinary firms plus, optionally, one large firm, each complete enough
 * for every screen (roles, staff, subscription, clients, a portal account, matters with
 * assignees, activity types and some ended sessions). Everything is set-based SQL through the
 * owner connection (a superuser on PGlite and on the local PostgreSQL, so row-level security
 * does not apply), in one transaction: 200 firms take well under a second on PostgreSQL.
 *
 * Firm k has the portal slug `bench-k` and staff `admin@firmk.bench.law`, `feeearner@…`,
 * `billing@…`, `feeearner4@…`…; the large firm is k = 0. All share one password.
 */
export type GenerateOptions = {
  firms: number;
  usersPerFirm: number;
  clientsPerFirm: number;
  mattersPerFirm: number;
  /** The large firm: 0 clients means no large firm. */
  largeFirm: { users: number; clients: number; matters: number };
  /** An argon2 hash of the shared password: hash once, reuse for every account. */
  passwordHash: string;
};

export type GeneratedData = {
  counts: Record<'firms' | 'users' | 'clients' | 'matters' | 'sessions', number>;
  milliseconds: number;
  /** Milliseconds per statement, to see what dominates. */
  steps: Record<string, number>;
};

export const DEFAULT_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  firms: 200,
  usersPerFirm: 5,
  clientsPerFirm: 40,
  mattersPerFirm: 20,
  largeFirm: { users: 200, clients: 20_000, matters: 10_000 },
};

/** The sign-in email of a generated staff member: 1 admin, 2 fee earner, 3 billing, 4+ fee earners. */
export function benchEmail(firmOrdinal: number, userOrdinal: number): string {
  return `${staffLocalPart(userOrdinal)}@firm${firmOrdinal}.bench.law`;
}

function staffLocalPart(userOrdinal: number): string {
  if (userOrdinal === 1) return 'admin';
  if (userOrdinal === 2) return 'feeearner';
  if (userOrdinal === 3) return 'billing';
  return `feeearner${userOrdinal}`;
}

const FIRST_NAMES = ['Chinedu', 'Amaka', 'Oluwaseun', 'Fatima', 'Emeka', 'Sarah', 'James', 'Ngozi', 'Ibrahim', 'Funke'];
const LAST_NAMES = ['Okonkwo', 'Nwosu', 'Adeyemi', 'Bello', 'Eze', 'Whitfield', 'Holloway', 'Obi', 'Musa', 'Akindele'];
const PRACTICE_AREAS = ['Property', 'Corporate', 'Litigation', 'Employment', 'Intellectual Property', 'Probate'];
const BILLING_TYPES = ['Hourly', 'Flat Rate', 'Contingency', 'Retainer'];
const ACTIVITIES = [
  ['Plan and prepare', 'A101'],
  ['Research', 'A102'],
  ['Draft/revise', 'A103'],
  ['Review/analyze', 'A104'],
  ['Communicate (in firm)', 'A105'],
  ['Communicate (with client)', 'A106'],
  ['Communicate (other outside counsel)', 'A107'],
  ['Communicate (other external)', 'A108'],
  ['Appear for/attend', 'A109'],
  ['Manage data/files', 'A110'],
  ['Other', 'A111'],
];

/** Ended sessions per user, so the sessions table is not trivially small. */
const OLD_SESSIONS_PER_USER = 2;

const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export async function generateData(database: Database, options: GenerateOptions): Promise<GeneratedData> {
  validate(options);
  const started = performance.now();
  const { largeFirm } = options;
  const firstOrdinal = largeFirm.clients > 0 ? 0 : 1;
  const steps: Record<string, number> = {};
  await database.db.transaction(async (tx) => {
    const step = async (label: string, query: SQL) => {
      const stepStarted = performance.now();
      await tx.execute(query);
      steps[label] = Math.round(performance.now() - stepStarted);
    };
    // The plan: one row per firm with its size, and the firm id chosen up front so every later
    // insert can join on it.
    await step(
      'plan table',
      sql`create temporary table bench_plan (
      ordinal int primary key, firm_id uuid not null default gen_random_uuid(),
      users int not null, clients int not null, matters int not null) on commit drop`,
    );
    await step(
      'plan',
      sql`insert into bench_plan (ordinal, users, clients, matters)
      select i,
        case when i = 0 then ${largeFirm.users}::int else ${options.usersPerFirm}::int end,
        case when i = 0 then ${largeFirm.clients}::int else ${options.clientsPerFirm}::int end,
        case when i = 0 then ${largeFirm.matters}::int else ${options.mattersPerFirm}::int end
      from generate_series(${firstOrdinal}::int, ${options.firms}::int) as i`,
    );

    await step(
      'firms',
      sql`insert into firms (id, name, portal_slug, country, home_currency_id, multicurrency, time_zone, setup_completed_at)
      select p.firm_id, case when p.ordinal = 0 then 'Bench Large Firm' else 'Bench Firm ' || p.ordinal end,
        'bench-' || p.ordinal, 'Nigeria', (select id from currencies where iso_code = 'NGN'), true, 'Africa/Lagos', now()
      from bench_plan p`,
    );

    await step(
      'roles',
      sql`insert into roles (firm_id, name, permissions, is_system)
      select p.firm_id, r.name, array(select jsonb_array_elements_text(r.permissions)), true
      from bench_plan p
      cross join jsonb_to_recordset(${JSON.stringify(DEFAULT_ROLES)}::jsonb) as r(name text, permissions jsonb)`,
    );

    await step(
      'users',
      sql`insert into users (firm_id, email, name, password_hash, role_id, default_hourly_rate, email_verified_at, created_at)
      select p.firm_id,
        (case u when 1 then 'admin' when 2 then 'feeearner' when 3 then 'billing' else 'feeearner' || u end) || '@firm' || p.ordinal || '.bench.law',
        (${textArray(FIRST_NAMES)})[1 + u % 10] || ' ' || (${textArray(LAST_NAMES)})[1 + (u / 10 + p.ordinal) % 10],
        ${options.passwordHash},
        (select r.id from roles r where r.firm_id = p.firm_id
          and r.name = case u when 1 then 'Administrator' when 3 then 'Billing' else 'Fee Earner' end),
        (30000 + (u % 5) * 10000)::numeric(14, 2),
        now(), now() - make_interval(days => u)
      from bench_plan p cross join lateral generate_series(1, p.users) as u`,
    );

    await step(
      'owners',
      sql`update firms f set owner_user_id = u.id
      from bench_plan p, users u
      where f.id = p.firm_id and u.email = 'admin@firm' || p.ordinal || '.bench.law'`,
    );

    await step(
      'subscriptions',
      sql`insert into subscriptions (firm_id, plan_id, start_date, end_date, allocated_number_users, amount, currency_id)
      select p.firm_id, pl.id, current_date - 10, current_date - 10 + pl.duration_in_days,
        greatest(pl.allocated_number_users, p.users), pl.amount, pl.currency_id
      from bench_plan p cross join plans pl where pl.name = 'Professional'`,
    );

    await step(
      'clients',
      sql`insert into clients (firm_id, client_type, first_name, last_name, company_name, email, phone, address, is_portal_enabled, status, created_at)
      select p.firm_id,
        case when c % 3 = 0 then 'company' else 'individual' end,
        case when c % 3 = 0 then null else (${textArray(FIRST_NAMES)})[1 + c % 10] end,
        case when c % 3 = 0 then null else (${textArray(LAST_NAMES)})[1 + (c / 10) % 10] end,
        case when c % 3 = 0 then 'Company ' || c || ' Ltd' end,
        'client' || c || '@firm' || p.ordinal || '.example.com',
        '+234 802 ' || lpad((c % 10000000)::text, 7, '0'),
        c || ' Awolowo Road, Ikoyi, Lagos',
        c = 1,
        case when c % 20 = 0 then 'archived' else 'active' end,
        now() - make_interval(mins => c)
      from bench_plan p cross join lateral generate_series(1, p.clients) as c`,
    );

    // The newest client of each firm can sign in to the portal.
    await step(
      'portal accounts',
      sql`insert into portal_accounts (firm_id, client_id, email, password_hash)
      select c.firm_id, c.id, c.email, ${options.passwordHash}
      from clients c join bench_plan p on p.firm_id = c.firm_id
      where c.is_portal_enabled`,
    );

    await step(
      'matters',
      sql`with numbered as (
        select c.id, c.firm_id, row_number() over (partition by c.firm_id order by c.created_at desc, c.id) as n
        from clients c join bench_plan p on p.firm_id = c.firm_id)
      insert into matters (firm_id, client_id, matter_name, billing_type, description, status, practice_area,
        shelf_location, matter_open_date, matter_close_date, flat_rate, contingency_percentage, created_at)
      select p.firm_id, n.id, 'Matter ' || m || ' – ' || (${textArray(PRACTICE_AREAS)})[1 + m % 6],
        (${textArray(BILLING_TYPES)})[1 + m % 4], 'Benchmark matter ' || m || '.',
        case when m % 10 = 0 then 'Closed' else 'Open' end,
        (${textArray(PRACTICE_AREAS)})[1 + m % 6], 'Cabinet ' || chr(65 + m % 26),
        current_date - (m % 700), case when m % 10 = 0 then current_date - (m % 30) end,
        case when m % 4 = 1 then (100000 + m % 50 * 10000)::numeric(14, 2) end,
        case when m % 4 = 2 then 25.00 end,
        now() - make_interval(mins => m)
      from bench_plan p cross join lateral generate_series(1, p.matters) as m
      join numbered n on n.firm_id = p.firm_id and n.n = 1 + (m - 1) % p.clients`,
    );

    await step(
      'matter assignees',
      sql`with staff as (
        select u.firm_id, u.id, case when u.email like 'admin@%' then 80000 else 50000 end as rate
        from users u join bench_plan p on p.firm_id = u.firm_id
        where u.email in ('admin@firm' || p.ordinal || '.bench.law', 'feeearner@firm' || p.ordinal || '.bench.law'))
      insert into matter_assignees (firm_id, matter_id, user_id, hourly_rate)
      select m.firm_id, m.id, s.id, s.rate::numeric(14, 2)
      from matters m join bench_plan p on p.firm_id = m.firm_id join staff s on s.firm_id = m.firm_id`,
    );

    await step(
      'activity types',
      sql`insert into activity_types (firm_id, activity_type, utbms_code)
      select p.firm_id, a.activity_type, a.utbms_code
      from bench_plan p cross join jsonb_to_recordset(${JSON.stringify(ACTIVITIES.map(([activityType, utbmsCode]) => ({ activity_type: activityType, utbms_code: utbmsCode })))}::jsonb)
        as a(activity_type text, utbms_code text)`,
    );

    await step(
      'sessions',
      sql`insert into sessions (firm_id, user_id, kind, expires_at, revoked_at, created_at)
      select u.firm_id, u.id, 'firm', now() - make_interval(days => s),
        case when s % 2 = 0 then now() - make_interval(days => s, hours => 6) end,
        now() - make_interval(days => s, hours => 12)
      from users u join bench_plan p on p.firm_id = u.firm_id
      cross join generate_series(1, ${OLD_SESSIONS_PER_USER}::int) as s`,
    );
  });
  // Statistics and visibility maps, as autovacuum would have left them on a live database.
  const vacuumStarted = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  steps['vacuum analyze'] = Math.round(performance.now() - vacuumStarted);

  const firmCount = options.firms - firstOrdinal + 1;
  const users = options.firms * options.usersPerFirm + (firstOrdinal === 0 ? largeFirm.users : 0);
  return {
    counts: {
      firms: firmCount,
      users,
      clients: options.firms * options.clientsPerFirm + (firstOrdinal === 0 ? largeFirm.clients : 0),
      matters: options.firms * options.mattersPerFirm + (firstOrdinal === 0 ? largeFirm.matters : 0),
      sessions: users * OLD_SESSIONS_PER_USER,
    },
    milliseconds: Math.round(performance.now() - started),
    steps,
  };
}

function validate(options: GenerateOptions) {
  const whole = (value: number, minimum: number) => Number.isInteger(value) && value >= minimum;
  if (!whole(options.firms, 1)) throw new Error('BENCH_FIRMS must be a whole number of at least 1');
  const sizes = [{ users: options.usersPerFirm, clients: options.clientsPerFirm, matters: options.mattersPerFirm }];
  if (options.largeFirm.clients > 0) sizes.push(options.largeFirm);
  for (const size of sizes) {
    // Three staff (admin, fee earner, billing) and one client are what every scenario signs in with or joins on.
    if (!whole(size.users, 3) || !whole(size.clients, 0) || !whole(size.matters, 0))
      throw new Error(`Invalid firm size ${JSON.stringify(size)}`);
  }
  if (options.clientsPerFirm < 1) throw new Error('Every ordinary firm needs at least one client');
}
