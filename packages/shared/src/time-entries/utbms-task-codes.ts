/**
 * The UTBMS litigation task codes (L100–L500 phases and their tasks) a time entry may carry. The
 * codes alone: the time-entry schema every firm page loads needs them, the names only the popup
 * (utbms-task-names.ts).
 */
export const UTBMS_TASK_CODE_VALUES = [
  'L110',
  'L120',
  'L130',
  'L140',
  'L150',
  'L160',
  'L190',
  'L210',
  'L220',
  'L230',
  'L240',
  'L250',
  'L260',
  'L310',
  'L320',
  'L330',
  'L340',
  'L350',
  'L390',
  'L410',
  'L420',
  'L430',
  'L440',
  'L450',
  'L460',
  'L470',
  'L510',
  'L520',
  'L530',
] as const;

export type UtbmsTaskCode = (typeof UTBMS_TASK_CODE_VALUES)[number];
