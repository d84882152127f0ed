import { describe, it, expect } from 'vitest';
import { hasPermissions } from './check-permissions.ts';
import { ADMINISTRATOR, isKnownPermission } from './permission-names.ts';

/** The resources SPEC.md §6 names as resource, resource.create, resource.edit, resource.delete. */
const SPEC_CRUD_RESOURCES = [
  'invoice',
  'timeEntry',
  'expensePermission',
  'flatFeePermission',
  'matterMaster',
  'clientInfo',
  'document',
  'paymentInfo',
  'trustAccountRequest',
  'budget',
  'chartofAccount',
  'adminRoles',
  'adminUsers',
  'teamMemberDetails',
  'subscriptionPlan',
  'bulkImport',
  'recycleBin',
];
const SPEC_SPECIAL = [
  'Reports',
  'administrator',
  'adminPermissions',
  'journalEntry',
  'journalEntry.create',
  'viewSummary',
  'viewReportsAuditTrail',
  'changeEmail',
  'updateAccountSettings',
  'invoice.approve',
  'trustAccountRequest.approve',
];
const SPEC_PLAIN_NAMES = [
  ...SPEC_CRUD_RESOURCES.flatMap((r) => [r, `${r}.create`, `${r}.edit`, `${r}.delete`]),
  ...SPEC_SPECIAL.filter((name) => name !== ADMINISTRATOR),
];

