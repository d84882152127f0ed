import { Checkbox } from '@mantine/core';
import { SAVED_CARD_MESSAGES, type PortalPayableKind } from '@matterhorn/shared';
import { useState } from 'react';
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
  const [saveCard, setSaveCard] = useState(false);
  const payable = options.data?.payable.find((item) => item.kind === kind && item.id === id);
  if (!payable) return null;
  // An invoice on a payment plan: the client may let the gateway keep the card for the instalments to come (ADR 78).
  const canSaveCard = kind === 'invoice' && Boolean(nextInstalment);
  return (
    <PayOnlineForm
      what={kind === 'invoice' ? 'invoice' : 'trust request'}
      gateway={payable.gateway}
      balance={balance}
      currency={currency}
      nextInstalment={nextInstalment}
      start={(amount) => startPortalPayment({ kind, id, amount, ...(canSaveCard && saveCard ? { saveCard: true } : {}) })}
      {...(onCheckout ? { onCheckout } : {})}
    >
      {canSaveCard && (
        <Checkbox
          size="sm"
          label={SAVED_CARD_MESSAGES.consent}
          checked={saveCard}
          onChange={(event) => setSaveCard(event.currentTarget.checked)}
        />
      )}
    </PayOnlineForm>
  );
}
