import { taskContracts, taskPageSchema, type DashboardSummary } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client.ts';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { MY_TASKS_PATH } from '../api/get-my-tasks.ts';
import { DashboardPage } from '../pages/dashboard-page.tsx';

const profile = fakeProfile();
const session = fakeSession({ profile, workingUser: workingUserOf(profile), permissions: [] });
const summary: DashboardSummary = {
  firmName: 'Obi & Co',
  activeClientCount: 0,
  openMatterCount: 0,
  closedMatterCount: 0,
  teamMemberCount: 0,
  mattersByBillingType: [],
  recentMatters: [],
};
const SUMMARY = 'GET /admin/dashboard/get-dashboard-summary';
const TASKS = `GET ${MY_TASKS_PATH}`;

const dueToday = (id: string, title: string, overrides: Record<string, unknown> = {}) => ({
  id,
  title,
  description: null,
  matterId: '44444444-4444-4444-8444-444444444444',
  matterName: 'Lease dispute',
  matterNumber: 'MAT-00001',
  clientName: 'Ada Lovelace',
  assignees: [{ id: 'p1', name: 'Ada Obi' }],
  dueDate: '2025-03-12',
  dueTime: '16:00',
  priority: 'Normal' as const,
  status: 'To do' as const,
  isOverdue: false,
  reminderMinutesBefore: null,
  completedAt: null,
  completedByName: null,
  createdByName: 'Ada Obi',
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

describe('DashboardPage: my tasks', () => {
  it("calls get-tasks' contract path (kept literal so the dashboard does not load the task schemas)", () => {
    expect(`${API_BASE}${MY_TASKS_PATH}`).toBe(taskContracts.list.path);
  });

  it("shows every member how many of their tasks are overdue and what is due today, each opening the task's form", async () => {
    const api = stubApi({
      [SUMMARY]: { data: summary },
      [TASKS]: contractAnswer(taskPageSchema, {
        data: [
          dueToday('t-1', 'File the defence'),
          dueToday('t-2', 'Call the client', { dueTime: null, matterId: null, matterName: null, matterNumber: null }),
        ],
        page: 1,
        size: 5,
        totalCount: 2,
        overdueCount: 4,
      }),
    });
    renderAt(<DashboardPage />, { path: '/dashboard', session });

    const card = await screen.findByRole('region', { name: 'My tasks' });
    const overdue = await within(card).findByRole('link', { name: '4 overdue tasks' });
    expect(overdue).toHaveAttribute('href', '/tasks?Due=overdue');
    const items = within(within(card).getByRole('list', { name: 'Tasks due today' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['16:00 · File the defence · MAT-00001 Lease dispute', 'Call the client']);
    expect(within(items[0]!).getByRole('link', { name: 'File the defence' })).toHaveAttribute('href', '/tasks?Due=today&task=t-1');
    expect(within(card).getByRole('link', { name: 'View all tasks' })).toHaveAttribute('href', '/tasks');

    const query = api.lastQuery(MY_TASKS_PATH)!;
    expect(Object.fromEntries(query)).toEqual({ Scope: 'mine', Status: 'Open', Due: 'today', page: '1', size: '5' });
  });

  it('says when nothing is overdue or due today', async () => {
    stubApi({
      [SUMMARY]: { data: summary },
      [TASKS]: contractAnswer(taskPageSchema, { data: [], page: 1, size: 5, totalCount: 0, overdueCount: 0 }),
    });
    renderAt(<DashboardPage />, { path: '/dashboard', session });
    const card = await screen.findByRole('region', { name: 'My tasks' });
    expect(await within(card).findByText('Nothing overdue')).toBeInTheDocument();
    expect(within(card).getByText('Nothing due today')).toBeInTheDocument();
  });
});
