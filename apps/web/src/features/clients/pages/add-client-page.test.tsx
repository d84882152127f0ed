import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { clientDetail, stubApi } from '../testing/stub-api.ts';
import { AddClientPage } from './add-client-page.tsx';
import { decidedConflictCheck } from '../../../test/msw/contract-answers.ts';

const CHECK_ID = '33333333-3333-4333-8333-333333333333';
const NEW_ID = '44444444-4444-4444-8444-444444444444';
const RUN = '/api/admin/conflict-check/run-conflict-check';
const DECIDE = `/api/admin/conflict-check/record-decision/${CHECK_ID}`;
const CREATE = '/api/admin/client-info/create-client';

const nearMatch = {
  searchedName: 'Ada Obi',
  matchedName: 'Adah Obi',
  matchType: 'client',
  similarity: 0.873,
  clientId: '55555555-5555-4555-8555-555555555555',
  clientName: 'Adah Obi',
  matterId: '66666666-6666-4666-8666-666666666666',
  matterName: 'Obi v State',
  matterNumber: 'MAT-00007',
};

function stubAdd(matches: unknown[] = [], customFields: unknown[] = []) {
  return stubApi({
    'GET /api/admin/custom-field/get-custom-fields': () => customFields,
    [`POST ${RUN}`]: (call) => ({
      conflictCheckId: CHECK_ID,
      searchedNames: (call.body as { names: string[] }).names,
      matches,
      createdAt: '2024-03-15T10:00:00.000Z',
    }),
    'POST /api/admin/conflict-check/record-decision/': () => decidedConflictCheck(CHECK_ID),
    [`POST ${CREATE}`]: () => new Promise<Response>((resolve) => setTimeout(() => resolve(okCreated()), 20)),
  });
}

function okCreated() {
  return new Response(JSON.stringify({ success: true, message: 'Client created', data: clientDetail({ id: NEW_ID }) }), { status: 200 });
}

async function fillIndividual(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Obi');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
}

describe('AddClientPage', { timeout: 20_000 }, () => {
  it("shows 'First name is required' only after the field is touched", async () => {
    stubAdd();
    const user = userEvent.setup({ delay: null });
    renderAt(<AddClientPage />, { path: '/clients/add-new-client' });
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    await user.click(firstName);
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
  });

  it('shows Company name and contact people for a company', async () => {
    stubAdd();
    const user = userEvent.setup({ delay: null });
    renderAt(<AddClientPage />, { path: '/clients/add-new-client' });
    await user.click(await screen.findByRole('radio', { name: 'Company' }));
    expect(screen.getByRole('textbox', { name: 'Company name' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'First name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add contact person' }));
    const row = screen.getByRole('group', { name: 'Contact person 1' });
    expect(within(row).getByRole('textbox', { name: 'Contact name' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove contact person 1' }));
    expect(screen.queryByRole('group', { name: 'Contact person 1' })).not.toBeInTheDocument();
  });

  it('runs the conflict check, shows the matches, records the decision, then creates with conflictCheckId', async () => {
    const api = stubAdd([nearMatch]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<AddClientPage />, { path: '/clients/add-new-client' });
    await fillIndividual(user);
    await user.click(screen.getByRole('button', { name: 'Save client' }));

    const dialog = await screen.findByRole('dialog', { name: 'Conflict check' });
    expect(api.callsTo('POST', RUN)[0]?.body).toEqual({ names: ['Ada Obi'], context: 'client' });
    const table = within(dialog).getByRole('table', { name: 'Conflict matches' });
    expect(within(table).getByText('Adah Obi', { selector: 'p' })).toBeInTheDocument();
    expect(within(table).getByText('87%')).toBeInTheDocument();
    expect(within(table).getByText('client')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'MAT-00007 — Obi v State' })).toHaveAttribute('href', `/matter/${nearMatch.matterId}`);
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Decision notes' }), 'Different person, checked ID');
    const proceed = within(dialog).getByRole('button', { name: 'Proceed despite conflict' });
    await user.dblClick(proceed);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${NEW_ID}`));
    expect(api.callsTo('POST', DECIDE).map((call) => call.body)).toEqual([
      { decision: 'proceed_despite_conflict', notes: 'Different person, checked ID' },
    ]);
    const creates = api.callsTo('POST', CREATE);
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toMatchObject({
      clientType: 'individual',
      firstName: 'Ada',
      lastName: 'Obi',
      companyName: null,
      email: 'ada@example.com',
      conflictCheckId: CHECK_ID,
    });
    const decideIndex = api.calls.findIndex((call) => call.url.pathname === DECIDE);
    const createIndex = api.calls.findIndex((call) => call.url.pathname === CREATE);
    expect(decideIndex).toBeLessThan(createIndex);
  });

  it('records "no conflict" without asking when nothing matched, then creates the client', async () => {
    const api = stubAdd([]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<AddClientPage />, { path: '/clients/add-new-client' });
    await user.click(await screen.findByRole('radio', { name: 'Company' }));
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme Ltd');
    await user.click(screen.getByRole('button', { name: 'Add contact person' }));
    await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Bola Ade');
    await user.click(screen.getByRole('button', { name: 'Save client' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${NEW_ID}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', RUN)[0]?.body).toEqual({ names: ['Acme Ltd', 'Bola Ade'], context: 'client' });
    expect(api.callsTo('POST', DECIDE)[0]?.body).toEqual({ decision: 'no_conflict', notes: null });
    expect(api.callsTo('POST', CREATE)[0]?.body).toMatchObject({
      clientType: 'company',
      companyName: 'Acme Ltd',
      firstName: null,
      contacts: [{ name: 'Bola Ade', jobTitle: '', email: '', phone: '' }],
      conflictCheckId: CHECK_ID,
    });
  });

  it('records Cancel as declined and creates nothing', async () => {
    const api = stubAdd([nearMatch]);
    const user = userEvent.setup({ delay: null });
    renderAt(<AddClientPage />, { path: '/clients/add-new-client' });
    await fillIndividual(user);
    await user.click(screen.getByRole('button', { name: 'Save client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conflict check' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', DECIDE)[0]?.body).toEqual({ decision: 'declined', notes: null });
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('shows custom fields with asterisks and blocks saving until required ones are filled', async () => {
    const api = stubAdd(
      [],
      [{ id: 'cf-1', entityType: 'client', label: 'Referral source', fieldType: 'text', options: [], isRequired: true, sortOrder: 0 }],
    );
    const user = userEvent.setup({ delay: null });
    renderAt(<AddClientPage />, { path: '/clients/add-new-client' });
    const field = await screen.findByRole('textbox', { name: 'Referral source' });
    expect(field.closest('.mantine-InputWrapper-root')?.textContent).toContain('*');
    await fillIndividual(user);
    await user.click(screen.getByRole('button', { name: 'Save client' }));
    expect(await screen.findByText('Referral source is required')).toBeInTheDocument();
    expect(api.callsTo('POST', RUN)).toHaveLength(0);
    await user.type(field, 'Website');
    await user.click(screen.getByRole('button', { name: 'Save client' }));
    await waitFor(() => expect(api.callsTo('POST', CREATE)).toHaveLength(1));
    expect(api.callsTo('POST', CREATE)[0]?.body).toMatchObject({ customFields: { 'cf-1': 'Website' } });
  });
});
