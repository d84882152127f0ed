import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney, hasPermissions, isoToDisplayDate, type ClientBalancePlan, type ClientPaymentPlans } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { InstalmentsTable } from '../../../components/instalments-table.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import {
  cancelClientPaymentPlan,
  clientPaymentPlanKeys,
  clientPaymentPlansQuery,
  saveClientPaymentPlan,
} from '../api/client-payment-plans-api.ts';
import { paymentPlanKeys } from '../api/payment-plans-api.ts';
import type { ClientPlanFormProps } from './client-plan-form.tsx';

// The form (the date pickers) loads when Set up or Replace is pressed: the client's page stays light.
const LazyClientPlanForm = lazy(() => import('./client-plan-form.tsx'));
const ClientPlanForm = (props: ClientPlanFormProps) => (
  <Suspense fallback={null}>
    <LazyClientPlanForm {...props} />
  </Suspense>
);

export const CLIENT_PLAN_TEXT = {
  title: 'Payment plan',
  none: 'No payment plan on this client’s balance: each invoice is due on its own due date.',
  noOpen: 'No open invoice to put on a plan.',
  setUp: 'Set up a payment plan',
  replace: 'Replace plan',
  cancel: 'Cancel plan',
  cancelQuestion: 'Cancel this payment plan? Each invoice is then due on its own due date. The plan is kept in the history.',
  keep: 'Keep plan',
  history: 'Earlier plans',
  missed: (count: number) => `${count} instalment${count === 1 ? '' : 's'} missed: past the due date and not fully paid.`,
} as const;

const dateOf = (iso: string) => isoToDisplayDate(iso.slice(0, 10));
const STATUS_WORDS = { Active: 'live', Replaced: 'replaced', Cancelled: 'cancelled' } as const;

function PlanSummary({ plan }: { plan: ClientBalancePlan }) {
  const count = plan.invoices.length;
  return (
    <Text size="sm" c="dimmed">
      {formatMoney(plan.total, plan.currencySymbol)} over {count === 1 ? '1 invoice' : `${count} invoices`} (
      {plan.invoices.map((invoice) => invoice.invoiceNumber).join(', ')}) in {plan.instalments.length} instalments, set up by{' '}
      {plan.createdByName || 'a former user'} on {dateOf(plan.createdAt)}
      {plan.endedAt ? ` · ${STATUS_WORDS[plan.status]} on ${dateOf(plan.endedAt)}` : ''}
    </Text>
  );
}

/**
 * A plan on the client's balance on the client's page (ADR 0077): its invoices and instalments with
 * their paid, due or missed state, and, for those who approve invoices, setting one up over ticked
 * open invoices in one currency, replacing or cancelling it. Nothing for those who cannot see invoices.
 */
export function ClientPaymentPlanCard({ clientId }: { clientId: string }) {
  const { permissions } = useSession();
  const canSee = hasPermissions(permissions, ['invoice']);
  const queryClient = useQueryClient();
  const query = useQuery({ ...clientPaymentPlansQuery(clientId), enabled: canSee });
  const [mode, setMode] = useState<'view' | 'edit' | 'cancel'>('view');
  const { key, renew } = useIdempotencyKey();
  const canManage = hasPermissions(permissions, ['invoice.approve']);
  const view = query.data;
  if (!canSee || !view) return null;
  if (!view.plan && view.history.length === 0 && view.openInvoices.length === 0) return null;
  const { plan } = view;
  const canSetUp = view.openInvoices.some((invoice) => invoice.livePlan !== 'invoice');

  const settle = (next: ClientPaymentPlans) => {
    queryClient.setQueryData(clientPaymentPlanKeys.client(clientId), next);
    // The plans of the invoices it covers and the dashboard's missed list change with it.
    void queryClient.invalidateQueries({ queryKey: [...paymentPlanKeys.all, 'invoice'] });
    void queryClient.invalidateQueries({ queryKey: paymentPlanKeys.missed });
    renew();
    setMode('view');
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="client-payment-plan-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id="client-payment-plan-title">
              {CLIENT_PLAN_TEXT.title}
            </Title>
            {plan && plan.missedCount > 0 && (
              <Badge color="red" variant="outline">
                Instalment missed
              </Badge>
            )}
          </Group>
          {canManage && mode === 'view' && (plan || canSetUp) && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setMode('edit')}>
                {plan ? CLIENT_PLAN_TEXT.replace : CLIENT_PLAN_TEXT.setUp}
              </Button>
              {plan && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setMode('cancel')}>
                  {CLIENT_PLAN_TEXT.cancel}
                </Button>
              )}
            </Group>
          )}
        </Group>

        {mode === 'edit' ? (
          <ClientPlanForm
            view={view}
            onSave={async (body) => settle(await saveClientPaymentPlan(clientId, body, Boolean(plan), key))}
            onCancel={() => setMode('view')}
          />
        ) : plan ? (
          <>
            <PlanSummary plan={plan} />
            {plan.missedCount > 0 && (
              <Alert color="red" variant="light" role="status">
                {CLIENT_PLAN_TEXT.missed(plan.missedCount)}
              </Alert>
            )}
            {plan.nextInstalment && (
              <Text size="sm">
                Next: {formatMoney(plan.nextInstalment.remainingAmount, plan.currencySymbol)} due {dateOf(plan.nextInstalment.dueDate)}
              </Text>
            )}
            <InstalmentsTable
              instalments={plan.instalments}
              currencySymbol={plan.currencySymbol}
              nextNumber={plan.nextInstalment?.number ?? null}
            />
          </>
        ) : (
          <Text size="sm">{canSetUp ? CLIENT_PLAN_TEXT.none : CLIENT_PLAN_TEXT.noOpen}</Text>
        )}

        {view.history.length > 0 && mode !== 'edit' && (
          <Stack gap={4} component="section" aria-label={CLIENT_PLAN_TEXT.history}>
            <Title order={3} size="h6">
              {CLIENT_PLAN_TEXT.history}
            </Title>
            {view.history.map((earlier) => (
              <PlanSummary key={earlier.id} plan={earlier} />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={mode === 'cancel'}
        onClose={() => setMode('view')}
        title={CLIENT_PLAN_TEXT.cancel}
        confirmLabel={CLIENT_PLAN_TEXT.cancel}
        cancelLabel={CLIENT_PLAN_TEXT.keep}
        isDestructive
        onConfirm={async () => settle(await cancelClientPaymentPlan(clientId, key))}
      >
        <Text size="sm">{CLIENT_PLAN_TEXT.cancelQuestion}</Text>
      </ConfirmModal>
    </Paper>
  );
}

export default ClientPaymentPlanCard;
