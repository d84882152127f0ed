import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { timerTotalSchema } from '@matterhorn/shared';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TasksPage } from '../pages/tasks-page.tsx';
import { allowSlowRenders, OTHER_TASK_ID, sessionWith, stubApi, task, TASK_CALLS, TASK_ID, taskAnswers, USER_B } from './stub-tasks.ts';

allowSlowRenders();

type User = ReturnType<typeof userEvent.setup>;

function renderPage(path = '/tasks') {
  const user = userEvent.setup();
  const result = renderRoutes([{ path: '/tasks', element: <TasksPage /> }], { path, session: sessionWith() });
  return { user, ...result };
}

async function choose(user: User, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** axe-core over the rendered page (no serious or critical issue); jsdom draws nothing, so contrast is left to the journeys. */
async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('Tasks page', { timeout: 60_000 }, () => {
  it("lists the member's open tasks with their matter, due moment, overdue badge and priority, and is axe-clean", async () => {
    const api = stubApi({
      [`GET ${TASK_CALLS.list}`]: () =>
        taskAnswers.page(
          [
            task(),
            task({
              id: OTHER_TASK_ID,
              title: 'Call the client',
              description: null,
              matterId: null,
              matterName: null,
              matterNumber: null,
              clientName: null,
              assignees: [],
              dueDate: null,
              dueTime: null,
              priority: 'Low',
              status: 'In progress',
              isOverdue: false,
            }),
          ],
          { overdueCount: 3 },
        ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    const row = await screen.findByTestId(`task-row-${TASK_ID}`);
    expect(row).toHaveTextContent('File the defence');
    expect(within(row).getByRole('link', { name: 'MAT-00001 — Lease dispute' })).toHaveAttribute(
      'href',
      expect.stringContaining('/matter/'),
    );
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('12/03/2025 09:30');
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('High')).toBeInTheDocument();
    const other = screen.getByTestId(`task-row-${OTHER_TASK_ID}`);
    expect(other).toHaveTextContent('No due date');
    expect(other).toHaveTextContent('Unassigned');
    expect(within(other).queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.getByTestId('overdue-count')).toHaveTextContent('3 overdue');

    const query = api.lastQuery(TASK_CALLS.list)!;
    expect(query.get('Scope')).toBe('mine');
    expect(query.get('Status')).toBe('Open');
    expect(await seriousIssues()).toEqual([]);
  });

  it("switches to the firm's tasks and sends the chosen filters", async () => {
    const api = stubApi();
    const { user } = renderPage();
    await screen.findByTestId(`task-row-${TASK_ID}`);
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Firm’s tasks' }));
    await waitFor(() => expect(api.lastQuery(TASK_CALLS.list)?.get('Scope')).toBe('all'));
    await choose(user, 'Due', 'Overdue');
    await choose(user, 'Assignee', 'Alan Turing');
    await choose(user, 'Priority', 'Urgent');
    await choose(user, 'Status', 'Any status');
    await waitFor(() => {
      const query = api.lastQuery(TASK_CALLS.list)!;
      expect(Object.fromEntries(query)).toEqual({
        Scope: 'all',
        Due: 'overdue',
        AssigneeId: USER_B,
        Priority: 'Urgent',
        page: '1',
        size: '20',
      });
    });
  });

  it('opens on the dashboard’s link with its Due filter', async () => {
    const api = stubApi();
    renderPage('/tasks?Due=overdue');
    await screen.findByTestId(`task-row-${TASK_ID}`);
    expect(api.lastQuery(TASK_CALLS.list)?.get('Due')).toBe('overdue');
    expect(screen.getByRole('combobox', { name: 'Due' })).toHaveTextContent('Overdue');
  });

  it('marks a task done, and reopens a done one', async () => {
    const api = stubApi({
      [`GET ${TASK_CALLS.list}`]: () =>
        taskAnswers.page([task(), task({ id: OTHER_TASK_ID, title: 'Call the client', status: 'Done', isOverdue: false })]),
      [`POST ${TASK_CALLS.setStatus(OTHER_TASK_ID)}`]: () => ({
        ...taskAnswers.task(task({ id: OTHER_TASK_ID })),
        message: 'Task status changed',
      }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark done: File the defence' }));
    await waitFor(() => expect(api.callsTo('POST', TASK_CALLS.setStatus(TASK_ID))).toHaveLength(1));
    expect(api.callsTo('POST', TASK_CALLS.setStatus(TASK_ID))[0]!.body).toEqual({ status: 'Done' });
    expect(await screen.findByText('Task status changed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen: Call the client' }));
    await waitFor(() => expect(api.callsTo('POST', TASK_CALLS.setStatus(OTHER_TASK_ID))).toHaveLength(1));
    expect(api.callsTo('POST', TASK_CALLS.setStatus(OTHER_TASK_ID))[0]!.body).toEqual({ status: 'To do' });
    // The list is asked again after each change.
    await waitFor(() => expect(api.callsTo('GET', TASK_CALLS.list).length).toBeGreaterThanOrEqual(3));
  });

  it('starts the header timer for a task’s matter, its title the entry’s words ("bill this"), for a member who records time', async () => {
    const open = task();
    const api = stubApi({
      [`GET ${TASK_CALLS.list}`]: () => taskAnswers.page([open]),
      'POST /api/admin/time-entry-log/start-entry': () => ({
        ...contractAnswer(timerTotalSchema, {
          totalTime: '00:00:00',
          totalTimeInDouble: 0,
          isStarted: true,
          subject: { matterId: open.matterId!, matterName: 'Lease', clientId: 'c1', description: open.title },
        }),
        message: 'Timer started',
      }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/tasks', element: <TasksPage /> }], { path: '/tasks', session: sessionWith(['timeEntry.create']) });
    await user.click(await screen.findByRole('button', { name: `Start timer: ${open.title}` }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/time-entry-log/start-entry')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/time-entry-log/start-entry')[0]!.body).toEqual({
      matterId: open.matterId,
      description: open.title,
    });
    expect(await screen.findByText(`Timer started for “${open.title}”`)).toBeInTheDocument();
  });

  it('offers no timer to a member who may not record time', async () => {
    stubApi({ [`GET ${TASK_CALLS.list}`]: () => taskAnswers.page([task()]) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Mark done: File the defence' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Start timer/ })).not.toBeInTheDocument();
  });

  it('deletes a task only after a question that names it', async () => {
    const api = stubApi();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete File the defence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete task?' });
    expect(dialog).toHaveTextContent('Delete the task “File the defence”?');
    expect(api.callsTo('DELETE', TASK_CALLS.remove(TASK_ID))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', TASK_CALLS.remove(TASK_ID))).toHaveLength(1));
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete task?' })).not.toBeInTheDocument());
  });

  it('says so when nothing matches', async () => {
    stubApi({ [`GET ${TASK_CALLS.list}`]: () => taskAnswers.page([]) });
    renderPage();
    expect(await screen.findByText('No tasks here.')).toBeInTheDocument();
    expect(screen.queryByTestId('overdue-count')).not.toBeInTheDocument();
  });

  it('shows each task as a card on a phone, its buttons in view', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === PHONE_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    stubApi();
    renderPage();
    const card = await screen.findByTestId(`task-card-${TASK_ID}`);
    expect(card).toHaveTextContent('File the defence');
    expect(card).toHaveTextContent('12/03/2025 09:30');
    expect(within(card).getByRole('button', { name: 'Mark done: File the defence' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Tasks' })).not.toBeInTheDocument();
  });

  it('opens the task named in ?task= (the dashboard’s links) in its form', async () => {
    stubApi();
    renderPage(`/tasks?task=${TASK_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('File the defence');
  });
});
