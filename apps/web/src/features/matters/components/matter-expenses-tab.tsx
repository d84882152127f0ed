import { Divider, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export type MatterExpensesTabProps = {
  /**
   * The matter's expenses with their total, from the expenses feature (composed in
   * app/routing/router.tsx, as features never import each other). Absent until it is wired.
   */
  expenses?: ReactNode;
  /** The matter's flat fees with their total, from the flat-fees feature (MatterFlatFeesSection). */
  flatFees?: ReactNode;
};

/** The matter view's Expenses tab: the billable items beside time, one section per kind. */
export function MatterExpensesTab({ expenses, flatFees }: MatterExpensesTabProps) {
  return (
    <Stack gap="xl" data-testid="matter-expenses-tab">
      {expenses}
      {expenses && flatFees && <Divider />}
      {flatFees}
    </Stack>
  );
}
