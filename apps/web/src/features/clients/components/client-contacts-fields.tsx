import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ContactField, ContactValues } from '../utils/client-form-values.ts';

type ClientContactsFieldsProps = {
  contacts: ContactValues[];
  errorFor: (index: number, field: ContactField) => string | undefined;
  onChange: (index: number, field: ContactField, value: string) => void;
  onBlur: (index: number, field: ContactField) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

/** A company's contact people: one labelled group per row, each removable. */
export function ClientContactsFields({ contacts, errorFor, onChange, onBlur, onAdd, onRemove }: ClientContactsFieldsProps) {
  const field = (index: number, name: ContactField) => ({
    value: contacts[index]?.[name] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(index, name, event.currentTarget.value),
    onBlur: () => onBlur(index, name),
    error: errorFor(index, name),
  });

  return (
    <Stack gap="sm">
      {contacts.length === 0 && (
        <Text size="sm" c="dimmed">
          No contact people yet.
        </Text>
      )}
      {contacts.map((_, index) => (
        // Rows have no id of their own; the inputs are controlled, so the position is a safe key.
        <Fieldset key={index} legend={`Contact person ${index + 1}`} aria-label={`Contact person ${index + 1}`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Contact name" withAsterisk autoComplete="off" {...field(index, 'name')} />
            <TextInput label="Job title" autoComplete="off" {...field(index, 'jobTitle')} />
            <TextInput label="Contact email" type="email" autoComplete="off" {...field(index, 'email')} />
            <TextInput label="Contact phone" type="tel" autoComplete="off" {...field(index, 'phone')} />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => onRemove(index)}
              aria-label={`Remove contact person ${index + 1}`}
            >
              Remove
            </Button>
          </Group>
        </Fieldset>
      ))}
      <Group>
        <Button variant="default" onClick={onAdd} disabled={contacts.length >= 50}>
          Add contact person
        </Button>
      </Group>
    </Stack>
  );
}
