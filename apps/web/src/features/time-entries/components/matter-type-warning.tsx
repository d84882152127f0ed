import { Alert } from '@mantine/core';
import { matterTypeWarning } from '../utils/matter-warnings.ts';

/** SPEC.md §2: billable time on a contingency, flat-fee or retainer matter is flagged. */
export function MatterTypeWarning({ matterRate, isBillable }: { matterRate: string | null; isBillable: boolean }) {
  const warning = matterTypeWarning(matterRate, isBillable);
  if (!warning) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="time-entry-matter-warning">
      {warning}
    </Alert>
  );
}
