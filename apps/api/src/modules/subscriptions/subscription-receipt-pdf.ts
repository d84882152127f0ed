import { formatMoney, subtractMoney, SUBSCRIPTION_CURRENCY_SYMBOLS } from '@matterhorn/shared';
import { buildReportPdf } from '../../lib/report-pdf.ts';

export type SubscriptionReceipt = {
  reference: string;
  paidOn: string;
  description: string;
  amount: string;
  vat: string;
  vatPercent: string;
  currencyCode: 'NGN' | 'USD';
  gateway: string;
};

/** A paid charge's receipt for the firm's books: what was paid for, the VAT in it (naira) and how. */
export function buildSubscriptionReceiptPdf(firmName: string, receipt: SubscriptionReceipt) {
  const money = (amount: string) => formatMoney(amount, SUBSCRIPTION_CURRENCY_SYMBOLS[receipt.currencyCode]);
  const hasVat = receipt.currencyCode === 'NGN';
  return buildReportPdf({
    firmName: 'Matterhorn',
    title: `Receipt ${receipt.reference}`,
    lines: [`Paid on ${receipt.paidOn} through ${receipt.gateway === 'paystack' ? 'Paystack' : 'Stripe'}`, `Billed to: ${firmName}`],
    tables: [
      {
        heading: 'Paid',
        columns: [
          { label: 'Item', align: 'left', wrapWeight: 1 },
          { label: 'Amount', align: 'right' },
        ],
        rows: [
          ...(hasVat
            ? [
                { cells: [`Matterhorn ${receipt.description}`, money(subtractMoney(receipt.amount, receipt.vat))] },
                { cells: [`VAT ${receipt.vatPercent}%`, money(receipt.vat)] },
              ]
            : [{ cells: [`Matterhorn ${receipt.description}`, money(receipt.amount)] }]),
          { cells: ['Total paid', money(receipt.amount)], isBold: true },
        ],
      },
    ],
  });
}
