import {
  TASK_MESSAGES,
  addDays,
  isoToDisplayDate,
  taskListSchema,
  taskSchema,
  todayIso,
  type Task,
  type TaskList,
} from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { contractAnswer, lookupAnswers, teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { DISCARD_QUESTION } from '../components/task-list-form.tsx';
import { APPLY_TASK_LIST_TITLE, ApplyTaskListButton } from '../components/task-list-apply-modal.tsx';
import { TASK_LISTS_INTRO, TaskListsPage } from '../pages/task-lists-page.tsx';

// A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

const LISTS = '/admin/tasks/get-task-lists';
const CREATE = '/admin/tasks/create-task-list';
const TEAM = '/admin/team-member-details/get-all-user';
const updatePath = (id: string) => `/admin/tasks/update-task-list/${id}`;
const deletePath = (id: string) => `/admin/tasks/delete-task-list/${id}`;
const applyPath = (id: string) => `/admin/tasks/apply-task-list/${id}`;

const LITIGATION_ID = '11111111-1111-4111-8111-111111111111';
const PROBATE_ID = '22222222-2222-4222-8222-222222222222';
const MATTER_ID = '33333333-3333-4333-8333-333333333333';
const GRACE_ID = '44444444-4444-4444-8444-444444444444';
const ALAN_ID = '55555555-5555-4555-8555-555555555555';
const LEFT_ID = '66666666-6666-4666-8666-666666666666';

const session = fakeSession({ permissions: ['timeEntry'] });

function taskList(id: string, name: string, overrides: Partial<TaskList> = {}): TaskList {
  return taskListSchema.parse({
    id,
    name,
    description: null,
    items: [],
    updatedAt: '2026-03-02T09:30:00.000Z',
    ...overrides,
  });
}

const litigation = taskList(LITIGATION_ID, 'New litigation matter', {
  description: 'From the claim to the first hearing',
  items: [
    { title: 'File the claim', description: null, dueInDays: 0, priority: 'High' },
    { title: 'Serve the claim', description: 'By courier', dueInDays: 14, priority: 'Normal' },
    { title: 'Open the correspondence file', description: null, dueInDays: null, priority: 'Low' },
  ],
});
const probate = taskList(PROBATE_ID, 'Probate', {
  items: [{ title: 'Gather the will', description: null, dueInDays: 3, priority: 'Normal' }],
  updatedAt: '2026-01-15T12:00:00.000Z',
});

function createdTask(title: string, dueDate: string | null): Task {
  return taskSchema.parse({
    id: crypto.randomUUID(),
    title,
    description: null,
    matterId: MATTER_ID,
    matterName: 'Smith v Jones',
    matterNumber: 'MAT-00001',
    clientName: 'Ada Lovelace',
    assignees: [],
    dueDate,
    dueTime: null,
    priority: 'Normal',
    status: 'To do',
    isOverdue: false,
    reminderMinutesBefore: null,
    completedAt: null,
    completedByName: null,
    createdByName: 'Ada Obi',
    createdAt: '2026-03-02T09:30:00.000Z',
    updatedAt: '2026-03-02T09:30:00.000Z',
  });
}

/** The firm's lists, changed by the writes the way the API would. */
function stubTaskLists(handlers: Record<string, StubHandler> = {}) {
  let lists = [litigation, probate];
  return stubApi({
    [`GET ${LISTS}`]: () => contractAnswer(taskListSchema.array(), lists),
    [`POST ${CREATE}`]: (call) => {
      const created = taskList(crypto.randomUUID(), (call.body as { name: string }).name, call.body as Partial<TaskList>);
      lists = [...lists, created];
      return { ...contractAnswer(taskListSchema, created), status: 201, message: TASK_MESSAGES.listCreated };
    },
    [`PUT ${updatePath(PROBATE_ID)}`]: (call) => {
      const updated = taskList(PROBATE_ID, (call.body as { name: string }).name, call.body as Partial<TaskList>);
      lists = lists.map((list) => (list.id === PROBATE_ID ? updated : list));
      return { ...contractAnswer(taskListSchema, updated), message: TASK_MESSAGES.listUpdated };
    },
    [`DELETE ${deletePath(LITIGATION_ID)}`]: () => {
      lists = lists.filter((list) => list.id !== LITIGATION_ID);
      return { message: TASK_MESSAGES.listDeleted };
    },
    [`GET ${TEAM}`]: lookupAnswers.teamMembers([
      teamMember(GRACE_ID, 'Grace Hopper'),
      teamMember(ALAN_ID, 'Alan Turing'),
      teamMember(LEFT_ID, 'Former Clerk', { isActive: false }),
    ]),
    ...handlers,
  });
}

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const taskGroup = (dialog: HTMLElement, number: number) => within(dialog).getByRole('group', { name: `Task ${number}` });

async function openNewListForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New task list' }));
  return screen.findByRole('dialog', { name: 'New task list' });
}

