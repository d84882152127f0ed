import { Button, Menu } from '@mantine/core';
import { LEAD_STATUS_LABELS, nextLeadStatuses, type LeadStatus } from '@matterhorn/shared';
import { IconChevronDown } from '@tabler/icons-react';

export type LeadMoveMenuProps = {
  lead: { id: string; displayName: string; status: LeadStatus };
  onMove: (status: LeadStatus) => void;
  size?: 'xs' | 'sm';
};

/** "Move" and the statuses the pipeline allows from here (LEAD_TRANSITIONS): the board's keyboard path. */
export function LeadMoveMenu({ lead, onMove, size = 'xs' }: LeadMoveMenuProps) {
  const targets = nextLeadStatuses(lead.status);
  if (targets.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size={size}
          variant="light"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Move ${lead.displayName}`}
        >
          Move
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Move to</Menu.Label>
        {targets.map((status) => (
          <Menu.Item key={status} onClick={() => onMove(status)}>
            {LEAD_STATUS_LABELS[status]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
