import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { taskListInputSchema, type TaskList } from '@matterhorn/shared';
import { useRef, useState, type FormEvent } from 'react';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useReportChanges } from '../../../lib/forms/modal-changes.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { useTaskListWrites } from '../api/task-lists.ts';
import { EMPTY_TASK_LIST_ITEM, TaskListItemFields, type TaskListFormValues } from './task-list-item-fields.tsx';

/** `list: null` creates a new one; null closes the form. */
export type TaskListEditor = { list: TaskList | null } | null;

export const TASK_LIST_FORM_TITLES = { create: 'New task list', edit: 'Edit task list' } as const;
export const DISCARD_QUESTION = {
  title: 'Discard changes?',
  text: 'What you changed in this task list is lost if you close it now.',
  discard: 'Discard',
  keepEditing: 'Keep editing',
} as const;

function valuesOf(list: TaskList | null): TaskListFormValues {
  if (!list) return { name: '', description: '', items: [{ ...EMPTY_TASK_LIST_ITEM }] };
  return {
    name: list.name,
    description: list.description ?? '',
    items: list.items.map((item) => ({
      title: item.title,
      description: item.description ?? '',
      dueInDays: item.dueInDays,
      priority: item.priority,
    })),
  };
}

type TaskListFormProps = {
  list: TaskList | null;
  /** After a save. */
  onDone: () => void;
};

function TaskListForm({ list, onDone }: TaskListFormProps) {
  const [initialValues] = useState(() => valuesOf(list));
  const form = useSchemaForm(taskListInputSchema, initialValues);
  const writes = useTaskListWrites();
  const formRef = useRef<HTMLFormElement>(null);
  const isChanged = JSON.stringify(form.values) !== JSON.stringify(initialValues);
  // The modal asks before closing over changes; Cancel closes through it too.
  const requestClose = useReportChanges(isChanged) ?? onDone;

  const save = form.onSubmit(async (body) => {
    await writes.save(list?.id ?? null, body);
    onDone();
  });
  const submit = async (event: FormEvent) => {
    await save(event);
    // A long list: the first field in error may be out of sight, so it takes the focus.
    window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput label="Name" withAsterisk autoComplete="off" data-autofocus {...form.inputProps('name')} />
        <Textarea label="Description" rows={2} {...form.inputProps('description')} />
        <TaskListItemFields form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={requestClose} disabled={form.isSubmitting}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={form.isSubmitting}>{list ? 'Save changes' : 'Create task list'}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A task list's name, description and tasks. Escape, the backdrop, the close button and Cancel close
 * it at once when nothing changed, and otherwise ask first; a save closes at once.
 */
export function TaskListFormModal({ editor, onClose }: { editor: TaskListEditor; onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const list = editor?.list ?? null;

  return (
    <GuardedModal
      opened={editor !== null}
      onClose={onClose}
      discardText={DISCARD_QUESTION.text}
      title={list ? TASK_LIST_FORM_TITLES.edit : TASK_LIST_FORM_TITLES.create}
      size="lg"
      fullScreen={isPhone}
    >
      {editor && <TaskListForm key={list?.id ?? 'new'} list={list} onDone={onClose} />}
    </GuardedModal>
  );
}
