/**
 * Which of the firm's tables the full export writes. "Every record" means every kind: the list is
 * the schema's own (every table with a firm_id, read when the export runs), so a table added later
 * is exported without anyone remembering to add it here. A table is left out only if it is named
 * below with its reason; the file names and descriptions below only make the README readable.
 */

export type ExportedTable = { file: string; table: string; about: string };

/** Tables never exported, each with why: sign-in secrets and copies of the API's answers, not the firm's records. */
export const TABLES_NOT_EXPORTED: Readonly<Record<string, string>> = {
  auth_tokens: 'Sign-in, invitation and password-reset tokens: secrets that would let the holder in.',
  sessions: 'Who is signed in on which device: live sign-in sessions.',
  user_passkeys: 'Passkey credentials (public keys and credential ids) used to sign in.',
  user_recovery_codes: 'Two-step sign-in recovery codes (hashed): secrets.',
  calendar_feeds: 'Calendar feed addresses: each row is only a secret token for a member’s feed.',
  portal_calendar_feeds: 'Portal calendar feed addresses: each row is only a secret token for a client’s feed.',
  idempotency_keys: 'Copies of the API’s answers kept a day so a repeated request is not done twice; not records.',
};

/** The names and descriptions the README gives the best-known kinds; any other table is written under its own name. */
const DESCRIBED: readonly ExportedTable[] = [
  { file: 'clients', table: 'clients', about: 'Clients (people and companies), with their numbers, contact details and status.' },
  { file: 'contacts', table: 'client_contacts', about: 'The contact people of company clients.' },
  { file: 'matters', table: 'matters', about: 'Matters, with their client, billing type, status and dates.' },
  { file: 'matter-fee-earners', table: 'matter_assignees', about: 'Who works on each matter, at what hourly rate.' },
  { file: 'time-entries', table: 'time_entries', about: 'Time entries: date, fee earner, hours, rate, amount, billing status.' },
  { file: 'expenses', table: 'expenses', about: 'Expenses, client and firm, with approval and payment status.' },
  { file: 'flat-fees', table: 'flat_fees', about: 'Flat fees charged on matters.' },
  { file: 'invoices', table: 'invoices', about: 'Invoices (drafts included), their totals, balances and status.' },
  { file: 'invoice-lines', table: 'invoice_lines', about: 'Each invoice’s lines, as billed.' },
  { file: 'payments', table: 'invoice_payments', about: 'Payments received against invoices.' },
  { file: 'credit-notes', table: 'credit_notes', about: 'Credit notes issued against invoices.' },
  { file: 'trust-accounts', table: 'trust_accounts', about: 'The firm’s trust (client money) bank accounts.' },
  { file: 'trust-movements', table: 'trust_transactions', about: 'Every movement of client money, in the order recorded.' },
  { file: 'journals', table: 'journal_entries', about: 'The general ledger’s journal entries.' },
  { file: 'journal-lines', table: 'journal_lines', about: 'Each journal entry’s debit and credit lines.' },
  { file: 'progress-notes', table: 'progress_notes', about: 'Progress notes on matters (text and HTML).' },
  { file: 'court-updates', table: 'court_updates', about: 'Court updates: hearings, outcomes and adjourned dates.' },
  { file: 'users', table: 'users', about: 'The firm’s team members (no passwords or sign-in secrets).' },
  { file: 'intake-forms', table: 'intake_forms', about: 'Intake forms: their fields, address and whether they are published.' },
  { file: 'intake-uploads', table: 'intake_uploads', about: 'Files sent with enquiries: name, type, size, lead and form field.' },
  { file: 'leads', table: 'leads', about: 'Leads (enquiries): contact details, source, status, assignee and what the form asked.' },
  { file: 'lead-events', table: 'lead_events', about: 'Each lead’s timeline: status changes, notes, bookings and letters.' },
  { file: 'consultation-settings', table: 'consultation_settings', about: 'How consultations are booked: length, hours, fee.' },
  { file: 'consultations', table: 'consultations', about: 'Consultations booked with leads: when, with whom, fee and status.' },
  { file: 'consultation-payments', table: 'consultation_payments', about: 'Consultation fees paid online, per gateway.' },
  { file: 'signature-requests', table: 'signature_requests', about: 'Documents sent for signature and their status.' },
  { file: 'signature-signers', table: 'signature_request_signers', about: 'Each request’s signers (no link tokens).' },
  { file: 'signature-fields', table: 'signature_request_fields', about: 'The places to sign or fill on each request’s pages.' },
  { file: 'signature-events', table: 'signature_request_events', about: 'What happened to each request: sent, viewed, signed.' },
  { file: 'engagements', table: 'engagements', about: 'Engagement terms of leads, their letter and what converting opened.' },
  {
    file: 'data-subject-requests',
    table: 'data_subject_requests',
    about: 'Data-subject requests (access, erasure…), their deadlines and outcomes.',
  },
  { file: 'breaches', table: 'breach_incidents', about: 'The breach register: what happened, what data, who was told and when.' },
  { file: 'client-messages', table: 'client_messages', about: 'Text and WhatsApp messages sent to clients, and their delivery.' },
  { file: 'privacy-notice-consents', table: 'privacy_notice_consents', about: 'Which portal account accepted which privacy notice, when.' },
  { file: 'matter-calls', table: 'matter_calls', about: 'Calls logged on matters: with whom, how long, the note.' },
  { file: 'payment-plans', table: 'payment_plans', about: 'Payment plans agreed on invoices.' },
  { file: 'payment-plan-instalments', table: 'payment_plan_instalments', about: 'Each plan’s instalments: due date and amount.' },
  { file: 'wht-credit-notes', table: 'withholding_tax_credit_notes', about: 'Withholding tax credit notes received against payments.' },
  { file: 'tasks', table: 'tasks', about: 'Tasks on matters: due date, priority, status.' },
  { file: 'calendar-events', table: 'calendar_events', about: 'Calendar events: when, where, on which matter.' },
  { file: 'portal-messages', table: 'portal_messages', about: 'Messages between the firm and clients on the portal.' },
];

/** The tables to export, in the README's order: the described kinds first, then every other firm table by name. */
export function exportedTablesOf(tenantTables: readonly string[]): ExportedTable[] {
  const present = new Set(tenantTables);
  const described = DESCRIBED.filter((entry) => present.has(entry.table));
  const named = new Set(described.map((entry) => entry.table));
  const others = [...present]
    .filter((table) => !named.has(table) && !(table in TABLES_NOT_EXPORTED))
    .sort()
    .map((table) => ({
      file: table.replace(/_/g, '-'),
      table,
      about: `The firm’s ${table.replace(/_/g, ' ')} records, every field as stored.`,
    }));
  return [...described, ...others];
}
