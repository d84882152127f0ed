import { Checkbox } from '@mantine/core';
import { formatMoney, SAVED_CARD_MESSAGES, type PortalPayableKind } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PayOnlineForm } from '../../../components/pay-online-form.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { portalInvoiceQuery } from '../api/portal-invoices-api.ts';
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
 * gateway takes its currency (the form itself is the one the invoice's public page uses). A client
 * that deducts withholding tax from the fee may pay the invoice net of it (ADR 0093).
 */
export function PayOnline({ kind, id, balance, currency, nextInstalment, onCheckout }: PayOnlineProps) {
  const options = usePortalPaymentOptions();
  const session = useSession();
  const [saveCard, setSaveCard] = useState(false);
  const [isOpened, setIsOpened] = useState(false);
  const [deductsTax, setDeductsTax] = useState(false);
  // The invoice's withholding tax is read once the client opens the form, not for every invoice listed.
  const invoice = useQuery({
    ...portalInvoiceQuery(session.clientId, kind === 'invoice' ? id : ''),
    enabled: isOpened && kind === 'invoice',
  });
  const withholdingTax = invoice.data?.withholdingTax ?? null;
  const payable = options.data?.payable.find((item) => item.kind === kind && item.id === id);
  if (!payable) return null;
  // An invoice on a payment plan: the client may let the gateway keep the card for the instalments to come (ADR 78).
  const canSaveCard = kind === 'invoice' && Boolean(nextInstalment);
  const isNet = deductsTax && withholdingTax !== null;
  return (
    <PayOnlineForm
      what={kind === 'invoice' ? 'invoice' : 'trust request'}
      gateway={payable.gateway}
      balance={isNet ? withholdingTax.amountToReceive : balance}
      currency={currency}
      nextInstalment={isNet ? null : nextInstalment}
      start={(amount) =>
        startPortalPayment({
          kind,
          id,
          amount,
          ...(canSaveCard && saveCard ? { saveCard: true } : {}),
          ...(isNet ? { deductWithholdingTax: true } : {}),
        })
      }
      onOpen={() => setIsOpened(true)}
      {...(onCheckout ? { onCheckout } : {})}
    >
      {withholdingTax && (
        <Checkbox
          size="sm"
          label={`We deduct withholding tax of ${formatMoney(withholdingTax.amount, currency)} (${withholdingTax.rate}% of the fee part) and will send the firm the credit note`}
          checked={deductsTax}
          onChange={(event) => setDeductsTax(event.currentTarget.checked)}
        />
      )}
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
