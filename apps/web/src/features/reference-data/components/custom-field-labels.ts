import type { CUSTOM_FIELD_TYPES } from '@matterhorn/shared';

/** How the custom fields' list and form name each type of field. */
export const FIELD_TYPE_LABELS: Record<(typeof CUSTOM_FIELD_TYPES)[number], string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  select: 'Select (list of options)',
};
