import { matterViewSchema, taskPageSchema, taskSchema, type MatterName, type Task, type TaskPage } from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { contractAnswer, lookupAnswers, matterView, teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubAnswer, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession } from '../../../test/render.tsx';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_CLIENT_ID = '66666666-6666-4666-8666-666666666666';
export const ME = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const OTHER_MATTER_ID = '55555555-5555-4555-8555-555555555555';
export const TASK_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const OTHER_TASK_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** The task calls (issue 40), as their full paths. */
export const TASK_CALLS = {
  list: '/api/admin/tasks/get-tasks',
  get: (id: string) => `/api/admin/tasks/get-task/${id}`,
  create: '/api/admin/tasks/create-task',
  update: (id: string) => `/api/admin/tasks/update-task/${id}`,
  setStatus: (id: string) => `/api/admin/tasks/set-task-status/${id}`,
  remove: (id: string) => `/api/admin/tasks/delete-task/${id}`,
} as const;

/** An open task on the lease dispute, due on 12/03/2025 at 09:30 and overdue. */
export function task(overrides: Partial<Task> = {}): Task {
  return {
    id: TASK_ID,
    title: 'File the defence',
    description: 'Within 14 days of service.',
    matterId: MATTER_ID,
    matterName: 'Lease dispute',
    matterNumber: 'MAT-00001',
    clientName: 'Ada Lovelace',
    assignees: [{ id: ME, name: 'Ada Obi' }],
    dueDate: '2025-03-12',
    dueTime: '09:30',
    priority: 'High',
    status: 'To do',
    isOverdue: true,
    reminderMinutesBefore: 60,
    completedAt: null,
    completedByName: null,
    createdByName: 'Ada Obi',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Answers checked against the shared contract: a fixture that drifts from the API's schema fails. */
export const taskAnswers = {
  task: (value: Task = task()): StubAnswer => contractAnswer(taskSchema, value),
  page: (rows: Task[], extra: Partial<TaskPage> = {}): StubAnswer =>
    contractAnswer(taskPageSchema, { data: rows, page: 1, size: 20, totalCount: rows.length, overdueCount: 0, ...extra }),
};

const MATTERS_OF: Record<string, MatterName[]> = {
  [CLIENT_ID]: [
    { id: MATTER_ID, matterName: 'Lease dispute', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
    { id: OTHER_MATTER_ID, matterName: 'Share purchase agreement', matterNumber: 'MAT-00002', matterRate: 'Hourly', status: 'Closed' },
  ],
  [OTHER_CLIENT_ID]: [],
};

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  [`GET ${TASK_CALLS.list}`]: () => taskAnswers.page([task()], { overdueCount: 1 }),
  [`GET ${TASK_CALLS.get(TASK_ID)}`]: () => taskAnswers.task(),
  [`POST ${TASK_CALLS.create}`]: () => ({ ...taskAnswers.task(), message: 'Task created' }),
  [`PUT ${TASK_CALLS.update(TASK_ID)}`]: () => ({ ...taskAnswers.task(), message: 'Task updated' }),
  [`POST ${TASK_CALLS.setStatus(TASK_ID)}`]: () => ({
    ...taskAnswers.task(task({ status: 'Done', isOverdue: false })),
    message: 'Task status changed',
  }),
  [`DELETE ${TASK_CALLS.remove(TASK_ID)}`]: { data: null, message: 'Task deleted' },
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [{ companyId: OTHER_CLIENT_ID, companyName: 'Acme Ltd' }],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': (call) =>
    lookupAnswers.matterNames(MATTERS_OF[call.query.get('ClientId') ?? ''] ?? []),
  'GET /api/admin/matter-master/get-matter-view': () =>
    contractAnswer(
      matterViewSchema,
      matterView(MATTER_ID, { id: CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual' }, { matterName: 'Lease dispute' }),
    ),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(ME, 'Ada Obi'),
    teamMember(USER_B, 'Alan Turing'),
    teamMember('99999999-9999-4999-8999-999999999999', 'Left Firm', { isActive: false }),
  ]),
};

/** The task pages' API through MSW (unknown calls answer 404); records every call. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

/** A fee earner with no special permission: every firm member may manage tasks. */
export function sessionWith(permissions: string[] = []) {
  const profile = fakeProfile({ id: ME, name: 'Ada Obi' });
  return fakeSession({ profile, workingUser: workingUserOf(profile), permissions });
}

/** A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}
