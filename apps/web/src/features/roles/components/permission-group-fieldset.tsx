import { Checkbox, Fieldset, SimpleGrid } from '@mantine/core';
import type { PermissionGroup } from '../api/get-permission-list.ts';
import { permissionLabel } from './permission-labels.ts';

type PermissionGroupFieldsetProps = {
  group: PermissionGroup;
  checked: ReadonlySet<string>;
  isReadOnly: boolean;
  onChange: (permissions: string[], isChecked: boolean) => void;
};

/** One resource's permissions under its heading, with 'Select all in {resource}'. */
export function PermissionGroupFieldset({ group, checked, isReadOnly, onChange }: PermissionGroupFieldsetProps) {
  const heldCount = group.permissions.filter((permission) => isReadOnly || checked.has(permission)).length;
  const isAll = heldCount === group.permissions.length && heldCount > 0;
  return (
    <Fieldset legend={group.resource} variant="filled" p="sm">
      <Checkbox
        label={`Select all in ${group.resource}`}
        checked={isAll}
        indeterminate={heldCount > 0 && !isAll}
        disabled={isReadOnly}
        onChange={(event) => onChange(group.permissions, event.currentTarget.checked)}
        mb="xs"
        fw={500}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
        {group.permissions.map((permission) => (
          <Checkbox
            key={permission}
            label={permissionLabel(group.resource, permission)}
            checked={isReadOnly || checked.has(permission)}
            disabled={isReadOnly}
            onChange={(event) => onChange([permission], event.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
