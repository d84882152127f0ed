import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  formatMoney,
  hasPermissions,
  isoToDisplayDate,
  type InstalmentDraft,
  type InvoicePaymentPlans,
  type PaymentPlan,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { InstalmentsTable } from '../../../components/instalments-table.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { cancelPaymentPlan, invoicePaymentPlansQuery, paymentPlanKeys, savePaymentPlan } from '../api/payment-plans-api.ts';
import { PaymentPlanEditor } from './payment-plan-editor.tsx';

export const PAYMENT_PLAN_TEXT = {
  title: 'Payment plan',
  none: 'No payment plan: the whole balance is due on the invoice’s due date.',
  setUp: 'Set up a payment plan',
  replace: 'Replace plan',
  cancel: 'Cancel plan',
  cancelQuestion: 'Cancel this payment plan? The balance is then due on the invoice’s own due date. The plan is kept in the history.',
  keep: 'Keep plan',
  history: 'Earlier plans',
  missed: (count: number) => `${count} instalment${count === 1 ? '' : 's'} missed: past the due date and not fully paid.`,
  automatic: 'Automatic payment',
  noCard: 'No saved card: the client can agree to automatic payments when paying an instalment online on the portal.',
  card: (description: string, date: string) =>
    `${description}, agreed by the client on ${date}: charged for each instalment on its due date.`,
  charges: 'Card charges',
  inClientPlan: (clientName: string, count: number) =>
    `This invoice is one of ${count} in the payment plan on ${clientName}’s balance: its instalments are on the client’s page.`,
  seeClientPlan: 'See the client’s payment plan',
} as const;

const CHARGE_STATUS = {
  pending: { label: 'Waiting for the gateway', color: 'gray' },
  succeeded: { label: 'Paid', color: 'green' },
  failed: { label: 'Declined', color: 'red' },
  refused: { label: 'Refused', color: 'orange' },
} as const;

