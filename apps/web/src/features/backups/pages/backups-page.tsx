import { Alert, Badge, Button, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { sizeText } from '../../../lib/file-size.ts';
import { toast } from '../../../lib/toasts.ts';
import { backUpNow, backupKeys, backupStatusQuery, downloadBackup } from '../api/backups.ts';
import {
  durationText,
  overdueDays,
  overdueText,
  RUN_KIND_LABELS,
  RUN_STATUS_COLORS,
  RUN_STATUS_LABELS,
  unresolvedFailures,
  WEEKDAYS,
} from '../utils/backup-display.ts';

export const BACKUPS_INTRO =
  'Every night Matterhorn copies the whole database and every stored file, encrypted with a key only you hold, and once a week it restores the newest copy on the side and checks that nothing is missing: the records, the audit trail, every trust account, the books and each document.';
export const STATUS_UNREADABLE_TEXT = 'The backups could not be read. Reload the page to try again.';

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00 UTC`;

/** /settings/backups (administrators): the last backup and drill with its proofs, the next backup, "Back up now" (issue 65 §3). */
export function BackupsPage() {
  const queryClient = useQueryClient();
  const { data: status, isError } = useQuery(backupStatusQuery);
  const [isStarting, setIsStarting] = useState(false);
  const [isDownloading, setIsDownloading] = useState(false);

  const start = async () => {
    setIsStarting(true);
    try {
      await backUpNow();
    } catch {
      // The API client has shown the server's message (409: one is running, which the list shows).
    } finally {
      setIsStarting(false);
      await queryClient.invalidateQueries({ queryKey: backupKeys.status });
    }
  };
  const download = async (backupId: string) => {
    setIsDownloading(true);
    try {
      await downloadBackup(backupId);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The backup could not be downloaded');
    } finally {
      setIsDownloading(false);
    }
  };

  const header = (
    <div>
      <PageTitle parts={['Backups', 'Settings']} />
      <Title order={1}>Backups</Title>
      <Text c="dimmed" maw={820}>
        {BACKUPS_INTRO}
      </Text>
    </div>
  );
  if (isError)
    return (
      <Stack gap="lg">
        {header}
        <Text>{STATUS_UNREADABLE_TEXT}</Text>
      </Stack>
    );
  if (!status)
    return (
      <Stack gap="lg">
        {header}
        <LoadingSpinner label="Loading backups" />
      </Stack>
    );

  const overdue = overdueDays(status);
  const isRunning = status.runs.some((run) => run.kind === 'backup' && run.status === 'running');
  const { lastBackup, lastDrill } = status;
  return (
    <Stack gap="lg">
      {header}
      {overdue !== null && (
        <Alert color="red" variant="filled" title="No recent backup">
          {overdueText(overdue)}
        </Alert>
      )}
      {unresolvedFailures(status).map((run) => (
        <Alert key={run.id} color="red" title={`The last ${run.kind === 'backup' ? 'backup' : 'restore drill'} failed`}>
          {displayDateTime(run.startedAt)}: {run.failure ?? 'no reason was recorded'}
        </Alert>
      ))}
      {status.isKeyInDataDirectory && (
        <Alert color="yellow" title="Keep a copy of the backup key elsewhere">
          The key that opens the backups was made on this server, in <Code>backup-key.txt</Code> in its data folder. Copy that file
          somewhere other than this computer and the backups: without it, no backup can be read by anyone.
        </Alert>
      )}

      <Stack gap="xs" component="section" aria-labelledby="last-backup-title">
        <Title order={2} size="h3" id="last-backup-title">
          Last backup
        </Title>
        {lastBackup ? (
          <Text>
            {displayDateTime(lastBackup.finishedAt ?? lastBackup.startedAt)} · {sizeText(lastBackup.bytesTotal)} · {lastBackup.files ?? 0}{' '}
            stored files · took {durationText(lastBackup.durationMs)} · to {lastBackup.destination}
          </Text>
        ) : (
          <Text>None yet.</Text>
        )}
        <Text>
          Next backup: {displayDateTime(status.nextBackupAt)} (every day at {hourText(status.hourUtc)}). At most {status.recoveryPointHours}{' '}
          hours of work can be lost. Kept: the newest of each of the last {status.retention.daily} days, {status.retention.weekly} weeks and{' '}
          {status.retention.monthly} months, in {status.where}.
        </Text>
        <Text size="sm" c="dimmed">
          Encrypted to <Code style={{ wordBreak: 'break-all' }}>{status.encryptedTo}</Code>
        </Text>
        <Group>
          <Button onClick={() => void start()} loading={isStarting || isRunning} disabled={isRunning}>
            Back up now
          </Button>
          {status.isDownloadable && lastBackup?.backupId && (
            <Button variant="default" loading={isDownloading} onClick={() => void download(lastBackup.backupId!)}>
              Download the last backup
            </Button>
          )}
        </Group>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="last-drill-title">
        <Title order={2} size="h3" id="last-drill-title">
          Last restore drill
        </Title>
        <Text>Every {WEEKDAYS[status.drillWeekday]}, an hour after the backup, the newest backup is restored on the side and checked.</Text>
        {lastDrill ? (
          <>
            <Group gap="xs">
              <Badge color={RUN_STATUS_COLORS[lastDrill.status]}>{RUN_STATUS_LABELS[lastDrill.status]}</Badge>
              <Text>
                {displayDateTime(lastDrill.startedAt)}, backup {lastDrill.backupId ?? '—'}, took {durationText(lastDrill.durationMs)}
              </Text>
            </Group>
            <List aria-label="The drill's proofs">
              {lastDrill.proofs.map((proof) => (
                <List.Item key={proof.name}>
                  {proof.passed ? 'Passed' : 'Failed'}: {proof.name}
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text>None yet.</Text>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="recent-runs-title">
        <Title order={2} size="h3" id="recent-runs-title">
          Recent backups and drills
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-labelledby="recent-runs-title" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Took</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {status.runs.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>No backup yet.</Table.Td>
                </Table.Tr>
              )}
              {status.runs.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td>{displayDateTime(run.startedAt)}</Table.Td>
                  <Table.Td>
                    {RUN_KIND_LABELS[run.kind]}
                    {run.trigger === 'manual' ? ' (by hand)' : ''}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={RUN_STATUS_COLORS[run.status]}>{RUN_STATUS_LABELS[run.status]}</Badge>
                  </Table.Td>
                  <Table.Td>{run.kind === 'backup' ? sizeText(run.bytesTotal) : '—'}</Table.Td>
                  <Table.Td>{durationText(run.durationMs)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
