import type { PortalPayableKind } from '@matterhorn/shared';
import { PayOnlineForm } from '../../../components/pay-online-form.tsx';
import { startPortalPayment, usePortalPaymentOptions } from '../api/portal-payments.ts';

export type PayOnlineProps = {
  kind: PortalPayableKind;
  id: string;
  /** What is still due, as exact decimal text. */
  balance: string;
  /** The currency's symbol, for the amounts shown. */
  currency: string;
  /** The next instalment of the invoice's payment plan: what is left of it is the amount proposed (more may be paid). */
  nextInstalment?: { dueDate: string; remainingAmount: string } | null;
  /** Where the browser goes to pay: the gateway's checkout page (tests watch it instead). */
  onCheckout?: (checkoutUrl: string) => void;
};

/**
 * The portal's "Pay online" on an invoice or a trust request: shown only when the server says a
 * gateway takes its currency (the form itself is the one the invoice's public page uses).
 */
export function PayOnline({ kind, id, balance, currency, nextInstalment, onCheckout }: PayOnlineProps) {
  const options = usePortalPaymentOptions();
  const payable = options.data?.payable.find((item) => item.kind === kind && item.id === id);
  if (!payable) return null;
  return (
    <PayOnlineForm
      what={kind === 'invoice' ? 'invoice' : 'trust request'}
      gateway={payable.gateway}
      balance={balance}
      currency={currency}
      nextInstalment={nextInstalment}
      start={(amount) => startPortalPayment({ kind, id, amount })}
      {...(onCheckout ? { onCheckout } : {})}
    />
  );
}
