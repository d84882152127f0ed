import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { RolesPage } from './roles-page.tsx';

const session = fakeSession({ permissions: ['administrator'] });

function stubRoles() {
  return stubApi({
    'GET /admin/admin-roles/get-roles': {
      data: [
        { id: 'r1', name: 'Administrator', permissions: ['administrator'], isSystem: true, memberCount: 1 },
        { id: 'r2', name: 'Billing', permissions: ['clientInfo'], isSystem: true, memberCount: 0 },
      ],
    },
    'GET /admin/admin-roles/get-permission-list': {
      data: [
        { resource: 'clientInfo', permissions: ['clientInfo', 'clientInfo.create', 'clientInfo.edit', 'clientInfo.delete'] },
        { resource: 'timeEntry', permissions: ['timeEntry', 'timeEntry.create', 'timeEntry.edit', 'timeEntry.delete'] },
      ],
    },
    'POST /admin/admin-roles/create-role': {
      data: { id: 'r3', name: 'Paralegal', permissions: ['clientInfo'], isSystem: false, memberCount: 0 },
      message: 'Role created',
    },
    'PUT /admin/admin-roles/update-role/r2': {
      data: { id: 'r2', name: 'Billing', permissions: ['clientInfo', 'clientInfo.create'], isSystem: true, memberCount: 0 },
      message: 'Role updated',
    },
  });
}

describe('RolesPage', () => {
  it('creates a role with the checked permissions, grouped by resource with select all', async () => {
    const user = userEvent.setup();
    const api = stubRoles();
    renderAt(<RolesPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    expect(within(dialog).getByRole('group', { name: 'clientInfo' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Role name/), 'Paralegal');
    await user.click(within(dialog).getByRole('checkbox', { name: 'View (clientInfo)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all in timeEntry' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Delete (timeEntry.delete)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/admin-roles/create-role')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/admin-roles/create-role')[0]?.body).toEqual({
      name: 'Paralegal',
      permissions: ['clientInfo', 'timeEntry', 'timeEntry.create', 'timeEntry.edit'],
    });
  }, 20_000);

  it('edits an existing role, keeping what it held', async () => {
    const user = userEvent.setup();
    const api = stubRoles();
    renderAt(<RolesPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Edit Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Billing' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create (clientInfo.create)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(api.callsTo('PUT', '/admin/admin-roles/update-role/r2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/admin/admin-roles/update-role/r2')[0]?.body).toEqual({
      name: 'Billing',
      permissions: ['clientInfo', 'clientInfo.create'],
    });
  }, 20_000);

  it('shows the Administrator role read-only and without Delete', async () => {
    const user = userEvent.setup();
    stubRoles();
    renderAt(<RolesPage />, { session });
    expect(await screen.findByRole('button', { name: 'Delete Billing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Administrator' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Administrator' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Administrator' });
    expect(within(dialog).getByText(/holds every permission and cannot be changed/)).toBeInTheDocument();
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box).toBeDisabled();
      expect(box).toBeChecked();
    }
    expect(within(dialog).getByLabelText(/^Role name/)).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Save role' })).not.toBeInTheDocument();
  });
});
