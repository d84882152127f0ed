import { useMediaQuery } from '@mantine/hooks';
import type { TaskPage } from '@matterhorn/shared';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { TaskCards } from './task-cards.tsx';
import type { TaskActions } from './task-row-actions.tsx';
import { TasksTable } from './tasks-table.tsx';

export type TaskResultsProps = {
  result: { isPending: boolean; data: TaskPage | null | undefined };
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  actions: TaskActions;
  hideMatter?: boolean;
};

/** The count, the page's tasks (a table, or cards on a phone) and the pager. */
export function TaskResults({ result, page, size, onPageChange, onSizeChange, actions, hideMatter = false }: TaskResultsProps) {
  // A phone (390 px) gets cards: a table there would put the buttons a scroll away.
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  return (
    <ListResults
      result={result}
      page={page}
      size={size}
      noun={{ one: 'task', many: 'tasks' }}
      countTestId="task-count"
      pagerLabel="Task pages"
      onPageChange={onPageChange}
      onSizeChange={onSizeChange}
    >
      {(tasks) =>
        isPhone ? (
          <TaskCards tasks={tasks} actions={actions} hideMatter={hideMatter} />
        ) : (
          <TasksTable tasks={tasks} actions={actions} hideMatter={hideMatter} />
        )
      }
    </ListResults>
  );
}
