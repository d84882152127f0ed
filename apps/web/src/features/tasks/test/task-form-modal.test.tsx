import { TASK_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { TasksPage } from '../pages/tasks-page.tsx';
import { allowSlowRenders, MATTER_ID, ME, sessionWith, stubApi, task, TASK_CALLS, TASK_ID, taskAnswers, USER_B } from './stub-tasks.ts';

allowSlowRenders();

type User = ReturnType<typeof userEvent.setup>;

function renderPage() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/tasks', element: <TasksPage /> }], { path: '/tasks', session: sessionWith() });
  return user;
}

async function openNewTask(user: User) {
  const opener = await screen.findByRole('button', { name: 'New task' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'New task' });
  return { opener, dialog };
}

async function choose(user: User, dialog: HTMLElement, field: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Clicks into a field and pastes: typing key by key is slow on a loaded machine. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('Task form', { timeout: 60_000 }, () => {
  it('focuses the title, sends the task with its assignees, due moment and reminder, then closes and gives focus back', async () => {
    const api = stubApi();
    const user = renderPage();
    const { opener, dialog } = await openNewTask(user);
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await waitFor(() => expect(title).toHaveFocus());
    // A new task is the signed-in member's.
    expect(within(dialog).getByRole('button', { name: 'Remove Ada Obi' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Reminder' })).toBeDisabled();

    await fill(user, title, 'Draft the witness statement');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Two pages at most.');
    await choose(user, dialog, 'Client', 'Ada Lovelace');
    await choose(user, dialog, 'Matter', 'MAT-00001 — Lease dispute');
    await user.click(within(dialog).getByRole('combobox', { name: 'Assignees' }));
    await user.click(await screen.findByRole('option', { name: 'Alan Turing' }));
    // Someone who has left the firm takes no new work.
    expect(screen.queryByRole('option', { name: 'Left Firm' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await fill(user, within(dialog).getByRole('combobox', { name: 'Due date' }), '14/03/2025');
    await fill(user, within(dialog).getByRole('textbox', { name: /Due time/ }), '1630');
    expect(within(dialog).getByRole('textbox', { name: /Due time/ })).toHaveValue('16:30');
    await choose(user, dialog, 'Priority', 'Urgent');
    await choose(user, dialog, 'Reminder', '1 day before');
    // Escape closed only the list: the form is still open.
    expect(screen.getByRole('dialog', { name: 'New task' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(api.callsTo('POST', TASK_CALLS.create)).toHaveLength(1));
    const [call] = api.callsTo('POST', TASK_CALLS.create);
    expect(call!.body).toEqual({
      title: 'Draft the witness statement',
      description: 'Two pages at most.',
      matterId: MATTER_ID,
      assigneeIds: [ME, USER_B],
      dueDate: '2025-03-14',
      dueTime: '16:30',
      priority: 'Urgent',
      status: 'To do',
      reminderMinutesBefore: 1440,
    });
    expect(call!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText(TASK_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New task' })).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows a due time without a due date on the Due time field, and sends nothing', async () => {
    const api = stubApi();
    const user = renderPage();
    const { dialog } = await openNewTask(user);
    await fill(user, within(dialog).getByRole('textbox', { name: /Title/ }), 'Chase the court');
    await fill(user, within(dialog).getByRole('textbox', { name: /Due time/ }), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    const time = within(dialog).getByRole('textbox', { name: /Due time/ });
    await waitFor(() => expect(time).toHaveAccessibleDescription(expect.stringContaining(TASK_MESSAGES.timeWithoutDate)));
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', TASK_CALLS.create)).toHaveLength(0);
  });

  it("shows the API's refusal of a field under that field", async () => {
    const refusal = {
      success: false,
      message: TASK_MESSAGES.assigneeNotActive,
      data: null,
      errors: { assigneeIds: TASK_MESSAGES.assigneeNotActive },
    };
    stubApi({ [`POST ${TASK_CALLS.create}`]: { status: 400, body: JSON.stringify(refusal) } });
    const user = renderPage();
    const { dialog } = await openNewTask(user);
    await fill(user, within(dialog).getByRole('textbox', { name: /Title/ }), 'Chase the court');
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    const assignees = within(dialog).getByRole('combobox', { name: 'Assignees' });
    await waitFor(() => expect(assignees).toHaveAccessibleDescription(expect.stringContaining(TASK_MESSAGES.assigneeNotActive)));
    expect(screen.getByRole('dialog', { name: 'New task' })).toBeInTheDocument();
  });

  it('asks before Escape throws typing away; Keep editing keeps it, Discard closes', async () => {
    stubApi();
    const user = renderPage();
    const { opener, dialog } = await openNewTask(user);
    await fill(user, within(dialog).getByRole('textbox', { name: /Title/ }), 'Half a thought');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Half a thought');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New task' })).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes at once when nothing was changed', async () => {
    stubApi();
    const user = renderPage();
    await openNewTask(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New task' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
  });

  it('edits a task with its saved values and sends the update', async () => {
    const api = stubApi({
      [`GET ${TASK_CALLS.list}`]: () => taskAnswers.page([task()]),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit File the defence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    expect(within(dialog).getByRole('combobox', { name: 'Due date' })).toHaveValue('12/03/2025');
    expect(within(dialog).getByRole('textbox', { name: /Due time/ })).toHaveValue('09:30');
    // The matter's client is looked up, so both show.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ada Lovelace'));
    expect(within(dialog).getByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00001 — Lease dispute');
    expect(within(dialog).getByRole('combobox', { name: 'Reminder' })).toHaveTextContent('1 hour before');
    await choose(user, dialog, 'Status', 'In progress');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', TASK_CALLS.update(TASK_ID))).toHaveLength(1));
    expect(api.callsTo('PUT', TASK_CALLS.update(TASK_ID))[0]!.body).toMatchObject({
      status: 'In progress',
      matterId: MATTER_ID,
      dueTime: '09:30',
    });
    expect(await screen.findByText(TASK_MESSAGES.updated)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/matter-master/get-matter-view')[0]?.query.get('matterid')).toBe(MATTER_ID);
  });
});
