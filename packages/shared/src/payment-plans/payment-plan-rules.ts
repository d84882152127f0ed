import { isoToDisplayDate } from '../common/dates.ts';
import { formatMoney, fromCents, toCents } from '../common/money.ts';

/** One instalment as typed or proposed: when it falls due and how much. */
export type InstalmentDraft = { dueDate: string; amount: string };

export type InstalmentState = 'paid' | 'partlyPaid' | 'due' | 'missed';

export type AllocatedInstalment = InstalmentDraft & {
  number: number;
  paidAmount: string;
  remainingAmount: string;
  state: InstalmentState;
};

export const PAYMENT_PLAN_LIMITS = { minInstalments: 2, maxInstalments: 60 } as const;

const isoOf = (year: number, monthIndex: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(monthIndex + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * `months` calendar months after an ISO date, on the same day of the month, or the month's last day
 * when it is shorter (31 January + 1 month is 28 or 29 February; + 2 months is 31 March again).
 */
export function addMonths(iso: string, months: number): string {
  const [year = 0, month = 1, day = 1] = iso.slice(0, 10).split('-').map(Number);
  const target = (month - 1 + months) % 12;
  const targetYear = year + Math.floor((month - 1 + months) / 12);
  const lastDay = new Date(Date.UTC(targetYear, target + 1, 0)).getUTCDate();
  return isoOf(targetYear, target, Math.min(day, lastDay));
}

/**
 * "Equal parts, every month": `count` instalments of the total, the first on `firstDate` and each a
 * calendar month after the one before; every part is the total divided by `count`, rounded down to
 * the cent, and the rounding remainder goes on the last one, so the parts add up to the total exactly.
 */
export function equalMonthlyInstalments(total: string, count: number, firstDate: string): InstalmentDraft[] {
  if (!Number.isInteger(count) || count < 1) return [];
  const totalCents = toCents(total);
  const part = totalCents / BigInt(count);
  const last = totalCents - part * BigInt(count - 1);
  return Array.from({ length: count }, (_, index) => ({
    dueDate: addMonths(firstDate, index),
    amount: fromCents(index === count - 1 ? last : part),
  }));
}

/** What the instalments add up to, exactly. */
export function sumInstalments(instalments: readonly Pick<InstalmentDraft, 'amount'>[]): string {
  return fromCents(instalments.reduce((sum, instalment) => sum + toCents(instalment.amount), 0n));
}

/**
 * Why the instalments cannot be the plan of a balance, in words, or null when they add up to it:
 * "The instalments add up to 90,000.00, 10,000.00 less than the balance of 100,000.00".
 */
export function planDifferenceMessage(instalments: readonly Pick<InstalmentDraft, 'amount'>[], balance: string): string | null {
  const totalCents = instalments.reduce((sum, instalment) => sum + toCents(instalment.amount), 0n);
  const difference = totalCents - toCents(balance);
  if (difference === 0n) return null;
  const gap = formatMoney(fromCents(difference < 0n ? -difference : difference));
  return `The instalments add up to ${formatMoney(fromCents(totalCents))}, ${gap} ${difference < 0n ? 'less' : 'more'} than the balance of ${formatMoney(balance)}`;
}

/**
 * Whether each due date is later than the one before, and none before `today`: the first date that
 * breaks the rule, as the instalment's number (1-based) and why, or null.
 */
export function instalmentDateProblem(
  instalments: readonly Pick<InstalmentDraft, 'dueDate'>[],
  today: string,
): { number: number; message: string } | null {
  for (const [index, instalment] of instalments.entries()) {
    const number = index + 1;
    if (instalment.dueDate < today) return { number, message: `Instalment ${number} is due in the past: choose today or a later date` };
    const previous = instalments[index - 1];
    if (previous && instalment.dueDate <= previous.dueDate)
      return { number, message: `Instalment ${number} must fall due after instalment ${number - 1}` };
  }
  return null;
}

/**
 * An instalment is missed (overdue) when it is not fully paid and its due date is before the firm's
 * `today` — while the invoice still asks for money (`isCollecting` false: paid, written off, void).
 * The one rule the plan's states, the portal's list and the public invoice page read.
 */
export function isInstalmentMissed(instalment: { dueDate: string; remainingAmount: string }, today: string, isCollecting = true): boolean {
  return isCollecting && toCents(instalment.remainingAmount) > 0n && instalment.dueDate < today;
}

/** What a missed instalment's badge says to the client: "Overdue since 15/11/2026" (its due date). */
export const instalmentOverdueText = (dueDate: string) => `Overdue since ${isoToDisplayDate(dueDate)}`;

/**
 * The plan's instalments with what was paid on each: the money that came off the invoice's balance
 * since the plan was set up (`coveredAmount`) pays the instalments in due order, the earliest first,
 * each in full before the next. An instalment not fully paid whose due date is before `today` is
 * missed — unless the invoice no longer asks for money (`isCollecting` false: paid, written off, void).
 */
export function allocateInstalments(
  instalments: readonly InstalmentDraft[],
  coveredAmount: string,
  today: string,
  isCollecting = true,
): AllocatedInstalment[] {
  let left = toCents(coveredAmount) < 0n ? 0n : toCents(coveredAmount);
  return [...instalments]
    .sort((first, second) => (first.dueDate < second.dueDate ? -1 : first.dueDate > second.dueDate ? 1 : 0))
    .map((instalment, index) => {
      const amount = toCents(instalment.amount);
      const paid = left < amount ? left : amount;
      left -= paid;
      const remaining = amount - paid;
      const state: InstalmentState =
        remaining === 0n
          ? 'paid'
          : isInstalmentMissed({ dueDate: instalment.dueDate, remainingAmount: fromCents(remaining) }, today, isCollecting)
            ? 'missed'
            : paid > 0n
              ? 'partlyPaid'
              : 'due';
      return {
        number: index + 1,
        dueDate: instalment.dueDate,
        amount: fromCents(amount),
        paidAmount: fromCents(paid),
        remainingAmount: fromCents(remaining),
        state,
      };
    });
}

/** The first instalment not fully paid (the one a payment goes to next), or null when all are paid. */
export function nextInstalmentDue(allocated: readonly AllocatedInstalment[]): AllocatedInstalment | null {
  return allocated.find((instalment) => instalment.state !== 'paid') ?? null;
}
