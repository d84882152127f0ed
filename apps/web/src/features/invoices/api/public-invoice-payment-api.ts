import {
  publicInvoicePaymentOptionRoute,
  publicInvoiceStartPaymentRoute,
  type InvoiceLinkPaymentOption,
  type StartedPortalPayment,
} from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Whether the invoice on the public link can be paid online now; null when not (or the link is no longer valid). */
export async function getPublicInvoicePaymentOption(slug: string): Promise<InvoiceLinkPaymentOption | null> {
  try {
    return (await callContract(publicInvoicePaymentOptionRoute, { params: { slug } }, { auth: 'none', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const usePublicInvoicePaymentOption = (slug: string, isEnabled: boolean) =>
  useQuery({
    queryKey: ['public-invoice', slug, 'payment-option'],
    queryFn: () => getPublicInvoicePaymentOption(slug),
    enabled: isEnabled,
    staleTime: 30_000,
  });

/** Starts paying the invoice on the public link (no sign-in); the answer names the gateway's checkout page to go to. */
export async function startPublicInvoicePayment(slug: string, amount: string): Promise<StartedPortalPayment> {
  return (await callContract(publicInvoiceStartPaymentRoute, { params: { slug }, body: { amount } }, { auth: 'none', silent: true })).data;
}
