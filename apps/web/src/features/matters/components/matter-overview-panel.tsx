import type { CustomField, MatterView } from '@matterhorn/shared';
import { MatterBudgetCard } from './matter-budget-card.tsx';
import { MatterOverview } from './matter-overview.tsx';

export type MatterOverviewPanelProps = {
  matter: MatterView;
  currencySymbol: string;
  customFields: CustomField[];
  canEditBudget: boolean;
  defaultResponsibleUserId: string;
};

/** The Overview tab: the matter's details with its budget card, in its own chunk (a matter opened on another tab never loads it). */
export function MatterOverviewPanel({
  matter,
  currencySymbol,
  customFields,
  canEditBudget,
  defaultResponsibleUserId,
}: MatterOverviewPanelProps) {
  return (
    <MatterOverview
      matter={matter}
      currencySymbol={currencySymbol}
      customFields={customFields}
      budget={<MatterBudgetCard matterId={matter.id} canEdit={canEditBudget} defaultResponsibleUserId={defaultResponsibleUserId} />}
    />
  );
}
