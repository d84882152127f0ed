import { Button, Group, Stack, Title } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useTaskPage } from '../api/tasks.ts';
import { useTaskRows } from '../hooks/use-task-rows.ts';
import { TASK_QUERY, taskListQueryFrom } from '../utils/task-query-params.ts';
import { DeleteTaskModal } from './delete-task-modal.tsx';
import { TaskFilters } from './task-filters.tsx';
import { TaskFormModal } from './task-form-modal.tsx';
import { TaskResults } from './task-results.tsx';

export type MatterTasksTabProps = {
  matterId: string;
  clientId: string;
  /**
   * SLOT: the "Apply a task list" button (task lists, added later), shown beside New task. The tab
   * passes nothing of its own here; whoever composes the tab hands the button in.
   */
  applyTaskListButton?: ReactNode;
};

/** A matter's tasks, whoever does them (open ones first by default), with New task on this matter. */
export function MatterTasksTab({ matterId, clientId, applyTaskListButton }: MatterTasksTabProps) {
  // The matter's URL belongs to the matter: the tab's filters and page stay in the tab.
  const list = useListParams(TASK_QUERY, { inUrl: false });
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = useTaskRows({ heading });
  const tasks = useTaskPage(taskListQueryFrom(list, matterId));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" ref={heading} tabIndex={-1} style={{ outlineOffset: 2 }}>
          Tasks
        </Title>
        <Group gap="sm">
          {applyTaskListButton}
          <Button onClick={rows.openNew}>New task</Button>
        </Group>
      </Group>
      <TaskFilters values={list.filters} onChange={list.setFilters} showAssignee isMatterTab />
      <TaskResults
        result={tasks}
        page={list.page}
        size={list.size}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        actions={rows.actions}
        hideMatter
      />
      <TaskFormModal opened={rows.editing.isOpen} task={rows.editing.task} defaults={{ matterId, clientId }} onClose={rows.closeForm} />
      <DeleteTaskModal task={rows.deleting} onClose={rows.closeDelete} onDelete={rows.remove} />
    </Stack>
  );
}
