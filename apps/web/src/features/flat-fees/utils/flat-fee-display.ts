import { formatMoney, isMoneyText, isoToDisplayDate, type FlatFeeListItem } from '@matterhorn/shared';

/** Money in en-US with exactly 2 decimals; text that is not an amount shows as a dash. */
export function formatAmount(amount: string, currencySymbol: string): string {
  return isMoneyText(amount) ? formatMoney(amount, currencySymbol) : '—';
}

/** ISO date to DD/MM/YYYY (SPEC.md §2). */
export function formatFeeDate(iso: string): string {
  return isoToDisplayDate(iso.slice(0, 10)) || iso;
}

/** How a row's buttons are read out: "Edit flat fee 05/03/2024 Share purchase agreement". */
export function flatFeeName(fee: Pick<FlatFeeListItem, 'flatFeeDate' | 'matterName'>): string {
  return `flat fee ${formatFeeDate(fee.flatFeeDate)} ${fee.matterName}`;
}

/** Why a billed fee offers no Edit or Delete. */
export const LOCKED_REASON = 'On an invoice: it cannot be changed or deleted';
