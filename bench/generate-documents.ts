import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Step } from './generate-time-entries.ts';

/**
 * Issue 18's documents, generated inside generateData's transaction (after the clients and matters,
 * whose insert triggers made every client's and matter's folder) with the same set-based SQL and
 * deterministic hash per row as the other generators.
 *
 * Documents sit in the folders of live matters of live clients, the newest matters most often; in
 * the large firm the first `bigFolder` documents all go into one matter's folder (its newest), the
 * folder issue 18 pages through. A name is a kind of legal document, a number and a party
 * ("Witness statement 0042 – Chinedu Okonkwo.pdf"), unique in its firm and so in its folder; one in
 * three has tags, one in four a description. Every document has extracted text of four to seven
 * sentences of legal prose (about 600 characters); one in 50 mentions ISSUE18_SEARCH.content, and
 * about one name in 25 holds ISSUE18_SEARCH.name. One in ten has a second version; every version is
 * available (scanned) with its text extracted. 0.5% are in the recycle bin. The rows' storage keys
 * name no file: issue18.ts writes the real files its zip and downloads read.
 */
export type DocumentVolumes = { perFirm: number; largeFirm: number; bigFolder: number };

/** Words the searches look for: `content` only in the text of ~1 document in 50, `name` only in ~1 name in 25. */
export const ISSUE18_SEARCH = { content: 'subrogation', name: 'affidavit' } as const;

