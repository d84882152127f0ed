import { AUDIT_EVENTS, AUDIT_RECORD_TYPES } from '../audit/audit-events.ts';

import { EXPENSE_REPORT_STATUSES } from './expense-report.schemas.ts';
import { INVOICE_REGISTER_STATUSES } from './invoice-register.schemas.ts';
import { STATUTORY_BOOK_NAMES, STATUTORY_BOOKS } from './statutory-books.schemas.ts';

/**
 * The report centre's reports (issue 37): the address of each (`/api/admin/reports/<name>` and
 * `/reports/<name>`), its title, what it answers, who may read it, and the filters it offers. The
 * server registers a route per entry and the web lists and filters them from this one table.
 * Filters dormantMonths (a number of months without a movement: the query's DormantMonths) and book
 * (one of the report's `books`: the query's Book) are as their reports describe them.
 *
 * The filters the web can offer, each setting its query parameter: dateRange From/To, asOfDate
 * AsOfDate, feeEarner FeeEarnerId, client ClientId, matter MatterId, practiceArea PracticeAreaId,
 * currency CurrencyCode, status Status, user UserId (the team member who acted), action Action,
 * recordType RecordType, text Text (free text).
 */
export const REPORT_FILTERS = [
  'dateRange',
  'asOfDate',
  'feeEarner',
  'client',
  'matter',
  'practiceArea',
  'currency',
  'status',
  'user',
  'action',
  'recordType',
  'text',
  'dormantMonths',
  'book',

  'groupBy',
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export type ReportEntry = {
  name: string;
  title: string;
  summary: string;
  permission: 'Reports' | 'viewReportsAuditTrail';
  filters: readonly ReportFilter[];
  /** The choices of the Status filter, when the report has one. */
  statuses?: readonly string[];
  /** The choices of the Action filter (auditActionLabel reads each as words). */
  actions?: readonly string[];
  /** The choices of the Record type filter (auditRecordTypeLabel reads each as words). */
  recordTypes?: readonly string[];
  /** The choices of the Book filter (value and label), the first being the default, when the report has one. */
  books?: readonly { value: string; label: string }[];

  /** The choices of the Group by filter (the query's GroupBy), the first the default, when the report has one. */
  groupings?: readonly { value: string; label: string }[];
};

/** The time reports' Group by: a row per fee earner, or per matter and fee earner (TIME_REPORT_GROUPINGS). */
const TIME_REPORT_GROUPING_CHOICES = [
  { value: 'feeEarner', label: 'Fee earner' },
  { value: 'matter', label: 'Matter and fee earner' },
] as const;

export const REPORTS = [
  {
    name: 'work-in-progress',
    title: 'Work in progress',
    summary: 'Unbilled billable time, expenses and flat fees by fee earner, or by matter and fee earner, aged by activity date.',
    permission: 'Reports',
    filters: ['dateRange', 'feeEarner', 'client', 'matter', 'practiceArea', 'groupBy'],
    groupings: TIME_REPORT_GROUPING_CHOICES,
  },
  {
    name: 'aged-receivables',
    title: 'Aged receivables',
    summary: 'Open balances of issued invoices by client and matter, by days past due, per currency, as of any date.',
    permission: 'Reports',
    filters: ['asOfDate', 'client', 'matter', 'currency'],
  },
  {
    name: 'collections',
    title: 'Collections',
    summary: 'Payments received in a period by client, matter and fee earner, per currency.',
    permission: 'Reports',
    filters: ['dateRange', 'feeEarner', 'client', 'matter', 'currency'],
  },
  {
    name: 'billable-hours',
    title: 'Billable hours',
    summary:
      'Billable, non-billable, billed and unbilled hours and their values by fee earner, or by matter and fee earner, by activity date.',
    permission: 'Reports',
    filters: ['dateRange', 'feeEarner', 'client', 'matter', 'practiceArea', 'groupBy'],
    groupings: TIME_REPORT_GROUPING_CHOICES,
  },
  {
    name: 'utilisation',
    title: 'Utilisation',
    summary: 'Billable hours ÷ available hours per fee earner and for the firm, month by month.',
    permission: 'Reports',
    filters: ['dateRange', 'feeEarner'],
  },
  {
    name: 'realisation',
    title: 'Realisation',
    summary:
      'Billed ÷ standard value of time worked, collected ÷ billed and collected ÷ standard value, by fee earner, matter or practice area.',
    permission: 'Reports',
    filters: ['dateRange', 'feeEarner', 'matter', 'practiceArea', 'groupBy'],
    groupings: [
      { value: 'feeEarner', label: 'Fee earner' },
      { value: 'matter', label: 'Matter' },
      { value: 'practiceArea', label: 'Practice area' },
    ],
  },
  {
    name: 'matter-profitability',
    title: 'Matter profitability',
    summary: 'Fees billed and collected, the cost of time and non-recoverable expenses, and the margin of each matter.',
    permission: 'Reports',
    filters: ['dateRange', 'client', 'matter', 'practiceArea'],
  },
  {
    name: 'trust-listing',
    title: 'Client trust listing',
    summary:
      'Each client’s and matter’s trust balance per trust account and currency as of a date, dormant balances, and the trust ledger behind each.',
    permission: 'Reports',
    filters: ['asOfDate', 'client', 'matter', 'currency', 'dormantMonths'],
  },
  {
    name: 'invoice-register',
    title: 'Invoice register',
    summary: 'Every invoice: its dates, subtotal, tax, total, paid, credited or written off, balance and status, per currency.',
    permission: 'Reports',
    filters: ['dateRange', 'client', 'matter', 'currency', 'status'],
    statuses: INVOICE_REGISTER_STATUSES,
  },
  {
    name: 'expense-report',
    title: 'Expense report',
    summary: 'Every expense with its client and matter (or the firm), amounts, approval, payment and billing, with totals per currency.',
    permission: 'Reports',
    filters: ['dateRange', 'client', 'matter', 'feeEarner', 'status'],
    statuses: EXPENSE_REPORT_STATUSES,
  },
  {
    name: 'statutory-books',
    title: 'Statutory books (Nigeria)',
    summary:
      'The clients’ cash book, the clients’ ledger and the record of bills of costs, as the Legal Practitioners’ Accounts Rules 1964 lay them out, printable for inspection.',
    permission: 'Reports',
    filters: ['dateRange', 'client', 'book'],
    books: STATUTORY_BOOKS.map((value) => ({ value, label: STATUTORY_BOOK_NAMES[value] })),
  },
  {
    name: 'leads',
    title: 'Leads and consultations',
    summary:
      'Leads by source and status, the conversion rate, the days from enquiry to engagement, and the consultation fees collected, per currency.',
    permission: 'Reports',
    filters: ['dateRange'],
  },
  {
    name: 'audit-trail',
    title: 'Audit trail',
    summary: 'Every change to money, client data, permissions and settings: when, who, from where, what record, before and after.',
    permission: 'viewReportsAuditTrail',
    filters: ['dateRange', 'user', 'action', 'recordType', 'text'],
    actions: AUDIT_EVENTS,
    recordTypes: AUDIT_RECORD_TYPES,
  },
] as const satisfies readonly ReportEntry[];

export const reportEntryOf = (name: string): ReportEntry | undefined => REPORTS.find((report) => report.name === name);
