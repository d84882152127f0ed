import { UTBMS_ACTIVITY_CODES } from '@matterhorn/shared';

/** The ABA's UTBMS litigation activity codes (A101–A111) and their standard descriptions. */
const UTBMS_DESCRIPTIONS: Record<(typeof UTBMS_ACTIVITY_CODES)[number], string> = {
  A101: 'Plan and prepare for',
  A102: 'Research',
  A103: 'Draft/revise',
  A104: 'Review/analyze',
  A105: 'Communicate (in firm)',
  A106: 'Communicate (with client)',
  A107: 'Communicate (other outside counsel)',
  A108: 'Communicate (other external)',
  A109: 'Appear for/attend',
  A110: 'Manage data/files',
  A111: 'Other',
};

export const NO_UTBMS_CODE_LABEL = 'None';

export const UTBMS_OPTIONS = [
  { value: '', label: NO_UTBMS_CODE_LABEL },
  ...UTBMS_ACTIVITY_CODES.map((code) => ({ value: code, label: `${code} — ${UTBMS_DESCRIPTIONS[code]}` })),
];
