import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { todayIso } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { useTaskListWrites, useTaskLists } from '../api/task-lists.ts';
import { TaskListApplyPreview } from './task-list-apply-preview.tsx';

export const APPLY_TASK_LIST_TITLE = 'Apply a task list';
export const ASSIGNEES_HINT = 'Blank: the matter’s fee earners.';
export const NO_TASK_LISTS_TO_APPLY = 'Your firm has no task lists yet.';
export const TASK_LISTS_NOT_LOADED = 'The task lists could not be loaded. Please close this and try again.';
export const CHOOSE_LIST_MESSAGE = 'Choose a task list';
export const START_DATE_REQUIRED = 'Start date is required';
export const TASK_LISTS_PATH = '/settings/task-lists';

export const addTasksLabel = (count: number) => `Add ${count} ${count === 1 ? 'task' : 'tasks'}`;

function ApplyTaskListForm({ matterId, onDone }: { matterId: string; onDone: () => void }) {
  const lists = useTaskLists();
  const members = useQuery({ ...teamMembersQuery, select: activeMembers });
  const writes = useTaskListWrites();
  const [listId, setListId] = useState('');
  const [startDate, setStartDate] = useState(() => isoDateToMonthDayYear(todayIso()));
  const [assigneeIds, setAssigneeIds] = useState<string[]>([]);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);

  if (lists.isPending) return <LoadingSpinner label="Loading task lists" />;
  if (!lists.data) return <Text size="sm">{TASK_LISTS_NOT_LOADED}</Text>;
  const available = lists.data;
  if (available.length === 0)
    return (
      <Stack gap="sm">
        <Text size="sm">{NO_TASK_LISTS_TO_APPLY}</Text>
        <Text size="sm">
          Create one in{' '}
          <Anchor component={Link} to={TASK_LISTS_PATH}>
            Settings › Task lists
          </Anchor>
          .
        </Text>
      </Stack>
    );

  const chosen = available.find((list) => list.id === listId) ?? null;
  const startIso = monthDayYearToIsoDate(startDate);
  const count = chosen?.items.length ?? 0;

  const submit = async () => {
    setIsSubmitted(true);
    if (!chosen || !startIso || isSubmitting) return;
    setIsSubmitting(true);
    try {
      await writes.apply(chosen.id, { matterId, startDate: startIso, assigneeIds });
      onDone();
    } catch {
      // The API client has shown the server's message; the modal stays open to try again.
      setIsSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <SearchableSelect
          label="Task list"
          entity="task list"
          placeholder="Select a task list"
          withAsterisk
          options={available.map((list) => ({ value: list.id, label: list.name }))}
          value={listId}
          onChange={setListId}
          error={isSubmitted && !chosen ? CHOOSE_LIST_MESSAGE : undefined}
        />
        <DatePickerField
          label="Start date"
          withAsterisk
          description="Due dates count from this day."
          value={startDate}
          onChange={setStartDate}
          error={isSubmitted && !startIso ? START_DATE_REQUIRED : undefined}
        />
        <MultiSelect
          label="Assignees"
          entity="team member"
          description={ASSIGNEES_HINT}
          options={(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
          value={assigneeIds}
          onChange={setAssigneeIds}
        />
        {chosen && <TaskListApplyPreview list={chosen} startIso={startIso} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={isSubmitting}>{chosen ? addTasksLabel(count) : 'Add tasks'}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The matter page's button: choose one of the firm's task lists, the day its due dates count from
 * and who gets the tasks, see the tasks with their due dates, and add them all at once.
 */
export function ApplyTaskListButton({ matterId }: { matterId: string }) {
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;

  const close = () => {
    setOpened(false);
    // Mantine returns the focus as the modal closes; this covers a focus lost inside it (a list that re-rendered).
    window.setTimeout(() => {
      const focused = document.activeElement;
      if (focused === null || focused === document.body) buttonRef.current?.focus({ preventScroll: true });
    }, 50);
  };

  return (
    <>
      <Button ref={buttonRef} variant="default" onClick={() => setOpened(true)}>
        {APPLY_TASK_LIST_TITLE}
      </Button>
      <AppModal opened={opened} onClose={close} title={APPLY_TASK_LIST_TITLE} size="lg" fullScreen={isPhone}>
        {opened && <ApplyTaskListForm matterId={matterId} onDone={close} />}
      </AppModal>
    </>
  );
}
