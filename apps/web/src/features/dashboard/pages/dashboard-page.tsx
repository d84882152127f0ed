import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { hasPermissions, isoToDisplayDate, type DashboardSummary } from '@matterhorn/shared';
import { Suspense, useState, type ComponentType } from 'react';
import { firmScopeOf } from '../../../lib/session/working-user.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { useFirmKpis } from '../api/get-firm-kpis.ts';
import { useMyTasksToday } from '../api/get-my-tasks.ts';
import { useMyTime } from '../api/get-my-time.ts';
import { usePendingExpenseRequests } from '../api/get-pending-expense-requests.ts';
import { useReconciliationAlerts } from '../api/get-reconciliation-alerts.ts';
import { useUpcomingHearings, type HearingScope } from '../api/get-upcoming-hearings.ts';
import { FirmFigures, FirmFiguresPending } from '../components/firm-figures.tsx';
import { MyTasksCard } from '../components/my-tasks-card.tsx';
import { MyTimeCard } from '../components/my-time-card.tsx';
import { PendingExpensesCard } from '../components/pending-expenses-card.tsx';
import { ReconciliationAlertsCard } from '../components/reconciliation-alerts-card.tsx';
import { UpcomingHearingsCard } from '../components/upcoming-hearings-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const EMPTY_SUMMARY: DashboardSummary = {
  firmName: '',
  activeClientCount: 0,
  openMatterCount: 0,
  closedMatterCount: 0,
  teamMemberCount: 0,
  mattersByBillingType: [],
  recentMatters: [],
};

/** A count, or (null) a placeholder of its size while the counts are on their way. */
function StatCard({ label, value }: { label: string; value: number | null }) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === null ? (
        <Skeleton height={28} mt={4} width="40%" />
      ) : (
        <Text size="xl" fw={700} data-testid={`stat-${label}`}>
          {value.toLocaleString('en-US')}
        </Text>
      )}
    </Card>
  );
}

/**
 * `missedInstalmentsCard` comes from the payment plans feature (features never import each other),
 * shown to those who see invoices; `backupNotice` from the backups feature, to administrators.
 */
export function DashboardPage({
  missedInstalmentsCard: MissedInstalmentsCard,
  backupNotice: BackupNotice,
}: { missedInstalmentsCard?: ComponentType; backupNotice?: ComponentType } = {}) {
  const session = useSession();
  const scope = firmScopeOf(session.workingUser);
  const query = useDashboardSummary(scope);
  const canSeeTime = hasPermissions(session.permissions, ['timeEntry']);
  const myTime = useMyTime(scope, canSeeTime);
  // Approvers (those who may edit expenses) see the requests waiting for them.
  const isApprover = hasPermissions(session.permissions, ['expensePermission.edit']);
  const pendingExpenses = usePendingExpenseRequests(scope, isApprover);
  // Those who see trust accounts are warned of any whose three balances disagree.
  const canSeeTrust = hasPermissions(session.permissions, ['trustAccountRequest']);
  const reconciliationAlerts = useReconciliationAlerts(canSeeTrust);
  // Everyone sees their own matters' hearings; the answer says whether the firm's may be asked for.
  const [hearingScope, setHearingScope] = useState<HearingScope>('mine');
  const hearings = useUpcomingHearings(hearingScope, scope);
  const kpis = useFirmKpis(scope);
  // Every member has a to-do list: no permission needed.
  const myTasks = useMyTasksToday(scope);

  // The page is drawn at once, each card with a placeholder until its figures come: nothing waits
  // for the slowest answer, and nothing moves when it arrives.
  const isCounting = query.isLoading;
  const summary = query.data ?? { ...EMPTY_SUMMARY, firmName: session.workingUser?.firmName ?? '' };

  return (
    <Stack gap="lg">
      <PageTitle parts={['Dashboard']} />
      <div>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed">{summary.firmName}</Text>
      </div>
      {query.isError && (
        <Alert color="red" role="alert">
          The dashboard figures could not be loaded.
        </Alert>
      )}
      {BackupNotice && hasPermissions(session.permissions, ['administrator']) && (
        <Suspense fallback={null}>
          <BackupNotice />
        </Suspense>
      )}
      {canSeeTrust && <ReconciliationAlertsCard alerts={reconciliationAlerts.data} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatCard label="Active clients" value={isCounting ? null : summary.activeClientCount} />
        <StatCard label="Open matters" value={isCounting ? null : summary.openMatterCount} />
        <StatCard label="Closed matters" value={isCounting ? null : summary.closedMatterCount} />
        <StatCard label="Team members" value={isCounting ? null : summary.teamMemberCount} />
      </SimpleGrid>
      {kpis.data ? (
        <FirmFigures kpis={kpis.data} canOpenReports={hasPermissions(session.permissions, ['Reports'])} />
      ) : (
        // The API answers the firm's figures to viewSummary, a fee earner's own to anyone else.
        kpis.isLoading && (
          <FirmFiguresPending
            scope={hasPermissions(session.permissions, ['viewSummary']) ? 'firm' : 'own'}
            canOpenReports={hasPermissions(session.permissions, ['Reports'])}
            homeCurrencyCode={session.workingUser?.currencyISOCode ?? ''}
          />
        )
      )}
      {isApprover && (
        <PendingExpensesCard
          pending={pendingExpenses.data}
          isLoading={pendingExpenses.isLoading}
          homeCurrencySymbol={session.workingUser?.currency ?? ''}
        />
      )}
      {MissedInstalmentsCard && hasPermissions(session.permissions, ['invoice']) && (
        <Suspense fallback={null}>
          <MissedInstalmentsCard />
        </Suspense>
      )}
      <MyTasksCard myTasks={myTasks.data} isLoading={myTasks.isLoading} />
      <UpcomingHearingsCard
        hearings={hearings.data}
        isLoading={hearings.isLoading}
        scope={hearingScope}
        onScopeChange={setHearingScope}
        canOpenCalendar={hasPermissions(session.permissions, ['courtUpdate'])}
      />
      {canSeeTime && <MyTimeCard myTime={myTime.data} isLoading={myTime.isLoading} isError={myTime.isError} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Matters by billing type
          </Title>
          {isCounting ? (
            <Skeleton height={72} />
          ) : summary.mattersByBillingType.length === 0 ? (
            <Text c="dimmed" size="sm">
              No matters yet.
            </Text>
          ) : (
            <Stack gap={6}>
              {summary.mattersByBillingType.map((row) => (
                <Group key={row.billingType} justify="space-between">
                  <Text size="sm">{row.billingType}</Text>
                  <Text size="sm" fw={600}>
                    {row.count}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Recent matters
          </Title>
          {isCounting ? (
            <Skeleton height={72} />
          ) : summary.recentMatters.length === 0 ? (
            <Text c="dimmed" size="sm">
              No matters yet.
            </Text>
          ) : (
            <Table aria-label="Recent matters">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Matter</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Opened</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.recentMatters.map((matter) => (
                  <Table.Tr key={matter.id}>
                    <Table.Td>{matter.matterName}</Table.Td>
                    <Table.Td>{matter.clientName}</Table.Td>
                    <Table.Td>{isoToDisplayDate(matter.matterOpenDate) || matter.matterOpenDate}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
