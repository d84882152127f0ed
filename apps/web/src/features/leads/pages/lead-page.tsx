import { Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, LEAD_STATUS_LABELS, type LeadStatus } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { leadQuery, useLeadWrites } from '../api/leads-api.ts';
import { LeadAnswersCard } from '../components/lead-answers-card.tsx';
import { LeadConflictCard } from '../components/lead-conflict-card.tsx';
import { LeadDetailsCard } from '../components/lead-details-card.tsx';
import { STATUS_COLORS } from '../utils/lead-status-colors.ts';
import { LeadTimeline } from '../components/lead-timeline.tsx';
import { useLeadDelete } from '../hooks/use-lead-delete.tsx';
import { useLeadMove } from '../hooks/use-lead-move.tsx';
import { leadValues } from '../utils/lead-form-values.ts';

/** The details form (react-hook-form and the contract's schema) loads when Edit is pressed. */
const LazyLeadFormModal = lazy(() => import('../components/lead-form-modal.tsx'));

export const LEAD_NOT_FOUND = 'That lead could not be found. It may have been deleted.';

export type LeadPageProps = {
  /** The consultation card, from the consultations feature (composed in app/routing: features never import each other). */
  consultationCard?: (leadId: string, canEdit: boolean) => ReactNode;
  /** The engagement card (terms, letter, signature, Convert), from the engagements feature, composed the same way. */
  engagementCard?: (leadId: string, canEdit: boolean) => ReactNode;
};

/** /leads/:id: the lead's status and assignee, details, form answers, conflict check, consultation and timeline. */
export function LeadPage({ consultationCard, engagementCard }: LeadPageProps) {
  const { id = '' } = useParams();
  const session = useSession();
  const lead = useQuery(leadQuery(id));
  const members = useQuery(teamMembersQuery);
  const writes = useLeadWrites();
  const { move, reasonModal } = useLeadMove();
  const navigate = useNavigate();
  const { askToDelete, deleteModal } = useLeadDelete(() => void navigate('/leads'));
  const [isEditing, setEditing] = useState(false);
  const canEdit = hasPermissions(session.permissions, ['clientInfo.edit']);
  const canDelete = hasPermissions(session.permissions, ['clientInfo.delete']);

  if (lead.isPending) return <LoadingSpinner label="Loading the lead" />;
  if (!lead.data)
    return (
      <Stack gap="sm">
        <PageTitle parts={['Lead']} />
        <Title order={1}>Lead</Title>
        <Text role="status">{LEAD_NOT_FOUND}</Text>
        <Anchor component={Link} to="/leads">
          Back to leads
        </Anchor>
      </Stack>
    );
  const current = lead.data;
  const statusOptions = [current.status, ...current.nextStatuses].map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }));
  const memberOptions = activeMembers(members.data ?? []).map((member) => ({ value: member.id, label: member.name }));
  if (current.assigneeUserId && current.assigneeName && !memberOptions.some((option) => option.value === current.assigneeUserId))
    memberOptions.push({ value: current.assigneeUserId, label: current.assigneeName });

  return (
    <Stack gap="md" maw={1200}>
      <PageTitle parts={[current.displayName, 'Leads']} />
      <Anchor component={Link} to="/leads" size="sm">
        Back to leads
      </Anchor>
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {current.displayName}
        </Title>
        <Badge size="lg" variant="light" color={STATUS_COLORS[current.status]}>
          {LEAD_STATUS_LABELS[current.status]}
        </Badge>
        {canDelete && (
          <Button color="red" variant="light" ml="auto" onClick={() => askToDelete(current)}>
            Delete
          </Button>
        )}
      </Group>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <SearchableSelect
            label="Status"
            entity="status"
            options={statusOptions}
            value={current.status}
            disabled={!canEdit || current.nextStatuses.length === 0}
            onChange={(status) => {
              if (status && status !== current.status) void move(current, status as LeadStatus);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <SearchableSelect
            label="Assignee"
            entity="team member"
            options={memberOptions}
            value={current.assigneeUserId ?? ''}
            disabled={!canEdit}
            onChange={(assigneeUserId) => {
              if (assigneeUserId && assigneeUserId !== current.assigneeUserId)
                void writes.assign(current.id, assigneeUserId).catch(() => undefined);
            }}
          />
        </Grid.Col>
      </Grid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <LeadDetailsCard lead={current} onEdit={canEdit ? () => setEditing(true) : null} />
            <LeadAnswersCard lead={current} />
            <LeadConflictCard lead={current} canEdit={canEdit} />
            {engagementCard?.(current.id, canEdit)}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {consultationCard?.(current.id, canEdit)}
            <LeadTimeline lead={current} canEdit={canEdit} />
          </Stack>
        </Grid.Col>
      </Grid>
      <OnceOpened isOpen={isEditing}>
        <LazyLeadFormModal opened={isEditing} onClose={() => setEditing(false)} lead={current} initialValues={leadValues(current)} />
      </OnceOpened>
      {reasonModal}
      {deleteModal}
    </Stack>
  );
}
