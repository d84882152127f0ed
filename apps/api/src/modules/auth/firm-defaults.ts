import { ADMINISTRATOR } from '@matterhorn/shared';

const crud = (resource: string) => [resource, `${resource}.create`, `${resource}.edit`, `${resource}.delete`];

/**
 * The roles every new firm starts with; firms edit them or add their own in settings. A fee earner
 * sees their own figures on the dashboard; the firm's (viewSummary) are Billing's and the partners'.
 */
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
    ],
  },
  {
    name: 'Billing',
    permissions: [
      'timeEntry',
      'timeEntry.viewAll',
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

/** UTBMS activity codes A101–A111, the activity types every new firm starts with. */
export const DEFAULT_ACTIVITY_TYPES = [
  ['Plan and prepare', 'A101'],
  ['Research', 'A102'],
  ['Draft/revise', 'A103'],
  ['Review/analyze', 'A104'],
  ['Communicate (in firm)', 'A105'],
  ['Communicate (with client)', 'A106'],
  ['Communicate (other outside counsel)', 'A107'],
  ['Communicate (other external)', 'A108'],
  ['Appear for/attend', 'A109'],
  ['Manage data/files', 'A110'],
  ['Other', 'A111'],
] as const;

/** The expense categories every new firm starts with, each with its UTBMS expense code (migration 0028 gave existing firms the same). */
export const DEFAULT_EXPENSE_CATEGORIES = [
  ['Court filing fees', 'E112'],
  ['Travel', 'E110'],
  ['Courier', 'E107'],
  ['Photocopying', 'E101'],
  ['Expert fees', 'E119'],
  ['Postage', 'E108'],
  ['Meals', 'E111'],
  ['Other', 'E124'],
] as const;

export const DEFAULT_PRACTICE_AREAS = [
  'Corporate',
  'Criminal',
  'Employment',
  'Family',
  'Intellectual Property',
  'Litigation',
  'Probate',
  'Property',
] as const;
