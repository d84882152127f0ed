import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Step } from './generate-time-entries.ts';

/**
 * Issue 17's courts, progress notes and court updates, generated inside generateData's transaction
 * (after the firms, users, clients, matters and word lists they draw on) with the same set-based
 * SQL and deterministic hash per row as the other generators.
 *
 * Every firm gets the same 10 courts (Nigerian and two English ones). Notes are written by any of
 * the firm's staff but the billing clerk, on live matters of live clients (the newest most often),
 * dated over three years; one in ten shared with the client; 0.5% deleted. A note has a title and
 * two or three sentences of attendance-note text as HTML and as plain text. Court updates stay in
 * one court per matter with one suit number and judge; heard over three years; one in ten has its
 * next adjourned date in the next 12 months (three in five of those with a time), eight in ten in
 * the past, one in ten none (concluded); two in five list one or two fee earners who appeared.
 */
export type CourtCalendarVolumes = { notes: { perFirm: number; largeFirm: number }; courtUpdates: { perFirm: number; largeFirm: number } };

/** Words the scenarios search for: in about 1 note in 20 and 1 court update in 15 (the facts print how many). */
export const ISSUE17_SEARCH = { note: 'garnishee', courtUpdate: 'injunction' } as const;

const DAYS = 3 * 365;
/** [name, division, address, suit-number prefix]. */
const COURTS = [
  ['Federal High Court', 'Lagos Judicial Division', 'Ikoyi, Lagos', 'FHC/L/CS'],
  ['High Court of Lagos State', 'Lagos Division', 'Tafawa Balewa Square, Lagos Island', 'LD'],
  ['High Court of Lagos State', 'Ikeja Division', 'Ikeja, Lagos', 'ID'],
  ['High Court of the Federal Capital Territory', 'Maitama', 'Maitama, Abuja', 'FCT/HC/CV'],
  ['National Industrial Court of Nigeria', 'Lagos Division', 'Ikoyi, Lagos', 'NICN/LA'],
  ['Court of Appeal', 'Lagos Division', 'Igbosere, Lagos', 'CA/L'],
  ['High Court of Rivers State', 'Port Harcourt Division', 'Port Harcourt', 'PHC'],
  ['Chief Magistrates’ Court', 'Yaba', 'Yaba, Lagos', 'MCY'],
  ['High Court of Justice', 'King’s Bench Division', 'Strand, London', 'KB'],
  ['Business and Property Courts', 'Commercial Court', 'Rolls Building, London', 'CL'],
] as const;

