import { Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useTask, useTaskPage } from '../api/tasks.ts';
import { DeleteTaskModal } from '../components/delete-task-modal.tsx';
import { TaskFilters } from '../components/task-filters.tsx';
import { TaskFormModal } from '../components/task-form-modal.tsx';
import { TaskResults } from '../components/task-results.tsx';
import { useTaskRows } from '../hooks/use-task-rows.ts';
import { SCOPE_OPTIONS, TASK_QUERY, taskListQueryFrom } from '../utils/task-query-params.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const TASK_NOT_FOUND_TEXT = 'That task could not be found. It may have been deleted.';

/** "3 overdue": how many of the scope's open tasks are past due, whatever the filters. */
export const overdueText = (count: number) => `${count.toLocaleString('en-US')} overdue`;

/**
 * /tasks: the signed-in member's to-do list, or the firm's, filtered (open tasks by default) and
 * paged in the URL. ?task=<id> opens that task's form (the dashboard's links).
 */
export function TasksPage() {
  const list = useListParams(TASK_QUERY);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedTaskId = searchParams.get('task') ?? '';
  const linkedTask = useTask(linkedTaskId);
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = useTaskRows({ heading });
  const query = taskListQueryFrom(list);
  const tasks = useTaskPage(query);
  const isFirm = query.Scope === 'all';
  const overdueCount = tasks.data?.overdueCount ?? 0;

  // A linked task opens once, when it has loaded.
  const openedLink = useRef('');
  const { openEdit } = rows;
  useEffect(() => {
    if (linkedTaskId === '') openedLink.current = '';
    else if (linkedTask.data && openedLink.current !== linkedTaskId) {
      openedLink.current = linkedTaskId;
      openEdit(linkedTask.data);
    }
  }, [linkedTaskId, linkedTask.data, openEdit]);

  const closeForm = () => {
    rows.closeForm();
    if (linkedTaskId === '') return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('task');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="md">
      <PageTitle parts={['Tasks']} />
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={1} ref={heading} tabIndex={-1} style={{ outlineOffset: 2 }}>
            Tasks
          </Title>
          {overdueCount > 0 && (
            <Badge color="red" variant="filled" size="lg" data-testid="overdue-count">
              {overdueText(overdueCount)}
            </Badge>
          )}
        </Group>
        <Button onClick={rows.openNew}>New task</Button>
      </Group>
      <SegmentedControl
        aria-label="Whose tasks"
        value={isFirm ? 'all' : ''}
        onChange={(scope) => list.setFilters({ scope, assignee: '' })}
        data={SCOPE_OPTIONS}
        style={{ alignSelf: 'flex-start' }}
      />
      <TaskFilters values={list.filters} onChange={list.setFilters} showAssignee={isFirm} />
      {linkedTaskId !== '' && linkedTask.data === null && (
        <Text c="dimmed" role="status">
          {TASK_NOT_FOUND_TEXT}
        </Text>
      )}
      <TaskResults
        result={tasks}
        page={list.page}
        size={list.size}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        actions={rows.actions}
      />
      <TaskFormModal opened={rows.editing.isOpen} task={rows.editing.task} onClose={closeForm} />
      <DeleteTaskModal
        task={rows.deleting}
        onClose={rows.closeDelete}
        onDelete={async (task) => {
          await rows.remove(task);
          // The page's only row went: show the page before it rather than an empty one.
          if (tasks.data?.data.length === 1 && list.page > 1) list.setPage(list.page - 1);
        }}
      />
    </Stack>
  );
}
