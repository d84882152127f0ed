import { Button, Menu } from '@mantine/core';
import { INTAKE_FIELD_TYPE_LABELS, INTAKE_FIELD_TYPES, type IntakeFieldType } from '@matterhorn/shared';
import { IconPlus } from '@tabler/icons-react';

/** "Add field" and the eight types: the new field goes at the end of the form. */
export function AddFieldMenu({ onAdd, disabled }: { onAdd: (type: IntakeFieldType) => void; disabled: boolean }) {
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled} style={{ alignSelf: 'flex-start' }}>
          Add field
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {INTAKE_FIELD_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {INTAKE_FIELD_TYPE_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
