import { Button, Grid, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { TASK_PRIORITIES, TASK_REMINDER_CHOICES, TASK_STATUSES, type Task } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type MutableRefObject } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import type { SelectOption } from '../../../components/select-options.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useTaskWrites } from '../api/tasks.ts';
import { hasTaskChanges, taskFormSchema, taskInputFrom, timeText, type TaskFormValues } from '../utils/task-form-values.ts';
import { ClientThenMatterFields } from '../../../components/client-then-matter-fields.tsx';

export const TASK_FORM_TEXT = { save: 'Save task', saveChanges: 'Save changes', cancel: 'Cancel' } as const;
export const NO_REMINDER_LABEL = 'No reminder';

const PRIORITY_OPTIONS: SelectOption[] = TASK_PRIORITIES.map((priority) => ({ value: priority, label: priority }));
const STATUS_OPTIONS: SelectOption[] = TASK_STATUSES.map((status) => ({ value: status, label: status }));
const REMINDER_OPTIONS: SelectOption[] = [
  { value: '', label: NO_REMINDER_LABEL },
  ...TASK_REMINDER_CHOICES.map((choice) => ({ value: String(choice.minutes), label: choice.label })),
];

export type TaskFormProps = {
  /** The task being edited; null creates one. */
  task: Task | null;
  initialValues: TaskFormValues;
  /** The form tells its modal whether anything changed, so closing can ask first. */
  hasChanges: MutableRefObject<() => boolean>;
  onCancel: () => void;
  onSaved: (task: Task) => void;
};

/**
 * A task's fields: title, details, matter, who does it, when it is due (DD/MM/YYYY and a 24-hour
 * time), priority, status and a reminder before it is due. The contract's messages (a due time or a
 * reminder without a due date) show under their own fields, as the API's do.
 */
export function TaskForm({ task, initialValues, hasChanges, onCancel, onSaved }: TaskFormProps) {
  const session = useSession();
  const form = useSchemaForm(taskFormSchema, initialValues);
  const { values } = form;
  const writes = useTaskWrites();
  const members = useQuery(teamMembersQuery);
  const idempotency = useIdempotencyKey();
  // A created task is never created twice: a second submit after a failure updates the one made.
  const created = useRef<Task | null>(null);
  const [dateText, setDateText] = useState(() => isoDateToMonthDayYear(initialValues.dueDate));
  hasChanges.current = () => hasTaskChanges(form.getValues(), initialValues);

  // Active members take new work; whoever is on the task already stays listed (and removable).
  const memberOptions: SelectOption[] = (members.data ?? [])
    .filter((member) => member.isActive || values.assigneeIds.includes(member.id))
    .map((member) => ({ value: member.id, label: member.name }));
  for (const assignee of task?.assignees ?? []) {
    if (!memberOptions.some((option) => option.value === assignee.id)) memberOptions.push({ value: assignee.id, label: assignee.name });
  }
  const me = session.workingUser;
  if (me && !memberOptions.some((option) => option.value === me.profileId) && values.assigneeIds.includes(me.profileId)) {
    memberOptions.push({ value: me.profileId, label: me.name });
  }

  const hasDueDate = values.dueDate !== '';
  const save = form.onSubmit(async () => {
    const body = taskInputFrom(form.getValues());
    const id = task?.id ?? created.current?.id ?? null;
    const saved = await writes.save(id, body, id ? undefined : idempotency.key);
    if (!task) created.current = saved;
    onSaved(saved);
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={task ? 'Edit task' : 'New task'}>
      <Stack gap="md">
        <Grid gap="sm">
          <Grid.Col span={12}>
            <TextInput label="Title" withAsterisk maxLength={200} autoComplete="off" data-autofocus {...form.inputProps('title')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Description" rows={3} maxLength={5000} {...form.inputProps('description')} />
          </Grid.Col>
          <ClientThenMatterFields
            form={form}
            noMatterLabel="No matter (a task of its own)"
            current={task?.matterId ? { matterId: task.matterId, matterName: task.matterName, matterNumber: task.matterNumber } : undefined}
          />
          <Grid.Col span={12}>
            <MultiSelect
              label="Assignees"
              entity="team member"
              description="Who does it; a task with none is unassigned"
              options={memberOptions}
              value={values.assigneeIds}
              onChange={(ids) => form.setValue('assigneeIds', ids)}
              onBlur={() => form.touch('assigneeIds')}
              error={form.errorFor('assigneeIds')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DatePickerField
              label="Due date"
              value={dateText}
              onChange={(monthDayYear) => {
                setDateText(monthDayYear);
                form.setValue('dueDate', monthDayYearToIsoDate(monthDayYear) ?? '');
              }}
              onBlur={() => form.touch('dueDate')}
              error={form.errorFor('dueDate')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Due time"
              description="24-hour, HH:MM"
              placeholder="HH:MM"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.inputProps('dueTime')}
              onChange={(event) => form.setValue('dueTime', timeText(event.currentTarget.value))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <SearchableSelect label="Priority" entity="priority" options={PRIORITY_OPTIONS} {...form.selectProps('priority')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <SearchableSelect label="Status" entity="status" options={STATUS_OPTIONS} {...form.selectProps('status')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <SearchableSelect
              label="Reminder"
              entity="reminder"
              options={REMINDER_OPTIONS}
              // Without a due date there is nothing to remind before; a reminder already chosen stays changeable.
              disabled={!hasDueDate && values.reminderMinutesBefore === ''}
              description={hasDueDate ? undefined : 'Needs a due date'}
              {...form.selectProps('reminderMinutesBefore')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {TASK_FORM_TEXT.cancel}
          </Button>
          <SubmitButton isSubmitting={form.isSubmitting}>{task ? TASK_FORM_TEXT.saveChanges : TASK_FORM_TEXT.save}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
