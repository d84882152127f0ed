import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { CLIENT_ID, clientDetail, failure, stubApi } from '../testing/stub-api.ts';
import { ClientViewPage } from './client-view-page.tsx';
import { EditClientPage } from './edit-client-page.tsx';
import { decidedConflictCheck } from '../../../test/msw/contract-answers.ts';

const GET = `/api/admin/client-info/get-client/${CLIENT_ID}`;
const ALL = ['clientInfo', 'clientInfo.edit', 'clientInfo.delete', 'matterMaster.create'];
const routes = [
  { path: '/clients/:id', element: <ClientViewPage /> },
  { path: '/clients/:id/edit', element: <EditClientPage /> },
];

function stubClient(detail: Record<string, unknown> = clientDetail()) {
  return stubApi({
    [`GET ${GET}`]: () => detail,
    'GET /api/admin/custom-field/get-custom-fields': () => [
      { id: 'cf-1', entityType: 'client', label: 'Date of birth', fieldType: 'date', options: [], isRequired: false, sortOrder: 0 },
    ],
    'DELETE /api/admin/client-info/delete-client/': () => null,
    'POST /api/admin/client-info/invite-to-portal/': () => detail,
    'GET /api/admin/client-portal/get-portal-accounts': () => [],
    'PUT /api/admin/client-info/update-client/': () => detail,
  });
}

