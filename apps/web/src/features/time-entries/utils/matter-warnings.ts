import type { MatterRate } from '@matterhorn/shared';

const PREFIX = 'The matter you are creating a billable time entry for is a';

/** SPEC.md §2: the warning banner a billable entry shows for its matter's billing type. */
export const MATTER_TYPE_WARNINGS: Partial<Record<MatterRate, string>> = {
  Contingency: `${PREFIX} contingency matter`,
  'Flat Rate': `${PREFIX} flat fee matter`,
  Retainer: `${PREFIX} retainer matter`,
};

export function matterTypeWarning(matterRate: string | null | undefined, isBillable: boolean): string | null {
  if (!isBillable || !matterRate) return null;
  return MATTER_TYPE_WARNINGS[matterRate as MatterRate] ?? null;
}
