import type { GeneralLedgerLine } from '@matterhorn/shared';

export const SOURCE_LABELS: Record<GeneralLedgerLine['sourceType'], string> = {
  invoice: 'Invoice',
  'invoice-payment': 'Payment',
  'invoice-void': 'Invoice voided',
  'invoice-write-off': 'Write-off',
  trust: 'Trust movement',
  'gateway-fee': 'Gateway fee',
  'expense-payment': 'Expense',
  'unapplied-cash': 'Unapplied payment',
  manual: 'Journal',
  'credit-note': 'Credit note',
  'client-credit': 'Client credit',
  'consultation-fee': 'Consultation fee',
};

/** What a line's source is called, and the page that shows it (null: no page of its own yet). */
export function sourceOf(line: Pick<GeneralLedgerLine, 'sourceType' | 'sourceId' | 'entryId'>): { label: string; to: string | null } {
  const label = SOURCE_LABELS[line.sourceType];
  if (line.sourceType === 'manual') return { label, to: `/accounting/journal-entries#entry-${line.entryId}` };
  if (!line.sourceId) return { label, to: null };
  switch (line.sourceType) {
    case 'invoice':
    case 'invoice-void':
    case 'invoice-write-off':
    case 'credit-note':
      return { label, to: `/billing/invoices/${line.sourceId}` };
    case 'expense-payment':
      return { label, to: `/expense-request/direct-expense/edit-expense/${line.sourceId}` };
    case 'trust':
      return { label, to: `/trust-account/record/${line.sourceId}` };
    default:
      return { label, to: null };
  }
}
