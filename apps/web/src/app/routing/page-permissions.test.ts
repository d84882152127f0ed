import { hasPermissions } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { requiredPermissionsFor } from './page-permissions.ts';

describe('requiredPermissionsFor', () => {
  it.each([
    ['/dashboard', '', []],
    ['/settings', '', []],
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
    ['/expense-request/direct-expense', '?activeTab=client', ['expensePermission']],
    ['/billing/flat-fees/add-new-flat-fee', '', ['flatFeePermission']],
    ['/billing/invoice/invoice-empty', '', ['invoice']],
    ['/settings/plans-&-subscriptions/select-plan', '', ['subscriptionPlan']],
    ['/settings/team', '', ['adminUsers']],
    ['/settings/roles', '', ['adminRoles']],
    ['/settings/firm-profile', '', ['updateAccountSettings']],
    ['/settings/currencies', '', ['updateAccountSettings']],
    ['/settings/custom-fields', '', ['updateAccountSettings']],
    ['/settings/activity-types', '', []],
    ['/settings/practice-areas', '', []],
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
