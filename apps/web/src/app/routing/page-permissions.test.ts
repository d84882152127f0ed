import { hasPermissions } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { requiredPermissionsFor } from './page-permissions.ts';

describe('requiredPermissionsFor', () => {
  it.each([
    ['/dashboard', '', []],
    ['/settings', '', []],
    ['/clients/list', '', ['clientInfo']],
    ['/matter/add-new-matter', '', ['matterMaster']],
    ['/time-entries', '', ['timeEntry']],
    ['/progress-update', '?activeTab=progress-notes', ['progressNote']],
    ['/progress-update', '?activeTab=court-update', ['courtUpdate']],
    ['/progress-update/add-progress-update', '', ['progressNote.create']],
    ['/progress-update/add-progress-update', '?iscourtupdate=true', ['courtUpdate.create']],
    ['/expense-request/direct-expense', '?activeTab=client', ['expensePermission']],
    ['/billing/flat-fees/add-new-flat-fee', '', ['flatFeePermission']],
    ['/billing/invoice/invoice-empty', '', ['invoice']],
    ['/settings/plans-&-subscriptions/select-plan', '', ['subscriptionPlan']],
    ['/trust-account/record/3', '', ['trustAccountRequest']],
    ['/documents', '', ['document']],
    ['/accounting', '', ['chartofAccount']],
    ['/view/court-update', '', ['courtUpdate']],
    ['/view/progress-note', '', ['progressNote']],
  ])('%s%s needs %j', (pathname, search, expected) => {
    expect(requiredPermissionsFor(pathname, search)).toEqual(expected);
  });

  it('accepts the activity alternative for progress notes', () => {
    expect(hasPermissions(['activity'], requiredPermissionsFor('/progress-update', '?activeTab=progress-notes'))).toBe(true);
  });
});
