import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/database.ts';
import { DEFAULT_EXPENSE_CATEGORIES, DEFAULT_ROLES } from '../apps/api/src/modules/auth/firm-defaults.ts';
import {
  courtCalendarFactsQuery,
  insertCourtCalendar,
  type CourtCalendarFacts,
  type CourtCalendarVolumes,
} from './generate-court-calendar.ts';
import { documentFactsQuery, insertDocuments, type DocumentFacts, type DocumentVolumes } from './generate-documents.ts';
import { expenseFactsQuery, insertExpensesAndFlatFees, type ExpenseFacts, type ExpenseVolumes } from './generate-expenses.ts';
import { insertInvoices, invoiceFactsQuery, type InvoiceFacts, type InvoiceVolumes } from './generate-invoices.ts';
import { booksFactsQuery, insertJournals, type BooksFacts, type JournalVolumes } from './generate-journals.ts';
import { insertTimeEntries, timeEntryFactsQuery, type TimeEntryFacts, type TimeEntryVolumes } from './generate-time-entries.ts';

/**
 * Bulk benchmark data: N ordinary firms plus, optionally, one large firm, each complete enough
 * for every screen (roles, staff, subscription, clients with contacts, a portal account, practice
 * areas, matters with numbers, fee earners, practice areas and parties, activity types and some
 * ended sessions). Everything is set-based SQL through the owner connection (a superuser on
 * PGlite and on the local PostgreSQL, so row-level security does not apply), in one transaction.
 *
 * Names are built combinatorially from word lists (first × last names, two company words and a
 * suffix), with a deterministic hash per row, so the same run gives the same data, names repeat
 * about as often as in a real client book, and trigram search and similarity see realistic text.
 *
 * Firm k has the portal slug `bench-k` and staff `admin@firmk.bench.law`, `feeearner@…`,
 * `billing@…`, `feeearner4@…`…; the large firm is k = 0. All share one password.
 */
export type FirmSize = { users: number; clients: number; matters: number };

export type GenerateOptions = {
  firms: number;
  usersPerFirm: number;
  clientsPerFirm: number;
  mattersPerFirm: number;
  /** The large firm: 0 clients means no large firm. */
  largeFirm: FirmSize;
  /** An argon2 hash of the shared password: hash once, reuse for every account. */
  passwordHash: string;
  /** Issue 4's time entries (generate-time-entries.ts); none when absent. */
  timeEntries?: TimeEntryVolumes;
  /** Issue 14's expenses and flat fees (generate-expenses.ts); none when absent. */
  expenses?: ExpenseVolumes;
  /** Issue 15's invoices (generate-invoices.ts); none when absent. */
  invoices?: InvoiceVolumes;
  /** The large firm's books: journal lines over three years, posted by its invoices (generate-journals.ts); none when absent. */
  journals?: JournalVolumes;
  /** Issue 17's courts, progress notes and court updates (generate-court-calendar.ts); none when absent. */
  courtCalendar?: CourtCalendarVolumes;
  /** Issue 18's documents and their versions (generate-documents.ts); none when absent. */
  documents?: DocumentVolumes;
};

type Count = 'firms' | 'users' | 'clients' | 'clientContacts' | 'matters' | 'matterAssignees' | 'matterPracticeAreas' | 'matterParties';
export type GeneratedData = {
  counts: Record<Count | 'sessions', number> & { largeFirm: Record<'clients' | 'matters', number> };
  /** The large firm (`bench-0`), when there is one. */
  largeFirmId: string | null;
  /** The large firm's fee earner `feeearner@firm0.bench.law` (its matters filter), when there is a large firm. */
  largeFirmFeeEarnerId: string | null;
  /** Issue 4: the time entries and what its scenarios filter on, when they were generated with a large firm. */
  timeEntries: TimeEntryFacts | null;
  /** Issue 14: the expenses and flat fees and what its scenarios filter on, when they were generated with a large firm. */
  expenses: ExpenseFacts | null;
  /** Issue 15: the invoices and what its scenarios filter on, when they were generated with a large firm. */
  invoices: InvoiceFacts | null;
  /** The books scale: the large firm's journal and what its scenarios read, when they were generated. */
  books: BooksFacts | null;
  /** Issue 17: the notes and court updates and what its scenarios filter on, when they were generated with a large firm. */
  courtCalendar: CourtCalendarFacts | null;
  /** Issue 18: the documents and what its scenarios page and search, when they were generated with a large firm. */
  documents: DocumentFacts | null;
  milliseconds: number;
  /** Milliseconds per statement, to see what dominates. */
  steps: Record<string, number>;
};

export type Scale = 'default' | 'issue3' | 'issue4' | 'issue14' | 'issue15' | 'issue16' | 'issue17' | 'issue18' | 'books' | 'reports';

/** The default scale: the profile and permissions scenarios, on PGlite and PostgreSQL. */
export const DEFAULT_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  firms: 200,
  usersPerFirm: 5,
  clientsPerFirm: 40,
  mattersPerFirm: 20,
  largeFirm: { users: 200, clients: 20_000, matters: 10_000 },
};

/** Issue 3 ("Speed"): 1,000 firms and one firm of 100,000 clients and 200,000 matters. */
export const ISSUE3_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...DEFAULT_GENERATE_OPTIONS,
  firms: 1_000,
  largeFirm: { users: 200, clients: 100_000, matters: 200_000 },
};

/**
 * Issue 4 ("Speed"): 1,000 firms of 100 time entries each and one firm of 1,000,000 time entries
 * by 20 fee earners on 2,000 matters of 2,000 clients (25 staff: the fee earners, the
 * administrator, the billing clerk and 3 more who record no time).
 */