/** The client's saved card and every charge of it for this invoice: the firm sees each try and what the gateway said. */
function AutomaticPayment({ view }: { view: InvoicePaymentPlans }) {
  const { automaticPayment: card, automaticCharges: charges, currencySymbol: symbol } = view;
  return (
    <Stack gap={4} component="section" aria-label={PAYMENT_PLAN_TEXT.automatic}>
      <Title order={3} size="h6">
        {PAYMENT_PLAN_TEXT.automatic}
      </Title>
      <Text size="sm" c={card ? undefined : 'dimmed'}>
        {card ? PAYMENT_PLAN_TEXT.card(card.description, dateOf(card.consentedAt)) : PAYMENT_PLAN_TEXT.noCard}
      </Text>
      {charges.length > 0 && (
        <Stack gap={2} component="ul" aria-label={PAYMENT_PLAN_TEXT.charges} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {charges.map((charge) => (
            <Text component="li" size="sm" key={`${charge.instalmentNumber}-${charge.attemptedAt}`}>
              <Badge size="sm" variant="light" color={CHARGE_STATUS[charge.status].color} mr={6}>
                {CHARGE_STATUS[charge.status].label}
              </Badge>
              {dateOf(charge.attemptedAt)} · instalment {charge.instalmentNumber} · {formatMoney(charge.amount, symbol)} to{' '}
              {charge.cardDescription}
              {charge.failureReason ? ` — ${charge.failureReason}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const STATUS_WORDS = { Active: 'Live', Replaced: 'Replaced', Cancelled: 'Cancelled' } as const;
const dateOf = (iso: string) => isoToDisplayDate(iso.slice(0, 10));

function PlanSummary({ plan, symbol }: { plan: PaymentPlan; symbol: string }) {
  return (
    <Text size="sm" c="dimmed">
      {formatMoney(plan.total, symbol)} in {plan.instalments.length} instalments, set up by {plan.createdByName || 'a former user'} on{' '}
      {dateOf(plan.createdAt)}
      {plan.endedAt ? ` · ${STATUS_WORDS[plan.status].toLowerCase()} on ${dateOf(plan.endedAt)}` : ''}
    </Text>
  );
}

/**
 * The invoice's payment plan on the firm's invoice page: its instalments with their paid, due or
 * missed state (worked out by the server from the invoice's payments), and, for those who approve
 * invoices, setting one up, replacing or cancelling it. Shown only once the invoice is issued.
 */
export function PaymentPlanCard({ invoiceId, balanceDue }: { invoiceId: string; balanceDue: string }) {
  const { permissions } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery(invoicePaymentPlansQuery(invoiceId, balanceDue));
  const [mode, setMode] = useState<'view' | 'edit' | 'cancel'>('view');
  const { key, renew } = useIdempotencyKey();
  const canManage = hasPermissions(permissions, ['invoice.approve']);
  const view = query.data;
  if (!view || (!view.canHavePlan && !view.plan && !view.clientPlan && view.history.length === 0)) return null;
  const { plan, currencySymbol: symbol } = view;

  const settle = (next: InvoicePaymentPlans) => {
    queryClient.setQueryData(paymentPlanKeys.invoice(invoiceId, balanceDue), next);
    void queryClient.invalidateQueries({ queryKey: paymentPlanKeys.missed });
    renew();
    setMode('view');
  };
  const save = async (instalments: InstalmentDraft[]) => settle(await savePaymentPlan(invoiceId, { instalments }, Boolean(plan), key));
  const cancel = async () => settle(await cancelPaymentPlan(invoiceId, key));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payment-plan-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id="payment-plan-title">
              {PAYMENT_PLAN_TEXT.title}
            </Title>
            {plan && plan.missedCount > 0 && (
              <Badge color="red" variant="outline">
                Instalment missed
              </Badge>
            )}
          </Group>
          {canManage && view.canHavePlan && mode === 'view' && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setMode('edit')}>
                {plan ? PAYMENT_PLAN_TEXT.replace : PAYMENT_PLAN_TEXT.setUp}
              </Button>
              {plan && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setMode('cancel')}>
                  {PAYMENT_PLAN_TEXT.cancel}
                </Button>
              )}
            </Group>
          )}
        </Group>

        {mode === 'edit' ? (
          <PaymentPlanEditor
            balanceDue={view.balanceDue}
            currencySymbol={symbol}
            today={view.today}
            onSave={save}
            onCancel={() => setMode('view')}
          />
        ) : view.clientPlan ? (
          <Stack gap={4}>
            <Text size="sm">{PAYMENT_PLAN_TEXT.inClientPlan(view.clientPlan.clientName, view.clientPlan.invoiceCount)}</Text>
            <Anchor component={Link} to={`/clients/${view.clientPlan.clientId}`} size="sm">
              {PAYMENT_PLAN_TEXT.seeClientPlan}
            </Anchor>
          </Stack>
        ) : plan ? (
          <>
            <PlanSummary plan={plan} symbol={symbol} />
            {plan.missedCount > 0 && (
              <Alert color="red" variant="light" role="status">
                {PAYMENT_PLAN_TEXT.missed(plan.missedCount)}
              </Alert>
            )}
            {plan.nextInstalment && (
              <Text size="sm">
                Next: {formatMoney(plan.nextInstalment.remainingAmount, symbol)} due {dateOf(plan.nextInstalment.dueDate)}
              </Text>
            )}
            <InstalmentsTable instalments={plan.instalments} currencySymbol={symbol} nextNumber={plan.nextInstalment?.number ?? null} />
            <AutomaticPayment view={view} />
          </>
        ) : (
          <Text size="sm">{PAYMENT_PLAN_TEXT.none}</Text>
        )}

        {view.history.length > 0 && mode !== 'edit' && (
          <Stack gap={4} component="section" aria-label={PAYMENT_PLAN_TEXT.history}>
            <Title order={3} size="h6">
              {PAYMENT_PLAN_TEXT.history}
            </Title>
            {view.history.map((earlier) => (
              <PlanSummary key={earlier.id} plan={earlier} symbol={symbol} />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={mode === 'cancel'}
        onClose={() => setMode('view')}
        title={PAYMENT_PLAN_TEXT.cancel}
        confirmLabel={PAYMENT_PLAN_TEXT.cancel}
        cancelLabel={PAYMENT_PLAN_TEXT.keep}
        isDestructive
        onConfirm={cancel}
      >
        <Text size="sm">{PAYMENT_PLAN_TEXT.cancelQuestion}</Text>
      </ConfirmModal>
    </Paper>
  );
}

export default PaymentPlanCard;
