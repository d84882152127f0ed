import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TaskList } from '@matterhorn/shared';
import { useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { useTaskListWrites, useTaskLists } from '../api/task-lists.ts';
import { TaskListFormModal, type TaskListEditor } from '../components/task-list-form.tsx';
import { TaskListCards, TaskListTable, taskCountText } from '../components/task-list-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export const TASK_LISTS_INTRO =
  'Sets of tasks you add to a matter in one go, such as the first steps of a new litigation matter. Each task’s due date counts from the day you apply the list.';
export const NO_TASK_LISTS_TEXT = 'No task lists yet. Create one for the steps your matters often follow.';
export const TASK_LISTS_NOT_LOADED_TEXT = 'The task lists could not be loaded. Please reload the page.';

export const deleteQuestion = (list: TaskList) => `Delete “${list.name}”?`;

/** /settings/task-lists: the firm's task lists, which every member may create, change, delete and apply. */
export function TaskListsPage() {
  const lists = useTaskLists();
  const writes = useTaskListWrites();
  const [editor, setEditor] = useState<TaskListEditor>(null);
  const [deleting, setDeleting] = useState<TaskList | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;

  const remove = async (list: TaskList) => {
    await writes.remove(list.id);
    // Before the question closes: it would return the focus to the row's Delete, which is gone.
    headingRef.current?.focus({ preventScroll: true });
  };

  let content;
  if (lists.isPending) content = <LoadingSpinner label="Loading task lists" />;
  else if (!lists.data) content = <Text>{TASK_LISTS_NOT_LOADED_TEXT}</Text>;
  else if (lists.data.length === 0) content = <Text c="dimmed">{NO_TASK_LISTS_TEXT}</Text>;
  else {
    const rowsProps = { lists: lists.data, onEdit: (list: TaskList) => setEditor({ list }), onDelete: setDeleting };
    content = isPhone ? <TaskListCards {...rowsProps} /> : <TaskListTable {...rowsProps} />;
  }

  return (
    <Stack gap="lg">
      <PageTitle parts={['Task lists', 'Settings']} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 280px' }}>
          <Title order={1} ref={headingRef} tabIndex={-1} style={{ outlineOffset: 2 }}>
            Task lists
          </Title>
          <Text c="dimmed" maw={720}>
            {TASK_LISTS_INTRO}
          </Text>
        </div>
        <Button onClick={() => setEditor({ list: null })}>New task list</Button>
      </Group>
      {content}
      <TaskListFormModal editor={editor} onClose={() => setEditor(null)} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? deleteQuestion(deleting) : 'Delete task list?'}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
        }}
      >
        {deleting
          ? `The list and its ${taskCountText(deleting)} are deleted. Tasks already added to matters from it stay on those matters.`
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
