import { sql } from 'drizzle-orm';
import type { DataSubjectType } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { substringPattern } from '../../platform/lists/list-statements.ts';

/**
 * Where a data subject's personal data sits, and the SQL that reads, checks and anonymises it
 * (NDPA 2023, ADR 92). A person is a client, a client's contact, a lead or an opposing party on a
 * matter; every function takes the firm first, so another firm's id finds nothing.
 */

export type SubjectRow = { subjectType: DataSubjectType; subjectId: string; name: string; detail: string; ownerId: string | null };

const SUBJECTS = (firmId: string) => sql`
  select 'client' as "subjectType", c.id as "subjectId", c.display_name as name,
         coalesce(c.email, case c.client_type when 'company' then 'Company client' else 'Individual client' end) as detail, null::uuid as "ownerId"
    from clients c where c.firm_id = ${firmId} and c.deleted_at is null
  union all
  select 'clientContact', k.id, k.name, 'Contact of ' || c.display_name, k.client_id
    from client_contacts k join clients c on c.firm_id = k.firm_id and c.id = k.client_id
   where k.firm_id = ${firmId} and k.deleted_at is null
  union all
  select 'lead', l.id, l.display_name, coalesce(l.email, 'Lead'), null::uuid
    from leads l where l.firm_id = ${firmId} and l.deleted_at is null
  union all
  select 'opposingParty', p.id, p.name, 'Opposing party on ' || coalesce(m.matter_number || ' ', '') || m.matter_name, p.matter_id
    from matter_parties p join matters m on m.firm_id = p.firm_id and m.id = p.matter_id
   where p.firm_id = ${firmId} and p.party_role = 'opposing'`;

/** People whose name or email holds the text, clients first (at most 20). */
export function searchSubjects(tx: Tx, firmId: string, text: string) {
  const pattern = substringPattern(text);
  return rowsOf<SubjectRow>(
    tx.execute(sql`select * from (${SUBJECTS(firmId)}) s where s.name ilike ${pattern} or s.detail ilike ${pattern}
      order by case s."subjectType" when 'client' then 0 when 'clientContact' then 1 when 'lead' then 2 else 3 end, s.name limit 20`),
  );
}

export async function findSubject(tx: Tx, firmId: string, subjectType: DataSubjectType, subjectId: string) {
  const [row] = await rowsOf<SubjectRow>(
    tx.execute(sql`select * from (${SUBJECTS(firmId)}) s where s."subjectType" = ${subjectType} and s."subjectId" = ${subjectId}`),
  );
  return row ?? null;
}

export type Section = { title: string; records: Record<string, string | null>[] };
const section = async (title: string, query: Promise<Record<string, string | null>[]>): Promise<Section> => ({
  title,
  records: await query,
});
const read = (tx: Tx, query: ReturnType<typeof sql>) => rowsOf<Record<string, string | null>>(tx.execute(query));