export const ISSUE4_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...DEFAULT_GENERATE_OPTIONS,
  firms: 1_000,
  largeFirm: { users: 25, clients: 2_000, matters: 2_000 },
  timeEntries: { perFirm: 100, largeFirm: 1_000_000 },
};

/**
 * Issue 14 ("Speed"): 1,000 firms of 20 expenses and 5 flat fees each, and one firm of 200,000
 * expenses and 50,000 flat fees on 2,000 matters of 2,000 clients (25 staff).
 */
export const ISSUE14_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...DEFAULT_GENERATE_OPTIONS,
  firms: 1_000,
  largeFirm: { users: 25, clients: 2_000, matters: 2_000 },
  expenses: { expenses: { perFirm: 20, largeFirm: 200_000 }, flatFees: { perFirm: 5, largeFirm: 50_000 } },
};

/**
 * Issue 15 ("Speed"): 1,000 firms of 10 invoices each, and one firm of 100,000 invoices on 2,000
 * matters of 2,000 clients (25 staff); the create scenarios add their own unbilled items.
 */
export const ISSUE15_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...DEFAULT_GENERATE_OPTIONS,
  firms: 1_000,
  largeFirm: { users: 25, clients: 2_000, matters: 2_000 },
  invoices: { perFirm: 10, largeFirm: 100_000 },
};

/**
 * Issue 16 ("Speed and proof"): 200 firms and one firm of 2,000 clients and matters (25 staff);
 * issue16.ts then writes its trust account of 1,000 client ledgers and 100,000 movements.
 */
export const ISSUE16_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...DEFAULT_GENERATE_OPTIONS,
  largeFirm: { users: 25, clients: 2_000, matters: 2_000 },
};

/**
 * Issue 17 ("Speed"): 200 firms of 30 progress notes and 10 court updates each, and one firm of
 * 300,000 notes and 100,000 court updates (about 10,000 hearings in the next 12 months) on 2,000
 * matters of 2,000 clients (25 staff); every firm has 10 courts. 200 firms, not 1,000: the notes'
 * trigram index already makes this the slowest load, and the lists read one firm's rows.
 */
export const ISSUE17_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...DEFAULT_GENERATE_OPTIONS,
  largeFirm: { users: 25, clients: 2_000, matters: 2_000 },
  courtCalendar: { notes: { perFirm: 30, largeFirm: 300_000 }, courtUpdates: { perFirm: 10, largeFirm: 100_000 } },
};

/**
 * Issue 18 ("Speed and scale"): 200 firms of 20 documents each, and one firm of 100,000 documents
 * (10,000 of them in one matter's folder, each with its extracted text) on 2,000 matters of 2,000
 * clients (25 staff); issue18.ts adds the real files its zip, upload and download read.
 */
export const ISSUE18_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...DEFAULT_GENERATE_OPTIONS,
  largeFirm: { users: 25, clients: 2_000, matters: 2_000 },
  documents: { perFirm: 20, largeFirm: 100_000, bigFolder: 10_000 },
};

/**
 * The firm's books (issue 36's speed target): 200 firms, and one firm of 2,000 clients and matters
 * (25 staff) with 100,000 invoices and 1,000,000 journal lines over three years (generate-journals.ts).
 */
export const BOOKS_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...DEFAULT_GENERATE_OPTIONS,
  largeFirm: { users: 25, clients: 2_000, matters: 2_000 },
  invoices: { perFirm: 0, largeFirm: 100_000 },
  journals: { largeFirmLines: 1_000_000 },
};

/**
 * The report centre (issue 37's speed target): the books' firm (100,000 invoices, 1,000,000 journal
 * lines) with 1,000,000 time entries besides.
 */
export const REPORTS_GENERATE_OPTIONS: Omit<GenerateOptions, 'passwordHash'> = {
  ...BOOKS_GENERATE_OPTIONS,
  timeEntries: { perFirm: 0, largeFirm: 1_000_000 },
};