describe('ClientViewPage', { timeout: 20_000 }, () => {
  it('shows the details, custom fields and matters, with every action for a full role', async () => {
    stubClient(clientDetail({ customFields: { 'cf-1': '1990-05-04' } }));
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: ALL }) });
    expect(await screen.findByRole('heading', { name: 'Ada Obi', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('04/05/1990')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Obi v State' })).toHaveAttribute('href', '/matter/22222222-2222-4222-8222-222222222222');
    expect(screen.getByRole('link', { name: 'Add matter' })).toHaveAttribute('href', `/matter/add-new-matter?clientId=${CLIENT_ID}`);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/clients/${CLIENT_ID}/edit`);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // The portal panel is loaded with the Overview tab.
    expect(await screen.findByRole('button', { name: 'Invite to portal' })).toBeInTheDocument();
  });

  it('hides Edit, Delete, portal actions and Add matter without the permissions', async () => {
    stubClient();
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: ['clientInfo'] }) });
    await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
    // The portal panel (loaded with the Overview tab) is there, without its actions.
    await screen.findByRole('region', { name: 'Portal access' });
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to portal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke portal access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add matter' })).not.toBeInTheDocument();
  });

  it('deletes after confirming and goes back to the list', async () => {
    const api = stubClient();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: ALL }) });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete client?' });
    // It says exactly what goes with the client, where to restore it, and what stops a delete.
    expect(dialog).toHaveTextContent(
      'Ada Obi, its matters and their time, expenses, notes, court updates and documents go to the recycle bin. They can be restored from Settings › Recycle bin until it is emptied. A client with invoices, payments or trust money cannot be deleted: archive it instead.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete client' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/list'));
    expect(api.callsTo('DELETE', `/api/admin/client-info/delete-client/${CLIENT_ID}`)).toHaveLength(1);
  });

  it('invites the client to the portal after confirming', async () => {
    const api = stubClient();
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: ALL }) });
    await user.click(await screen.findByRole('button', { name: 'Invite to portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite to portal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/client-info/invite-to-portal/${CLIENT_ID}`)).toHaveLength(1));
  });

  it('reads Client not found for a missing or deleted client', async () => {
    stubApi({ [`GET ${GET}`]: () => failure(404, 'Client not found') });
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: ALL }) });
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
  });

  it('saves an edit without a conflict check when the name is unchanged', async () => {
    const api = stubClient();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: `/clients/${CLIENT_ID}/edit`, session: fakeSession({ permissions: ALL }) });
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    await user.type(phone, '0801');
    await user.click(screen.getByRole('button', { name: 'Save client' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${CLIENT_ID}`));
    expect(api.callsTo('POST', '/api/admin/conflict-check/run-conflict-check')).toHaveLength(0);
    expect(api.callsTo('PUT', `/api/admin/client-info/update-client/${CLIENT_ID}`)[0]?.body).toMatchObject({
      phone: '0801',
      conflictCheckId: null,
    });
  });

  it("checks only the names an edit adds (a company's new contact person), then saves with that check", async () => {
    const CHECK_ID = '33333333-3333-4333-8333-333333333333';
    const company = clientDetail({
      clientType: 'company',
      name: 'Acme Ltd',
      firstName: null,
      lastName: null,
      companyName: 'Acme Ltd',
      contacts: [{ id: '77777777-7777-4777-8777-777777777777', name: 'Bola Ade', jobTitle: null, email: null, phone: null }],
    });
    const api = stubApi({
      [`GET ${GET}`]: () => company,
      'GET /api/admin/custom-field/get-custom-fields': () => [],
      'POST /api/admin/conflict-check/run-conflict-check': (call) => ({
        conflictCheckId: CHECK_ID,
        searchedNames: (call.body as { names: string[] }).names,
        matches: [],
        createdAt: '2024-03-15T10:00:00.000Z',
      }),
      'POST /api/admin/conflict-check/record-decision/': () => decidedConflictCheck(CHECK_ID),
      'PUT /api/admin/client-info/update-client/': () => clientDetail(),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: `/clients/${CLIENT_ID}/edit`, session: fakeSession({ permissions: ALL }) });
    await user.click(await screen.findByRole('button', { name: 'Add contact person' }));
    const contactNames = screen.getAllByRole('textbox', { name: 'Contact name' });
    await user.type(contactNames[contactNames.length - 1]!, 'Chidi Okeke');
    await user.click(screen.getByRole('button', { name: 'Save client' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${CLIENT_ID}`));
    expect(api.callsTo('POST', '/api/admin/conflict-check/run-conflict-check')[0]?.body).toEqual({
      names: ['Chidi Okeke'],
      context: 'client',
    });
    // The contact on file travels with its id (changed, not sent to the bin); the new one has none.
    expect(api.callsTo('PUT', `/api/admin/client-info/update-client/${CLIENT_ID}`)[0]?.body).toMatchObject({
      conflictCheckId: CHECK_ID,
      contacts: [
        { id: '77777777-7777-4777-8777-777777777777', name: 'Bola Ade' },
        { name: 'Chidi Okeke', jobTitle: '', email: '', phone: '' },
      ],
    });
    expect(
      (api.callsTo('PUT', `/api/admin/client-info/update-client/${CLIENT_ID}`)[0]?.body as { contacts: object[] }).contacts[1],
    ).not.toHaveProperty('id');
  });

  it('puts today’s content under Overview and adds the Invoices tab another feature fills, for users with the invoice permission', async () => {
    stubClient();
    const user = userEvent.setup({ delay: null });
    const tabPanels = { invoices: (client: { id: string; name: string }) => <p>Invoices of {client.name}</p> };
    const withInvoices = [{ path: '/clients/:id', element: <ClientViewPage tabPanels={tabPanels} /> }];
    const { router } = renderRoutes(withInvoices, {
      path: `/clients/${CLIENT_ID}`,
      session: fakeSession({ permissions: [...ALL, 'invoice'] }),
    });
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Obi v State' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(await screen.findByText('Invoices of Ada Obi')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Obi v State' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?activeTab=invoices');
  });

  it('opens the tab the address names, and shows no Invoices tab without the invoice permission', async () => {
    stubClient();
    const tabPanels = { invoices: () => <p>Client invoices</p> };
    const withInvoices = [{ path: '/clients/:id', element: <ClientViewPage tabPanels={tabPanels} /> }];
    const first = renderRoutes(withInvoices, {
      path: `/clients/${CLIENT_ID}?activeTab=invoices`,
      session: fakeSession({ permissions: ['clientInfo', 'invoice'] }),
    });
    expect(await screen.findByText('Client invoices')).toBeInTheDocument();
    first.unmount();
    renderRoutes(withInvoices, { path: `/clients/${CLIENT_ID}?activeTab=invoices`, session: fakeSession({ permissions: ['clientInfo'] }) });
    expect(await screen.findByRole('link', { name: 'Obi v State' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Invoices' })).not.toBeInTheDocument();
    expect(screen.queryByText('Client invoices')).not.toBeInTheDocument();
  });

  it('shows on the overview what other features add beside portal access (the credit balance)', async () => {
    stubClient();
    const aside = (client: { name: string }) => <p>Credit of {client.name}</p>;
    renderRoutes([{ path: '/clients/:id', element: <ClientViewPage overviewAside={aside} /> }], {
      path: `/clients/${CLIENT_ID}`,
      session: fakeSession({ permissions: ['clientInfo'] }),
    });
    expect(await screen.findByText('Credit of Ada Obi')).toBeInTheDocument();
  });
});
