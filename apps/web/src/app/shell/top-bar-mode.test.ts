import { describe, expect, it } from 'vitest';
import { topBarModeFor, type TopBarMode } from './top-bar-mode.ts';

const CASES: ReadonlyArray<[string, TopBarMode]> = [
  // Firm pages show it.
  ['/dashboard', 'shown'],
  ['/clients/list', 'shown'],
  ['/clients/add-new-client', 'shown'],
  ['/matter/matter-list', 'shown'],
  ['/matter/add-new-matter', 'shown'],
  ['/time-entries', 'shown'],
  ['/progress-update', 'shown'],
  ['/progress-update/add-progress-update', 'shown'],
  ['/expense-request/direct-expense', 'shown'],
  ['/expense-request/direct-expense/add-expense', 'shown'],
  ['/billing', 'shown'],
  ['/billing/flat-fees', 'shown'],
  ['/billing/flat-fees/add-new-flat-fee', 'shown'],
  ['/billing/invoice/invoice-empty', 'shown'],
  ['/documents', 'shown'],
  // Hidden: settings, auth, portal, accounting, join-team and view pages.
  ['/settings', 'hidden'],
  ['/settings/plans-&-subscriptions/select-plan', 'hidden'],
  ['/login', 'hidden'],
  ['/signup', 'hidden'],
  ['/forgot-password', 'hidden'],
  ['/forgot-password/reset/abc', 'hidden'],
  ['/verification', 'hidden'],
  ['/trust-browser', 'hidden'],
  ['/setup-firm', 'hidden'],
  ['/portal/demo/login', 'hidden'],
  ['/portal/demo/signup', 'hidden'],
  ['/portal/demo/forgot-password', 'hidden'],
  ['/portal/demo/reset-password/token', 'hidden'],
  ['/portal/demo/client-1', 'hidden'],
  ['/accounting', 'hidden'],
  ['/join-team/invite-1', 'hidden'],
  ['/view/court-update', 'hidden'],
  ['/view/progress-note', 'hidden'],
  ['/billing/trust-accounting/abc', 'hidden'],
  // Not rendered at all: the invoice view and the two trust-account views.
  ['/billing/invoice/inv-123', 'absent'],
  ['/trust-account/main', 'absent'],
  ['/trust-account/record/7', 'absent'],
];

describe('topBarModeFor', () => {
  it.each(CASES)('%s -> %s', (pathname, mode) => {
    expect(topBarModeFor(pathname)).toBe(mode);
  });

  it('does not treat look-alike paths as hidden', () => {
    expect(topBarModeFor('/settingsx')).toBe('shown');
    expect(topBarModeFor('/viewer')).toBe('shown');
  });
});
