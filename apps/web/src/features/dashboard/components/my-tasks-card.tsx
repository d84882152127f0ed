import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { MyTasksToday } from '../api/get-my-tasks.ts';

export const TASKS_PATH = '/tasks';
export const OVERDUE_TASKS_PATH = '/tasks?Due=overdue';
/** The tasks page with the task's form open, over today's tasks. */
export const dashboardTaskPath = (taskId: string) => `/tasks?Due=today&task=${encodeURIComponent(taskId)}`;

const overdueLabel = (count: number) => `${count.toLocaleString('en-US')} overdue ${count === 1 ? 'task' : 'tasks'}`;

/** Every member's own to-do for today: how many of their tasks are overdue, and what is due today. */
export function MyTasksCard({ myTasks, isLoading }: { myTasks: MyTasksToday | null | undefined; isLoading: boolean }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="my-tasks-title">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id="my-tasks-title">
          My tasks
        </Title>
        <Anchor component={Link} to={TASKS_PATH} size="sm">
          View all tasks
        </Anchor>
      </Group>
      {isLoading ? (
        <Text size="sm" c="dimmed">
          Loading tasks…
        </Text>
      ) : !myTasks ? (
        <Alert color="red" role="alert">
          Your tasks could not be loaded.
        </Alert>
      ) : (
        <Stack gap="sm">
          {myTasks.overdueCount > 0 ? (
            <Anchor component={Link} to={OVERDUE_TASKS_PATH} fw={700} c="red.9" data-testid="my-overdue-tasks">
              {overdueLabel(myTasks.overdueCount)}
            </Anchor>
          ) : (
            <Text size="sm" data-testid="my-overdue-tasks">
              Nothing overdue
            </Text>
          )}
          <Text size="sm" fw={600}>
            Due today
          </Text>
          {myTasks.tasks.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing due today
            </Text>
          ) : (
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Tasks due today">
              {myTasks.tasks.map((task) => (
                <li key={task.id}>
                  <Text size="sm">
                    {task.dueTime && `${task.dueTime} · `}
                    <Anchor component={Link} to={dashboardTaskPath(task.id)} size="sm">
                      {task.title}
                    </Anchor>
                    {task.matterName && ` · ${task.matterNumber ? `${task.matterNumber} ${task.matterName}` : task.matterName}`}
                  </Text>
                </li>
              ))}
              {myTasks.totalCount > myTasks.tasks.length && (
                <li>
                  <Anchor component={Link} to="/tasks?Due=today" size="sm">
                    All {myTasks.totalCount} due today
                  </Anchor>
                </li>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}
