import { flatFeeSchema } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { AddFlatFeePage } from '../pages/add-flat-fee-page.tsx';
import { EditFlatFeePage } from '../pages/edit-flat-fee-page.tsx';
import {
  ACTIVITY_ID,
  allowSlowRenders,
  CLIENT_ID,
  CREATE,
  fee,
  FEE_ID,
  FLAT_MATTER_ID,
  HOURLY_MATTER_ID,
  MATTER_VIEW,
  sessionWith,
  stubApi,
  UPDATE,
  USER_A,
} from './stub-flat-fees.ts';

allowSlowRenders();

const routes = [
  { path: '/billing/flat-fees/add-new-flat-fee', element: <AddFlatFeePage /> },
  { path: '/billing/flat-fees/edit/:id', element: <EditFlatFeePage /> },
  { path: '/billing/flat-fees', element: <LocationProbe /> },
];
const ADD = '/billing/flat-fees/add-new-flat-fee';

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function optionsOf(user: User, field: string): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: field }));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return names;
}

const amount = () => screen.getByRole('textbox', { name: 'Amount' });

async function renderAdd() {
  const user = userEvent.setup();
  const result = renderRoutes(routes, { path: ADD, session: sessionWith() });
  await screen.findByRole('form', { name: 'New flat fee' });
  return { user, ...result };
}

