import { ADMINISTRATOR } from '@matterhorn/shared';

const crud = (resource: string) => [resource, `${resource}.create`, `${resource}.edit`, `${resource}.delete`];

/** The roles every new firm starts with; firms edit them or add their own in settings. */
export const DEFAULT_ROLES = [
  { name: 'Administrator', permissions: [ADMINISTRATOR] },
  {
    name: 'Fee Earner',
    permissions: [
      ...crud('timeEntry'),
      'clientInfo',
      'clientInfo.create',
      'clientInfo.edit',
      'matterMaster',
      'matterMaster.create',
      'matterMaster.edit',
      ...crud('progressNote'),
      ...crud('courtUpdate'),
      'expensePermission',
      'expensePermission.create',
      'flatFeePermission',
      'document',
      'document.create',
      'document.edit',
      'viewSummary',
    ],
  },
  {
    name: 'Billing',
    permissions: [
      'timeEntry',
      'clientInfo',
      'matterMaster',
      ...crud('invoice'),
      ...crud('paymentInfo'),
      ...crud('expensePermission'),
      ...crud('flatFeePermission'),
      'trustAccountRequest',
      'trustAccountRequest.create',
      'chartofAccount',
      'journalEntry',
      'journalEntry.create',
      'budget',
      'Reports',
      'viewSummary',
    ],
  },
] as const;

export const ADMINISTRATOR_ROLE_NAME = 'Administrator';
