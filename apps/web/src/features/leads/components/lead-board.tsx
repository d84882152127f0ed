import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  isoToDisplayDate,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  nextLeadStatuses,
  type LeadBoard,
  type LeadStatus,
  type LeadSummary,
} from '@matterhorn/shared';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { LeadMoveMenu } from './lead-move-menu.tsx';

export type LeadBoardViewProps = {
  board: LeadBoard;
  canMove: boolean;
  onMove: (lead: LeadSummary, status: LeadStatus) => void;
};

const DRAG_TYPE = 'application/x-matterhorn-lead';

function LeadCard({ lead, canMove, onMove }: { lead: LeadSummary; canMove: boolean; onMove: LeadBoardViewProps['onMove'] }) {
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      draggable={canMove && nextLeadStatuses(lead.status).length > 0}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: lead.id, status: lead.status }));
        event.dataTransfer.effectAllowed = 'move';
      }}
      style={{ cursor: canMove ? 'grab' : undefined }}
    >
      <Stack gap={4}>
        <Anchor component={Link} to={`/leads/${lead.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {lead.displayName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {LEAD_SOURCE_LABELS[lead.source]} · {isoToDisplayDate(lead.createdAt.slice(0, 10))}
          {lead.practiceAreaName ? ` · ${lead.practiceAreaName}` : ''}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs">{lead.assigneeName ?? 'Unassigned'}</Text>
          {canMove && <LeadMoveMenu lead={lead} onMove={(status) => onMove(lead, status)} />}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * One column per pipeline status, newest leads first. A card moves by its Move menu (keyboard and
 * touch) or by dragging it onto a column the pipeline allows.
 */
export function LeadBoardView({ board, canMove, onMove }: LeadBoardViewProps) {
  const [dropTarget, setDropTarget] = useState<LeadStatus | null>(null);
  const leadsById = new Map(board.columns.flatMap((column) => column.leads.map((lead) => [lead.id, lead] as const)));

  const dropProps = (status: LeadStatus) => ({
    onDragOver: (event: DragEvent) => {
      if (!canMove || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      setDropTarget(status);
    },
    onDragLeave: () => setDropTarget((current) => (current === status ? null : current)),
    onDrop: (event: DragEvent) => {
      setDropTarget(null);
      const dragged = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || 'null') as { id: string; status: LeadStatus } | null;
      const lead = dragged && leadsById.get(dragged.id);
      if (!lead || !nextLeadStatuses(lead.status).includes(status)) return;
      event.preventDefault();
      onMove(lead, status);
    },
  });

  return (
    // A plain scrolling row (Mantine's ScrollArea cost the page 5 KB); its links and buttons reach it by
    // keyboard. Width 0 growing to 100%, and relative (the counts' hidden words are absolute): the
    // columns must not widen the page around it on a phone.
    <div style={{ position: 'relative', overflowX: 'auto', paddingBottom: 8, width: 0, minWidth: '100%' }}>
      <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 'min-content' }}>
        {board.columns.map((column) => (
          <Paper
            key={column.status}
            component="section"
            aria-labelledby={`lead-column-${column.status}`}
            bg={dropTarget === column.status ? 'blue.0' : 'gray.0'}
            p="sm"
            radius="md"
            style={{ flex: '1 0 220px', maxWidth: 320 }}
            {...dropProps(column.status)}
          >
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Title order={2} size="h5" id={`lead-column-${column.status}`}>
                {LEAD_STATUS_LABELS[column.status]}
              </Title>
              <Badge variant="light">
                {column.count}
                <VisuallyHidden> leads</VisuallyHidden>
              </Badge>
            </Group>
            {column.leads.length === 0 ? (
              <Text size="sm" c="dimmed">
                No leads
              </Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {column.leads.map((lead) => (
                  <LeadCard key={lead.id} lead={lead} canMove={canMove} onMove={onMove} />
                ))}
              </Stack>
            )}
            {column.count > column.leads.length && (
              <Anchor component={Link} to={`/leads?view=list&status=${column.status}`} size="sm" mt="xs" display="block">
                All {column.count} {LEAD_STATUS_LABELS[column.status].toLowerCase()} leads
              </Anchor>
            )}
          </Paper>
        ))}
      </Group>
    </div>
  );
}
