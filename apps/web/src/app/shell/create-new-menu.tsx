import { Button, Menu } from '@mantine/core';
import { hasPermissions, SPEC_MESSAGES } from '@matterhorn/shared';
import { useNavigate } from 'react-router';
import { timeEntryPopup } from '../../lib/app-state/time-entry-popup-state.ts';
import { toast } from '../../lib/toasts.ts';

const CREATE_LINKS = [
  { label: 'Client', to: '/clients/add-new-client' },
  { label: 'Matter', to: '/matter/add-new-matter' },
  { label: 'Progress Update', to: '/progress-update/add-progress-update' },
  { label: 'Invoice', to: '/billing/invoice/invoice-empty' },
] as const;

const CREATE_LINKS_AFTER_TIME_ENTRY = [
  { label: 'Expense', to: '/expense-request/direct-expense/add-expense' },
  { label: 'Flat Fee', to: '/billing/flat-fees/add-new-flat-fee' },
] as const;

export const TIME_ENTRY_PERMISSION = 'timeEntry.create';

/** SPEC.md §2 'Create New'; Time Entry needs timeEntry.create, otherwise an alert toast. */
export function CreateNewMenu({ permissions }: { permissions: readonly string[] }) {
  const navigate = useNavigate();

  const openTimeEntry = () => {
    if (!hasPermissions(permissions, [TIME_ENTRY_PERMISSION])) {
      toast.alert(SPEC_MESSAGES.noPermission);
      return;
    }
    timeEntryPopup.open();
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button>Create New</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CREATE_LINKS.map((link) => (
          <Menu.Item key={link.label} onClick={() => navigate(link.to)}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Item onClick={openTimeEntry}>Time Entry</Menu.Item>
        {CREATE_LINKS_AFTER_TIME_ENTRY.map((link) => (
          <Menu.Item key={link.label} onClick={() => navigate(link.to)}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
