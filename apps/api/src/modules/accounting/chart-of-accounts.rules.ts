import { CHART_MESSAGES, type LedgerAccount } from '@matterhorn/shared';

type Account = Pick<LedgerAccount, 'id' | 'type' | 'isSystem' | 'parentId'>;
type Change = { type: LedgerAccount['type']; isActive: boolean; parentId: string | null };

/**
 * What stops an account being saved as `change` (ADR 0046), or null: a system account keeps its type
 * and stays active; a sub-account has its parent's type under a top-level parent; an account with
 * sub-accounts is not made a sub-account itself, nor retyped away from them.
 */
export function chartRuleBroken(
  existing: (Account & { hasSubAccounts: boolean }) | null,
  change: Change,
  parent: Account | null,
): string | null {
  if (existing?.isSystem && change.type !== existing.type) return CHART_MESSAGES.systemType;
  if (existing?.isSystem && !change.isActive) return CHART_MESSAGES.systemDeactivate;
  if (parent) {
    if (existing && parent.id === existing.id) return CHART_MESSAGES.parentItself;
    if (parent.parentId !== null) return CHART_MESSAGES.parentNested;
    if (existing?.hasSubAccounts) return CHART_MESSAGES.parentNested;
    if (parent.type !== change.type) return CHART_MESSAGES.parentType;
  }
  if (existing?.hasSubAccounts && change.type !== existing.type) return CHART_MESSAGES.hasSubAccounts;
  return null;
}

/** Why an account cannot be deleted, or null. */
export function deleteRuleBroken(account: { isSystem: boolean; hasEntries: boolean }, hasSubAccounts: boolean): string | null {
  if (account.isSystem) return CHART_MESSAGES.systemDelete;
  if (account.hasEntries) return CHART_MESSAGES.hasEntries;
  if (hasSubAccounts) return CHART_MESSAGES.hasSubAccounts;
  return null;
}
