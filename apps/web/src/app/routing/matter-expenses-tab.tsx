import type { MatterView } from '@matterhorn/shared';
import { MatterExpensesSection } from '../../features/expenses/components/matter-expenses-section.tsx';
import { MatterFlatFeesSection } from '../../features/flat-fees/components/matter-flat-fees-section.tsx';
import { MatterExpensesTab } from '../../features/matters/components/matter-expenses-tab.tsx';

/**
 * The matter view's Expenses tab, composed here as features never import each other: the
 * matter's expenses (to come from the expenses feature: pass `expenses={…}`) and its flat fees.
 */
export function MatterExpensesTabPanel({ matter }: { matter: MatterView }) {
  const isMatterOpen = matter.status === 'Open';
  return (
    <MatterExpensesTab
      expenses={<MatterExpensesSection matterId={matter.id} clientId={matter.client.id} isMatterOpen={isMatterOpen} />}
      flatFees={<MatterFlatFeesSection matterId={matter.id} clientId={matter.client.id} isMatterOpen={isMatterOpen} />}
    />
  );
}
