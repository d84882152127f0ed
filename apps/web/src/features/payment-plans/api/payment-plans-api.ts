import { paymentPlanContracts as contracts, type InvoicePaymentPlans, type PaymentPlanInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { missedInstalmentsKey } from './missed-instalments-api.ts';

export const paymentPlanKeys = {
  all: ['payment-plans'] as const,
  /** The invoice's balance is part of the key: a payment recorded on the invoice page shows on the plan at once. */
  invoice: (invoiceId: string, balanceDue: string) => ['payment-plans', 'invoice', invoiceId, balanceDue] as const,
  missed: missedInstalmentsKey,
};

export const invoicePaymentPlansQuery = (invoiceId: string, balanceDue: string) =>
  queryOptions({
    queryKey: paymentPlanKeys.invoice(invoiceId, balanceDue),
    queryFn: async (): Promise<InvoicePaymentPlans> =>
      (await callContract(contracts.invoicePlans, { params: { id: invoiceId } }, { auth: 'firm' })).data,
  });

/** Sets up or replaces the plan; one plan per Idempotency-Key, however often Save is pressed. */
export async function savePaymentPlan(
  invoiceId: string,
  body: PaymentPlanInput,
  isReplacing: boolean,
  idempotencyKey: string,
): Promise<InvoicePaymentPlans> {
  const contract = isReplacing ? contracts.replace : contracts.create;
  return (await callContract(contract, { params: { id: invoiceId }, body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}

export async function cancelPaymentPlan(invoiceId: string, idempotencyKey: string): Promise<InvoicePaymentPlans> {
  return (await callContract(contracts.cancel, { params: { id: invoiceId } }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}
