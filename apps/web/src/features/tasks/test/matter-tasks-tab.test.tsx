import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { MatterTasksTab } from '../components/matter-tasks-tab.tsx';
import { allowSlowRenders, CLIENT_ID, MATTER_ID, ME, sessionWith, stubApi, TASK_CALLS, TASK_ID } from './stub-tasks.ts';

allowSlowRenders();

function renderTab(slot?: ReactNode) {
  const user = userEvent.setup();
  renderRoutes(
    [{ path: '/matter/:id', element: <MatterTasksTab matterId={MATTER_ID} clientId={CLIENT_ID} applyTaskListButton={slot} /> }],
    {
      path: `/matter/${MATTER_ID}?activeTab=tasks`,
      session: sessionWith(),
    },
  );
  return user;
}

describe("A matter's Tasks tab", { timeout: 60_000 }, () => {
  it("lists the firm's open tasks on the matter, without repeating the matter", async () => {
    const api = stubApi();
    renderTab();
    const row = await screen.findByTestId(`task-row-${TASK_ID}`);
    expect(row).toHaveTextContent('File the defence');
    expect(within(row).queryByRole('link', { name: /Lease dispute/ })).not.toBeInTheDocument();
    const query = api.lastQuery(TASK_CALLS.list)!;
    expect(query.get('MatterId')).toBe(MATTER_ID);
    expect(query.get('Scope')).toBe('all');
    expect(query.get('Status')).toBe('Open');
  });

  it('opens New task on this matter and sends it with the matter', async () => {
    const api = stubApi();
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00001 — Lease dispute'));
    expect(within(dialog).getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ada Lovelace');
    await user.click(within(dialog).getByRole('textbox', { name: /Title/ }));
    await user.paste('Book counsel');
    await user.click(within(dialog).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(api.callsTo('POST', TASK_CALLS.create)).toHaveLength(1));
    expect(api.callsTo('POST', TASK_CALLS.create)[0]!.body).toMatchObject({
      title: 'Book counsel',
      matterId: MATTER_ID,
      assigneeIds: [ME],
    });
  });

  it('shows what is handed into the task-list slot beside New task', async () => {
    stubApi();
    renderTab(<button type="button">Apply a task list</button>);
    expect(await screen.findByRole('button', { name: 'Apply a task list' })).toBeInTheDocument();
  });
});