export const GENERATE_OPTIONS_BY_SCALE: Record<Scale, Omit<GenerateOptions, 'passwordHash'>> = {
  default: DEFAULT_GENERATE_OPTIONS,
  issue3: ISSUE3_GENERATE_OPTIONS,
  issue4: ISSUE4_GENERATE_OPTIONS,
  issue14: ISSUE14_GENERATE_OPTIONS,
  issue15: ISSUE15_GENERATE_OPTIONS,
  issue16: ISSUE16_GENERATE_OPTIONS,
  issue17: ISSUE17_GENERATE_OPTIONS,
  issue18: ISSUE18_GENERATE_OPTIONS,
  books: BOOKS_GENERATE_OPTIONS,
  reports: REPORTS_GENERATE_OPTIONS,
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

// ---------------------------------------------------------------------------------------------
// Word lists: every generated name is a combination of these.

/** A comma-separated list, which may span lines. */
const words = (list: string): string[] => list.split(/,\s*/).map((word) => word.trim());

const FIRST_NAMES = words(
  `Chinedu, Amaka, Oluwaseun, Fatima, Emeka, Sarah, James, Ngozi, Ibrahim, Funke, Adaeze, Babatunde, Chiamaka, Damilola,
   Ebuka, Folasade, Gbenga, Halima, Ifeoma, Jide, Kelechi, Ladi, Musa, Nkechi, Obinna, Olumide, Precious, Rasheed, Segun,
   Temitope, Uchenna, Victoria, Wale, Yetunde, Zainab, Abubakar, Aisha, Bolanle, Chukwuma, Dayo, Efe, Femi, Grace, Hauwa,
   Ikenna, Joy, Kunle, Lola, Mariam, Nnamdi, Osagie, Peter, Rukayat, Simisola, Tunde, Usman, Yusuf, Adebayo, Bukola,
   Chidi, David, Esther, Francis, Gloria, Hassan, Isaac, Janet, Kehinde, Lawal, Michael, Ngozika, Olamide, Patience,
   Rotimi, Samuel, Taiwo, Uche, Vivian, William, Yemi, Elizabeth, Thomas, Catherine, Robert, Margaret, Daniel, Helen,
   Richard, Anne, George, Amina, Bello, Comfort, Dotun, Eniola, Fisayo, Godwin, Ijeoma, Jumoke, Kayode`,
);
const LAST_NAMES = words(
  `Okonkwo, Nwosu, Adeyemi, Bello, Eze, Whitfield, Holloway, Obi, Musa, Akindele, Abiodun, Adebayo, Adeleke, Afolabi,
   Agbaje, Ajayi, Akinola, Alabi, Amadi, Anyanwu, Asika, Awolowo, Babalola, Balogun, Chukwu, Danjuma, Dike, Ekwueme,
   Emenike, Eneh, Fashola, Fawehinmi, Gambo, Ibekwe, Idowu, Igwe, Ikpeazu, Ilori, Iwu, Jibril, Kalu, Kolawole, Lawal,
   Madu, Mbah, Mohammed, Nnaji, Nwachukwu, Nwankwo, Obasanjo, Odili, Odunsi, Ogbonna, Ogundipe, Ojo, Okafor, Okeke, Okoro,
   Okpara, Olanrewaju, Olawale, Oloye, Onuoha, Onyeka, Oyebanji, Oyelaran, Salami, Sanusi, Shittu, Soyinka, Tinubu, Uba,
   Udeh, Ugwu, Umeh, Usman, Uzor, Wike, Yakubu, Yusuf, Ashworth, Bennett, Carrington, Davenport, Ellison, Fairbanks,
   Gladstone, Harrington, Kensington, Lockwood, Montgomery, Pemberton, Radcliffe, Sinclair, Thornbury, Underwood, Wexford,
   Blackwood, Crawford, Hastings, Ibeh, Chime, Ezeh, Ndukwe, Obiora, Ogunleye, Onwudiwe, Orji, Osuji, Ozo, Adegoke,
   Akinyemi, Aremu, Bankole, Dada, Fagbemi, Famuyiwa, Ige, Oduya, Oni`,
);
const COMPANY_WORDS = words(
  `Kestrel, Zenith, Atlantic, Lekki, Savannah, Niger, Delta, Sahel, Eko, Benue, Crescent, Summit, Pinnacle, Harbour,
   Meridian, Equator, Cobalt, Granite, Baobab, Iroko, Mahogany, Sapphire, Emerald, Onyx, Falcon, Eagle, Lion, Leopard,
   Phoenix, Orion, Sterling, Heritage, Legacy, Unity, Liberty, Pioneer, Frontier, Horizon, Keystone, Cornerstone,
   Bluewater, Greenfield, Redstone, Goldcrest, Silverline, Northgate, Southbank, Eastwind, Westbridge, Lagoon, Obudu, Jos,
   Kainji, Yankari, Olumo, Idanre, Zuma, Aso, Calabar, Ikoyi, Vertex, Apex, Nova, Prime, Royal, Trident, Beacon, Anchor,
   Compass, Vanguard`,
);
const COMPANY_TRADES = words(
  `Energy, Logistics, Foods, Capital, Properties, Oil and Gas, Agro, Pharmaceuticals, Textiles, Motors, Telecoms,
   Construction, Shipping, Insurance, Microfinance, Technologies, Software, Media, Hotels, Steel, Cement, Beverages,
   Farms, Mining, Aviation, Healthcare, Estates, Power, Ventures, Trading, Investments, Engineering, Plastics, Packaging,
   Security, Consulting, Marine, Dairies, Printing, Furniture`,
);
const COMPANY_SUFFIXES = ['Ltd', 'Limited', 'Plc', 'Holdings Ltd', 'Nigeria Ltd', '& Sons Ltd', 'Group', 'Partners'];
const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'mail.ng'];
const PHONE_PREFIXES = words(`803, 805, 806, 807, 808, 809, 810, 813, 814, 816, 703, 706, 802, 812, 701, 708, 902`);
const STREETS = words(
  `Awolowo Road, Adeola Odeku Street, Ahmadu Bello Way, Broad Street, Allen Avenue, Admiralty Way, Herbert Macaulay Way,
   Ozumba Mbadiwe Avenue, Aminu Kano Crescent, Adetokunbo Ademola Crescent, Aba Road, Ogui Road, Bompai Road, Ring Road`,
);
const CITIES = [
  ['Lagos', 'Lagos'],
  ['Ikeja', 'Lagos'],
  ['Abuja', 'FCT'],
  ['Port Harcourt', 'Rivers'],
  ['Ibadan', 'Oyo'],
  ['Kano', 'Kano'],
  ['Enugu', 'Enugu'],
  ['Benin City', 'Edo'],
  ['Kaduna', 'Kaduna'],
  ['Abeokuta', 'Ogun'],
];
const JOB_TITLES = words(
  `Managing Director, Company Secretary, Legal Adviser, Chief Financial Officer, Head of Operations, Director,
   General Manager, HR Manager, Procurement Lead, Chief Executive Officer`,
);
/** Practice areas, each with the shape of its matters' names (see matterName). */
const PRACTICE_AREAS = words(
  `Litigation, Corporate, Property, Employment, Intellectual Property, Probate, Banking and Finance, Tax, Family,
   Energy and Natural Resources`,
);
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

