import { Anchor } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';

/** On a client's overview, for those who read the audit trail: who looked at this client's records. */
export function ClientWhoLookedLink({ clientId }: { clientId: string }) {
  const { permissions } = useSession();
  if (!hasPermissions(permissions, ['viewReportsAuditTrail'])) return null;
  return (
    <Anchor component={Link} to={`/reports/audit-trail/who-looked?ClientId=${encodeURIComponent(clientId)}`} size="sm">
      Who looked at this client’s records
    </Anchor>
  );
}
