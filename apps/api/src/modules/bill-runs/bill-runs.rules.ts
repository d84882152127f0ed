import { addMoney } from '@matterhorn/shared';
import type { MatterWork } from './bill-runs.repository.ts';

/** One invoice a run would draft: a matter, or all of a client's picked matters when the client prefers one invoice. */
export type BillRunTarget = {
  clientId: string;
  clientName: string;
  matterId: string | null;
  matterName: string | null;
  matterIds: string[];
  unbilledAmount: string;
  itemCount: number;
};

/**
 * The invoices a run drafts, in the matters' order: a per-client client's matters become one target
 * (its invoice never mixes currencies: every line is the firm's home currency, ADR 0076), every
 * other matter its own.
 */
export function targetsOf(work: MatterWork[]): BillRunTarget[] {
  const targets: BillRunTarget[] = [];
  const perClient = new Map<string, BillRunTarget>();
  for (const matter of work) {
    if (matter.billingPreference === 'perClient') {
      const target = perClient.get(matter.clientId);
      if (target) {
        target.matterIds.push(matter.matterId);
        target.unbilledAmount = addMoney(target.unbilledAmount, matter.unbilledAmount);
        target.itemCount += matter.itemCount;
        continue;
      }
      const created: BillRunTarget = {
        clientId: matter.clientId,
        clientName: matter.clientName,
        matterId: null,
        matterName: null,
        matterIds: [matter.matterId],
        unbilledAmount: matter.unbilledAmount,
        itemCount: matter.itemCount,
      };
      perClient.set(matter.clientId, created);
      targets.push(created);
      continue;
    }
    targets.push({
      clientId: matter.clientId,
      clientName: matter.clientName,
      matterId: matter.matterId,
      matterName: matter.matterName,
      matterIds: [matter.matterId],
      unbilledAmount: matter.unbilledAmount,
      itemCount: matter.itemCount,
    });
  }
  return targets;
}