describe('Settings › Task lists', { timeout: 60_000 }, () => {
  it('lists the firm’s lists with their number of tasks and when they last changed, with no serious accessibility issue', async () => {
    stubTaskLists();
    renderAt(<TaskListsPage />, { path: '/settings/task-lists', session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Task lists' })).toBeInTheDocument();
    expect(screen.getByText(TASK_LISTS_INTRO)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Task lists' });
    expect(
      within(table).getByRole('row', { name: /New litigation matter From the claim to the first hearing 3 02\/03\/2026/ }),
    ).toBeVisible();
    expect(within(table).getByRole('row', { name: /Probate 1 15\/01\/2026/ })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Edit Probate' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete New litigation matter' })).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
  });

  it('creates a list with its tasks in order, due in days as numbers or null, and says so', async () => {
    const user = userEvent.setup();
    const api = stubTaskLists();
    renderAt(<TaskListsPage />, { session });
    const dialog = await openNewListForm(user);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Debt recovery');
    // The list's own description comes first; each task has one in its group.
    await user.type(within(dialog).getAllByRole('textbox', { name: /^Description/ })[0]!, 'Unpaid invoices');
    const first = taskGroup(dialog, 1);
    await user.type(within(first).getByRole('textbox', { name: /^Title/ }), 'Send the letter');
    const dueInDays = within(first).getByRole('textbox', { name: 'Due in days' });
    expect(dueInDays).toHaveAccessibleDescription(/Days after the list is applied; 0 is that day/);
    await user.type(dueInDays, '0');
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Priority' }), 'High');

    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    const second = taskGroup(dialog, 2);
    await waitFor(() => expect(within(second).getByRole('textbox', { name: /^Title/ })).toHaveFocus());
    await user.type(within(second).getByRole('textbox', { name: /^Title/ }), 'Review reply');
    await user.type(within(second).getByRole('textbox', { name: 'Due in days' }), '14');
    await user.type(within(second).getByRole('textbox', { name: /^Description/ }), 'Within 14 days');

    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    await user.type(within(taskGroup(dialog, 3)).getByRole('textbox', { name: /^Title/ }), 'Issue a claim');

    await user.click(within(dialog).getByRole('button', { name: 'Create task list' }));
    await waitFor(() => expect(api.callsTo('POST', CREATE)).toHaveLength(1));
    expect(api.callsTo('POST', CREATE)[0]?.body).toEqual({
      name: 'Debt recovery',
      description: 'Unpaid invoices',
      items: [
        { title: 'Send the letter', description: null, dueInDays: 0, priority: 'High' },
        { title: 'Review reply', description: 'Within 14 days', dueInDays: 14, priority: 'Normal' },
        { title: 'Issue a claim', description: null, dueInDays: null, priority: 'Normal' },
      ],
    });
    expect(await screen.findByText(TASK_MESSAGES.listCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Debt recovery/ })).toBeInTheDocument();
  });

  it('shows an empty task title’s error on that field, and the empty list’s message once every task is removed', async () => {
    const user = userEvent.setup();
    const api = stubTaskLists();
    renderAt(<TaskListsPage />, { session });
    const dialog = await openNewListForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Conveyancing');
    await user.type(within(taskGroup(dialog, 1)).getByRole('textbox', { name: /^Title/ }), 'Order the searches');
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));

    await user.click(within(dialog).getByRole('button', { name: 'Create task list' }));
    const emptyTitle = within(taskGroup(dialog, 2)).getByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(emptyTitle).toHaveAccessibleDescription('Title is required'));
    expect(within(taskGroup(dialog, 1)).getByRole('textbox', { name: /^Title/ })).not.toHaveAccessibleDescription('Title is required');
    await waitFor(() => expect(emptyTitle).toHaveFocus());
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);

    expect(await seriousIssues()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove task 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove task 1' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TASK_MESSAGES.listEmpty);
    await user.click(within(dialog).getByRole('button', { name: 'Create task list' }));
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('sends the tasks in their new order after Move up and Move down, and keeps the focus on the moved task', async () => {
    const user = userEvent.setup();
    const api = stubTaskLists();
    renderAt(<TaskListsPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Edit Probate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit task list' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Probate');
    expect(within(taskGroup(dialog, 1)).getByRole('button', { name: 'Move up task 1' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    await user.type(within(taskGroup(dialog, 2)).getByRole('textbox', { name: /^Title/ }), 'Value the estate');
    await user.type(within(taskGroup(dialog, 2)).getByRole('textbox', { name: 'Due in days' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    await user.type(within(taskGroup(dialog, 3)).getByRole('textbox', { name: /^Title/ }), 'Apply for the grant');

    // The last task to the top: two moves up, the second leaves it first, where only Move down is left.
    await user.click(within(taskGroup(dialog, 3)).getByRole('button', { name: 'Move up task 3' }));
    await waitFor(() => expect(within(taskGroup(dialog, 2)).getByRole('button', { name: 'Move up task 2' })).toHaveFocus());
    await user.click(within(taskGroup(dialog, 2)).getByRole('button', { name: 'Move up task 2' }));
    await waitFor(() => expect(within(taskGroup(dialog, 1)).getByRole('button', { name: 'Move down task 1' })).toHaveFocus());
    expect(within(taskGroup(dialog, 1)).getByRole('textbox', { name: /^Title/ })).toHaveValue('Apply for the grant');
    // And the will's task down below the valuation.
    await user.click(within(taskGroup(dialog, 2)).getByRole('button', { name: 'Move down task 2' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', updatePath(PROBATE_ID))).toHaveLength(1));
    const body = api.callsTo('PUT', updatePath(PROBATE_ID))[0]?.body as { items: { title: string; dueInDays: number | null }[] };
    expect(body.items.map((item) => [item.title, item.dueInDays])).toEqual([
      ['Apply for the grant', null],
      ['Value the estate', 30],
      ['Gather the will', 3],
    ]);
    expect(await screen.findByText(TASK_MESSAGES.listUpdated)).toBeInTheDocument();
  });

  it('asks before Escape discards changes; Keep editing keeps them, Discard closes', async () => {
    const user = userEvent.setup();
    stubTaskLists();
    renderAt(<TaskListsPage />, { session });
    const newList = await screen.findByRole('button', { name: 'New task list' });

    // Nothing changed: Escape closes at once.
    await user.click(newList);
    await screen.findByRole('dialog', { name: 'New task list' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const dialog = await openNewListForm(user);
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Employment claim');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: DISCARD_QUESTION.title });
    await user.click(within(question).getByRole('button', { name: DISCARD_QUESTION.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_QUESTION.title })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'New task list' })).toBeInTheDocument();
    expect(name).toHaveValue('Employment claim');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: DISCARD_QUESTION.title })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(newList).toHaveFocus());
  });

  it('on a phone (390 px), shows a card per list and the form over the whole screen', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === PHONE_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    const user = userEvent.setup();
    stubTaskLists();
    renderAt(<TaskListsPage />, { session });
    const cards = await screen.findByRole('list', { name: 'Task lists' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const litigationCard = within(cards).getAllByRole('listitem')[0]!;
    expect(litigationCard).toHaveTextContent('New litigation matter');
    expect(litigationCard).toHaveTextContent('3 tasks · changed 02/03/2026');
    expect(within(litigationCard).getByRole('button', { name: 'Edit New litigation matter' })).toBeInTheDocument();

    await user.click(within(litigationCard).getByRole('button', { name: 'Edit New litigation matter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit task list' });
    expect(dialog.closest('.mantine-Modal-inner, .mantine-Modal-root')?.querySelector('[data-full-screen]')).not.toBeNull();
    expect(within(dialog).getAllByRole('group', { name: /^Task \d$/ })).toHaveLength(3);
    expect(await seriousIssues()).toEqual([]);
  });

  it('deletes a list after a question naming it', async () => {
    const user = userEvent.setup();
    const api = stubTaskLists();
    renderAt(<TaskListsPage />, { session });
    const table = await screen.findByRole('table', { name: 'Task lists' });
    await user.click(within(table).getByRole('button', { name: 'Delete New litigation matter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “New litigation matter”?' });
    expect(within(dialog).getByText(/its 3 tasks are deleted/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', deletePath(LITIGATION_ID))).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', deletePath(LITIGATION_ID))).toHaveLength(1));
    expect(await screen.findByText(TASK_MESSAGES.listDeleted)).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('New litigation matter')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Task lists' })).toHaveFocus();
  });
});

describe('ApplyTaskListButton', { timeout: 60_000 }, () => {
  it('previews the due dates from the start date and adds the tasks for the matter, its chosen assignees and that date', async () => {
    const user = userEvent.setup();
    const api = stubTaskLists({
      [`POST ${applyPath(LITIGATION_ID)}`]: () => ({
        ...contractAnswer(taskSchema.array(), [
          createdTask('File the claim', '2026-03-01'),
          createdTask('Serve the claim', '2026-03-15'),
          createdTask('Open the correspondence file', null),
        ]),
        status: 201,
        message: TASK_MESSAGES.listApplied(3),
      }),
    });
    renderAt(<ApplyTaskListButton matterId={MATTER_ID} />, { session });
    const button = screen.getByRole('button', { name: APPLY_TASK_LIST_TITLE });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: APPLY_TASK_LIST_TITLE });

    await user.click(await within(dialog).findByRole('combobox', { name: /^Task list/ }));
    await user.click(await screen.findByRole('option', { name: 'New litigation matter' }));
    const preview = within(dialog).getByRole('list', { name: 'Tasks to add' });
    const today = todayIso();
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `File the claimHighDue ${isoToDisplayDate(today)}`,
      `Serve the claimDue ${isoToDisplayDate(addDays(today, 14))}`,
      'Open the correspondence fileLowNo due date',
    ]);

    expect(await seriousIssues()).toEqual([]);

    const startDate = within(dialog).getByRole('combobox', { name: /^Start date/ });
    await user.clear(startDate);
    await user.type(startDate, '01/03/2026');
    await waitFor(() => expect(within(preview).getAllByRole('listitem')[1]).toHaveTextContent('Due 15/03/2026'));
    expect(within(preview).getAllByRole('listitem')[0]).toHaveTextContent('Due 01/03/2026');

    const assignees = within(dialog).getByRole('combobox', { name: /^Assignees/ });
    expect(assignees).toHaveAccessibleDescription(/Blank: the matter’s fee earners/);
    await user.click(assignees);
    expect(screen.queryByRole('option', { name: 'Former Clerk' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('button', { name: 'Add 3 tasks' }));
    await waitFor(() => expect(api.callsTo('POST', applyPath(LITIGATION_ID))).toHaveLength(1));
    expect(api.callsTo('POST', applyPath(LITIGATION_ID))[0]?.body).toEqual({
      matterId: MATTER_ID,
      startDate: '2026-03-01',
      assigneeIds: [GRACE_ID],
    });
    expect(await screen.findByText('3 tasks added to the matter')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('asks for a list before adding anything', async () => {
    const user = userEvent.setup();
    const api = stubTaskLists();
    renderAt(<ApplyTaskListButton matterId={MATTER_ID} />, { session });
    await user.click(screen.getByRole('button', { name: APPLY_TASK_LIST_TITLE }));
    const dialog = await screen.findByRole('dialog', { name: APPLY_TASK_LIST_TITLE });
    await user.click(await within(dialog).findByRole('button', { name: 'Add tasks' }));
    expect(await within(dialog).findByText('Choose a task list')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(await seriousIssues()).toEqual([]);
  });
});
