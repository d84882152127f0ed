/** Permission names of SPEC.md §6: resource, resource.create, resource.edit, resource.delete. */
export const CRUD_RESOURCES = [
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
  'activity',
  'progressNote',
  'courtUpdate',
] as const;

export type CrudResource = (typeof CRUD_RESOURCES)[number];

export const ADMINISTRATOR = 'administrator';

export const SPECIAL_PERMISSIONS = [
  'Reports',
  ADMINISTRATOR,
  'adminPermissions',
  'journalEntry',
  'journalEntry.create',
  'viewSummary',
  'viewReportsAuditTrail',
  'changeEmail',
  'updateAccountSettings',
  'invoice.approve',
  'trustAccountRequest.approve',
  /** See and record every fee earner's time, not only one's own. */
  'timeEntry.viewAll',
] as const;

export const ALL_PERMISSIONS: readonly string[] = [
  ...CRUD_RESOURCES.flatMap((resource) => [resource, `${resource}.create`, `${resource}.edit`, `${resource}.delete`]),
  ...SPECIAL_PERMISSIONS,
];

export function isKnownPermission(name: string): boolean {
  return ALL_PERMISSIONS.includes(name);
}
