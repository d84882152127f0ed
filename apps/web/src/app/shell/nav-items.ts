import {
  IconBriefcase,
  IconBuildingBank,
  IconCalculator,
  IconChartBar,
  IconClock,
  IconFileInvoice,
  IconFolder,
  IconLayoutDashboard,
  IconListCheck,
  IconNotes,
  IconCalendarEvent,
  IconReceipt,
  IconSettings,
  IconUsers,
  IconUserPlus,
  IconUserSearch,
  type Icon,
} from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import { canOpen } from '../routing/page-permissions.ts';

export type NavItem = {
  label: string;
  to: string;
  match: string;
  /**
   * Tabs of one page as separate items: the item is active only on `match` itself with this query
   * parameter's value (`isDefault`: also when the parameter is absent or another value).
   */
  matchParam?: { name: string; value: string; isDefault?: boolean };
  /** Where the item leads instead when the user may not open `to` (Billing: its flat fees without invoice rights). */
  fallbacks?: readonly string[];
};
/** Main items carry an icon: the collapsed menu shows only icons, named by the label. */
export type MainNavItem = NavItem & { icon: Icon };

/** The main side navigation; `match` is the path prefix that marks the item active. */
export const MAIN_NAV_ITEMS: readonly MainNavItem[] = [
  { label: 'Dashboard', to: '/dashboard', match: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Clients', to: '/clients/list', match: '/clients', icon: IconUsers },
  { label: 'Leads', to: '/leads', match: '/leads', icon: IconUserPlus },
  { label: 'Conflict Check', to: '/conflict-check', match: '/conflict-check', icon: IconUserSearch },
  { label: 'Matters', to: '/matter/matter-list', match: '/matter', icon: IconBriefcase },
  { label: 'Time Entries', to: '/time-entries', match: '/time-entries', icon: IconClock },
  { label: 'Tasks', to: '/tasks', match: '/tasks', icon: IconListCheck },
  { label: 'Progress Update', to: '/progress-update?activeTab=progress-notes', match: '/progress-update', icon: IconNotes },
  { label: 'Calendar', to: '/calendar', match: '/calendar', icon: IconCalendarEvent },
  { label: 'Expenses', to: '/expense-request/direct-expense?activeTab=client', match: '/expense-request', icon: IconReceipt },
  { label: 'Billing', to: '/billing', match: '/billing', icon: IconFileInvoice, fallbacks: ['/billing/flat-fees'] },
  { label: 'Trust Account', to: '/trust-account/accounts', match: '/trust-account', icon: IconBuildingBank },
  { label: 'Documents', to: '/documents', match: '/documents', icon: IconFolder },
  { label: 'Accounting', to: '/accounting', match: '/accounting', icon: IconCalculator },
  { label: 'Reports', to: '/reports', match: '/reports', icon: IconChartBar },
  // General needs the firm's settings permission; every member may open their own account.
  { label: 'Settings', to: '/settings', match: '/settings', icon: IconSettings, fallbacks: ['/settings/my-account'] },
];

/** Only the items whose pages the user may open: the menu never leads to the Unauthorized page. */
export function openableItems<T extends NavItem>(items: readonly T[], pages: RouteObject[], permissions: readonly string[]): T[] {
  return items.flatMap((item) => {
    const to = [item.to, ...(item.fallbacks ?? [])].find((path) => canOpen(pages, permissions, path));
    return to === undefined ? [] : [to === item.to ? item : { ...item, to }];
  });
}

export type SecondaryNav = { title: string; items: readonly NavItem[] };

/** An accounting page's item, active on its own address (written once: the menu is in every firm page's JavaScript). */
const accountingPage = (label: string, page: string): NavItem => ({ label, to: `/accounting/${page}`, match: `/accounting/${page}` });

const SECONDARY_NAVS: ReadonlyArray<{ prefix: string; nav: SecondaryNav }> = [
  {
    prefix: '/settings',
    nav: {
      title: 'Settings',
      items: [
        { label: 'General', to: '/settings', match: '/settings' },
        { label: 'My Account', to: '/settings/my-account', match: '/settings/my-account' },
        { label: 'Firm Profile', to: '/settings/firm-profile', match: '/settings/firm-profile' },
        { label: 'Team', to: '/settings/team', match: '/settings/team' },
        { label: 'Roles & Permissions', to: '/settings/roles', match: '/settings/roles' },
        { label: 'Activity Types', to: '/settings/activity-types', match: '/settings/activity-types' },
        { label: 'Practice Areas', to: '/settings/practice-areas', match: '/settings/practice-areas' },
        { label: 'Task Lists', to: '/settings/task-lists', match: '/settings/task-lists' },
        { label: 'Currencies', to: '/settings/currencies', match: '/settings/currencies' },
        { label: 'Invoice Settings', to: '/settings/invoices', match: '/settings/invoices' },
        { label: 'Invoice Reminders', to: '/settings/invoice-reminders', match: '/settings/invoice-reminders' },
        { label: 'Consultations', to: '/settings/consultations', match: '/settings/consultations' },
        { label: 'SMS & WhatsApp', to: '/settings/client-messages', match: '/settings/client-messages' },
        { label: 'Expense Categories', to: '/settings/expense-categories', match: '/settings/expense-categories' },
        { label: 'Custom Fields', to: '/settings/custom-fields', match: '/settings/custom-fields' },
        { label: 'Recycle bin', to: '/settings/recycle-bin', match: '/settings/recycle-bin' },
        { label: 'Export data', to: '/settings/export', match: '/settings/export' },
        { label: 'Import data', to: '/settings/import', match: '/settings/import' },
        { label: 'Backups', to: '/settings/backups', match: '/settings/backups' },
        { label: 'Data protection', to: '/settings/data-protection', match: '/settings/data-protection' },
        {
          label: 'Plans & Subscriptions',
          to: '/settings/plans-&-subscriptions/select-plan',
          match: '/settings/plans-&-subscriptions',
        },
      ],
    },
  },
  {
    prefix: '/expense-request',
    nav: {
      title: 'Expenses',
      items: [
        {
          label: 'Client Expenses',
          to: '/expense-request/direct-expense?activeTab=client',
          match: '/expense-request/direct-expense',
          matchParam: { name: 'activeTab', value: 'client' },
        },
        {
          label: 'Firm Expenses',
          to: '/expense-request/direct-expense?activeTab=firm',
          match: '/expense-request/direct-expense',
          // SPEC.md §7: anything but the client tab is the firm's.
          matchParam: { name: 'activeTab', value: 'firm', isDefault: true },
        },
        { label: 'Approvals', to: '/expense-request/approvals', match: '/expense-request/approvals' },
      ],
    },
  },
  {
    prefix: '/billing',
    nav: {
      title: 'Billing',
      items: [
        { label: 'Invoices', to: '/billing', match: '/billing', matchParam: { name: 'view', value: 'invoices', isDefault: true } },
        {
          label: 'Aged Receivables',
          to: '/billing?view=aged-receivables',
          match: '/billing',
          matchParam: { name: 'view', value: 'aged-receivables' },
        },
        { label: 'New Invoice', to: '/billing/invoice/invoice-empty', match: '/billing/invoice' },
        { label: 'Bill Runs', to: '/billing/bill-runs', match: '/billing/bill-runs' },
        { label: 'Pre-bill Review', to: '/billing/pre-bill-review', match: '/billing/pre-bill-review' },
        { label: 'Flat Fees', to: '/billing/flat-fees', match: '/billing/flat-fees' },
        { label: 'Reported Payments', to: '/billing/payment-reports', match: '/billing/payment-reports' },
        { label: 'Online Payments', to: '/billing/online-payments', match: '/billing/online-payments' },
        { label: 'Withholding Tax', to: '/billing/withholding-tax', match: '/billing/withholding-tax' },
      ],
    },
  },
  {
    prefix: '/accounting',
    nav: {
      title: 'Accounting',
      items: [
        accountingPage('Chart of accounts', 'chart-of-accounts'),
        accountingPage('Journal entries', 'journal-entries'),
        accountingPage('General ledger', 'general-ledger'),
        accountingPage('Trial balance', 'trial-balance'),
        accountingPage('Profit and loss', 'profit-and-loss'),
        accountingPage('Balance sheet', 'balance-sheet'),
        accountingPage('Budgets', 'budgets'),
        accountingPage('Bank accounts', 'bank-accounts'),
        accountingPage('VAT', 'vat'),
        accountingPage('Period close', 'period-close'),
      ],
    },
  },
  {
    prefix: '/documents',
    nav: {
      title: 'Documents',
      items: [
        { label: 'Folders', to: '/documents', match: '/documents' },
        { label: 'Search', to: '/documents/search', match: '/documents/search' },
        { label: 'Templates', to: '/documents/templates', match: '/documents/templates' },
        { label: 'Signature requests', to: '/documents/signature-requests', match: '/documents/signature-requests' },
        { label: 'Recycle bin', to: '/documents/recycle-bin', match: '/documents/recycle-bin' },
      ],
    },
  },
];

/** SPEC.md §2: settings, expense-request, billing, documents and accounting use a settings-style side navigation. */
export function secondaryNavFor(pathname: string): SecondaryNav | null {
  const found = SECONDARY_NAVS.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return found?.nav ?? null;
}

/** The most specific item whose prefix matches is the active one. */
export function activeItemOf(items: readonly NavItem[], pathname: string, search = ''): NavItem | null {
  const params = new URLSearchParams(search);
  const matching = items.filter((item) => {
    if (item.matchParam) {
      const { name, value, isDefault = false } = item.matchParam;
      const tabItems = items.filter((other) => other.match === item.match && other.matchParam?.name === name);
      const actual = params.get(name);
      const isOtherTab = tabItems.some((other) => other !== item && other.matchParam?.value === actual);
      return pathname === item.match && (actual === value || (isDefault && !isOtherTab));
    }
    return pathname === item.match || pathname.startsWith(`${item.match}/`);
  });
  return matching.sort((a, b) => b.match.length - a.match.length)[0] ?? null;
}
