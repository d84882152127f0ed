import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { backupStatusQuery } from '../api/backups.ts';
import { overdueDays, overdueText, unresolvedFailures } from '../utils/backup-display.ts';

/**
 * On the dashboard, for administrators (issue 65 §3): red once no backup has succeeded for two days,
 * and a failed backup or drill until one of its kind succeeds; nothing while all is well.
 */
export function BackupOverdueNotice() {
  const { data } = useQuery(backupStatusQuery);
  if (!data) return null;
  const overdue = overdueDays(data);
  const failures = unresolvedFailures(data);
  if (overdue === null && failures.length === 0) return null;
  return (
    <Alert color="red" variant={overdue === null ? 'light' : 'filled'} title={overdue === null ? 'A backup failed' : 'No recent backup'}>
      {overdue === null ? `${failures.map((run) => run.failure ?? 'no reason was recorded').join(' ')} ` : `${overdueText(overdue)} `}
      <Anchor component={Link} to="/settings/backups" c="inherit" underline="always">
        Open Backups
      </Anchor>
    </Alert>
  );
}

export default BackupOverdueNotice;