/** A client's personal data: the record, contacts, portal sign-in, matters, invoices, trust movements and documents (their names). */
function clientSections(tx: Tx, firmId: string, clientId: string) {
  return Promise.all([
    section(
      'Client record',
      read(
        tx,
        sql`select client_number as "Client number", client_type as "Type", first_name as "First name", last_name as "Last name",
          company_name as "Company name", email as "Email", alternate_email as "Alternate email", phone as "Phone",
          alternate_phone as "Alternate phone", address as "Address", city as "City", state as "State", country as "Country",
          postal_code as "Postal code", tax_number as "Tax number", notes as "Notes", custom_fields::text as "Custom fields",
          to_char(created_at, 'YYYY-MM-DD') as "On file since"
          from clients where firm_id = ${firmId} and id = ${clientId}`,
      ),
    ),
    section(
      'Contact people',
      read(
        tx,
        sql`select name as "Name", job_title as "Job title", email as "Email", phone as "Phone"
          from client_contacts where firm_id = ${firmId} and client_id = ${clientId} and deleted_at is null order by name`,
      ),
    ),
    section(
      'Portal sign-in',
      read(
        tx,
        sql`select email as "Email", contact_name as "Contact name", status as "Status",
          to_char(last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "Last sign-in"
          from portal_accounts where firm_id = ${firmId} and client_id = ${clientId} and status <> 'removed'`,
      ),
    ),
    section(
      'Matters',
      read(
        tx,
        sql`select matter_number as "Number", matter_name as "Matter", status as "Status", matter_open_date::text as "Opened",
          matter_close_date::text as "Closed"
          from matters where firm_id = ${firmId} and client_id = ${clientId} and deleted_at is null order by matter_open_date, matter_name`,
      ),
    ),
    section(
      'Invoices',
      read(
        tx,
        sql`select i.invoice_number as "Number", i.issue_date::text as "Issued", i.status as "Status", cur.iso_code as "Currency",
          i.total::text as "Total", i.balance_due::text as "Balance due"
          from invoices i left join currencies cur on cur.id = i.currency_id
         where i.firm_id = ${firmId} and i.client_id = ${clientId} and i.status not in ('Draft') order by i.issue_date, i.invoice_number`,
      ),
    ),
    section(
      'Money held in trust (movements)',
      read(
        tx,
        sql`select t.transaction_date::text as "Date", t.type as "Movement", t.direction as "In / out", t.amount::text as "Amount",
          a.currency_code as "Currency", a.name as "Trust account", t.reference as "Reference", t.counterparty as "Paid by / to"
          from trust_transactions t join trust_accounts a on a.firm_id = t.firm_id and a.id = t.trust_account_id
         where t.firm_id = ${firmId} and t.client_id = ${clientId} order by t.sequence_number`,
      ),
    ),
    section(
      'Documents held (names only)',
      read(
        tx,
        sql`select d.name as "Document", m.matter_name as "Matter", to_char(d.created_at, 'YYYY-MM-DD') as "Filed on"
          from documents d left join matters m on m.firm_id = d.firm_id and m.id = d.matter_id
         where d.firm_id = ${firmId} and d.deleted_at is null
           and (d.client_id = ${clientId} or m.client_id = ${clientId}) order by d.created_at`,
      ),
    ),
  ]);
}

/** The person's own sections, by what kind of record they are. */
export async function findPersonalData(tx: Tx, firmId: string, subjectType: DataSubjectType, subjectId: string): Promise<Section[]> {
  if (subjectType === 'client') return clientSections(tx, firmId, subjectId);
  if (subjectType === 'clientContact')
    return [
      await section(
        'Contact record',
        read(
          tx,
          sql`select k.name as "Name", k.job_title as "Job title", k.email as "Email", k.phone as "Phone", c.display_name as "Contact of",
            to_char(k.created_at, 'YYYY-MM-DD') as "On file since"
            from client_contacts k join clients c on c.firm_id = k.firm_id and c.id = k.client_id
           where k.firm_id = ${firmId} and k.id = ${subjectId}`,
        ),
      ),
    ];
  if (subjectType === 'lead')
    return [
      await section(
        'Lead record',
        read(
          tx,
          sql`select display_name as "Name", lead_type as "Type", first_name as "First name", last_name as "Last name",
            company_name as "Company name", email as "Email", phone as "Phone", address as "Address", city as "City", state as "State",
            country as "Country", postal_code as "Postal code", matter_description as "What they asked about",
            opposing_parties::text as "Opposing parties named", source as "Source", referrer_name as "Referred by", status as "Status",
            (submission->'answers')::text as "Intake answers", to_char(created_at, 'YYYY-MM-DD') as "On file since"
            from leads where firm_id = ${firmId} and id = ${subjectId}`,
        ),
      ),
    ];
  return [
    await section(
      'Opposing party record',
      read(
        tx,
        sql`select p.name as "Name", p.party_type as "Type", p.notes as "Notes", coalesce(m.matter_number || ' ', '') || m.matter_name as "Matter",
          to_char(p.created_at, 'YYYY-MM-DD') as "On file since"
          from matter_parties p join matters m on m.firm_id = p.firm_id and m.id = p.matter_id
         where p.firm_id = ${firmId} and p.id = ${subjectId}`,
      ),
    ),
  ];
}

export type ClientErasureFacts = {
  openInvoices: string[];
  openBalance: string;
  trustHeld: { account: string; currency: string; balance: string }[];
  recentInvoices: number;
  recentTrustMovements: number;
  lastFinancialDate: string | null;
};