const NOTE_TITLES = [
  'Attendance note: client meeting',
  'Call with opposing counsel',
  'Review of statement of defence',
  'Court attendance',
  'Strategy meeting',
  'Letter to client on settlement offer',
  'Witness interview',
  'Update from the registry',
  'Conference with counsel',
  'Review of disclosure',
  'Site visit',
  'Telephone attendance on client',
];
/** The first sentence: {name} is someone the fee earner spoke to. */
const NOTE_OPENINGS = [
  'Met {name} at our office to go through the chronology of events.',
  'Spoke with {name} by phone for about twenty minutes.',
  'Received instructions from {name} by email this morning.',
  'Attended court with {name}; the matter was called late in the day.',
  'Had a video call with {name} and the finance team.',
  'Reviewed the file before the meeting with {name}.',
  'Called {name} to confirm the documents were received.',
  'Met {name} and the company secretary at the client’s premises.',
];
/** What was discussed: one mentions the notes search term. */
const NOTE_MATTERS = [
  'We discussed the prospects of the counterclaim and the costs of going to trial.',
  'The client wants to explore an out-of-court settlement before the next hearing date.',
  'We agreed to apply for a garnishee order nisi against the judgment debtor’s bank accounts.',
  'Opposing counsel indicated they will file a preliminary objection on jurisdiction.',
  'The witness statement needs to be revised to reflect the new invoices.',
  'We went through the draft share purchase agreement clause by clause.',
  'The client confirmed the lease was never registered at the lands registry.',
  'The registry confirmed the writ of summons was served on the second defendant.',
  'The client is concerned about the limitation period for the breach of contract claim.',
  'We reviewed the bank statements disclosed by the defendant for the last two years.',
  'The board resolution authorising the loan facility could not be found.',
  'Counsel advised that the motion for summary judgment has good prospects.',
  'The client asked for an estimate of our fees to the end of the trial.',
  'The certificate of occupancy and the deed of assignment were inspected.',
  'We considered whether to seek an order for substituted service.',
  'The expert’s valuation report is expected within two weeks.',
  'The client approved the draft reply to the statement of defence.',
  'Opposing counsel proposed mediation at the Lagos Multi-Door Courthouse.',
  'We discussed the tax implications of the proposed restructuring.',
  'The client instructed us to issue a letter before action.',
];
const NOTE_NEXT = [
  'Next step: send the client a written summary and our fee estimate.',
  'Next step: file the reply within seven days.',
  'Next step: obtain a certified true copy of the ruling.',
  'Next step: prepare the witness for cross-examination.',
  'Next step: diarise the hearing and brief counsel.',
  'Next step: write to opposing counsel to propose a without prejudice meeting.',
];
const OUTCOMES = [
  'Matter came up for hearing; PW1 was cross-examined by counsel to the defendant.',
  'Motion for interlocutory injunction argued; ruling reserved.',
  'Court adjourned for adoption of final written addresses.',
  'Matter stood down; the judge did not sit.',
  'Counsel to the defendant absent; costs of N50,000 awarded against the defendant.',
  'Parties reported ongoing settlement talks; adjourned for report of settlement.',
  'Preliminary objection on jurisdiction argued by both sides.',
  'Claimant closed its case; defence to open at the next date.',
  'Pre-trial conference concluded; issues for trial settled.',
  'Hearing notice to be served on the second defendant by substituted means.',
  'Application for extension of time granted as prayed.',
  'Case management conference held; directions given on disclosure.',
  'Ruling delivered: the motion to strike out was dismissed.',
  'Witness summons issued for the bank manager.',
  'Trial continued; DW1 gave evidence in chief and tendered exhibits D1 to D4.',
];
const PURPOSES = [
  'Mention',
  'Hearing',
  'Continuation of trial',
  'Adoption of final written addresses',
  'Judgment',
  'Ruling',
  'Report of settlement',
  'Pre-trial conference',
  'Cross-examination of PW2',
  'Hearing of pending motions',
];
const NEXT_STEPS = [
  'File reply on points of law.',
  'Serve hearing notice on the defendants.',
  'Prepare the witness for cross-examination.',
  'File final written address within 21 days.',
  'Obtain certified true copy of the ruling.',
  'Brief the client on the ruling and the options for appeal.',
];

const hash = (key: SQL, seed: number) => sql`(hashint8extended((${key})::bigint, ${sql.raw(String(seed))}) & 2147483647)`;
const fraction = (key: SQL, seed: number) => sql`(${hash(key, seed)} / 2147483648.0::float8)`;
const lookupKey = (ordinal: SQL, index: SQL) => sql`(${ordinal}::bigint * 10000000 + ${index})`;
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
/** An element of the array column `list` (of alias f) chosen by hash(key, seed). */
const pick = (list: SQL, key: SQL, seed: number) => sql`${list}[1 + ${hash(key, seed)} % array_length(${list}, 1)]`;
const personName = (key: SQL, seed: number) =>
  sql`(${pick(sql`w.first_names`, key, seed)} || ' ' || ${pick(sql`w.last_names`, key, seed + 1)})`;

