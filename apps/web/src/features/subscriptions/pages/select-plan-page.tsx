import { Alert, Badge, Button, Card, Group, List, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  formatMoney,
  hasPermissions,
  type BillingInterval,
  type PlanChangePreview,
  type PlanList,
  type PlanOffer,
  type SubscriptionInfo,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toasts.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { firmScopeOf } from '../../../lib/session/working-user.ts';
import { useSubscriptionInfo } from '../api/get-subscription-info.ts';
import { cancelSubscription, changePlan, plansQuery, previewPlanChange, reactivateSubscription } from '../api/plans-api.ts';
import { BillingHistory } from '../components/billing-history.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

const INTERVAL_WORDS: Record<BillingInterval, string> = { monthly: 'month', yearly: 'year' };

const limitText = (value: number | null, unit: string) =>
  value === null ? `Unlimited ${unit}` : `${value.toLocaleString('en-US')} ${unit}`;
const storageText = (megabytes: number | null) =>
  megabytes === null ? 'Unlimited storage' : megabytes >= 1024 ? `${megabytes / 1024} GB of documents` : `${megabytes} MB of documents`;

/** The firm's plan now: seats used, the next billing date and amount, and a change waiting for it. */
function CurrentPlan({ info, symbol, actions }: { info: SubscriptionInfo; symbol: string; actions: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label="Current plan">
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={600}>Current plan: {info.planName}</Text>
          {info.isCancelled && <Badge color="gray">Cancelled</Badge>}
          {info.pastDueUntil && <Badge color="red">Renewal not paid</Badge>}
        </Group>
        <Text size="sm">
          {info.totalNumberUsers} of {info.allocatedNumberUsers} seats used · {info.planName === 'Trial' ? 'trial ends' : 'paid to'}{' '}
          {info.subscriptionEndDate}
        </Text>
        {info.nextBillingDate && info.nextBillingAmount && (
          <Text size="sm">
            Next billing: {formatMoney(info.nextBillingAmount, symbol)} on {info.nextBillingDate}
            {info.renewalMethod && ` from ${info.renewalMethod}`}
          </Text>
        )}
        {info.downGradePlanInfo && (
          <Text size="sm">
            Changes to {info.downGradePlanInfo.planName} on {info.downGradePlanInfo.effectiveDate}
          </Text>
        )}
        {info.pastDueUntil && (
          <Text size="sm">
            The renewal could not be charged{info.renewalMethod && ` to ${info.renewalMethod}`}. Choose your plan below and pay it with any
            card by {info.pastDueUntil}; after that day the firm can read and export but not change its records.
          </Text>
        )}
        {info.isCancelled && (
          <Text size="sm">
            Cancelled on {info.cancellationDate}: access continues to {info.subscriptionEndDate}, then the firm can read and export but not
            change its records.
          </Text>
        )}
        {actions}
      </Stack>
    </Card>
  );
}

function PlanCard({
  plan,
  list,
  interval,
  canChoose,
  onChoose,
}: {
  plan: PlanOffer;
  list: PlanList;
  interval: BillingInterval;
  canChoose: boolean;
  onChoose: (plan: PlanOffer) => void;
}) {
  const price = plan.pricePerSeat?.[interval];
  return (
    <Card withBorder component="li" padding="lg" style={{ listStyle: 'none' }}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h3">
          {plan.name}
        </Title>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <Text fw={700} size="lg">
          {price ? `${formatMoney(price, list.currencySymbol)} per seat / ${INTERVAL_WORDS[interval]}` : 'Free'}
        </Text>
        {price && list.vatPercent !== '0' && (
          <Text size="xs" c="dimmed">
            plus VAT {list.vatPercent}%
          </Text>
        )}
        <List size="sm" spacing={2}>
          {plan.kind === 'free' && <List.Item>{limitText(plan.limits.users, plan.limits.users === 1 ? 'user' : 'users')}</List.Item>}
          <List.Item>{limitText(plan.limits.activeMatters, 'open matters')}</List.Item>
          <List.Item>{storageText(plan.limits.storageMb)}</List.Item>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <div style={{ marginTop: 'auto' }}>
          {plan.kind === 'paid' ? (
            canChoose && (
              <Button fullWidth onClick={() => onChoose(plan)}>
                Choose {plan.name}
              </Button>
            )
          ) : (
            <Text size="xs" c="dimmed">
              A trial that fits these limits moves to it when it ends.
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}

/**
 * /settings/plans-&-subscriptions/select-plan (issue 38): the plans side by side, monthly or yearly,
 * the seats (never fewer than the active users), and before paying what is charged today and from
 * the next billing date; paying goes to the gateway's checkout, whose webhook makes the change.
 */
export function SelectPlanPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const plans = useQuery(plansQuery);
  const info = useSubscriptionInfo(firmScopeOf(session.workingUser));
  const [searchParams] = useSearchParams();
  const hasPaid = searchParams.has('paid');
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  // null until the user types: the seats paid for now (or the active users), then what they type (Mantine clamps it on blur).
  const [seats, setSeats] = useState<number | string | null>(null);
  const [chosen, setChosen] = useState<PlanOffer | null>(null);
  const [preview, setPreview] = useState<PlanChangePreview | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  // One key per change shown: a second click on Pay is the same change, paid once.
  const changeKey = useIdempotencyKey();
  const canChange = hasPermissions(session.permissions, ['subscriptionPlan.edit']);
  const changeRef = useRef<HTMLElement>(null);

  // The preview appears below the plans: focus (and the screen) moves to it.
  useEffect(() => {
    if (preview) changeRef.current?.focus();
  }, [preview]);

  // Back from the gateway: the webhook may have applied the change already.
  useEffect(() => {
    if (hasPaid) void queryClient.invalidateQueries({ queryKey: ['subscription-info'] });
  }, [hasPaid, queryClient]);

  if (plans.isPending || info.isPending) return <LoadingPage title={['Plans & Subscriptions', 'Settings']} label="Loading plans" />;
  if (!plans.data || !info.data)
    return (
      <>
        <PageTitle parts={['Plans & Subscriptions', 'Settings']} />
        <Alert color="red" title="Plans could not be loaded">
          Try again in a moment.
        </Alert>
      </>
    );
  const list = plans.data;
  const current = info.data;
  const minimumSeats = Math.max(current.totalNumberUsers, 1);
  // From the team page's "add a seat": the seats it asks for; else the seats paid for now.
  const askedSeats = Number(searchParams.get('seats'));
  const defaultSeats = Math.max(
    Number.isInteger(askedSeats) && askedSeats <= 1000 ? askedSeats : 0,
    current.allocatedNumberUsers,
    minimumSeats,
  );
  const chosenSeats = typeof seats === 'number' ? Math.max(seats, minimumSeats) : defaultSeats;

  // Billed (it has a next billing date), or cancelled and running to its end.
  const isPaid = current.nextBillingDate !== null || current.isCancelled;
  const refreshSubscription = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['subscription-info'] }),
      queryClient.invalidateQueries({ queryKey: ['subscription-billing-history'] }),
    ]);
  const reactivate = async () => {
    try {
      await reactivateSubscription();
      await refreshSubscription();
    } catch {
      // Shown by the API client.
    }
  };
  const clearPreview = () => {
    setChosen(null);
    setPreview(null);
  };
  const choose = async (plan: PlanOffer) => {
    setIsBusy(true);
    try {
      setPreview(await previewPlanChange({ planId: plan.id, interval, seats: chosenSeats }));
      setChosen(plan);
      changeKey.renew();
    } catch {
      // The API client has shown why (e.g. fewer seats than active users).
    } finally {
      setIsBusy(false);
    }
  };
  const confirm = async () => {
    if (!chosen) return;
    setIsBusy(true);
    try {
      const result = await changePlan({ planId: chosen.id, interval, seats: chosenSeats }, changeKey.key);
      if (result.checkoutUrl) {
        window.location.assign(result.checkoutUrl);
        return;
      }
      changeKey.renew();
      const paid = `${formatMoney(result.preview.payToday, result.preview.currencySymbol)} was charged to ${current.renewalMethod ?? 'your saved card'}`;
      toast.success(
        result.outcome === 'charged'
          ? `${paid}: you are now on ${chosen.name}, ${chosenSeats} seat${chosenSeats === 1 ? '' : 's'}`
          : result.outcome === 'pending'
            ? `${paid}: your plan changes as soon as the payment gateway confirms it`
            : `Your change to ${chosen.name} is scheduled for ${result.preview.effectiveDate}`,
      );
      clearPreview();
      await refreshSubscription();
    } catch {
      // Shown by the API client.
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageTitle parts={['Plans & Subscriptions', 'Settings']} />
      <Title order={1}>Plans & Subscriptions</Title>
      {hasPaid && (
        <Alert color="green" title="Thank you">
          Your plan changes as soon as the payment gateway confirms the payment, usually within a minute.
        </Alert>
      )}
      <CurrentPlan
        info={current}
        symbol={list.currencySymbol}
        actions={
          canChange && isPaid ? (
            <Group gap="xs" mt="xs">
              {current.isCancelled ? (
                <Button variant="light" onClick={() => void reactivate()}>
                  Reactivate
                </Button>
              ) : (
                <Button variant="default" color="red" onClick={() => setIsCancelling(true)}>
                  Cancel subscription
                </Button>
              )}
            </Group>
          ) : null
        }
      />
      <Group align="flex-end" gap="md">
        <SegmentedControl
          aria-label="Billing interval"
          value={interval}
          onChange={(value) => {
            setInterval(value as BillingInterval);
            clearPreview();
          }}
          data={[
            { value: 'monthly', label: 'Monthly' },
            { value: 'yearly', label: 'Yearly' },
          ]}
        />
        <NumberInput
          label="Seats"
          description={`At least ${minimumSeats}: your active users`}
          min={minimumSeats}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="blur"
          value={seats ?? defaultSeats}
          onChange={(value) => {
            setSeats(value);
            clearPreview();
          }}
          w={200}
        />
      </Group>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p={0} m={0} aria-label="Plans">
        {list.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            list={list}
            interval={interval}
            canChoose={canChange && !isBusy}
            onChoose={(offer) => void choose(offer)}
          />
        ))}
      </SimpleGrid>
      {isCancelling && (
        <Suspense fallback={null}>
          <ConfirmModal
            opened
            title="Cancel subscription?"
            confirmLabel="Cancel subscription"
            cancelLabel="Keep it"
            isDestructive
            onClose={() => setIsCancelling(false)}
            onConfirm={async () => {
              await cancelSubscription();
              setIsCancelling(false);
              await refreshSubscription();
            }}
          >
            <Text size="sm">
              Nothing more is billed. The firm keeps every feature to {current.subscriptionEndDate}; then everyone can still sign in, read
              and export, but not change records until a plan is chosen again.
            </Text>
          </ConfirmModal>
        </Suspense>
      )}
      {chosen && preview && (
        <Card withBorder component="section" aria-label="Your change" role="status" ref={changeRef} tabIndex={-1}>
          <Stack gap="sm">
            <Text fw={600}>
              {chosen.name}, {chosenSeats} seat{chosenSeats === 1 ? '' : 's'}, {interval}
            </Text>
            <Text>{preview.summary}</Text>
            {preview.kind === 'scheduled' && (
              <Text size="sm">The change applies on {preview.effectiveDate}; nothing is charged today.</Text>
            )}
            {preview.kind === 'renewal' && (
              <Text size="sm">This pays the renewal due on {preview.effectiveDate}, the day after your last paid period.</Text>
            )}
            <Group gap="sm">
              <Button loading={isBusy} onClick={() => void confirm()}>
                {preview.kind === 'scheduled'
                  ? 'Schedule the change'
                  : `Pay ${formatMoney(preview.payToday, preview.currencySymbol)}${preview.kind === 'upgrade' && current.renewalMethod ? ` from ${current.renewalMethod}` : ''}`}
              </Button>
              <Button variant="default" onClick={clearPreview}>
                Back
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <BillingHistory />
    </Stack>
  );
}
