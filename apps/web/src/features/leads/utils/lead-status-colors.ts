import type { LeadStatus } from '@matterhorn/shared';

/** A status's badge colour, the same on the board, the list and the lead's page. */
export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  consultationBooked: 'violet',
  engaged: 'teal',
  notEngaged: 'gray',
};