describe('hasPermissions: SPEC.md §6 rules', () => {
  it.each<[string, string[], string[], boolean]>([
    // administrator passes every check
    ['administrator, nothing required', ['administrator'], [], true],
    ['administrator, one required', ['administrator'], ['invoice'], true],
    ['administrator, many required', ['administrator'], ['invoice.approve', 'Reports', 'adminUsers.delete'], true],
    ['administrator, alternative required', ['administrator'], ['progressNote.delete', 'courtUpdate'], true],
    ['administrator, unknown name required', ['administrator'], ['somethingNew.archive'], true],
    ['administrator among others', ['timeEntry', 'administrator'], ['budget.delete'], true],
    ['administrator name is case-sensitive', ['Administrator'], ['invoice'], false],
    ['adminPermissions is not administrator', ['adminPermissions'], ['invoice'], false],

    // nothing required
    ['nothing held, nothing required', [], [], true],
    ['something held, nothing required', ['invoice'], [], true],

    // plain names: held exactly
    ['single held', ['invoice'], ['invoice'], true],
    ['single missing', [], ['invoice'], false],
    ['other name held', ['timeEntry'], ['invoice'], false],
    ['resource does not imply .create', ['invoice'], ['invoice.create'], false],
    ['.create does not imply resource', ['invoice.create'], ['invoice'], false],
    ['.edit does not imply .delete', ['invoice.edit'], ['invoice.delete'], false],
    ['.create does not imply .approve', ['invoice.create'], ['invoice.approve'], false],
    ['approve held', ['trustAccountRequest.approve'], ['trustAccountRequest.approve'], true],
    ['names are case-sensitive', ['reports'], ['Reports'], false],
    ['Reports held', ['Reports'], ['Reports'], true],
    ['no prefix matching', ['invoiceX'], ['invoice'], false],

    // every required permission must be held
    ['all of two held', ['invoice', 'invoice.create'], ['invoice', 'invoice.create'], true],
    ['one of two missing', ['invoice'], ['invoice', 'invoice.create'], false],
    ['other of two missing', ['invoice.create'], ['invoice', 'invoice.create'], false],
    ['held in any order', ['budget.edit', 'clientInfo', 'budget'], ['budget', 'budget.edit'], true],
    ['three required, two held', ['document', 'document.edit'], ['document', 'document.edit', 'document.delete'], false],
    ['duplicate requirement', ['document'], ['document', 'document'], true],

    // starting the timer needs timeEntry.create
    ['timer: timeEntry.create', ['timeEntry.create'], ['timeEntry.create'], true],
    ['timer: timeEntry only', ['timeEntry'], ['timeEntry.create'], false],
    ['timer: timeEntry.edit only', ['timeEntry.edit'], ['timeEntry.create'], false],

    // progressNote: activity or progressNote
    ['progressNote via progressNote', ['progressNote'], ['progressNote'], true],
    ['progressNote via activity', ['activity'], ['progressNote'], true],
    ['progressNote not via activity.create', ['activity.create'], ['progressNote'], false],
    ['progressNote not via progressNote.create', ['progressNote.create'], ['progressNote'], false],
    ['progressNote not via courtUpdate', ['courtUpdate'], ['progressNote'], false],
    ['progressNote with nothing', [], ['progressNote'], false],

    // courtUpdate: activity or courtUpdate
    ['courtUpdate via courtUpdate', ['courtUpdate'], ['courtUpdate'], true],
    ['courtUpdate via activity', ['activity'], ['courtUpdate'], true],
    ['courtUpdate not via activity.create', ['activity.create'], ['courtUpdate'], false],
    ['courtUpdate not via courtUpdate.create', ['courtUpdate.create'], ['courtUpdate'], false],
    ['courtUpdate not via progressNote', ['progressNote'], ['courtUpdate'], false],
    ['courtUpdate with nothing', [], ['courtUpdate'], false],

    // the alternatives are one-way: progressNote/courtUpdate never stand in for activity
    ['activity not via progressNote', ['progressNote'], ['activity'], false],
    ['activity not via courtUpdate', ['courtUpdate'], ['activity'], false],
    ['activity.create not via progressNote.create', ['progressNote.create'], ['activity.create'], false],
    ['activity.create not via courtUpdate.create', ['courtUpdate.create'], ['activity.create'], false],
    ['activity via activity', ['activity'], ['activity'], true],
    ['activity.edit is plain', ['activity.create'], ['activity.edit'], false],

    // both alternatives required together
    ['progressNote + courtUpdate via activity', ['activity'], ['progressNote', 'courtUpdate'], true],
    ['progressNote + courtUpdate via both', ['progressNote', 'courtUpdate'], ['progressNote', 'courtUpdate'], true],
    ['progressNote + courtUpdate, one held', ['progressNote'], ['progressNote', 'courtUpdate'], false],
    ['view + create via activity and activity.create', ['activity', 'activity.create'], ['progressNote', 'progressNote.create'], true],
    ['view + create via activity only', ['activity'], ['progressNote', 'progressNote.create'], false],
    ['view + create via activity.create only', ['activity.create'], ['progressNote', 'progressNote.create'], false],
    ['alternative satisfied, plain missing', ['activity'], ['progressNote', 'invoice'], false],
    ['alternative satisfied, plain held', ['activity', 'invoice'], ['progressNote', 'invoice'], true],
  ])('%s: held %j, required %j -> %s', (_label, held, required, expected) => {
    expect(hasPermissions(held, required)).toBe(expected);
  });

  // progressNote.create/.edit/.delete and courtUpdate.create/.edit/.delete: activity.create or the matching permission
  const ACTION_RULES = ['progressNote', 'courtUpdate'].flatMap((resource) =>
    ['create', 'edit', 'delete'].map((action) => `${resource}.${action}`),
  );

  it.each(ACTION_RULES)('%s passes with activity.create', (required) => {
    expect(hasPermissions(['activity.create'], [required])).toBe(true);
  });

  it.each(ACTION_RULES)('%s passes with itself', (required) => {
    expect(hasPermissions([required], [required])).toBe(true);
  });

  it.each(
    ACTION_RULES.flatMap((required) => {
      const [resource = '', action = ''] = required.split('.');
      const other = resource === 'progressNote' ? 'courtUpdate' : 'progressNote';
      const others = ['create', 'edit', 'delete'].filter((a) => a !== action);
      return [
        [required, []],
        [required, ['activity']],
        ...(action === 'create' ? [] : [[required, [`activity.${action}`]]]),
        [required, ['activity.edit', 'activity.delete']],
        [required, [resource]],
        [required, [`${other}.${action}`]],
        [required, others.map((a) => `${resource}.${a}`)],
      ] as [string, string[]][];
    }),
  )('%s fails with only %j', (required, held) => {
    expect(hasPermissions(held, [required])).toBe(false);
  });

  it.each(SPEC_PLAIN_NAMES)('%s passes when held and fails when not', (name) => {
    expect(hasPermissions([name], [name])).toBe(true);
    expect(hasPermissions([], [name])).toBe(false);
    expect(hasPermissions(['administrator'], [name])).toBe(true);
  });
});

describe('permission names (SPEC.md §6)', () => {
  it.each([
    ...SPEC_PLAIN_NAMES,
    ADMINISTRATOR,
    'activity',
    'activity.create',
    ...['progressNote', 'courtUpdate'].flatMap((r) => [r, `${r}.create`, `${r}.edit`, `${r}.delete`]),
  ])('%s is known', (name) => {
    expect(isKnownPermission(name)).toBe(true);
  });

  it.each([
    'journalEntry.edit', // journalEntry is create only
    'journalEntry.delete',
    'timeEntry.approve',
    'reports',
    'Administrator',
    'invoice.archive',
    '',
  ])('%j is not known', (name) => {
    expect(isKnownPermission(name)).toBe(false);
  });
});
