import { Text } from '@mantine/core';
import {
  addMoney,
  compareMoney,
  formatMoney,
  isMoneyText,
  isWithholdingTaxAsked,
  proposeWithholdingTaxOnTransfer,
  type PaymentReport,
} from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { MoneyInput } from '../../../components/money-input.tsx';
import { invoiceQuery } from '../api/invoices.ts';

/** What the firm typed for one report; until it types, the proposal stands. */
export type TransferTaxInput = { reportId: string; value: string } | null;

/** The invoice's WHT figures for a reported transfer, and the tax to propose with it (ADR 0093). */
export function useTransferWithholdingTax(report: PaymentReport | null) {
  const invoiceId = report?.kind === 'invoice' && report.invoiceId ? report.invoiceId : '';
  const invoice = useQuery({ ...invoiceQuery(invoiceId), enabled: invoiceId !== '' });
  const kept = invoiceId ? (invoice.data?.withholdingTax ?? null) : null;
  // Asked only of a client that deducts it, as when recording a payment: no "0% of the fee part" field.
  const withholdingTax = kept && isWithholdingTaxAsked(kept) ? kept : null;
  const proposed =
    report && withholdingTax
      ? proposeWithholdingTaxOnTransfer({
          proposedAmount: withholdingTax.proposedAmount,
          balanceDue: report.balanceDue,
          received: report.amount,
        })
      : '0.00';
  return { withholdingTax, proposed: compareMoney(proposed, '0') > 0 ? proposed : '' };
}

/** The tax to send: what the firm typed for this report, else the proposal. */
export const transferTaxOf = (report: PaymentReport, input: TransferTaxInput, proposed: string) =>
  input?.reportId === report.id ? input.value : proposed;

/**
 * The withholding tax a client deducted from a transfer it reported, on the confirmation: proposed
 * from its rate on the fee part when the transfer leaves that much owing (it paid net), editable.
 */
export function TransferWithholdingTaxField({
  report,
  value,
  onChange,
  withholdingTax,
}: {
  report: PaymentReport;
  value: string;
  onChange: (value: string) => void;
  withholdingTax: NonNullable<ReturnType<typeof useTransferWithholdingTax>['withholdingTax']>;
}) {
  const trimmed = value.trim();
  const settles = isMoneyText(trimmed) && compareMoney(trimmed, '0') > 0;
  return (
    <>
      <MoneyInput
        label="Withholding tax deducted"
        description={`${withholdingTax.rate}% of the fee part (${formatMoney(withholdingTax.feePart, report.currencySymbol)}), not of VAT or costs. The client sends a credit note for it.`}
        value={value}
        onChange={onChange}
      />
      {settles && (
        <Text size="sm">
          With the transfer it settles {formatMoney(addMoney(report.amount, trimmed), report.currencySymbol)} of the{' '}
          {formatMoney(report.balanceDue, report.currencySymbol)} owed.
        </Text>
      )}
    </>
  );
}