export async function insertCourtCalendar(tx: Executor, step: Step, volumes: CourtCalendarVolumes): Promise<void> {
  await step('court calendar statistics', sql`analyze users, clients, matters`);
  await step(
    'courts',
    sql`insert into courts (firm_id, name, division, address, created_at)
    select p.firm_id, c.name, c.division, c.address, now() - interval '3 years'
    from bench_plan p cross join jsonb_to_recordset(${JSON.stringify(COURTS.map(([name, division, address]) => ({ name, division, address })))}::jsonb)
      as c(name text, division text, address text)`,
  );
  await step(
    'court ordinals',
    sql`create temporary table bench_cc_courts on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`k.i - 1`)} as k, c.firm_id, c.id, k.prefix
    from courts c join bench_plan p on p.firm_id = c.firm_id
    join (select i, x ->> 0 as name, x ->> 1 as division, x ->> 3 as prefix
      from jsonb_array_elements(${JSON.stringify(COURTS)}::jsonb) with ordinality as a(x, i)) k
      on k.name = c.name and k.division = c.division`,
  );
  await step(
    'court calendar staff',
    sql`create temporary table bench_cc_staff on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by u.firm_id order by u.email) - 1`)} as k, u.firm_id, u.id
    from users u join bench_plan p on p.firm_id = u.firm_id
    where u.email not like 'billing@%'`,
  );
  await step(
    'court calendar matters',
    sql`create temporary table bench_cc_matters on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by m.firm_id order by m.created_at desc, m.id)`)} as k,
      m.firm_id, m.id, m.client_id
    from matters m join bench_plan p on p.firm_id = m.firm_id join clients c on c.id = m.client_id
    where m.deleted_at is null and c.deleted_at is null`,
  );
  await step(
    'court calendar firms',
    sql`create temporary table bench_cc_firms on commit drop as
    select p.firm_id, p.ordinal,
      case when p.ordinal = 0 then ${volumes.notes.largeFirm}::int else ${volumes.notes.perFirm}::int end as notes,
      case when p.ordinal = 0 then ${volumes.courtUpdates.largeFirm}::int else ${volumes.courtUpdates.perFirm}::int end as updates,
      s.n as staff, m.n as matters, ${COURTS.length}::int as courts,
      ${textArray(NOTE_TITLES)} as titles, ${textArray(NOTE_OPENINGS)} as openings, ${textArray(NOTE_MATTERS)} as discussed,
      ${textArray(NOTE_NEXT)} as next_notes, ${textArray(OUTCOMES)} as outcomes, ${textArray(PURPOSES)} as purposes,
      ${textArray(NEXT_STEPS)} as next_steps
    from bench_plan p
    join (select firm_id, count(*)::int as n from bench_cc_staff group by firm_id) s on s.firm_id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_cc_matters group by firm_id) m on m.firm_id = p.firm_id`,
  );
  await step('court calendar plan statistics', sql`analyze bench_cc_courts, bench_cc_staff, bench_cc_matters, bench_cc_firms`);

  const key = sql`(f.ordinal::bigint * 10000000 + n)`;
  await step(
    'progress notes',
    sql`insert into progress_notes (firm_id, client_id, matter_id, note_date, title, body_html, body_text, author_user_id,
      is_shared_with_client, created_at, updated_at, deleted_at, deleted_by_user_id)
    select e.firm_id, m.client_id, m.id, e.note_date, e.title,
      '<p>' || e.opening || ' ' || e.discussed || '</p>' || case when e.h3 % 2 = 0 then '<ul><li>' || e.next_note || '</li></ul>' else '' end,
      e.opening || ' ' || e.discussed || case when e.h3 % 2 = 0 then E'\n' || e.next_note else '' end,
      s.id, e.h2 % 10 = 0, e.created_at, e.created_at,
      case when e.h3 % 200 = 1 then e.created_at + interval '1 day' end, case when e.h3 % 200 = 1 then s.id end
    from (
      select f.firm_id, f.ordinal, n, ${hash(key, 502)} as h2, ${hash(key, 503)} as h3,
        ${pick(sql`f.titles`, key, 501)} as title,
        replace(${pick(sql`f.openings`, key, 504)}, '{name}', ${personName(key, 505)}) as opening,
        ${pick(sql`f.discussed`, key, 507)} as discussed, ${pick(sql`f.next_notes`, key, 508)} as next_note,
        1 + floor(f.matters * power(${fraction(key, 509)}, 2))::int as matter,
        (${hash(key, 510)} % f.staff)::int as staff,
        current_date - (${hash(key, 511)} % ${DAYS})::int as note_date,
        least(now(), (current_date - (${hash(key, 511)} % ${DAYS})::int) + time '08:00'
          + make_interval(mins => (${hash(key, 512)} % 600)::int)) as created_at
      from bench_cc_firms f cross join bench_lists w cross join lateral generate_series(1, f.notes) as n
      offset 0
    ) as e
    join bench_cc_staff s on s.k = ${lookupKey(sql`e.ordinal`, sql`e.staff`)}
    join bench_cc_matters m on m.k = ${lookupKey(sql`e.ordinal`, sql`e.matter`)}`,
  );

  // Court updates are staged with their ids so the appearances can be drawn from the same hash.
  // A past next date is 7–90 days after the hearing, wrapped to fall before today: clamping it to
  // yesterday would pile every recent hearing's next date onto one day (and into the feed's last 30 days).
  const matterKey = lookupKey(sql`e.ordinal`, sql`e.matter`);
  const nextKind = sql`(case e.h2 % 10 when 0 then 'future' when 9 then 'none' else 'past' end)`;
  await step(
    'court updates staged',
    sql`create temporary table bench_cc_updates on commit drop as
    select gen_random_uuid() as id, e.firm_id, e.ordinal, e.n, e.h4, e.staff, m.id as matter_id, m.client_id, c.id as court_id,
      c.prefix || '/' || (1 + ${hash(matterKey, 602)} % 1500) || '/' || (2018 + ${hash(matterKey, 603)} % 7) as suit_number,
      case when c.prefix in ('KB', 'CL') then 'Mr Justice ' || ${pick(sql`w.last_names`, matterKey, 604)}
        else 'Hon. Justice ' || ${personName(matterKey, 605)} end as judge,
      e.hearing_date, ${pick(sql`f.outcomes`, sql`e.key`, 607)} as outcome,
      case ${nextKind} when 'future' then current_date + 1 + (e.h3 % 365)::int
        when 'past' then e.hearing_date + (7 + e.h3 % 84)::int % (current_date - e.hearing_date) end as next_date,
      case when ${nextKind} = 'future' and e.h3 % 5 < 3 then time '09:00' + make_interval(mins => (e.h % 10)::int * 30) end as next_time,
      case when ${nextKind} <> 'none' then ${pick(sql`f.purposes`, sql`e.key`, 608)} end as purpose,
      case when e.h % 3 <> 0 then ${pick(sql`f.next_steps`, sql`e.key`, 609)} end as next_steps,
      e.h2 % 10 = 5 as shared, e.created_at,
      case when e.h % 200 = 7 then e.created_at + interval '1 day' end as deleted_at
    from (
      select f.firm_id, f.ordinal, n, ${key} as key, ${hash(key, 601)} as h, ${hash(key, 610)} as h2, ${hash(key, 611)} as h3,
        ${hash(key, 612)} as h4, (${hash(key, 613)} % f.staff)::int as staff,
        1 + floor(f.matters * power(${fraction(key, 614)}, 2))::int as matter,
        current_date - 1 - (${hash(key, 615)} % ${DAYS})::int as hearing_date,
        least(now(), (current_date - 1 - (${hash(key, 615)} % ${DAYS})::int) + time '14:00'
          + make_interval(mins => (${hash(key, 616)} % 240)::int)) as created_at
      from bench_cc_firms f cross join lateral generate_series(1, f.updates) as n
      offset 0
    ) as e
    join bench_cc_firms f on f.firm_id = e.firm_id
    cross join bench_lists w
    join bench_cc_matters m on m.k = ${matterKey}
    join bench_cc_courts c on c.k = ${lookupKey(sql`e.ordinal`, sql`${hash(matterKey, 601)} % f.courts`)}`,
  );
  await step(
    'court updates',
    sql`insert into court_updates (id, firm_id, client_id, matter_id, court_id, suit_number, judge, hearing_date, outcome,
      next_adjourned_date, next_adjourned_time, next_adjourned_purpose, next_steps, is_shared_with_client, added_by_user_id,
      created_at, updated_at, deleted_at, deleted_by_user_id)
    select u.id, u.firm_id, u.client_id, u.matter_id, u.court_id, u.suit_number, u.judge, u.hearing_date, u.outcome,
      u.next_date, u.next_time, u.purpose, u.next_steps, u.shared, s.id, u.created_at, u.created_at, u.deleted_at,
      case when u.deleted_at is not null then s.id end
    from bench_cc_updates u join bench_cc_staff s on s.k = ${lookupKey(sql`u.ordinal`, sql`u.staff`)}`,
  );
  await step(
    'court update appearances',
    sql`insert into court_update_appearances (firm_id, court_update_id, user_id)
    select u.firm_id, u.id, s.id
    from bench_cc_updates u join bench_cc_firms f on f.firm_id = u.firm_id
    cross join lateral generate_series(1, 1 + (u.h4 % 2)::int) as j
    join bench_cc_staff s on s.k = ${lookupKey(sql`u.ordinal`, sql`(u.staff + j) % f.staff`)}
    where u.h4 % 5 < 2`,
  );
}

