import { LEAD_MESSAGES } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt, renderRoutes } from '../../../test/render.tsx';
import { LeadPage } from '../pages/lead-page.tsx';
import { LeadsPage } from '../pages/leads-page.tsx';
import { leadOf, leadSummaryOf } from './lead-fixtures.ts';

configure({ asyncUtilTimeout: 10_000 });

const LEAD = '6f1c2a4e-0000-4000-8000-000000000001';
const summary = leadSummaryOf({ id: LEAD, displayName: 'Ngozi Okonkwo', email: 'ngozi@example.test' });
const lead = leadOf({ ...summary, firstName: 'Ngozi', lastName: 'Okonkwo', nextStatuses: ['contacted', 'notEngaged'] });

const GET = `GET /admin/leads/get-lead/${LEAD}`;
const DELETE = `DELETE /admin/leads/delete-lead/${LEAD}`;
const EVERY = ['clientInfo', 'clientInfo.edit', 'clientInfo.delete'];
const routes = [
  { path: '/leads/:id', element: <LeadPage /> },
  { path: '/leads', element: <h1>Leads list</h1> },
];

// Mantine's modal renders slowly on a busy two-core machine.
describe('deleting a lead', { timeout: 30_000 }, () => {
  it('asks first, says where the lead goes, sends it to the recycle bin and goes back to the leads', async () => {
    const api = stubApi({ [GET]: { data: lead }, [DELETE]: { data: null, message: LEAD_MESSAGES.deleted } });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: `/leads/${LEAD}`, session: fakeSession({ permissions: EVERY }) });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete lead?' });
    expect(dialog).toHaveTextContent('Ngozi Okonkwo goes to the recycle bin');
    expect(dialog).toHaveTextContent('A lead converted to a client cannot be deleted');
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      `/api/admin/leads/delete-lead/${LEAD}`,
    ]);
  });

  it('stays on the lead, the question open, when the server refuses (a converted lead)', async () => {
    stubApi({ [GET]: { data: lead }, [DELETE]: { status: 409, message: LEAD_MESSAGES.convertedCannotDelete } });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: `/leads/${LEAD}`, session: fakeSession({ permissions: EVERY }) });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete lead?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    expect(await screen.findByText(LEAD_MESSAGES.convertedCannotDelete)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/leads/${LEAD}`);
    expect(screen.getByRole('dialog', { name: 'Delete lead?' })).toBeInTheDocument();
  });

  it('offers Delete only to a member who may delete client information', async () => {
    stubApi({ [GET]: { data: lead } });
    renderRoutes(routes, { path: `/leads/${LEAD}`, session: fakeSession({ permissions: ['clientInfo', 'clientInfo.edit'] }) });
    await screen.findByRole('heading', { name: 'Ngozi Okonkwo', level: 1 });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes from the list by the row’s Delete, named after the lead', async () => {
    const page = { data: [summary], page: 1, size: 20, totalCount: 1 };
    const api = stubApi({ 'GET /admin/leads/get-leads': { data: page }, [DELETE]: { data: null } });
    const user = userEvent.setup({ delay: null });
    renderAt(<LeadsPage />, { path: '/leads?view=list', session: fakeSession({ permissions: EVERY }) });
    await user.click(await screen.findByRole('button', { name: 'Delete Ngozi Okonkwo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete lead?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });
});
