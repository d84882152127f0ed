import { FINANCIAL_RECORD_RETENTION_YEARS, formatMoney, isoToDisplayDate, type ErasureBlocker } from '@matterhorn/shared';
import type { ClientErasureFacts } from './data-subjects.repository.ts';

/**
 * The first day whose financial records are still inside their retention period, seen from today
 * (YYYY-MM-DD). 29 February seven years back is 1 March in a common year: the later day, so nothing
 * is released early.
 */
export const retainedSinceOf = (today: string, years = FINANCIAL_RECORD_RETENTION_YEARS): string => addYears(today, -years);

const list = (items: string[], limit = 5) =>
  items.length <= limit ? items.join(', ') : `${items.slice(0, limit).join(', ')} and ${items.length - limit} more`;

/**
 * What keeps a client's data from being erased (NDPA 2023 s. 34(2): erasure yields to a legal duty
 * to keep): invoices still open, money held in trust, and financial or trust records made inside
 * the 7 years they must be kept. None: the client may be anonymised.
 */
export function clientErasureBlockers(facts: ClientErasureFacts, retainedSince: string): ErasureBlocker[] {
  const blockers: ErasureBlocker[] = [];
  if (facts.openInvoices.length > 0)
    blockers.push({
      code: 'OPEN_INVOICES',
      message: `${facts.openInvoices.length} open ${facts.openInvoices.length === 1 ? 'invoice' : 'invoices'} (${list(facts.openInvoices)}), ${formatMoney(facts.openBalance)} still due`,
    });
  if (facts.trustHeld.length > 0)
    blockers.push({
      code: 'TRUST_MONEY_HELD',
      message: `Money held in trust: ${facts.trustHeld.map((held) => `${held.currency} ${formatMoney(held.balance)} in ${held.account}`).join('; ')}`,
    });
  if (facts.recentInvoices > 0 || facts.recentTrustMovements > 0) {
    const records = [
      ...(facts.recentInvoices > 0 ? [`${facts.recentInvoices} ${facts.recentInvoices === 1 ? 'invoice' : 'invoices'}`] : []),
      ...(facts.recentTrustMovements > 0
        ? [`${facts.recentTrustMovements} trust ${facts.recentTrustMovements === 1 ? 'movement' : 'movements'}`]
        : []),
    ];
    const until = facts.lastFinancialDate ? addYears(facts.lastFinancialDate, FINANCIAL_RECORD_RETENTION_YEARS) : null;
    blockers.push({
      code: 'FINANCIAL_RECORDS_RETAINED',
      message: `Financial records inside their ${FINANCIAL_RECORD_RETENTION_YEARS}-year retention period (since ${isoToDisplayDate(retainedSince)}): ${records.join(' and ')}${until ? `, kept until ${isoToDisplayDate(until)}` : ''}`,
    });
  }
  return blockers;
}

export function addYears(iso: string, years: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, day)).toISOString().slice(0, 10);
}
