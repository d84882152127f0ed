import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { roleInputSchema, type Role } from '@matterhorn/shared';
import { useMemo } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import type { PermissionGroup } from '../api/get-permission-list.ts';
import { createRole, updateRole } from '../api/save-role.ts';
import { isAdministratorRole } from './permission-labels.ts';
import { PermissionGroupFieldset } from './permission-group-fieldset.tsx';

/** `role: null` creates a new role; the Administrator role opens read-only. */
export type RoleEditorState = { role: Role | null } | null;

type RoleEditorModalProps = {
  state: RoleEditorState;
  groups: PermissionGroup[] | undefined;
  canSave: boolean;
  onClose: () => void;
  onSaved: () => void;
};

function RoleForm({
  role,
  groups,
  canSave,
  onClose,
  onSaved,
}: Omit<RoleEditorModalProps, 'state' | 'groups'> & { role: Role | null; groups: PermissionGroup[] }) {
  const isReadOnly = (role !== null && isAdministratorRole(role)) || !canSave;
  const form = useSchemaForm(roleInputSchema, { name: role?.name ?? '', permissions: role?.permissions ?? [] });
  const checked = useMemo(() => new Set(form.values.permissions), [form.values.permissions]);
  // Saved in the permission list's order, so the request reads like the screen.
  const ordered = (held: ReadonlySet<string>) => {
    const listed = groups.flatMap((group) => group.permissions).filter((permission) => held.has(permission));
    const unlisted = [...held].filter((permission) => !listed.includes(permission));
    return [...listed, ...unlisted];
  };
  const toggle = (permissions: string[], isChecked: boolean) => {
    const next = new Set(checked);
    for (const permission of permissions) {
      if (isChecked) next.add(permission);
      else next.delete(permission);
    }
    form.setValue('permissions', ordered(next));
  };
  const submit = form.onSubmit(async (data) => {
    if (role) await updateRole(role.id, data);
    else await createRole(data);
    onSaved();
    onClose();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {role && isAdministratorRole(role) && (
          <Alert color="blue" role="status">
            The Administrator role holds every permission and cannot be changed. Every firm keeps at least one administrator.
          </Alert>
        )}
        <TextInput label="Role name" withAsterisk readOnly={isReadOnly} data-autofocus {...form.inputProps('name')} />
        {groups.map((group) => (
          <PermissionGroupFieldset key={group.resource} group={group} checked={checked} isReadOnly={isReadOnly} onChange={toggle} />
        ))}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            {isReadOnly ? 'Close' : 'Cancel'}
          </Button>
          {!isReadOnly && <SubmitButton isSubmitting={form.isSubmitting}>{role ? 'Save role' : 'Create role'}</SubmitButton>}
        </Group>
      </Stack>
    </form>
  );
}

export function RoleEditorModal({ state, groups, ...rest }: RoleEditorModalProps) {
  const role = state?.role ?? null;
  const title =
    state === null ? '' : role === null ? 'New role' : isAdministratorRole(role) || !rest.canSave ? role.name : `Edit ${role.name}`;
  return (
    <AppModal opened={state !== null} onClose={rest.onClose} title={title} size="xl">
      {state !== null &&
        (groups ? (
          <RoleForm key={role?.id ?? 'new'} role={role} groups={groups} {...rest} />
        ) : (
          <LoadingSpinner label="Loading permissions" />
        ))}
    </AppModal>
  );
}
