import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { formatMoney, MATTER_BUDGET_MEASURE_LABELS, roundMoney, type MatterBudget, type MatterBudgetMeasureView } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { matterBudgetQuery } from '../api/matter-budget.ts';

// The form loads when first opened: most visits only read the bars.
const MatterBudgetModal = lazy(async () => ({ default: (await import('./matter-budget-form.tsx')).MatterBudgetModal }));

const label = (view: MatterBudgetMeasureView) =>
  `${MATTER_BUDGET_MEASURE_LABELS[view.measure][0]!.toUpperCase()}${MATTER_BUDGET_MEASURE_LABELS[view.measure].slice(1)}`;

function figure(view: MatterBudgetMeasureView, value: string, currencyCode: string) {
  return view.measure === 'hours' ? `${roundMoney(value)} h` : `${currencyCode} ${formatMoney(value)}`;
}

/** Blue below 80%, orange from 80% (the fee earner has been told), red at 100% and past it. */
const colorOf = (percent: number) => (percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'blue');

function MeasureBar({ view, currencyCode }: { view: MatterBudgetMeasureView; currencyCode: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {label(view)}
        </Text>
        <Text size="sm">
          {figure(view, view.used, currencyCode)} of {figure(view, view.limit, currencyCode)} · {view.percentUsed}%
        </Text>
      </Group>
      <Progress.Root size="lg">
        <Progress.Section
          value={Math.min(view.percentUsed, 100)}
          color={colorOf(view.percentUsed)}
          aria-label={`${label(view)} budget used: ${view.percentUsed}%`}
        />
      </Progress.Root>
    </Stack>
  );
}

function BudgetBody({ budget }: { budget: MatterBudget }) {
  if (!budget.budget) {
    return (
      <Text size="sm" c="dimmed">
        No budget set. A budget limits the total, the hours, the fees or the expenses, and tells the responsible fee earner at 80% and 100%.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {budget.measures.map((view) => (
        <MeasureBar key={view.measure} view={view} currencyCode={budget.currencyCode} />
      ))}
      <Text size="sm">
        Responsible fee earner: {budget.budget.responsibleUserName}
        {budget.isTimeBlockedPastBudget ? ' · Time past 100% is refused.' : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {budget.basis}
      </Text>
    </Stack>
  );
}

export type MatterBudgetCardProps = {
  matterId: string;
  canEdit: boolean;
  /** Who the form offers as the responsible fee earner first, when the budget is new. */
  defaultResponsibleUserId: string;
};

/** The matter's budget on its overview: a bar per limit, set and changed by those who may edit the matter. */
export function MatterBudgetCard({ matterId, canEdit, defaultResponsibleUserId }: MatterBudgetCardProps) {
  const queryClient = useQueryClient();
  const budget = useQuery(matterBudgetQuery(matterId));
  const [isEditing, setIsEditing] = useState(false);

  return (
    <Card withBorder component="section" aria-labelledby="matter-budget-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="matter-budget-title">
          Budget
        </Title>
        {canEdit && budget.data && (
          <Button variant="default" size="xs" onClick={() => setIsEditing(true)}>
            {budget.data.budget ? 'Edit budget' : 'Set budget'}
          </Button>
        )}
      </Group>
      {budget.data ? (
        <BudgetBody budget={budget.data} />
      ) : (
        <Text size="sm" c="dimmed">
          {budget.isError ? 'The budget could not be loaded.' : 'Loading the budget…'}
        </Text>
      )}
      {isEditing && budget.data && (
        <Suspense fallback={null}>
          <MatterBudgetModal
            matterId={matterId}
            budget={budget.data}
            defaultResponsibleUserId={defaultResponsibleUserId}
            onClose={() => setIsEditing(false)}
            onSaved={(saved) => {
              queryClient.setQueryData(matterBudgetQuery(matterId).queryKey, saved);
              setIsEditing(false);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
