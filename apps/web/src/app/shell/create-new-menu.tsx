import { Button, Menu } from '@mantine/core';
import { hasPermissions, SPEC_MESSAGES } from '@matterhorn/shared';
import { useRef } from 'react';
import { useNavigate, type RouteObject } from 'react-router';
import { canOpen } from '../routing/page-permissions.ts';
import { timeEntryPopup } from '../../lib/app-state/time-entry-popup-state.ts';
import { toast } from '../../lib/toasts.ts';

/** Progress Update opens the note form, or the court update form for those who may add only court updates. */
const ADD_PROGRESS_NOTE = '/progress-update/add-progress-update';
const ADD_COURT_UPDATE = `${ADD_PROGRESS_NOTE}?iscourtupdate=true`;

type CreateLink = { label: string; to: string; otherwise?: string };

const CREATE_LINKS: readonly CreateLink[] = [
  { label: 'Client', to: '/clients/add-new-client' },
  { label: 'Matter', to: '/matter/add-new-matter' },
  { label: 'Progress Update', to: ADD_PROGRESS_NOTE, otherwise: ADD_COURT_UPDATE },
  { label: 'Invoice', to: '/billing/invoice/invoice-empty' },
];

const CREATE_LINKS_AFTER_TIME_ENTRY = [
  { label: 'Expense', to: '/expense-request/direct-expense/add-expense' },
  { label: 'Flat Fee', to: '/billing/flat-fees/add-new-flat-fee' },
] as const;

export const TIME_ENTRY_PERMISSION = 'timeEntry.create';

type CreateNewMenuProps = {
  permissions: readonly string[];
  /** The firm pages with their declared permissions: a link shows only when the user may open its page. */
  pages: RouteObject[];
};

/**
 * SPEC.md §2 'Create New'. Links to pages the user may not open are left out; Time Entry stays, as
 * SPEC.md has it answer a missing timeEntry.create with an alert toast.
 */
export function CreateNewMenu({ permissions, pages }: CreateNewMenuProps) {
  const navigate = useNavigate();
  const targetRef = useRef<HTMLButtonElement>(null);
  const isOpenable = (link: { to: string }) => canOpen(pages, permissions, link.to);
  const openableLinks = CREATE_LINKS.flatMap((link): CreateLink[] => {
    if (isOpenable(link)) return [link];
    return link.otherwise && isOpenable({ to: link.otherwise }) ? [{ ...link, to: link.otherwise }] : [];
  });

  const openTimeEntry = () => {
    if (!hasPermissions(permissions, [TIME_ENTRY_PERMISSION])) {
      toast.alert(SPEC_MESSAGES.noPermission);
      return;
    }
    timeEntryPopup.open();
  };

  return (
    // Focus goes back to Create New, so a popup opened from the menu hands it back there when it closes.
    // In the top bar, not a portal: the open menu stays inside the page's banner landmark (axe: region).
    <Menu position="bottom-end" withinPortal={false} onClose={() => targetRef.current?.focus()}>
      <Menu.Target>
        <Button ref={targetRef}>Create New</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {openableLinks.map((link) => (
          <Menu.Item key={link.label} onClick={() => navigate(link.to)}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Item onClick={openTimeEntry}>Time Entry</Menu.Item>
        {CREATE_LINKS_AFTER_TIME_ENTRY.filter(isOpenable).map((link) => (
          <Menu.Item key={link.label} onClick={() => navigate(link.to)}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