/**
 * Search terms present in the generated data, for the list and conflict-check scenarios: a
 * partial surname (matches individuals, their emails and matters named after them), a partial
 * company word and a misspelt version of a name that exists ("Okonkow" for "Okonkwo").
 */
export const BENCH_SEARCH = {
  clientName: 'okonk',
  matterName: 'kestrel',
  conflictName: 'Chinedu Okonkow',
} as const;

/** Ended sessions per user, so the sessions table is not trivially small. */
const OLD_SESSIONS_PER_USER = 2;
/** Minutes between one client's creation and the next: 100,000 clients span about 7 years. */
const MINUTES_BETWEEN_CLIENTS = 37;

const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** A deterministic pseudo-random whole number in [0, 2^31) for a row key and a seed. */
const hash = (key: SQL, seed: number) => sql`(hashint8extended((${key})::bigint, ${sql.raw(String(seed))}) & 2147483647)`;
/** hash() as a fraction in [0, 1). */
const fraction = (key: SQL, seed: number) => sql`(${hash(key, seed)} / 2147483648.0)`;
/** One element of a word list in bench_lists (alias w), chosen by hash. */
const pick = (list: keyof typeof LISTS, key: SQL, seed: number) =>
  sql`w.${sql.raw(list)}[1 + ${hash(key, seed)} % ${sql.raw(String(LISTS[list].length))}]`;
const personName = (key: SQL, seed: number) => sql`(${pick('first_names', key, seed)} || ' ' || ${pick('last_names', key, seed + 1)})`;
const companyName = (key: SQL, seed: number) =>
  sql`(${pick('company_words', key, seed)} || ' ' || ${pick('company_trades', key, seed + 1)} || ' ' || ${pick('company_suffixes', key, seed + 2)})`;

const LISTS = {
  first_names: FIRST_NAMES,
  last_names: LAST_NAMES,
  company_words: COMPANY_WORDS,
  company_trades: COMPANY_TRADES,
  company_suffixes: COMPANY_SUFFIXES,
  email_domains: EMAIL_DOMAINS,
  phone_prefixes: PHONE_PREFIXES,
  streets: STREETS,
  cities: CITIES.map(([city]) => city!),
  states: CITIES.map(([, state]) => state!),
  job_titles: JOB_TITLES,
  practice_areas: PRACTICE_AREAS,
} as const;

/** A Nigerian mobile number, e.g. +234 803 123 4567. */
const phone = (key: SQL, seed: number) =>
  sql`('+234 ' || ${pick('phone_prefixes', key, seed)} || ' ' || lpad((${hash(key, seed + 1)} % 1000)::text, 3, '0') || ' ' || lpad((${hash(key, seed + 2)} % 10000)::text, 4, '0'))`;

/**
 * The opposing party of a litigation matter: named in the matter's title and stored as its
 * opposing party, so both come from the same key and seed.
 */
const opposingName = (key: SQL) => sql`(case when ${hash(key, 29)} % 2 = 0 then ${companyName(key, 30)} else ${personName(key, 33)} end)`;

/** A matter's name, shaped by its practice area (index a into PRACTICE_AREAS). */
const matterName = (key: SQL, area: SQL, clientName: SQL) => sql`case ${area}
  when 0 then ${clientName} || ' v ' || ${opposingName(key)}
  when 1 then 'Acquisition of ' || ${companyName(key, 40)}
  when 2 then 'Lease of ' || (1 + ${hash(key, 43)} % 200) || ' ' || ${pick('streets', key, 44)}
  when 3 then 'Employment claim – ' || ${personName(key, 45)}
  when 4 then 'Trademark registration – ' || ${pick('company_words', key, 47)} || ' ' || ${pick('company_trades', key, 48)}
  when 5 then 'Estate of the late ' || ${personName(key, 49)}
  when 6 then 'Loan facility – ' || ${clientName}
  when 7 then 'Tax audit ' || (2018 + ${hash(key, 51)} % 8) || ' – ' || ${clientName}
  when 8 then 'Family proceedings – ' || ${clientName}
  else 'Gas supply agreement – ' || ${companyName(key, 52)} end`;

const AREA_COUNT = PRACTICE_AREAS.length;
/** A matter's practice area: an index into PRACTICE_AREAS, from the matter's key. */
const areaOf = (key: SQL) => sql`(${hash(key, 22)} % ${sql.raw(String(AREA_COUNT))})::int`;

/** A row key unique across firms: the firm's ordinal and the row's ordinal within the firm. */
const rowKey = (ordinal: SQL, row: SQL) => sql`(${ordinal}::bigint * 10000000 + ${row})`;

