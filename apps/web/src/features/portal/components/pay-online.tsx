import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  compareMoney,
  formatMoney,
  isoToDisplayDate,
  parseMoneyInput,
  PORTAL_PAYMENT_MESSAGES,
  type PortalPayableKind,
} from '@matterhorn/shared';
import { useState, type FormEvent } from 'react';
import { startPortalPayment, usePortalPaymentOptions } from '../api/portal-payments.ts';

const GATEWAY_NAMES = { paystack: 'Paystack', stripe: 'Stripe' } as const;

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

const goTo = (checkoutUrl: string) => window.location.assign(checkoutUrl);

/**
 * "Pay online" on an invoice or a trust request: shown only when the server says a gateway takes
 * its currency; the amount defaults to what is due, or to the next instalment of the invoice's payment
 * plan (part payments and more than the instalment allowed), then the browser goes to
 * the gateway's checkout. The payment shows once the gateway confirms it to the firm.
 */
export function PayOnline({ kind, id, balance, currency, nextInstalment, onCheckout = goTo }: PayOnlineProps) {
  const options = usePortalPaymentOptions();
  const [isOpen, setIsOpen] = useState(false);
  const [amount, setAmount] = useState(nextInstalment?.remainingAmount ?? balance);
  const [error, setError] = useState('');
  const [isStarting, setIsStarting] = useState(false);
  const payable = options.data?.payable.find((item) => item.kind === kind && item.id === id);
  if (!payable || compareMoney(balance, '0') <= 0) return null;
  const what = kind === 'invoice' ? 'invoice' : 'trust request';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isStarting) return;
    const parsed = parseMoneyInput(amount, balance);
    if (!parsed || compareMoney(parsed, '0') <= 0) {
      setError(`Enter an amount up to ${formatMoney(balance, currency)}`);
      return;
    }
    setIsStarting(true);
    setError('');
    try {
      const started = await startPortalPayment({ kind, id, amount: parsed });
      onCheckout(started.checkoutUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : PORTAL_PAYMENT_MESSAGES.gatewayUnavailable);
      setIsStarting(false);
    }
  };

  if (!isOpen)
    return (
      <Button variant="filled" size="sm" w="fit-content" onClick={() => setIsOpen(true)} aria-label={`Pay online for this ${what}`}>
        Pay online
      </Button>
    );
  return (
    <form aria-label={`Pay online for this ${what}`} onSubmit={(event) => void submit(event)}>
      <Stack gap="xs" mt="xs">
        <TextInput
          label="Amount to pay"
          description={
            nextInstalment
              ? `Your next instalment: ${formatMoney(nextInstalment.remainingAmount, currency)} due ${isoToDisplayDate(nextInstalment.dueDate)}; you can pay more, up to ${formatMoney(balance, currency)}`
              : `Up to ${formatMoney(balance, currency)}; you can pay part now`
          }
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          inputMode="decimal"
        />
        <Text size="xs" c="dimmed">
          You pay on {GATEWAY_NAMES[payable.gateway]}’s secure page; the payment shows here once it is confirmed.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={isStarting}>
            Continue to payment
          </Button>
          <Button variant="subtle" onClick={() => setIsOpen(false)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
