import { formatMoney, isoToDisplayDate, type InvoiceStatus } from '@matterhorn/shared';

export function formatAmount(amount: string, currencySymbol: string): string {
  return formatMoney(amount, currencySymbol);
}

/** Today in the browser's time zone as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addDaysIso(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  Draft: 'gray',
  AwaitingApproval: 'yellow',
  Approved: 'blue',
  Sent: 'indigo',
  PartlyPaid: 'orange',
  Paid: 'green',
  Void: 'red',
};

/** An ISO date as the app shows dates (DD/MM/YYYY, SPEC.md §2); other text as it is. */
export function displayDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return isoToDisplayDate(iso.slice(0, 10)) || iso;
}
