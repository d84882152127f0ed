import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { TASK_MESSAGES, TASK_PRIORITIES, type TaskPriority } from '@matterhorn/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';

export type TaskListItemValues = { title: string; description: string; dueInDays: number | null; priority: TaskPriority };
export type TaskListFormValues = { name: string; description: string; items: TaskListItemValues[] };

export const EMPTY_TASK_LIST_ITEM: TaskListItemValues = { title: '', description: '', dueInDays: null, priority: 'Normal' };
export const DUE_IN_DAYS_HINT = 'Days after the list is applied; 0 is that day. Blank: no due date.';
const MAX_ITEMS = 100;

/** Blank is no due date; anything else goes to the schema as a number, so its rules say what is wrong. */
function dueInDaysOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * What takes the focus after a row moved, was added or removed (its own button may be gone or
 * disabled): the last element matching `selector`, else the last matching `fallback`.
 */
type FocusRequest = { selector: string; fallback?: string } | null;

/**
 * The list's tasks, in order: one labelled group each ("Task 2"), with Move up, Move down and Remove.
 * Each field is checked on its own path (`items.1.title`), so an error shows under the field it is about.
 */
export function TaskListItemFields({ form }: { form: SchemaForm<TaskListFormValues> }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const items = form.values.items ?? [];
  const containerRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();

  useEffect(() => {
    if (!focusRequest) return;
    const find = (selector: string) =>
      [...(containerRef.current?.querySelectorAll<HTMLElement>(`${selector}:not(:disabled)`) ?? [])].at(-1);
    (find(focusRequest.selector) ?? (focusRequest.fallback ? find(focusRequest.fallback) : undefined))?.focus();
    setFocusRequest(null);
  }, [focusRequest]);

  const moveItem = (from: number, to: number, key: string, direction: 'up' | 'down') => {
    move(from, to);
    form.validate();
    const other = direction === 'up' ? 'down' : 'up';
    setFocusRequest({ selector: `[data-move="${key}-${direction}"]`, fallback: `[data-move="${key}-${other}"]` });
    const title = items[from]?.title.trim();
    setAnnouncement(`${title ? `“${title}”` : `Task ${from + 1}`} moved to position ${to + 1} of ${fields.length}.`);
  };

  const removeItem = (index: number) => {
    remove(index);
    form.validate();
    const next = fields[index + 1] ?? fields[index - 1];
    setFocusRequest({ selector: next ? `[data-title="${next.key}"]` : '[data-add-task]' });
    setAnnouncement(`Task ${index + 1} removed.`);
  };

  const addItem = () => {
    append({ ...EMPTY_TASK_LIST_ITEM }, { shouldFocus: false });
    form.validate();
    // The new row's key is known after the render: its title is the last one.
    setFocusRequest({ selector: '[data-title]', fallback: '[data-add-task]' });
  };

  return (
    <Stack gap="sm" ref={containerRef} role="group" aria-labelledby={headingId}>
      <Text fw={600} id={headingId}>
        Tasks
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {form.issueAt('items') ?? TASK_MESSAGES.listEmpty}
        </Text>
      )}
      {fields.map((field, index) => {
        const item = items[index] ?? field;
        const path = `items.${index}` as const;
        const number = index + 1;
        return (
          <Fieldset key={field.key} legend={`Task ${number}`} p="sm">
            <Stack gap="xs">
              <TextInput label="Title" withAsterisk autoComplete="off" data-title={field.key} {...form.inputProps(`${path}.title`)} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <NumberInput
                  label="Due in days"
                  description={DUE_IN_DAYS_HINT}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  value={item.dueInDays ?? ''}
                  onChange={(value) => form.setValue(`${path}.dueInDays`, dueInDaysOf(value))}
                  onBlur={() => form.touch(`${path}.dueInDays`)}
                  error={form.errorFor(`${path}.dueInDays`)}
                />
                <NativeSelect
                  label="Priority"
                  data={[...TASK_PRIORITIES]}
                  value={item.priority}
                  onChange={(event) => form.setValue(`${path}.priority`, event.currentTarget.value as TaskPriority)}
                  error={form.errorFor(`${path}.priority`)}
                />
              </SimpleGrid>
              <Textarea label="Description" rows={2} {...form.inputProps(`${path}.description`)} />
              <Group justify="flex-end" gap="xs" wrap="wrap">
                <Button
                  variant="default"
                  size="xs"
                  disabled={index === 0}
                  data-move={`${field.key}-up`}
                  aria-label={`Move up task ${number}`}
                  onClick={() => moveItem(index, index - 1, field.key, 'up')}
                >
                  Move up
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  disabled={index === fields.length - 1}
                  data-move={`${field.key}-down`}
                  aria-label={`Move down task ${number}`}
                  onClick={() => moveItem(index, index + 1, field.key, 'down')}
                >
                  Move down
                </Button>
                <Button variant="subtle" color="red" size="xs" aria-label={`Remove task ${number}`} onClick={() => removeItem(index)}>
                  Remove
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Group>
        <Button variant="default" data-add-task onClick={addItem} disabled={fields.length >= MAX_ITEMS}>
          Add task
        </Button>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
