import type { ListCsv } from '../../platform/lists/list-csv.ts';
import type { courtUpdateCsvList } from './court-update-list.repository.ts';

/** The CSV of court updates: one row per hearing, with the whole of what happened and what comes next. */
export const courtUpdateCsv: ListCsv<typeof courtUpdateCsvList.columns, void> = {
  header: [
    'Hearing date',
    'Client',
    'Matter',
    'Court',
    'Suit number',
    'Judge',
    'Appearance',
    'What happened',
    'Next adjourned date',
    'Time',
    'Purpose',
    'Next steps',
    'Shared with client',
    'Added by',
  ],
  cells: (update, _context, dates) => [
    dates.date(update.hearingDate),
    update.clientName,
    update.matterNumber ? `${update.matterNumber} ${update.matterName}` : update.matterName,
    update.courtDivision ? `${update.courtName}, ${update.courtDivision}` : update.courtName,
    update.suitNumber,
    update.judge,
    update.appearances,
    update.outcome,
    dates.date(update.nextAdjournedDate),
    update.nextAdjournedTime,
    update.nextAdjournedPurpose,
    update.nextSteps,
    update.isSharedWithClient ? 'Yes' : 'No',
    update.addedByUserName,
  ],
};
