import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { CHECK_ID, CLIENT_ID, MATTER_ID, matterViewAnswer, sessionWith, stubApi, USER_A, USER_B } from '../test/stub-api.ts';
import { AddMatterPage } from './add-matter-page.tsx';
import { decidedConflictCheck } from '../../../test/msw/contract-answers.ts';

const routes = [{ path: '/matter/add-new-matter', element: <AddMatterPage /> }];
const CREATE = '/admin/matter-master/create-matter';
const RUN = '/admin/conflict-check/run-conflict-check';
const DECIDE = `/admin/conflict-check/record-decision/${CHECK_ID}`;

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillBasics(user: User, billingType = 'Hourly') {
  await screen.findByRole('combobox', { name: 'Client' });
  await choose(user, screen.getByRole('combobox', { name: 'Client' }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Matter name' }), 'Estate of Babbage');
  await choose(user, screen.getByRole('combobox', { name: 'Billing type' }), billingType);
}

const noMatches = { data: { conflictCheckId: CHECK_ID, searchedNames: [], matches: [], createdAt: '2024-01-01T00:00:00Z' } };

describe('AddMatterPage', () => {
  it('preselects the client from ?clientId=', async () => {
    stubApi();
    renderRoutes(routes, {
      path: `/matter/add-new-matter?clientId=${CLIENT_ID}`,
      session: sessionWith(['matterMaster', 'matterMaster.create']),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ada Lovelace'));
  });

  it('shows Flat rate only for Flat Rate matters and requires it', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/matter/add-new-matter', session: sessionWith(['matterMaster', 'matterMaster.create']) });
    await fillBasics(user, 'Hourly');
    expect(screen.queryByRole('textbox', { name: 'Flat rate' })).not.toBeInTheDocument();

    await choose(user, screen.getByRole('combobox', { name: 'Billing type' }), 'Flat Rate');
    expect(screen.getByRole('textbox', { name: 'Flat rate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save matter' }));
    expect(await screen.findByText('Flat rate is required')).toBeInTheDocument();
    expect(api.callsTo('POST', RUN)).toHaveLength(0);
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);

    await choose(user, screen.getByRole('combobox', { name: 'Billing type' }), 'Contingency');
    expect(screen.queryByRole('textbox', { name: 'Flat rate' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Contingency percentage' })).toBeInTheDocument();
  }, 60_000);

  it('sends two fee earners with their rates, prefilled from their defaults', async () => {
    const api = stubApi({
      [`POST /api${RUN}`]: () => noMatches,
      [`POST /api${DECIDE}`]: () => ({ data: decidedConflictCheck(CHECK_ID, { context: 'matter' }) }),
      [`POST /api${CREATE}`]: () => ({ ...matterViewAnswer(), message: 'Matter created' }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, {
      path: '/matter/add-new-matter',
      session: sessionWith(['matterMaster', 'matterMaster.create']),
    });
    await fillBasics(user);

    await user.click(screen.getByRole('button', { name: 'Add fee earner' }));
    await choose(user, screen.getAllByRole('combobox', { name: 'Fee earner' })[0]!, 'Grace Hopper');
    expect(screen.getAllByRole('textbox', { name: 'Hourly rate' })[0]).toHaveValue('150.00');
    await user.click(screen.getByRole('button', { name: 'Add fee earner' }));
    const second = screen.getAllByRole('combobox', { name: 'Fee earner' })[1]!;
    await user.click(second);
    // One user once: the first row's member is not offered again.
    expect(screen.queryByRole('option', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Alan Turing' }));
    const secondRate = screen.getAllByRole('textbox', { name: 'Hourly rate' })[1]!;
    await user.clear(secondRate);
    await user.type(secondRate, '250.5');

    await user.click(screen.getByRole('button', { name: 'Save matter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/matter/${MATTER_ID}`));
    const created = api.callsTo('POST', CREATE);
    expect(created).toHaveLength(1);
    const body = created[0]!.body as Record<string, unknown>;
    expect(body.assignees).toEqual([
      { userId: USER_A, hourlyRate: '150.00' },
      { userId: USER_B, hourlyRate: '250.5' },
    ]);
    expect(body.clientId).toBe(CLIENT_ID);
    expect(body.matterRate).toBe('Hourly');
    expect(body.flatRate).toBeNull();
    expect(body.conflictCheckId).toBe(CHECK_ID);
    expect(api.callsTo('POST', RUN)[0]!.body).toEqual({ names: ['Estate of Babbage'], context: 'matter' });
    expect(api.callsTo('POST', DECIDE)[0]!.body).toEqual({ decision: 'no_conflict', notes: null });
  }, 60_000);

  it("shows each repeated row's own error once the section is touched, and saves nothing", async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/matter/add-new-matter', session: sessionWith(['matterMaster', 'matterMaster.create']) });
    await fillBasics(user);

    await user.click(screen.getByRole('button', { name: 'Add fee earner' }));
    await choose(user, screen.getAllByRole('combobox', { name: 'Fee earner' })[0]!, 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Add fee earner' }));
    await choose(user, screen.getAllByRole('combobox', { name: 'Fee earner' })[1]!, 'Alan Turing');
    await user.clear(screen.getAllByRole('textbox', { name: 'Hourly rate' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Add party' }));
    expect(screen.queryByText('Party name is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save matter' }));
    expect(await screen.findByText('Party name is required')).toBeInTheDocument();
    const rates = screen.getAllByRole('textbox', { name: 'Hourly rate' });
    expect(rates[0]).not.toHaveAccessibleDescription();
    // A cleared rate is missing, not a malformed amount.
    expect(rates[1]).toHaveAccessibleDescription('Hourly rate is required');

    await user.type(screen.getByRole('textbox', { name: 'Party name' }), 'Jon Smyth');
    await waitFor(() => expect(screen.queryByText('Party name is required')).not.toBeInTheDocument());
    expect(screen.getAllByRole('textbox', { name: 'Hourly rate' })[1]).toHaveAccessibleDescription('Hourly rate is required');
    expect(api.callsTo('POST', RUN)).toHaveLength(0);
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
  }, 60_000);

  it('shows conflict matches, records the decision and creates with the conflictCheckId', async () => {
    const api = stubApi({
      [`POST /api${RUN}`]: () => ({
        data: {
          conflictCheckId: CHECK_ID,
          searchedNames: ['Jon Smyth', 'Estate of Babbage'],
          matches: [
            {
              searchedName: 'Jon Smyth',
              matchedName: 'John Smith',
              matchType: 'opposing party',
              similarity: 0.87,
              clientId: CLIENT_ID,
              clientName: 'Ada Lovelace',
              matterId: MATTER_ID,
              matterName: 'Old dispute',
              matterNumber: 'MAT-00007',
            },
          ],
          createdAt: '2024-01-01T00:00:00Z',
        },
      }),
      [`POST /api${DECIDE}`]: () => ({ data: decidedConflictCheck(CHECK_ID, { context: 'matter' }) }),
      [`POST /api${CREATE}`]: () => ({ ...matterViewAnswer(), message: 'Matter created' }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, {
      path: '/matter/add-new-matter',
      session: sessionWith(['matterMaster', 'matterMaster.create']),
    });
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Add party' }));
    await user.type(screen.getByRole('textbox', { name: 'Party name' }), 'Jon Smyth');

    await user.click(screen.getByRole('button', { name: 'Save matter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conflict check' });
    expect(within(dialog).getByText('John Smith')).toBeInTheDocument();
    expect(within(dialog).getByText('opposing party')).toBeInTheDocument();
    expect(within(dialog).getByText('87%')).toBeInTheDocument();
    expect(within(dialog).getByText('MAT-00007 — Old dispute')).toBeInTheDocument();
    expect(api.callsTo('POST', RUN)[0]!.body).toEqual({ names: ['Jon Smyth', 'Estate of Babbage'], context: 'matter' });
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);

    // Proceeding despite a conflict needs notes.
    await user.click(within(dialog).getByRole('button', { name: 'Proceed despite conflict' }));
    expect(within(dialog).getByText('Notes are required to proceed despite a conflict')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Decision notes' }), 'Different person, confirmed by partner');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed despite conflict' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/matter/${MATTER_ID}`));
    expect(api.callsTo('POST', DECIDE)[0]!.body).toEqual({
      decision: 'proceed_despite_conflict',
      notes: 'Different person, confirmed by partner',
    });
    const created = api.callsTo('POST', CREATE);
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      conflictCheckId: CHECK_ID,
      parties: [{ partyRole: 'opposing', partyType: 'individual', name: 'Jon Smyth', notes: '' }],
    });
  }, 60_000);

  it('records a cancelled check as declined and creates nothing', async () => {
    const api = stubApi({
      [`POST /api${RUN}`]: () => ({
        data: {
          conflictCheckId: CHECK_ID,
          searchedNames: ['Estate of Babbage'],
          matches: [
            {
              searchedName: 'Estate of Babbage',
              matchedName: 'Babbage Estate',
              matchType: 'client',
              similarity: 0.7,
              clientId: CLIENT_ID,
              clientName: 'Babbage Estate',
              matterId: null,
              matterName: null,
              matterNumber: null,
            },
          ],
          createdAt: '2024-01-01T00:00:00Z',
        },
      }),
      [`POST /api${DECIDE}`]: () => ({ data: decidedConflictCheck(CHECK_ID, { context: 'matter' }) }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/matter/add-new-matter', session: sessionWith(['matterMaster', 'matterMaster.create']) });
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Save matter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conflict check' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.callsTo('POST', DECIDE)).toHaveLength(1));
    expect(api.callsTo('POST', DECIDE)[0]!.body).toEqual({ decision: 'declined', notes: null });
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save matter' })).toBeEnabled();
  }, 60_000);
});
