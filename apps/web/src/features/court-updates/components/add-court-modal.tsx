import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { courtInputSchema, type Court } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { toast } from '../../../lib/toasts.ts';
import { courtUpdateKeys } from '../api/court-update-list.ts';
import { createCourt } from '../api/courts.ts';

export type AddCourtModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The court just made: the form selects it. */
  onCreated: (court: Court) => void;
};

const EMPTY = { name: '', division: '', address: '' };

/** The court form inside the modal: mounted when it opens, so each opening starts empty. */
function AddCourtForm({ onClose, onCreated }: Omit<AddCourtModalProps, 'opened'>) {
  const form = useSchemaForm(courtInputSchema, EMPTY);
  const queryClient = useQueryClient();
  const save = form.onSubmit(async () => {
    const values = form.getValues();
    const court = await createCourt({
      name: values.name.trim(),
      division: values.division.trim() || null,
      address: values.address.trim() || null,
    });
    toast.success('Court added');
    await queryClient.invalidateQueries({ queryKey: courtUpdateKeys.courts() });
    onCreated(court);
    onClose();
  });

  return (
    <form
      noValidate
      aria-label="New court"
      onSubmit={(event: FormEvent) => {
        // React events bubble through portals: never let this submit reach a form around the modal.
        event.stopPropagation();
        void save(event);
      }}
    >
      <Stack gap="md">
        <TextInput label="Court name" withAsterisk maxLength={200} data-autofocus {...form.inputProps('name')} />
        <TextInput label="Division" placeholder="e.g. Lagos Judicial Division" maxLength={200} {...form.inputProps('division')} />
        <Textarea label="Address" rows={2} maxLength={500} {...form.inputProps('address')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={form.isSubmitting}>Add court</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** "Add court" from the court update form: focus moves to the court's name, and back to the opener on close. */
export function AddCourtModal({ opened, onClose, onCreated }: AddCourtModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Add court">
      {opened && <AddCourtForm onClose={onClose} onCreated={onCreated} />}
    </AppModal>
  );
}