/** What a client's erasure must respect: invoices still open, trust money held, financial records inside their retention. */
export async function findClientErasureFacts(tx: Tx, firmId: string, clientId: string, retainedSince: string): Promise<ClientErasureFacts> {
  const [facts] = await rowsOf<ClientErasureFacts>(
    tx.execute(sql`select
      coalesce((select array_agg(coalesce(invoice_number, 'draft') order by issue_date) from invoices
        where firm_id = ${firmId} and client_id = ${clientId} and status in ('AwaitingApproval', 'Approved', 'Sent', 'PartlyPaid')), '{}') as "openInvoices",
      coalesce((select sum(balance_due) from invoices
        where firm_id = ${firmId} and client_id = ${clientId} and status in ('AwaitingApproval', 'Approved', 'Sent', 'PartlyPaid')), 0)::text as "openBalance",
      coalesce((select json_agg(json_build_object('account', a.name, 'currency', a.currency_code, 'balance', held.balance::text))
        from (select trust_account_id, sum(balance) as balance from trust_ledgers
               where firm_id = ${firmId} and client_id = ${clientId} group by trust_account_id having sum(balance) > 0) held
        join trust_accounts a on a.firm_id = ${firmId} and a.id = held.trust_account_id
        ), '[]') as "trustHeld",
      (select count(*)::int from invoices where firm_id = ${firmId} and client_id = ${clientId}
        and status not in ('Draft') and issue_date >= ${retainedSince}::date) as "recentInvoices",
      (select count(*)::int from trust_transactions where firm_id = ${firmId} and client_id = ${clientId}
        and transaction_date >= ${retainedSince}::date) as "recentTrustMovements",
      greatest((select max(issue_date) from invoices where firm_id = ${firmId} and client_id = ${clientId} and status not in ('Draft')),
               (select max(transaction_date) from trust_transactions where firm_id = ${firmId} and client_id = ${clientId}))::text as "lastFinancialDate"`),
  );
  return facts!;
}

const ERASED = 'Erased';

/**
 * Replaces a client's personal data with placeholders: names, contact details, address, notes,
 * custom fields, its contact people and its portal sign-in. Its number, matters and money records
 * stay (they are the firm's records, now about an anonymous client).
 */
/**
 * Erases a client everywhere its data is (issue 64): the client, its contacts and portal accounts
 * and their open invitations; the lead it came from (as anonymiseLead); the emails to any of its
 * addresses; its names in conflict checks, as searched and as matched; the names no record holds
 * any more in the conflict search; intake files' notes naming it. Its matters' documents and
 * financial records stay (the firm's file). Answers the stored files to remove after commit.
 */
