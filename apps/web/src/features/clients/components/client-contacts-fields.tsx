import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { EMPTY_CONTACT, type ClientFormValues, type ContactField } from '../utils/client-form-values.ts';

const MAX_CONTACTS = 50;

/**
 * A company's contact people: one labelled group per row, each removable. Each field is touched
 * and checked on its own path (`contacts.1.email`), as SPEC.md §5 asks of any field.
 */
export function ClientContactsFields({ form }: { form: SchemaForm<ClientFormValues> }) {
  // The rows' React keys under their own name: a contact's `id` is its id on file, sent with the save.
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'contacts', keyName: 'key' });
  const field = (index: number, name: ContactField) => form.inputProps(`contacts.${index}.${name}`);

  return (
    <Stack gap="sm">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No contact people yet.
        </Text>
      )}
      {fields.map((row, index) => (
        <Fieldset key={row.key} legend={`Contact person ${index + 1}`} aria-label={`Contact person ${index + 1}`}>
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
              onClick={() => {
                remove(index);
                form.validate();
              }}
              aria-label={`Remove contact person ${index + 1}`}
            >
              Remove
            </Button>
          </Group>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="default"
          onClick={() => {
            append({ ...EMPTY_CONTACT }, { shouldFocus: false });
            form.validate();
          }}
          disabled={fields.length >= MAX_CONTACTS}
        >
          Add contact person
        </Button>
      </Group>
    </Stack>
  );
}
