export type NavItem = { label: string; to: string; match: string };

/** The main side navigation; `match` is the path prefix that marks the item active. */
export const MAIN_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', match: '/dashboard' },
  { label: 'Clients', to: '/clients/list', match: '/clients' },
  { label: 'Conflict Check', to: '/conflict-check', match: '/conflict-check' },
  { label: 'Matters', to: '/matter/matter-list', match: '/matter' },
  { label: 'Time Entries', to: '/time-entries', match: '/time-entries' },
  { label: 'Progress Update', to: '/progress-update?activeTab=progress-notes', match: '/progress-update' },
  { label: 'Expenses', to: '/expense-request/direct-expense?activeTab=client', match: '/expense-request' },
  { label: 'Billing', to: '/billing', match: '/billing' },
  { label: 'Trust Account', to: '/trust-account/accounts', match: '/trust-account' },
  { label: 'Documents', to: '/documents', match: '/documents' },
  { label: 'Accounting', to: '/accounting', match: '/accounting' },
  { label: 'Settings', to: '/settings', match: '/settings' },
];

export type SecondaryNav = { title: string; items: readonly NavItem[] };

const SECONDARY_NAVS: ReadonlyArray<{ prefix: string; nav: SecondaryNav }> = [
  {
    prefix: '/settings',
    nav: {
      title: 'Settings',
      items: [
        { label: 'General', to: '/settings', match: '/settings' },
        { label: 'Firm Profile', to: '/settings/firm-profile', match: '/settings/firm-profile' },
        { label: 'Team', to: '/settings/team', match: '/settings/team' },
        { label: 'Roles & Permissions', to: '/settings/roles', match: '/settings/roles' },
        { label: 'Activity Types', to: '/settings/activity-types', match: '/settings/activity-types' },
        { label: 'Practice Areas', to: '/settings/practice-areas', match: '/settings/practice-areas' },
        { label: 'Currencies', to: '/settings/currencies', match: '/settings/currencies' },
        { label: 'Custom Fields', to: '/settings/custom-fields', match: '/settings/custom-fields' },
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
        { label: 'Direct Expenses', to: '/expense-request/direct-expense?activeTab=client', match: '/expense-request/direct-expense' },
        { label: 'Add Expense', to: '/expense-request/direct-expense/add-expense', match: '/expense-request/direct-expense/add-expense' },
      ],
    },
  },
  {
    prefix: '/billing',
    nav: {
      title: 'Billing',
      items: [
        { label: 'Overview', to: '/billing', match: '/billing' },
        { label: 'Flat Fees', to: '/billing/flat-fees', match: '/billing/flat-fees' },
        { label: 'Invoices', to: '/billing/invoice/invoice-empty', match: '/billing/invoice' },
      ],
    },
  },
  {
    prefix: '/documents',
    nav: { title: 'Documents', items: [{ label: 'All Documents', to: '/documents', match: '/documents' }] },
  },
];

/** SPEC.md §2: settings, expense-request, billing and documents use a settings-style side navigation. */
export function secondaryNavFor(pathname: string): SecondaryNav | null {
  const found = SECONDARY_NAVS.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return found?.nav ?? null;
}

/** The most specific item whose prefix matches is the active one. */
export function activeItemOf(items: readonly NavItem[], pathname: string): NavItem | null {
  const matching = items.filter((item) => pathname === item.match || pathname.startsWith(`${item.match}/`));
  return matching.sort((a, b) => b.match.length - a.match.length)[0] ?? null;
}
