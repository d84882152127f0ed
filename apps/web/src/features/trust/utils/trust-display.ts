import { formatMoney, hasPermissions, isoToDisplayDate, TRUST_TRANSACTION_TYPE_LABELS, type TrustTransaction } from '@matterhorn/shared';

/** An ISO date (or timestamp) as the app shows dates (DD/MM/YYYY). */
export function displayDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return isoToDisplayDate(iso.slice(0, 10)) || iso;
}

/** Today in the browser's time zone as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const money = (amount: string, symbol: string) => formatMoney(amount, symbol);

/** "MAT-00001 — Share purchase", or the client's general funds. */
export function matterText(matterNumber: string | null, matterName: string | null): string {
  if (!matterNumber && !matterName) return 'General (no matter)';
  return [matterNumber, matterName].filter(Boolean).join(' — ');
}

export const typeLabel = (type: TrustTransaction['type']) => TRUST_TRANSACTION_TYPE_LABELS[type];

/** What the trust pages offer a user by permission (SPEC.md §6); the server checks again. */
export function trustAbilities(held: readonly string[]) {
  const can = (permission: string) => hasPermissions(held, [permission]);
  return {
    create: can('trustAccountRequest.create'),
    edit: can('trustAccountRequest.edit'),
    reverse: can('trustAccountRequest.delete'),
    approve: can('trustAccountRequest.approve'),
    payInvoice: can('trustAccountRequest.create') && can('paymentInfo') && can('invoice'),
  };
}
export type TrustAbilities = ReturnType<typeof trustAbilities>;
