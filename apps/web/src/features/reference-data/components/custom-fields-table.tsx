import { Button, Group, Table, Text } from '@mantine/core';
import type { CustomField } from '@matterhorn/shared';
import { FIELD_TYPE_LABELS } from './custom-field-labels.ts';
import { ActionsHeader } from '../../../components/row-actions.tsx';

type CustomFieldsTableProps = {
  fields: CustomField[];
  label: string;
  onEdit: (field: CustomField) => void;
  onDelete: (field: CustomField) => void;
};

export function CustomFieldsTable({ fields, label, onEdit, onDelete }: CustomFieldsTableProps) {
  if (fields.length === 0) return <Text c="dimmed">No custom fields yet.</Text>;
  return (
    <Table striped aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Label</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Required</Table.Th>
          <Table.Th ta="right">Order</Table.Th>
          <ActionsHeader />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field.id}>
            <Table.Td>{field.label}</Table.Td>
            <Table.Td>
              {FIELD_TYPE_LABELS[field.fieldType]}
              {field.fieldType === 'select' && (
                <Text size="xs" c="dimmed">
                  {field.options.join(', ')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{field.isRequired ? 'Yes' : 'No'}</Table.Td>
            <Table.Td ta="right">{field.sortOrder}</Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => onEdit(field)} aria-label={`Edit ${field.label}`}>
                  Edit
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => onDelete(field)} aria-label={`Delete ${field.label}`}>
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
