import { hasPermissions, reportEntryOf, SPEC_MESSAGES } from '@matterhorn/shared';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { ReportCentrePage } from './report-centre-page.tsx';
import { ReportPage } from './report-page.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/**
 * /reports and /reports/:name, one route (the route table is in every firm page): the centre, or
 * one report, which also needs the report's own permission (the audit trail's viewReportsAuditTrail).
 */
export function ReportsPage() {
  const { name } = useParams();
  const { permissions } = useSession();
  if (!name) return <ReportCentrePage />;
  const entry = reportEntryOf(name);
  if (entry && !hasPermissions(permissions, [entry.permission]))
    return (
      <>
        <PageTitle parts={[entry.title, 'Reports']} />
        <Text p="md" role="alert">
          {SPEC_MESSAGES.noPermission}
        </Text>
      </>
    );
  return <ReportPage />;
}