export async function anonymiseClient(tx: Tx, firmId: string, clientId: string): Promise<string[]> {
  const [held] = await rowsOf<{ names: string[]; emails: string[]; leadIds: string[] }>(
    tx.execute(sql`select
        array(select n from unnest(array[c.display_name, nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.company_name]
          || array(select cc.name from client_contacts cc where cc.firm_id = c.firm_id and cc.client_id = c.id)
          || array(select pa.contact_name from portal_accounts pa where pa.firm_id = c.firm_id and pa.client_id = c.id)) n
          where n is not null and n <> '') as names,
        array(select lower(e) from unnest(array[c.email, c.alternate_email]
          || array(select cc.email from client_contacts cc where cc.firm_id = c.firm_id and cc.client_id = c.id)
          || array(select pa.email from portal_accounts pa where pa.firm_id = c.firm_id and pa.client_id = c.id)) e
          where e is not null and e <> '') as emails,
        array(select e.lead_id from engagements e where e.firm_id = c.firm_id and e.client_id = c.id) as "leadIds"
      from clients c where c.firm_id = ${firmId} and c.id = ${clientId} for update`),
  );
  if (!held) return [];
  const storedFiles: string[] = [];
  for (const leadId of held.leadIds) storedFiles.push(...(await anonymiseLead(tx, firmId, leadId)));
  await tx.execute(sql`update clients set
      first_name = case when client_type = 'individual' then ${ERASED} end,
      last_name = case when client_type = 'individual' then 'client ' || client_number end,
      company_name = case when client_type = 'company' then ${ERASED} || ' client ' || client_number end,
      email = null, alternate_email = null, phone = null, alternate_phone = null, address = null, city = null, state = null,
      postal_code = null, tax_number = null, notes = '', custom_fields = '{}'::jsonb, is_portal_enabled = false, updated_at = now()
    where firm_id = ${firmId} and id = ${clientId}`);
  await tx.execute(sql`update client_contacts set name = ${`${ERASED} contact`}, job_title = null, email = null, phone = null
    where firm_id = ${firmId} and client_id = ${clientId}`);
  await tx.execute(sql`update portal_accounts set status = 'removed', email = 'erased-' || id || '@erased.invalid', contact_name = null,
      password_hash = null, totp_secret = null, totp_enabled_at = null
    where firm_id = ${firmId} and client_id = ${clientId}`);
  await tx.execute(sql`delete from auth_tokens where firm_id = ${firmId} and client_id = ${clientId}`);
  const names = textArray(held.names);
  const emails = textArray(held.emails);
  await eraseEmailsTo(tx, firmId, emails, sql`false`);
  const [erased] = await rowsOf<{ name: string }>(
    tx.execute(sql`select display_name as name from clients where firm_id = ${firmId} and id = ${clientId}`),
  );
  // Checks that searched its names or found it keep that they did, under its erased name.
  await tx.execute(sql`update conflict_checks set matches = (
        select coalesce(jsonb_agg(m || case when m->>'searchedName' = any(${names})
            then jsonb_build_object('searchedName', ${erased!.name}::text) else '{}'::jsonb end
          || case when m->>'clientId' = ${clientId} then jsonb_build_object('clientName', ${erased!.name}::text,
            'matchedName', case when m->>'matchedName' = any(${names}) then ${erased!.name}::text else m->>'matchedName' end)
            else '{}'::jsonb end order by ordinal), '[]'::jsonb)
        from jsonb_array_elements(matches) with ordinality as e(m, ordinal))
    where firm_id = ${firmId} and (matches @> ${JSON.stringify([{ clientId }])}::jsonb or searched_names && ${names})`);
  await tx.execute(sql`update conflict_checks set searched_names = array(
        select case when n = any(${names}) then ${erased!.name}::text else n end from unnest(searched_names) n),
      decision_notes = case when client_id = ${clientId} then null else decision_notes end
    where firm_id = ${firmId} and (searched_names && ${names} or client_id = ${clientId})`);
  await tx.execute(sql`update document_versions set note = 'Sent with the intake form'
    where firm_id = ${firmId} and note = any(array(select 'Sent by ' || n || ' with the intake form' from unnest(${names}) n))`);
  await forgetUnheldNames(tx, firmId, names);
  return storedFiles;
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]::text[]`;

/**
 * The emails to these addresses (and any `also` picks) keep that they were sent, not to whom or
 * what they said; one not yet sent is not sent at all.
 */
async function eraseEmailsTo(tx: Tx, firmId: string, emails: ReturnType<typeof textArray>, also: ReturnType<typeof sql>) {
  await tx.execute(sql`update outgoing_messages set
      recipient = case when lower(recipient) = any(${emails}) then 'erased-' || id || '@erased.invalid' else recipient end,
      subject = ${`${ERASED} (data-subject request)`}, sealed_content = null,
      last_error = case when status = 'pending' then 'Not sent: the person’s data was erased' else last_error end,
      status = case when status = 'pending' then 'failed' else status end
    where firm_id = ${firmId} and (lower(recipient) = any(${emails}) or ${also})`);
}

/** The conflict search's list of names keeps only names a record still holds. */
async function forgetUnheldNames(tx: Tx, firmId: string, names: ReturnType<typeof textArray>) {
  await tx.execute(sql`delete from conflict_names n where n.firm_id = ${firmId} and n.name = any(${names})
    and not exists (select 1 from clients c where c.firm_id = n.firm_id and c.display_name = n.name)
    and not exists (select 1 from client_contacts cc where cc.firm_id = n.firm_id and cc.name = n.name)
    and not exists (select 1 from matter_parties p where p.firm_id = n.firm_id and p.name = n.name)`);
}

export async function anonymiseContact(tx: Tx, firmId: string, contactId: string) {
  const [contact] = await rowsOf<{ name: string; email: string | null }>(
    tx.execute(sql`select name, email from client_contacts where firm_id = ${firmId} and id = ${contactId} for update`),
  );
  await tx.execute(sql`update client_contacts set name = ${`${ERASED} contact`}, job_title = null, email = null, phone = null
    where firm_id = ${firmId} and id = ${contactId}`);
  if (!contact) return;
  await eraseEmailsTo(tx, firmId, textArray(contact.email ? [contact.email.toLowerCase()] : []), sql`false`);
  await forgetUnheldNames(tx, firmId, textArray([contact.name]));
}

/** A timeline entry's sentence once the lead is erased: that it happened, not what it said or to whom. */
const ERASED_LEAD_EVENT = sql`case kind
    when 'created' then 'Lead created'
    when 'emailSent' then 'Email sent'
    when 'note' then 'Note added'
    when 'statusChanged' then 'Status changed'
    when 'detailsUpdated' then 'Details updated'
    when 'assigned' then 'Assigned'
    when 'conflictCheckRun' then 'Conflict check run'
    when 'conflictDecided' then 'Conflict decision recorded'
    when 'consultationBooked' then 'Consultation booked'
    when 'engagementLetterSent' then 'Engagement letter sent'
    when 'converted' then 'Converted to a client'
    else 'Details erased' end`;

/**
 * Erases a lead everywhere its data is: the lead's own fields and intake answers, its timeline's
 * sentences and notes, the files sent with its form (rows here; the stored files are removed after
 * commit from the keys answered), the emails to it and the staff notices naming it, the names its
 * conflict check searched, and its consultation booking links' and signature requests' addresses.
 * What stays is that each thing happened (kinds and times), for the firm's history.
 */
export async function anonymiseLead(tx: Tx, firmId: string, leadId: string): Promise<string[]> {
  const [lead] = await rowsOf<{ email: string | null; displayName: string; conflictCheckId: string | null }>(
    tx.execute(sql`select email, display_name as "displayName", conflict_check_id as "conflictCheckId"
      from leads where firm_id = ${firmId} and id = ${leadId} for update`),
  );
  if (!lead) return [];
  const uploads = await rowsOf<{ storageKey: string }>(
    tx.execute(sql`delete from intake_uploads where firm_id = ${firmId} and lead_id = ${leadId} returning storage_key as "storageKey"`),
  );
  await tx.execute(sql`update leads set first_name = null, last_name = null, company_name = null, display_name = ${`${ERASED} lead`},
      email = null, phone = null, address = null, city = null, state = null, postal_code = null, matter_description = null,
      opposing_parties = '[]'::jsonb, referrer_name = null, submission = null, conflict_names = null, updated_at = now()
    where firm_id = ${firmId} and id = ${leadId}`);
  // After the lead: the timeline's rows may change only once their lead is anonymised (migration 0120).
  await tx.execute(
    sql`update lead_events set summary = ${ERASED_LEAD_EVENT}, body = null where firm_id = ${firmId} and lead_id = ${leadId}`,
  );
  // The emails to the person and the staff notice naming them keep that they were sent, not to whom or
  // what they said; one not yet sent is not sent at all.
  await eraseEmailsTo(
    tx,
    firmId,
    textArray(lead.email ? [lead.email.toLowerCase()] : []),
    sql`subject = ${`New lead: ${lead.displayName}`}`,
  );
  if (lead.conflictCheckId)
    await tx.execute(sql`update conflict_checks set searched_names = array[${`${ERASED} lead`}]::text[], matches = '[]'::jsonb, decision_notes = null
      where firm_id = ${firmId} and id = ${lead.conflictCheckId}`);
  await tx.execute(
    sql`update consultation_booking_links set sent_to = ${`${ERASED} lead`} where firm_id = ${firmId} and lead_id = ${leadId}`,
  );
  await tx.execute(sql`update signature_request_signers set name = ${`${ERASED} lead`}, email = 'erased-' || id || '@erased.invalid',
      signature_mark = null, initials_mark = null
    where firm_id = ${firmId} and lead_id = ${leadId}`);
  return uploads.map((upload) => upload.storageKey);
}

export async function anonymiseOpposingParty(tx: Tx, firmId: string, partyId: string) {
  const [party] = await rowsOf<{ name: string }>(
    tx.execute(sql`select name from matter_parties where firm_id = ${firmId} and id = ${partyId} for update`),
  );
  await tx.execute(sql`update matter_parties set name = ${`${ERASED} party`}, notes = '' where firm_id = ${firmId} and id = ${partyId}`);
  if (party) await forgetUnheldNames(tx, firmId, textArray([party.name]));
}