/** What issue 17's scenarios filter on and how many rows its searches find, read after the load (owner connection). */
export type CourtCalendarFacts = {
  notes: number;
  sharedNotes: number;
  notesSearched: number;
  busiestNoteMatterId: string;
  busiestNoteMatterNotes: number;
  feeEarnerNotesLast90Days: number;
  courtUpdates: number;
  courts: number;
  futureHearings: number;
  futureHearingsWithTime: number;
  hearingsNext30Days: number;
  appearances: number;
  courtUpdatesSearched: number;
  busiestCourtId: string;
  busiestCourtUpdates: number;
};

export const courtCalendarFactsQuery = (largeFirmId: string, feeEarnerId: string) =>
  sql`with notes as (select * from progress_notes where firm_id = ${largeFirmId} and deleted_at is null),
    updates as (select * from court_updates where firm_id = ${largeFirmId} and deleted_at is null),
    busy_matter as (select matter_id, count(*)::int as n from notes group by matter_id order by n desc, matter_id limit 1),
    busy_court as (select court_id, count(*)::int as n from updates group by court_id order by n desc, court_id limit 1)
  select (select count(*)::int from notes) as "notes",
    (select count(*)::int from notes where is_shared_with_client) as "sharedNotes",
    (select count(*)::int from notes where search_text like ${`%${ISSUE17_SEARCH.note}%`}) as "notesSearched",
    (select matter_id from busy_matter) as "busiestNoteMatterId",
    (select n from busy_matter) as "busiestNoteMatterNotes",
    (select count(*)::int from notes where author_user_id = ${feeEarnerId} and note_date > current_date - 90) as "feeEarnerNotesLast90Days",
    (select count(*)::int from updates) as "courtUpdates",
    (select count(*)::int from courts where firm_id = ${largeFirmId}) as "courts",
    (select count(*)::int from updates where next_adjourned_date >= current_date) as "futureHearings",
    (select count(*)::int from updates where next_adjourned_date >= current_date and next_adjourned_time is not null) as "futureHearingsWithTime",
    (select count(*)::int from updates where next_adjourned_date between current_date and current_date + 30) as "hearingsNext30Days",
    (select count(*)::int from court_update_appearances where firm_id = ${largeFirmId}) as "appearances",
    (select count(*)::int from updates where search_text like ${`%${ISSUE17_SEARCH.courtUpdate}%`}) as "courtUpdatesSearched",
    (select court_id from busy_court) as "busiestCourtId",
    (select n from busy_court) as "busiestCourtUpdates"`;