export async function generateData(database: Database, options: GenerateOptions): Promise<GeneratedData> {
  validate(options);
  const started = performance.now();
  const { largeFirm } = options;
  const firstOrdinal = largeFirm.clients > 0 ? 0 : 1;
  const steps: Record<string, number> = {};
  const counts = {} as Record<Count, number>;
  const timeEntries = options.timeEntries && (options.timeEntries.perFirm > 0 || options.timeEntries.largeFirm > 0);
  const expenses = Boolean(options.expenses);
  const invoices = Boolean(options.invoices);
  const journals = Boolean(options.journals && options.journals.largeFirmLines > 0 && largeFirm.clients > 0);
  const courtCalendar = Boolean(options.courtCalendar);
  const documents = Boolean(options.documents);
  await database.db.transaction(async (tx) => {
    const step = async (label: string, query: SQL) => {
      const stepStarted = performance.now();
      const result = (await tx.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
      steps[label] = Math.round(performance.now() - stepStarted);
      return result.rowCount ?? result.affectedRows ?? 0;
    };
    const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
      const stepStarted = performance.now();
      const result = await work();
      steps[label] = Math.round(performance.now() - stepStarted);
      return result;
    };
    await step(
      'settings',
      sql`select set_config('work_mem', '64MB', true), set_config('maintenance_work_mem', '256MB', true),
        set_config('synchronous_commit', 'off', true), set_config('jit', 'off', true)`,
    );
    // The big tables lose their secondary indexes and foreign keys for the load, and get them
    // back at the end: a sorted index build and one set-based check per foreign key are far
    // cheaper than maintaining trigram indexes and checking keys row by row. The definitions come
    // from the catalogue, so they are exactly the migrated ones, and re-adding a foreign key
    // validates every row, so the data is checked against the schema all the same.
    const bulkTables = [
      ...BULK_TABLES,
      ...(timeEntries ? ['time_entries'] : []),
      ...(expenses ? ['expenses', 'flat_fees'] : []),
      ...(invoices ? ['invoices', 'invoice_matters'] : []),
      ...(journals ? ['journal_entries', 'journal_lines', 'invoice_payments'] : []),
      ...(courtCalendar ? ['progress_notes', 'court_updates', 'court_update_appearances'] : []),
      ...(documents ? ['documents', 'document_versions'] : []),
    ];
    const deferred = await timed('drop indexes and foreign keys', () => deferIndexesAndForeignKeys(tx, bulkTables));
    // matter_list_names is filled once at the end, as migration 0017 backfills it: its triggers,
    // refreshing within the load before any statistics exist, were planned to read the whole of a
    // freshly filled table for every matter (the practice areas step took 169 s).
    await timed('pause list-name triggers', () => setListNameTriggers(tx, 'disable'));
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
      'word lists',
      sql.join(
        [
          sql`create temporary table bench_lists on commit drop as select`,
          sql.join(
            Object.entries(LISTS).map(([name, values]) => sql`${textArray(values)} as ${sql.raw(name)}`),
            sql`, `,
          ),
        ],
        sql` `,
      ),
    );

    counts.firms = await step(
      'firms',
      sql`insert into firms (id, name, portal_slug, country, home_currency_id, multicurrency, time_zone, setup_completed_at)
      select p.firm_id, case when p.ordinal = 0 then 'Bench Large Firm' else 'Bench Firm ' || p.ordinal end,
        'bench-' || p.ordinal, 'Nigeria', (select id from currencies where iso_code = 'NGN'), true, 'Africa/Lagos', now()
      from bench_plan p`,
    );
    await step(
      'matter numbering',
      sql`insert into firm_sequences (firm_id, sequence, next_value) select p.firm_id, 'matter', p.matters + 1 from bench_plan p`,
    );

    await step(
      'roles',
      sql`insert into roles (firm_id, name, permissions, is_system)
      select p.firm_id, r.name, array(select jsonb_array_elements_text(r.permissions)), true
      from bench_plan p
      cross join jsonb_to_recordset(${JSON.stringify(DEFAULT_ROLES)}::jsonb) as r(name text, permissions jsonb)`,
    );

    const userKey = rowKey(sql`p.ordinal`, sql`u`);
    counts.users = await step(
      'users',
      sql`insert into users (firm_id, email, name, password_hash, role_id, default_hourly_rate, email_verified_at, created_at)
      select p.firm_id,
        (case u when 1 then 'admin' when 2 then 'feeearner' when 3 then 'billing' else 'feeearner' || u end) || '@firm' || p.ordinal || '.bench.law',
        ${personName(userKey, 1)},
        ${options.passwordHash},
        (select r.id from roles r where r.firm_id = p.firm_id
          and r.name = case u when 1 then 'Administrator' when 3 then 'Billing' else 'Fee Earner' end),
        (30000 + (u % 5) * 10000)::numeric(14, 2),
        now(), now() - make_interval(days => u)
      from bench_plan p cross join bench_lists w cross join lateral generate_series(1, p.users) as u`,
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

    // A third of the clients are companies. Client 1 of each firm, the newest, is a person with a
    // portal account; about 8% are archived and 1% deleted. Created 37 minutes apart, newest first.
    const clientKey = rowKey(sql`p.ordinal`, sql`c`);
    const outerKey = rowKey(sql`g.ordinal`, sql`g.c`);
    counts.clients = await step(
      'clients',
      sql`insert into clients (firm_id, client_type, first_name, last_name, company_name, email, phone, alternate_phone,
        address, city, state, country, is_portal_enabled, status, created_at, updated_at, deleted_at)
      select firm_id, client_type,
        case when client_type = 'individual' then first_name end,
        case when client_type = 'individual' then last_name end,
        case when client_type = 'company' then company_name end,
        case when c = 1 then 'client1@firm' || ordinal || '.example.com'
          when ${hash(outerKey, 5)} % 10 = 0 then null
          when client_type = 'company' then 'info@' || replace(lower(company_word || company_trade), ' ', '') || '.com.ng'
          else lower(first_name || '.' || last_name) || coalesce(nullif(${hash(outerKey, 6)} % 100, 0)::text, '') || '@' || ${pick('email_domains', outerKey, 7)} end,
        case when ${hash(outerKey, 8)} % 20 = 0 then null else ${phone(outerKey, 9)} end,
        case when ${hash(outerKey, 12)} % 4 = 0 then ${phone(outerKey, 13)} end,
        (1 + ${hash(outerKey, 16)} % 250) || ' ' || ${pick('streets', outerKey, 17)},
        ${pick('cities', outerKey, 18)}, ${pick('states', outerKey, 18)}, 'Nigeria',
        c = 1,
        case when c > 1 and ${hash(outerKey, 19)} % 12 = 0 then 'archived' else 'active' end,
        created_at, created_at,
        case when c > 1 and ${hash(outerKey, 20)} % 100 = 0 then created_at + interval '30 days' end
      from (
        select p.firm_id, p.ordinal, c,
          case when c > 1 and ${hash(clientKey, 1)} % 3 = 0 then 'company' else 'individual' end as client_type,
          ${pick('first_names', clientKey, 2)} as first_name, ${pick('last_names', clientKey, 3)} as last_name,
          ${pick('company_words', clientKey, 21)} as company_word, ${pick('company_trades', clientKey, 22)} as company_trade,
          ${pick('company_words', clientKey, 21)} || ' ' || ${pick('company_trades', clientKey, 22)} || ' ' || ${pick('company_suffixes', clientKey, 23)}
            as company_name,
          now() - make_interval(mins => c * ${MINUTES_BETWEEN_CLIENTS} + (${hash(clientKey, 4)} % ${MINUTES_BETWEEN_CLIENTS})::int) as created_at
        from bench_plan p cross join bench_lists w cross join lateral generate_series(1, p.clients) as c
      ) as g cross join bench_lists w`,
    );

    // Clients in the order they were created, newest first: c is the ordinal they were generated with.
    await step(
      'client ordinals',
      sql`create temporary table bench_clients on commit drop as
      select c.id, c.firm_id, c.display_name, c.client_type, c.created_at, p.ordinal,
        row_number() over (partition by c.firm_id order by c.created_at desc, c.id)::int as c
      from clients c join bench_plan p on p.firm_id = c.firm_id`,
    );
    await step('client ordinals index', sql`create index on bench_clients (firm_id, c)`);

    // One to three contact people per company.
    const contactKey = rowKey(sql`bc.ordinal`, sql`bc.c * 4 + k`);
    counts.clientContacts = await step(
      'client contacts',
      sql`insert into client_contacts (firm_id, client_id, name, job_title, email, phone, created_at)
      select bc.firm_id, bc.id, ${personName(contactKey, 60)}, ${pick('job_titles', contactKey, 62)},
        lower(${pick('first_names', contactKey, 60)}) || '@' || lower(split_part(bc.display_name, ' ', 1)) || '.com.ng',
        ${phone(contactKey, 63)}, bc.created_at
      from bench_clients bc cross join bench_lists w
      cross join lateral generate_series(1, 1 + (${hash(rowKey(sql`bc.ordinal`, sql`bc.c`), 66)} % 3)::int) as k
      where bc.client_type = 'company'`,
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
      'practice areas',
      sql`insert into practice_areas (firm_id, name)
      select p.firm_id, unnest(w.practice_areas) from bench_plan p cross join bench_lists w`,
    );
    // Practice areas by firm and index into PRACTICE_AREAS (areaOf), for a hash join.
    await step(
      'practice area ordinals',
      sql`create temporary table bench_areas on commit drop as
      select pa.id, pa.firm_id, array_position(w.practice_areas, pa.name) - 1 as i
      from practice_areas pa join bench_plan p on p.firm_id = pa.firm_id cross join bench_lists w`,
    );

    // Matter s (its number, MAT-0000s) is created after s - 1, over the same years as the clients,
    // for a client that existed by then, most often one taken on recently. Half are hourly; older
    // matters are more often closed; 0.5% are deleted.
    const matterKey = rowKey(sql`p.ordinal`, sql`s`);
    const billing = sql`case when ${hash(matterKey, 23)} % 20 < 10 then 'Hourly' when ${hash(matterKey, 23)} % 20 < 14 then 'Flat Rate'
      when ${hash(matterKey, 23)} % 20 < 17 then 'Contingency' else 'Retainer' end`;
    const ageMinutes = sql`((p.matters - s)::float8 * p.clients * ${MINUTES_BETWEEN_CLIENTS} / p.matters)`;
    const youngestClient = sql`(floor(${ageMinutes} / ${MINUTES_BETWEEN_CLIENTS})::int + 1)`;
    counts.matters = await step(
      'matters',
      sql`insert into matters (firm_id, client_id, matter_number, matter_name, billing_type, description, status,
        shelf_location, matter_open_date, matter_close_date, hourly_rate, flat_rate, contingency_percentage, created_at, updated_at, deleted_at)
      select m.firm_id, bc.id, 'MAT-' || lpad(m.s::text, greatest(5, length(m.s::text)), '0'),
        ${matterName(rowKey(sql`m.ordinal`, sql`m.s`), sql`m.area`, sql`bc.display_name`)}, m.billing_type,
        'Benchmark matter ' || m.s || ' for ' || bc.display_name || '.',
        case when m.closed then 'Closed' else 'Open' end,
        'Cabinet ' || chr(65 + (m.s % 26)::int) || '-' || (1 + m.s % 40), m.created_at::date,
        case when m.closed then least(current_date, m.created_at::date + 30 + (m.h % 400)::int) end,
        case when m.billing_type = 'Hourly' then (20000 + m.h % 8 * 5000)::numeric(14, 2) end,
        case when m.billing_type = 'Flat Rate' then (100000 + m.h % 50 * 10000)::numeric(14, 2) end,
        case when m.billing_type = 'Contingency' then (10 + m.h % 4 * 5)::numeric(5, 2) end,
        m.created_at, m.created_at, case when m.h % 200 = 0 then m.created_at + interval '60 days' end
      from (
        select p.firm_id, p.ordinal, s, ${hash(matterKey, 24)} as h, ${billing} as billing_type, ${areaOf(matterKey)} as area,
          ${hash(matterKey, 25)} % 100 < 10 + 60 * (p.matters - s) / p.matters as closed,
          least(p.clients, ${youngestClient} + floor((p.clients - ${youngestClient} + 1) * power(${fraction(matterKey, 26)}, 3))::int) as c,
          now() - make_interval(mins => ${ageMinutes}::int) as created_at
        from bench_plan p cross join lateral generate_series(1, p.matters) as s
      ) as m
      join bench_clients bc on bc.firm_id = m.firm_id and bc.c = m.c
      cross join bench_lists w`,
    );

    await step(
      'matter ordinals',
      sql`create temporary table bench_matters on commit drop as
      select m.id, m.firm_id, p.ordinal, substr(m.matter_number, 5)::int as s, m.created_at
      from matters m join bench_plan p on p.firm_id = m.firm_id`,
    );
    const key = rowKey(sql`bm.ordinal`, sql`bm.s`);

    // One to three fee earners per matter (anyone but the billing clerk), each at their own rate.
    counts.matterAssignees = await step(
      'matter assignees',
      sql`with staff as (
        select u.firm_id, u.id, u.default_hourly_rate,
          row_number() over (partition by u.firm_id order by u.created_at desc, u.id)::int as i,
          count(*) over (partition by u.firm_id)::int as staff_count
        from users u join bench_plan p on p.firm_id = u.firm_id
        where u.email <> 'billing@firm' || p.ordinal || '.bench.law')
      insert into matter_assignees (firm_id, matter_id, user_id, hourly_rate)
      select bm.firm_id, bm.id, st.id, st.default_hourly_rate + ${hash(key, 27)} % 3 * 5000
      from bench_matters bm
      join staff first_staff on first_staff.firm_id = bm.firm_id and first_staff.i = 1
      cross join lateral generate_series(1, least(first_staff.staff_count, 1 + (${hash(key, 28)} % 3)::int)) as k
      join staff st on st.firm_id = bm.firm_id and st.i = 1 + ((${hash(key, 31)} + k) % first_staff.staff_count)::int`,
    );

    // Each matter's own practice area, and a second one for one matter in five.
    counts.matterPracticeAreas = await step(
      'matter practice areas',
      sql`insert into matter_practice_areas (firm_id, matter_id, practice_area_id)
      select bm.firm_id, bm.id, ba.id
      from bench_matters bm
      cross join lateral (values (${areaOf(key)}),
        (case when ${hash(key, 34)} % 5 = 0 then (${areaOf(key)} + 1 + ${hash(key, 35)}::int % ${AREA_COUNT - 1}) % ${AREA_COUNT} end)) as a(i)
      join bench_areas ba on ba.firm_id = bm.firm_id and ba.i = a.i`,
    );

    // Litigation has the opposing party of its title and, one time in two, a second one; other
    // matters sometimes have a related party (a guarantor, a spouse, a parent company).
    counts.matterParties = await step(
      'matter parties',
      sql`insert into matter_parties (firm_id, matter_id, party_role, party_type, name, created_at)
      select bm.firm_id, bm.id, x.party_role, x.party_type,
        case x.j when 1 then case when ${areaOf(key)} = 0 then ${opposingName(key)} else ${personName(key, 71)} end
          when 2 then case when x.party_type = 'company' then ${companyName(key, 75)} else ${personName(key, 78)} end
          else ${companyName(key, 81)} end,
        bm.created_at
      from bench_matters bm cross join bench_lists w
      cross join lateral (values
        (1, case when ${areaOf(key)} = 0 then 'opposing' when ${hash(key, 70)} % 4 = 0 then 'related' end,
          case when ${areaOf(key)} = 0 and ${hash(key, 29)} % 2 = 0 then 'company' else 'individual' end),
        (2, case when ${areaOf(key)} = 0 and ${hash(key, 73)} % 2 = 0 then 'opposing' end,
          case when ${hash(key, 74)} % 2 = 0 then 'company' else 'individual' end),
        (3, case when ${hash(key, 80)} % 10 = 0 then 'related' end, 'company')
      ) as x(j, party_role, party_type)
      where x.party_role is not null`,
    );

    await step(
      'activity types',
      sql`insert into activity_types (firm_id, activity_type, utbms_code)
      select p.firm_id, a.activity_type, a.utbms_code
      from bench_plan p cross join jsonb_to_recordset(${JSON.stringify(ACTIVITIES.map(([activityType, utbmsCode]) => ({ activity_type: activityType, utbms_code: utbmsCode })))}::jsonb)
        as a(activity_type text, utbms_code text)`,
    );

    // Every firm starts with the default expense categories (firm-defaults.ts), as a signed-up firm does.
    await step(
      'expense categories',
      sql`insert into expense_categories (firm_id, name, utbms_expense_code)
      select p.firm_id, c.name, c.code
      from bench_plan p cross join jsonb_to_recordset(${JSON.stringify(DEFAULT_EXPENSE_CATEGORIES.map(([name, code]) => ({ name, code })))}::jsonb)
        as c(name text, code text)`,
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

    if (timeEntries) await insertTimeEntries(tx, step, options.timeEntries!);
    if (expenses) await insertExpensesAndFlatFees(tx, step, options.expenses!);
    if (invoices) await insertInvoices(tx, step, options.invoices!);
    if (journals) await insertJournals(tx, step, options.journals!);
    if (courtCalendar) await insertCourtCalendar(tx, step, options.courtCalendar!);
    if (documents) await insertDocuments(tx, step, options.documents!);

    await timed('indexes', () => deferred.restoreIndexes());
    await timed('foreign keys', () => deferred.restoreForeignKeys());
    await step('matter list names statistics', sql`analyze matters, matter_assignees, matter_practice_areas, matter_list_names`);
    await step('matter list names', sql`select matter_list_names_refresh(array(select id from matters))`);
    await timed('resume list-name triggers', () => setListNameTriggers(tx, 'enable'));
  });
  // Statistics and visibility maps, as autovacuum would have left them on a live database.
  const vacuumStarted = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  steps['vacuum analyze'] = Math.round(performance.now() - vacuumStarted);
  const [feeEarner] = rowsOf<{ id: string; firmId: string }>(
    await database.db.execute(sql`select id, firm_id as "firmId" from users where email = ${benchEmail(0, 2)}`),
  );
  const [facts] =
    timeEntries && feeEarner ? rowsOf<TimeEntryFacts>(await database.db.execute(timeEntryFactsQuery(feeEarner.firmId, feeEarner.id))) : [];

  return {
    counts: {
      ...counts,
      sessions: counts.users * OLD_SESSIONS_PER_USER,
      largeFirm: { clients: firstOrdinal === 0 ? largeFirm.clients : 0, matters: firstOrdinal === 0 ? largeFirm.matters : 0 },
    },
    largeFirmId: feeEarner?.firmId ?? null,
    largeFirmFeeEarnerId: feeEarner?.id ?? null,
    timeEntries: facts ?? null,
    expenses:
      expenses && feeEarner ? (rowsOf<ExpenseFacts>(await database.db.execute(expenseFactsQuery(feeEarner.firmId)))[0] ?? null) : null,
    invoices:
      invoices && feeEarner ? (rowsOf<InvoiceFacts>(await database.db.execute(invoiceFactsQuery(feeEarner.firmId)))[0] ?? null) : null,
    books: journals && feeEarner ? (rowsOf<BooksFacts>(await database.db.execute(booksFactsQuery(feeEarner.firmId)))[0] ?? null) : null,
    courtCalendar:
      courtCalendar && feeEarner
        ? (rowsOf<CourtCalendarFacts>(await database.db.execute(courtCalendarFactsQuery(feeEarner.firmId, feeEarner.id)))[0] ?? null)
        : null,
    documents:
      documents && feeEarner ? (rowsOf<DocumentFacts>(await database.db.execute(documentFactsQuery(feeEarner.firmId)))[0] ?? null) : null,
    milliseconds: Math.round(performance.now() - started),
    steps,
  };
}

/** The statement triggers that keep matter_list_names as assignments and practice areas are inserted (migration 0017). */
const LIST_NAME_TRIGGERS = [
  ['matter_assignees', 'matter_assignees_list_names_insert'],
  ['matter_practice_areas', 'matter_practice_areas_list_names_insert'],
] as const;

async function setListNameTriggers(tx: Tx, state: 'enable' | 'disable') {
  for (const [table, trigger] of LIST_NAME_TRIGGERS) await tx.execute(sql.raw(`alter table ${table} ${state} trigger ${trigger}`));
}

/** The tables the generator fills with many rows. */
const BULK_TABLES = ['clients', 'client_contacts', 'matters', 'matter_assignees', 'matter_practice_areas', 'matter_parties'];

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Drops the secondary indexes (those behind no primary key or unique constraint) and the foreign
 * keys of `tables`, and answers how to put them back as they were (pg_get_indexdef and
 * pg_get_constraintdef give the migrated definitions).
 */
async function deferIndexesAndForeignKeys(tx: Tx, tables: string[]) {
  const tableList = sql.join(
    tables.map((table) => sql`${table}::regclass`),
    sql`, `,
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`select quote_ident(ic.relname) as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class ic on ic.oid = i.indexrelid
      where i.indrelid in (${tableList})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid)
      order by ic.relname`),
  );
  const foreignKeys = rowsOf<{ tableName: string; name: string; definition: string }>(
    await tx.execute(sql`select c.conrelid::regclass::text as "tableName", quote_ident(c.conname) as name,
        pg_get_constraintdef(c.oid) as definition
      from pg_constraint c where c.contype = 'f' and c.conrelid in (${tableList})
      order by c.conrelid::regclass::text, c.conname`),
  );
  for (const key of foreignKeys) await tx.execute(sql.raw(`alter table ${key.tableName} drop constraint ${key.name}`));
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  return {
    async restoreIndexes() {
      for (const index of indexes) await tx.execute(sql.raw(index.definition));
    },
    async restoreForeignKeys() {
      for (const key of foreignKeys) await tx.execute(sql.raw(`alter table ${key.tableName} add constraint ${key.name} ${key.definition}`));
    },
  };
}

function validate(options: GenerateOptions) {
  const whole = (value: number, minimum: number) => Number.isInteger(value) && value >= minimum;
  if (!whole(options.firms, 1)) throw new Error('BENCH_FIRMS must be a whole number of at least 1');
  const sizes = [{ users: options.usersPerFirm, clients: options.clientsPerFirm, matters: options.mattersPerFirm }];
  if (options.largeFirm.clients > 0) sizes.push(options.largeFirm);
  for (const size of sizes) {
    // Three staff (admin, fee earner, billing) and one client are what every scenario signs in with or joins on.
    if (!whole(size.users, 3) || !whole(size.clients, 1) || !whole(size.matters, 0) || size.matters > 9_999_999)
      throw new Error(`Invalid firm size ${JSON.stringify(size)}`);
  }
}
