import { MATTER_BUDGET_BASIS, MATTER_BUDGET_MESSAGES, type MatterBudget, type matterBudgetInputSchema } from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { tellResponsibleFeeEarner } from './matter-budget-alerts.ts';
import {
  deleteAlerts,
  deleteBudget,
  findActiveMember,
  findBudget,
  findBudgetMatter,
  findBudgetUsage,
  findTimeBlockedPastBudget,
  upsertBudget,
} from './matter-budgets.repository.ts';
import { changedMeasures, limitsOf, measuresOf, usedOf } from './matter-budgets.rules.ts';

async function viewOf(tx: Tx, firmId: string, matterId: string): Promise<MatterBudget> {
  const budget = await findBudget(tx, firmId, matterId);
  const used = usedOf(await findBudgetUsage(tx, firmId, matterId));
  return {
    matterId,
    currencyCode: await homeCurrencyOf(tx, firmId),
    budget: budget && {
      totalAmount: budget.totalAmount,
      hoursLimit: budget.hoursLimit,
      feesLimit: budget.feesLimit,
      expensesLimit: budget.expensesLimit,
      responsibleUserId: budget.responsibleUserId,
      responsibleUserName: budget.responsibleUserName,
      updatedAt: budget.updatedAt.toISOString(),
    },
    used,
    measures: budget ? measuresOf(limitsOf(budget), used) : [],
    isTimeBlockedPastBudget: await findTimeBlockedPastBudget(tx, firmId),
    basis: MATTER_BUDGET_BASIS,
  };
}

/** A matter's budget (issue 36): its limits, what is used against each, and the thresholds told of. */
export function createMatterBudgetService(deps: { database: Database; outbox: Outbox; appUrl: string }) {
  const { database } = deps;
  return {
    view: (principal: FirmPrincipal, matterId: string): Promise<MatterBudget> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          if (!(await findBudgetMatter(tx, principal.firmId, matterId))) throw notFound('Matter');
          return viewOf(tx, principal.firmId, matterId);
        },
        READ_ONLY,
      ),

    /**
     * Sets the budget (all limits empty removes it). A changed limit's thresholds are told of afresh,
     * and one the matter has already reached is told at once.
     */
    save: (principal: FirmPrincipal, matterId: string, input: z.output<typeof matterBudgetInputSchema>): Promise<MatterBudget> =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await findBudgetMatter(tx, principal.firmId, matterId))) throw notFound('Matter');
        const responsible = await findActiveMember(tx, principal.firmId, input.responsibleUserId);
        if (!responsible) throw notFound('User');
        if (!responsible.isActive)
          throw badRequest(MATTER_BUDGET_MESSAGES.responsibleInactive, { responsibleUserId: MATTER_BUDGET_MESSAGES.responsibleInactive });
        const previous = await findBudget(tx, principal.firmId, matterId, true);
        const before = previous && { ...limitsOf(previous), responsibleUserId: previous.responsibleUserId };
        const { responsibleUserId, ...limitValues } = input;
        const isRemoved = Object.values(limitValues).every((value) => value === null);
        if (isRemoved) {
          if (previous) {
            await deleteBudget(tx, principal.firmId, matterId);
            await recordAuditEvent(tx, principal, 'matter.budgetRemoved', matterId, { before });
          }
          return viewOf(tx, principal.firmId, matterId);
        }
        await upsertBudget(tx, principal.firmId, matterId, { ...limitValues, responsibleUserId }, principal.userId);
        const after = { ...limitsOf(limitValues), responsibleUserId };
        await deleteAlerts(tx, principal.firmId, matterId, changedMeasures(previous && limitsOf(previous), limitsOf(limitValues)));
        await recordAuditEvent(tx, principal, 'matter.budgetSaved', matterId, { before, after });
        await tellResponsibleFeeEarner(tx, deps, principal.firmId, matterId);
        return viewOf(tx, principal.firmId, matterId);
      }),
  };
}
