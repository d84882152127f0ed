import { UTBMS_TASK_CODE_VALUES, type UtbmsTaskCode } from './utbms-task-codes.ts';

const UTBMS_TASK_NAMES: Record<UtbmsTaskCode, string> = {
  L110: 'Fact Investigation/Development',
  L120: 'Analysis/Strategy',
  L130: 'Experts/Consultants',
  L140: 'Document/File Management',
  L150: 'Budgeting',
  L160: 'Settlement/Non-Binding ADR',
  L190: 'Other Case Assessment, Development and Administration',
  L210: 'Pleadings',
  L220: 'Preliminary Injunctions/Provisional Remedies',
  L230: 'Court Mandated Conferences',
  L240: 'Dispositive Motions',
  L250: 'Other Written Motions and Submissions',
  L260: 'Class Action Certification and Notice',
  L310: 'Written Discovery',
  L320: 'Document Production',
  L330: 'Depositions',
  L340: 'Expert Discovery',
  L350: 'Discovery Motions',
  L390: 'Other Discovery',
  L410: 'Fact Witnesses',
  L420: 'Expert Witnesses',
  L430: 'Written Motions and Submissions',
  L440: 'Other Trial Preparation and Support',
  L450: 'Trial and Hearing Attendance',
  L460: 'Post-Trial Motions and Submissions',
  L470: 'Enforcement',
  L510: 'Appellate Motions and Submissions',
  L520: 'Appellate Briefs',
  L530: 'Oral Argument',
};

/** Each UTBMS task code with its name, in code order, for the time-entry popup's select. */
export const UTBMS_TASK_CODES = UTBMS_TASK_CODE_VALUES.map((code) => ({ code, name: UTBMS_TASK_NAMES[code] }));
