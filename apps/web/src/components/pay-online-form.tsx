import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  compareMoney,
  formatMoney,
  isoToDisplayDate,
  parseMoneyInput,
  PORTAL_PAYMENT_MESSAGES,
  type PaymentGatewayName,
} from '@matterhorn/shared';
import { useState, type FormEvent, type ReactNode } from 'react';

const GATEWAY_NAMES = { paystack: 'Paystack', stripe: 'Stripe' } as const;

export type PayOnlineFormProps = {
  /** What is paid, as the button and form name it: "invoice", "trust request". */
  what: string;
  /** The gateway that takes the currency (the server said so). */
  gateway: PaymentGatewayName;
  /** What is still due, as exact decimal text. */
  balance: string;
  /** The currency's symbol, for the amounts shown. */
  currency: string;
  /** The next instalment of the invoice's payment plan: what is left of it is the amount proposed (more may be paid). */
  nextInstalment?: { dueDate: string; remainingAmount: string } | null;
  /** Starts the payment for the amount (exact decimal text) and answers the gateway's checkout page. */
  start: (amount: string) => Promise<{ checkoutUrl: string }>;
  /** Where the browser goes to pay: the gateway's checkout page (tests watch it instead). */
  onCheckout?: (checkoutUrl: string) => void;
  /** Further fields of the form, under the amount (read by the caller's start). */
  children?: ReactNode;
  /** Told when the client opens the form (the caller may then load what its further fields need). */
  onOpen?: () => void;
};

const goTo = (checkoutUrl: string) => window.location.assign(checkoutUrl);

/**
 * "Pay online" (the portal's invoices and trust requests, an invoice's public page): the amount
 * defaults to what is due, or to what is left of the next instalment of the invoice's payment plan
 * (part payments and more than the instalment allowed, never more than due), then the browser goes
 * to the gateway's checkout. The payment shows once the gateway confirms it to the firm.
 */
export function PayOnlineForm({
  what,
  gateway,
  balance,
  currency,
  nextInstalment,
  start,
  onCheckout = goTo,
  children,
  onOpen,
}: PayOnlineFormProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [amount, setAmount] = useState(nextInstalment?.remainingAmount ?? balance);
  // What may be paid changed (the client chose to deduct withholding tax, or not): propose the new whole.
  const [proposedFor, setProposedFor] = useState(balance);
  if (balance !== proposedFor) {
    setProposedFor(balance);
    setAmount(balance);
  }
  const [error, setError] = useState('');
  const [isStarting, setIsStarting] = useState(false);
  if (compareMoney(balance, '0') <= 0) return null;

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
      onCheckout((await start(parsed)).checkoutUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : PORTAL_PAYMENT_MESSAGES.gatewayUnavailable);
      setIsStarting(false);
    }
  };

  if (!isOpen)
    return (
      <Button
        variant="filled"
        size="sm"
        w="fit-content"
        onClick={() => {
          setIsOpen(true);
          onOpen?.();
        }}
        aria-label={`Pay online for this ${what}`}
      >
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
        {children}
        <Text size="xs" c="dimmed">
          You pay on {GATEWAY_NAMES[gateway]}’s secure page; the payment shows here once it is confirmed.
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