describe('Add New Flat Fee', { timeout: 60_000 }, () => {
  it('says which required fields are missing and sends nothing', async () => {
    const api = stubApi();
    const { user } = await renderAdd();
    await user.click(screen.getByRole('button', { name: 'Save flat fee' }));
    expect(await screen.findByText('Client is required')).toBeInTheDocument();
    expect(screen.getByText('Matter is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    // Today's date and the signed-in fee earner are filled in.
    expect(screen.queryByText('Date is required')).not.toBeInTheDocument();
    expect(screen.queryByText('User is required')).not.toBeInTheDocument();
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('refuses an amount of zero with the contract’s message', async () => {
    stubApi();
    const { user } = await renderAdd();
    await user.type(amount(), '0');
    await user.tab();
    expect(await screen.findByText('Amount must be greater than 0')).toBeInTheDocument();
  });

  it('offers only the chosen client’s matters, and clears the matter when the client changes', async () => {
    stubApi();
    const { user } = await renderAdd();
    expect(screen.getByRole('combobox', { name: 'Matter' })).toBeDisabled();
    await choose(user, 'Client', 'Ada Lovelace');
    expect(await optionsOf(user, 'Matter')).toEqual(['MAT-00001 — Lease dispute', 'MAT-00002 — Share purchase agreement']);
    await choose(user, 'Matter', 'MAT-00001 — Lease dispute');
    expect(screen.getByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00001 — Lease dispute');
    await choose(user, 'Client', 'Acme Ltd');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Matter' })).not.toHaveTextContent('Lease dispute'));
    expect(await optionsOf(user, 'Matter')).toEqual(['MAT-00003 — Trademark filing']);
  });

  it('offers a Flat Rate matter’s flat rate as the amount, and nothing for an hourly matter', async () => {
    const api = stubApi();
    const { user } = await renderAdd();
    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00001 — Lease dispute');
    expect(amount()).toHaveValue('');
    // An hourly matter has no flat rate to ask for.
    expect(api.callsTo('GET', MATTER_VIEW)).toHaveLength(0);

    await choose(user, 'Matter', 'MAT-00002 — Share purchase agreement');
    await waitFor(() => expect(amount()).toHaveValue('2,500,000.00'));
    expect(amount()).toHaveAccessibleDescription('The matter’s flat rate');
    expect(api.lastQuery(MATTER_VIEW)?.get('matterid')).toBe(FLAT_MATTER_ID);
  });

  it('never overwrites an amount the user typed, but offers the rate beside it', async () => {
    stubApi();
    const { user } = await renderAdd();
    await user.type(amount(), '1000');
    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00002 — Share purchase agreement');
    expect(await screen.findByText(/The matter’s flat rate: ₦2,500,000\.00/)).toBeInTheDocument();
    expect(amount()).toHaveValue('1,000.00');
    await user.click(screen.getByRole('button', { name: 'Use it' }));
    expect(amount()).toHaveValue('2,500,000.00');
  });

  it('creates once, with an Idempotency-Key, however often Save is pressed, and goes to the list', async () => {
    const api = stubApi({
      [`POST ${CREATE}`]: () => ({ ...contractAnswer(flatFeeSchema, fee()), status: 201, message: 'Flat fee saved' }),
    });
    const { user } = await renderAdd();
    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00002 — Share purchase agreement');
    await waitFor(() => expect(amount()).toHaveValue('2,500,000.00'));
    await choose(user, 'Activity type', 'Drafting (A103)');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Completion, second half');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Agreed by email');
    const save = screen.getByRole('button', { name: 'Save flat fee' });
    await user.dblClick(save);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing/flat-fees'));
    const posts = api.callsTo('POST', CREATE);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.body).toMatchObject({
      clientId: CLIENT_ID,
      matterId: FLAT_MATTER_ID,
      userId: USER_A,
      activityId: ACTIVITY_ID,
      description: 'Completion, second half',
      amount: '2500000.00',
      note: 'Agreed by email',
    });
    expect((posts[0]!.body as { flatFeeDate: string }).flatFeeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the server’s refusal under the field it names', async () => {
    stubApi({
      [`POST ${CREATE}`]: {
        status: 400,
        body: JSON.stringify({
          success: false,
          message: 'A flat fee cannot be added to a closed matter',
          data: null,
          errors: { matterId: 'A flat fee cannot be added to a closed matter' },
        }),
      },
    });
    const { user } = await renderAdd();
    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00001 — Lease dispute');
    await user.type(amount(), '500');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Filing');
    await user.click(screen.getByRole('button', { name: 'Save flat fee' }));
    const form = screen.getByRole('form', { name: 'New flat fee' });
    expect(await within(form).findByText('A flat fee cannot be added to a closed matter')).toBeInTheDocument();
  });

  it('preselects the client and matter from the address (a matter’s Expenses tab)', async () => {
    stubApi();
    renderRoutes(routes, { path: `${ADD}?clientId=${CLIENT_ID}&matterId=${FLAT_MATTER_ID}`, session: sessionWith() });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00002 — Share purchase agreement'));
    await waitFor(() => expect(amount()).toHaveValue('2,500,000.00'));
  });
});

describe('Edit Flat Fee', { timeout: 60_000 }, () => {
  it('loads the fee, keeps its amount on a Flat Rate matter, and saves with PUT', async () => {
    const api = stubApi({ [`GET /api/admin/expense-flat-fees-info/get-flat-fee/${FEE_ID}`]: () => contractAnswer(flatFeeSchema, fee()) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/billing/flat-fees/edit/${FEE_ID}`, session: sessionWith() });
    await screen.findByRole('form', { name: 'Edit flat fee' });
    await waitFor(() => expect(amount()).toHaveValue('1,250,000.00'));
    await waitFor(() => expect(screen.getByText(/The matter’s flat rate: ₦2,500,000\.00/)).toBeInTheDocument());
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'First half, as agreed');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', UPDATE)).toHaveLength(1));
    expect(api.callsTo('PUT', UPDATE)[0]!.body).toMatchObject({
      matterId: FLAT_MATTER_ID,
      amount: '1250000.00',
      description: 'First half, as agreed',
    });
  });

  it('shows a billed fee read-only, saying why', async () => {
    stubApi({
      [`GET /api/admin/expense-flat-fees-info/get-flat-fee/${FEE_ID}`]: () =>
        contractAnswer(flatFeeSchema, fee({ status: 'Billed', isLocked: true, matterId: HOURLY_MATTER_ID })),
    });
    renderRoutes(routes, { path: `/billing/flat-fees/edit/${FEE_ID}`, session: sessionWith() });
    expect(await screen.findByText('On an invoice: it cannot be changed or deleted.')).toBeInTheDocument();
    expect(amount()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('names the invoice a fee was billed on once that invoice has left draft', async () => {
    stubApi({
      [`GET /api/admin/expense-flat-fees-info/get-flat-fee/${FEE_ID}`]: () =>
        contractAnswer(
          flatFeeSchema,
          fee({ status: 'Billed', isLocked: true, billedOnInvoiceNumber: 'INV-00031', matterId: HOURLY_MATTER_ID }),
        ),
    });
    renderRoutes(routes, { path: `/billing/flat-fees/edit/${FEE_ID}`, session: sessionWith() });
    expect(await screen.findByText('Billed on INV-00031 — void or credit the invoice to change it')).toBeInTheDocument();
    expect(amount()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
