import { hasPermissions } from '@matterhorn/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { canOpen, isPageHandle, requiredPermissionsFor } from './page-permissions.ts';
import { firmPages } from './firm-routes.tsx';

const pages = firmPages();

describe('requiredPermissionsFor, read from the permissions each firm route declares', () => {
  it.each([
    ['/dashboard', '', []],
    ['/settings', '', ['updateAccountSettings']],
    ['/clients/list', '', ['clientInfo']],
    ['/clients/add-new-client', '', ['clientInfo.create']],
    ['/clients/0b7f0a52-1d2e-4a8f-9c3b-5d6e7f8a9b0c', '', ['clientInfo']],
    ['/clients/0b7f0a52-1d2e-4a8f-9c3b-5d6e7f8a9b0c/edit', '', ['clientInfo.edit']],
    ['/conflict-check', '', ['clientInfo']],
    ['/matter/matter-list', '', ['matterMaster']],
    ['/matter/add-new-matter', '', ['matterMaster.create']],
    ['/matter/0b7f0a52-1d2e-4a8f-9c3b-5d6e7f8a9b0c', '', ['matterMaster']],
    ['/matter/0b7f0a52-1d2e-4a8f-9c3b-5d6e7f8a9b0c/edit', '', ['matterMaster.edit']],
    ['/time-entries', '', ['timeEntry']],
    ['/progress-update', '?activeTab=progress-notes', ['progressNote']],
    ['/progress-update', '?activeTab=court-update', ['courtUpdate']],
    ['/progress-update/add-progress-update', '', ['progressNote.create']],
    ['/progress-update/add-progress-update', '?iscourtupdate=true', ['courtUpdate.create']],
    ['/progress-update/edit-progress-note/3', '', ['progressNote.edit']],
    ['/progress-update/edit-court-update/3', '', ['courtUpdate.edit']],
    ['/calendar', '', []],
    ['/expense-request/direct-expense', '?activeTab=client', ['expensePermission']],
    ['/expense-request/direct-expense', '?activeTab=firm', ['expensePermission']],
    ['/expense-request/direct-expense/add-expense', '', ['expensePermission.create']],
    ['/expense-request/direct-expense/edit-expense/0b7f0a52-1d2e-4a8f-9c3b-5d6e7f8a9b0c', '', ['expensePermission']],
    ['/expense-request/approvals', '', ['expensePermission.edit']],
    ['/billing', '', ['invoice']],
    ['/billing', '?view=aged-receivables', ['invoice']],
    ['/billing/invoices/0b7f0a52-1d2e-4a8f-9c3b-5d6e7f8a9b0c', '', ['invoice']],
    ['/billing/invoices/0b7f0a52-1d2e-4a8f-9c3b-5d6e7f8a9b0c/edit', '', ['invoice.edit']],
    ['/billing/flat-fees', '', ['flatFeePermission']],
    ['/billing/flat-fees', '?search=lease', ['flatFeePermission']],
    ['/billing/flat-fees/add-new-flat-fee', '', ['flatFeePermission.create']],
    ['/billing/flat-fees/edit/0b7f0a52-1d2e-4a8f-9c3b-5d6e7f8a9b0c', '', ['flatFeePermission.edit']],
    ['/billing/invoice/invoice-empty', '', ['invoice.create']],
    ['/billing/payment-reports', '', ['paymentInfo']],
    ['/billing/online-payments', '', ['paymentInfo']],
    ['/billing/withholding-tax', '', ['paymentInfo']],
    ['/settings/plans-&-subscriptions/select-plan', '', ['subscriptionPlan']],
    ['/settings/my-account', '', []],
    ['/settings/team', '', ['adminUsers']],
    ['/settings/roles', '', ['adminRoles']],
    ['/settings/firm-profile', '', ['updateAccountSettings']],
    ['/settings/currencies', '', ['updateAccountSettings']],
    ['/settings/invoices', '', ['updateAccountSettings']],
    ['/settings/invoice-reminders', '', ['invoice']],
    ['/settings/custom-fields', '', ['updateAccountSettings']],
    ['/settings/recycle-bin', '', ['recycleBin']],
    ['/settings/recycle-bin', '?kind=matter&search=lease', ['recycleBin']],
    ['/settings/export', '', ['administrator']],
    ['/settings/import', '', ['bulkImport']],
    ['/settings/activity-types', '', []],
    ['/settings/practice-areas', '', []],
    ['/settings/expense-categories', '', []],
    ['/trust-account/record/3', '', ['trustAccountRequest']],
    ['/documents', '', ['document']],
    ['/documents/folder/3', '', ['document']],
    ['/documents/templates', '', ['document']],
    ['/accounting', '', ['chartofAccount']],
    ['/accounting/profit-and-loss', '', ['chartofAccount']],
    ['/view/court-update', '', ['courtUpdate']],
    ['/view/progress-note', '', ['progressNote']],
  ])('%s%s needs %j', (pathname, search, expected) => {
    expect(requiredPermissionsFor(pages, pathname, search)).toEqual(expected);
  });

  it('accepts the activity alternative for progress notes', () => {
    expect(hasPermissions(['activity'], requiredPermissionsFor(pages, '/progress-update', '?activeTab=progress-notes')!)).toBe(true);
  });

  it('answers each table by its own routes, and the same after a long session of addresses', () => {
    const other: RouteObject[] = [{ path: 'dashboard', handle: { permissions: ['viewSummary'] } }];
    expect(requiredPermissionsFor(other, '/dashboard')).toEqual(['viewSummary']);
    expect(requiredPermissionsFor(pages, '/dashboard')).toEqual([]);
    for (let matter = 0; matter < 600; matter += 1) requiredPermissionsFor(pages, `/matter/${matter}`);
    expect(requiredPermissionsFor(pages, '/matter/7')).toEqual(['matterMaster']);
    expect(requiredPermissionsFor(pages, '/clients/list')).toEqual(['clientInfo']);
  });

  it('knows no permissions for a path that is not a firm page, so nothing links there', () => {
    expect(requiredPermissionsFor(pages, '/no-such-page')).toBeNull();
    expect(canOpen(pages, ['administrator'], '/no-such-page')).toBe(false);
  });
});

describe('every firm-side route declares its permissions', () => {
  function leavesOf(routes: RouteObject[]): RouteObject[] {
    return routes.flatMap((route) => (route.children ? leavesOf(route.children) : [route]));
  }

  it('has firm pages to check', () => {
    expect(leavesOf(pages).length).toBeGreaterThan(30);
  });

  it.each(leavesOf(pages).map((route) => [route.path ?? '(index)', route] as const))('%s declares a handle', (_path, route) => {
    expect(isPageHandle(route.handle)).toBe(true);
  });
});

describe('canOpen', () => {
  it('follows the declaration, query included', () => {
    expect(canOpen(pages, ['progressNote'], '/progress-update?activeTab=progress-notes')).toBe(true);
    expect(canOpen(pages, ['progressNote'], '/progress-update?activeTab=court-update')).toBe(false);
    expect(canOpen(pages, [], '/dashboard')).toBe(true);
    expect(canOpen(pages, ['timeEntry'], '/settings/team')).toBe(false);
    expect(canOpen(pages, ['administrator'], '/settings/team')).toBe(true);
    // Everyone's own sign-in settings.
    expect(canOpen(pages, [], '/settings/my-account')).toBe(true);
  });
});