const DAYS = 3 * 365;
/** [name, extension, content type]; the name word is in one kind of the 25. */
const KINDS = [
  ['Engagement letter', 'pdf', 'application/pdf'],
  ['Witness statement', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Statement of claim', 'pdf', 'application/pdf'],
  ['Statement of defence', 'pdf', 'application/pdf'],
  ['Affidavit of service', 'pdf', 'application/pdf'],
  ['Letter to client', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Letter to opposing counsel', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Board resolution', 'pdf', 'application/pdf'],
  ['Share purchase agreement', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Deed of assignment', 'pdf', 'application/pdf'],
  ['Certificate of occupancy', 'jpg', 'image/jpeg'],
  ['Lease agreement', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Bank statement', 'pdf', 'application/pdf'],
  ['Invoice', 'pdf', 'application/pdf'],
  ['Court ruling', 'pdf', 'application/pdf'],
  ['Hearing notice', 'pdf', 'application/pdf'],
  ['Motion on notice', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Written address', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Valuation report', 'pdf', 'application/pdf'],
  ['Photograph of site', 'jpg', 'image/jpeg'],
  ['Employment contract', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Power of attorney', 'pdf', 'application/pdf'],
  ['Memorandum of understanding', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['Tax clearance certificate', 'png', 'image/png'],
  ['Probate application', 'pdf', 'application/pdf'],
] as const;
const CATEGORIES = ['Correspondence', 'Pleadings', 'Contracts', 'Evidence', 'Court orders', 'Financial', 'Identity'];
const TAGS = ['original', 'signed', 'draft', 'urgent', 'certified', 'scanned', 'client copy', 'exhibit', 'privileged', 'final'];
const DESCRIPTIONS = [
  'Received from the client by email.',
  'Certified true copy obtained from the registry.',
  'Signed and dated copy for the file.',
  'Exhibit to the witness statement.',
  'Draft for the partner’s review.',
  'Served on the defendant’s solicitors.',
];
/** The text of a document: sentences chosen per row; the last one carries the content search word. */
const SENTENCES = [
  'This agreement is made between the parties named in the schedule and takes effect on the date of signature.',
  'The claimant avers that the defendant failed to deliver the goods within the time agreed in the contract.',
  'The deponent makes oath and states that the originating processes were served personally on the defendant.',
  'The tenant shall pay the rent annually in advance and keep the premises in good and tenantable repair.',
  'The company shall indemnify each director against any liability incurred in the proper performance of duties.',
  'Pursuant to the resolution of the board, the managing director is authorised to execute the loan facility.',
  'The court, having considered the processes filed and the arguments of counsel, hereby orders as follows.',
  'We write on behalf of our client to demand payment of the outstanding sum within seven days of this letter.',
  'The employee shall not, within twelve months after termination, solicit any customer of the employer.',
  'All disputes arising from this agreement shall be referred to arbitration under the Arbitration and Mediation Act.',
  'The vendor warrants that the property is free from all encumbrances, liens and adverse claims whatsoever.',
  'The purchase price shall be paid into the escrow account held by the solicitors to the transaction.',
  'The defendant denies each and every allegation of fact in the statement of claim as if set out and traversed seriatim.',
  'Time shall be of the essence for the completion of the obligations set out in clause four of this deed.',
  'The valuer inspected the property and assessed its open market value having regard to comparable sales.',
  'The estate of the deceased comprises the landed property, the shares and the bank balances listed below.',
  'This letter sets out the scope of our engagement, our fees and the terms on which we shall act for you.',
  'The parties agree to keep the terms of this settlement confidential save as required by law.',
  'The bank statement shows the transfers made to the account of the second defendant over the period in issue.',
  'The witness recalls that the meeting took place at the head office of the company in the presence of two directors.',
  'Counsel submitted that the action is statute barred, having been commenced outside the limitation period.',
  'The landlord may re-enter the premises if the rent remains unpaid for twenty-one days after it falls due.',
  'The guarantor irrevocably guarantees the punctual payment of all sums due from the borrower under the facility.',
  'The applicant seeks an order of interlocutory injunction restraining the respondents from further trespass.',
];
const SEARCH_SENTENCE = `The insurer, having paid the loss in full, is entitled by ${ISSUE18_SEARCH.content} to pursue the recovery claim in the insured’s name.`;

const hash = (key: SQL, seed: number) => sql`(hashint8extended((${key})::bigint, ${sql.raw(String(seed))}) & 2147483647)`;
const fraction = (key: SQL, seed: number) => sql`(${hash(key, seed)} / 2147483648.0::float8)`;
const lookupKey = (ordinal: SQL, index: SQL) => sql`(${ordinal}::bigint * 10000000 + ${index})`;
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const pick = (list: SQL, key: SQL, seed: number) => sql`${list}[1 + ${hash(key, seed)} % array_length(${list}, 1)]`;

export async function insertDocuments(tx: Executor, step: Step, volumes: DocumentVolumes): Promise<void> {
  await step('documents statistics', sql`analyze users, clients, matters, document_folders`);
  await step(
    'document staff',
    sql`create temporary table bench_doc_staff on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by u.firm_id order by u.email) - 1`)} as k, u.firm_id, u.id
    from users u join bench_plan p on p.firm_id = u.firm_id`,
  );
  // Matter folders of live matters of live clients, newest matter first (k = 1 is the big folder's).
  await step(
    'document folders',
    sql`create temporary table bench_doc_folders on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by m.firm_id order by m.created_at desc, m.id)`)} as k,
      f.firm_id, f.id, m.client_id, m.id as matter_id
    from matters m join bench_plan p on p.firm_id = m.firm_id join clients c on c.id = m.client_id
    join document_folders f on f.firm_id = m.firm_id and f.matter_id = m.id and f.kind = 'matter'
    where m.deleted_at is null and c.deleted_at is null`,
  );
  await step(
    'document firms',
    sql`create temporary table bench_doc_firms on commit drop as
    select p.firm_id, p.ordinal,
      case when p.ordinal = 0 then ${volumes.largeFirm}::int else ${volumes.perFirm}::int end as documents,
      case when p.ordinal = 0 then ${volumes.bigFolder}::int else 0 end as big_folder,
      s.n as staff, f.n as folders,
      ${textArray(KINDS.map(([name]) => name))} as kinds, ${textArray(KINDS.map(([, extension]) => extension))} as extensions,
      ${textArray(KINDS.map(([, , type]) => type))} as types, ${textArray(CATEGORIES)} as categories, ${textArray(TAGS)} as tags,
      ${textArray(DESCRIPTIONS)} as descriptions, ${textArray(SENTENCES)} as sentences
    from bench_plan p
    join (select firm_id, count(*)::int as n from bench_doc_staff group by firm_id) s on s.firm_id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_doc_folders group by firm_id) f on f.firm_id = p.firm_id`,
  );
  await step('document plan statistics', sql`analyze bench_doc_staff, bench_doc_folders, bench_doc_firms`);

  // Staged with their ids, so the versions are drawn from the same rows.
  const key = sql`(f.ordinal::bigint * 10000000 + n)`;
  const sentence = (seed: number) => pick(sql`f.sentences`, key, seed);
  await step(
    'documents staged',
    sql`create temporary table bench_docs on commit drop as
    select gen_random_uuid() as id, e.firm_id, e.ordinal, e.n, e.h, fo.id as folder_id, fo.client_id, fo.matter_id,
      e.kind_name || ' ' || lpad(e.n::text, 4, '0') || ' – ' || e.party || '.' || e.extension as name,
      e.content_type, e.tags, e.description, e.category, e.content_text, e.staff, e.created_at,
      least(now(), e.created_at + make_interval(days => (e.h % 5 * 7 + e.h % 3)::int)) as updated_at,
      case when e.h % 10 = 3 then 2 else 1 end as versions, e.size_bytes,
      case when e.h % 200 = 11 then e.created_at + interval '2 days' end as deleted_at
    from (
      select f.firm_id, f.ordinal, n, ${hash(key, 701)} as h,
        f.kinds[k.i] as kind_name, f.extensions[k.i] as extension, f.types[k.i] as content_type,
        case when ${hash(key, 701)} % 3 = 0 then array[${pick(sql`f.tags`, key, 703)}, ${pick(sql`f.tags`, key, 704)}]
          else '{}'::text[] end as tags,
        case when ${hash(key, 701)} % 4 = 1 then ${pick(sql`f.descriptions`, key, 705)} end as description,
        ${pick(sql`f.categories`, key, 706)} as category,
        1024 * (16 + ${hash(key, 707)} % 4000) as size_bytes,
        least(f.folders, case when n <= f.big_folder then 1 else 1 + (f.big_folder > 0)::int
          + floor((f.folders - (f.big_folder > 0)::int) * power(${fraction(key, 708)}, 2))::int end) as folder,
        case when ${hash(key, 709)} % 3 = 0 then ${pick(sql`w.company_words`, key, 710)} || ' ' || ${pick(sql`w.company_trades`, key, 711)}
          else ${pick(sql`w.first_names`, key, 712)} || ' ' || ${pick(sql`w.last_names`, key, 713)} end as party,
        ${sentence(720)} || ' ' || ${sentence(721)} || ' ' || ${sentence(722)} || ' ' || ${sentence(723)}
          || case when ${hash(key, 724)} % 4 > 0 then ' ' || ${sentence(725)} else '' end
          || case when ${hash(key, 724)} % 4 > 1 then ' ' || ${sentence(726)} else '' end
          || case when ${hash(key, 727)} % 50 = 0 then ' ' || ${SEARCH_SENTENCE} else '' end as content_text,
        (${hash(key, 728)} % f.staff)::int as staff,
        least(now(), (current_date - (${hash(key, 729)} % ${DAYS})::int) + time '08:00'
          + make_interval(mins => (${hash(key, 730)} % 600)::int)) as created_at
      from bench_doc_firms f cross join bench_lists w cross join lateral generate_series(1, f.documents) as n
      cross join lateral (select 1 + (${hash(key, 702)} % ${KINDS.length})::int as i) as k
      offset 0
    ) as e
    join bench_doc_folders fo on fo.k = ${lookupKey(sql`e.ordinal`, sql`e.folder`)}`,
  );
  await step(
    'documents',
    sql`insert into documents (id, firm_id, folder_id, client_id, matter_id, name, category, description, tags, search_name,
      content_text, current_version_number, created_by_user_id, created_at, updated_at, deleted_at, deleted_by_user_id)
    select d.id, d.firm_id, d.folder_id, d.client_id, d.matter_id, d.name, d.category, d.description, d.tags,
      lower(d.name || ' ' || array_to_string(d.tags, ' ') || ' ' || coalesce(d.description, '')),
      d.content_text, d.versions, s.id, d.created_at, d.updated_at, d.deleted_at, case when d.deleted_at is not null then s.id end
    from bench_docs d join bench_doc_staff s on s.k = ${lookupKey(sql`d.ordinal`, sql`d.staff`)}`,
  );
  // Version 1 when the document was made, version 2 (for one in ten) when it was last updated.
  await step(
    'document versions',
    sql`insert into document_versions (firm_id, document_id, version_number, storage_key, file_name, content_type, size_bytes,
      sha256, uploaded_by_user_id, created_at, scan_status, scanned_at, text_status, extracted_text, extracted_at, based_on_version)
    select d.firm_id, d.id, v, 'bench-' || d.id || '-' || v, d.name, d.content_type, d.size_bytes + (v - 1) * 2048,
      encode(sha256(convert_to(d.id || '-' || v, 'UTF8')), 'hex'), s.id, t.at, 'available', t.at, 'extracted', d.content_text, t.at,
      case when v > 1 then v - 1 end
    from bench_docs d join bench_doc_staff s on s.k = ${lookupKey(sql`d.ordinal`, sql`d.staff`)}
    cross join lateral generate_series(1, d.versions) as v
    cross join lateral (select case when v = 1 then d.created_at else d.updated_at end as at) t`,
  );
}

/** What issue 18's scenarios page, search and zip, read after the load (owner connection). */
export type DocumentFacts = {
  documents: number;
  allFirmsDocuments: number;
  versions: number;
  bigFolderId: string;
  bigFolderDocuments: number;
  contentSearched: number;
  nameSearched: number;
  /** The big folder's matter: issue18.ts adds its trial bundle of real files there. */
  bigFolderMatterId: string;
  /** A staff member of the large firm, to own what issue18.ts writes. */
  adminUserId: string;
};

export const documentFactsQuery = (largeFirmId: string) =>
  sql`with live as (select * from documents where firm_id = ${largeFirmId} and deleted_at is null),
    big as (select folder_id, count(*)::int as n from live group by folder_id order by n desc, folder_id limit 1)
  select (select count(*)::int from live) as "documents",
    (select count(*)::int from documents) as "allFirmsDocuments",
    (select count(*)::int from document_versions where firm_id = ${largeFirmId}) as "versions",
    (select folder_id from big) as "bigFolderId",
    (select n from big) as "bigFolderDocuments",
    (select count(*)::int from live where content_text like ${`%${ISSUE18_SEARCH.content}%`}) as "contentSearched",
    (select count(*)::int from live where search_name like ${`%${ISSUE18_SEARCH.name}%`}) as "nameSearched",
    (select matter_id from document_folders where id = (select folder_id from big)) as "bigFolderMatterId",
    (select u.id from users u where u.firm_id = ${largeFirmId} and u.email like 'admin@%') as "adminUserId"`;
