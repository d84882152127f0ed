import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { hasPermissions, type Role } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { deleteRole } from '../api/delete-role.ts';
import { usePermissionList } from '../api/get-permission-list.ts';
import { ROLES_KEY, useRoles } from '../api/get-roles.ts';
import { isAdministratorRole } from '../components/permission-labels.ts';
import { RoleEditorModal, type RoleEditorState } from '../components/role-editor-modal.tsx';
import { ActionsHeader } from '../../../components/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function RolesPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const roles = useRoles();
  const permissionList = usePermissionList();
  const [editor, setEditor] = useState<RoleEditorState>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const canCreate = hasPermissions(session.permissions, ['adminRoles.create']);
  const canEdit = hasPermissions(session.permissions, ['adminRoles.edit']);
  const canDelete = hasPermissions(session.permissions, ['adminRoles.delete']);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ROLES_KEY });

  return (
    <Stack gap="lg">
      <PageTitle parts={['Roles & permissions', 'Settings']} />
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Roles &amp; permissions</Title>
          <Text c="dimmed">A role is a set of permissions; every team member holds one role.</Text>
        </div>
        {canCreate && <Button onClick={() => setEditor({ role: null })}>New role</Button>}
      </Group>
      {roles.isPending ? (
        <LoadingSpinner label="Loading roles" />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Roles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Th ta="right">Permissions</Table.Th>
                <Table.Th ta="right">Members</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(roles.data ?? []).map((role) => {
                const isAdministrator = isAdministratorRole(role);
                const isEditable = canEdit && !isAdministrator;
                return (
                  <Table.Tr key={role.id}>
                    <Table.Td>
                      {role.name}
                      {isAdministrator && (
                        <Badge ml="xs" size="xs" variant="light">
                          Read-only
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{isAdministrator ? 'All' : role.permissions.length}</Table.Td>
                    <Table.Td ta="right">{role.memberCount}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditor({ role })}
                          aria-label={`${isEditable ? 'Edit' : 'View'} ${role.name}`}
                        >
                          {isEditable ? 'Edit' : 'View'}
                        </Button>
                        {canDelete && !isAdministrator && (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => setDeleting(role)}
                            aria-label={`Delete ${role.name}`}
                          >
                            Delete
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <RoleEditorModal
        state={editor}
        groups={permissionList.data}
        canSave={editor?.role ? canEdit : canCreate}
        onClose={() => setEditor(null)}
        onSaved={refresh}
      />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'role'}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteRole(deleting.id);
          refresh();
        }}
      >
        <Text size="sm">
          {deleting && deleting.memberCount > 0
            ? `${deleting.memberCount} ${deleting.memberCount === 1 ? 'member holds' : 'members hold'} this role; give them another role first.`
            : 'The role will be removed. This cannot be undone.'}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
