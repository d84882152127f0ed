import { Button, Menu } from '@mantine/core';

export type ItemAction = { label: string; onClick: () => void; isDestructive?: boolean };

/** A row's actions behind one button named after the row ("Actions for Lease.pdf"), keyboard-operable. */
export function ItemActionsMenu({ name, actions }: { name: string; actions: ItemAction[] }) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={`Actions for ${name}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action.label} color={action.isDestructive ? 'red' : undefined} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
