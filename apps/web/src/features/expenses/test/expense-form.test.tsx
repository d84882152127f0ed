import { EXPENSE_MESSAGES } from '@matterhorn/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { AddExpensePage } from '../pages/add-expense-page.tsx';
import { EditExpensePage } from '../pages/edit-expense-page.tsx';
import { expenseAmount } from '../utils/expense-amounts.ts';
import {
  allowSlowRenders,
  BASE,
  CATEGORY_ID,
  CLIENT_ID,
  CREATE,
  expense,
  EXPENSE_ID,
  MATTER_ID,
  sessionWith,
  stubApi,
} from './stub-expenses.ts';

allowSlowRenders();

const routes = [
  { path: '/expense-request/direct-expense/add-expense', element: <AddExpensePage /> },
  { path: '/expense-request/direct-expense/edit-expense/:id', element: <EditExpensePage /> },
  { path: '/expense-request/direct-expense', element: <LocationProbe /> },
];
const CREATE_PERMISSIONS = ['expensePermission', 'expensePermission.create'];
const APPROVER = ['expensePermission', 'expensePermission.create', 'expensePermission.edit'];
type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillCommon(user: User) {
  await choose(user, 'Category', 'Court fees (E112)');
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Filing fee');
  await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
  await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '3');
  await user.type(screen.getByRole('textbox', { name: 'Unit cost' }), '33.33');
}

const created = { data: expense({ id: EXPENSE_ID }) };

/** Mantine's FileInput labels its button; the file input it opens is the hidden one beside it. */
function receiptInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

describe('expense amounts', () => {
  it('multiplies exactly on the decimal text and rounds half-up', () => {
    expect(expenseAmount('3', '33.33')).toBe('99.99');
    expect(expenseAmount('0.1', '0.3')).toBe('0.03');
    expect(expenseAmount('1.005', '1')).toBe('1.01');
    expect(expenseAmount('12345678.9999', '99999.99')).toBe('1234567776533.21');
    expect(expenseAmount('', '1')).toBeNull();
  });
});

describe('AddExpensePage', { timeout: 60_000 }, () => {
  it('shows the amount live and exactly: 3 × 33.33 = 99.99', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense/add-expense', session: sessionWith(CREATE_PERMISSIONS) });
    await screen.findByRole('combobox', { name: 'Client' });
    await fillCommon(user);
    expect(screen.getByTestId('expense-amount')).toHaveTextContent('₦99.99');
  });

  it('says what is required on submit and sends nothing', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense/add-expense', session: sessionWith(CREATE_PERMISSIONS) });
    await screen.findByRole('combobox', { name: 'Client' });
    await user.click(screen.getByRole('button', { name: 'Save expense' }));
    expect(await screen.findByText(EXPENSE_MESSAGES.clientRequired)).toBeInTheDocument();
    expect(screen.getByText(EXPENSE_MESSAGES.matterRequired)).toBeInTheDocument();
    expect(screen.getByText(EXPENSE_MESSAGES.categoryRequired)).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('offers only the open matters of the chosen client and sends a billable client expense once, with an idempotency key, then uploads the receipt', async () => {
    const api = stubApi({ [`POST ${CREATE}`]: created, [`POST ${BASE}/upload-expense-receipt/${EXPENSE_ID}`]: { data: expense() } });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense/add-expense', session: sessionWith(CREATE_PERMISSIONS) });
    await screen.findByRole('combobox', { name: 'Client' });
    await choose(user, 'Client', 'Ada Lovelace');
    await user.click(screen.getByRole('combobox', { name: 'Matter' }));
    expect(await screen.findByRole('option', { name: 'MAT-00001 — Acme v Beta' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Old dispute/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'MAT-00001 — Acme v Beta' }));
    await fillCommon(user);
    await user.type(screen.getByRole('textbox', { name: 'Payee' }), 'High Court');
    const receipt = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    await user.upload(receiptInput(), receipt);
    expect(within(screen.getByTestId('pending-receipts')).getByText('receipt.pdf')).toBeInTheDocument();

    const save = screen.getByRole('button', { name: 'Save expense' });
    fireEvent.submit(save.closest('form') as HTMLFormElement);
    fireEvent.submit(save.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/expense-request/direct-expense?activeTab=client'));

    const creates = api.callsTo('POST', CREATE);
    expect(creates).toHaveLength(1);
    expect(creates[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(creates[0]?.body).toMatchObject({
      isFirmExpense: false,
      isExpenseRequest: false,
      clientId: CLIENT_ID,
      matterId: MATTER_ID,
      categoryId: CATEGORY_ID,
      description: 'Filing fee',
      quantity: '3',
      unitCost: '33.33',
      isBillable: 4,
      payee: 'High Court',
    });
    const uploads = api.callsTo('POST', `${BASE}/upload-expense-receipt/${EXPENSE_ID}`);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    // jsdom's File reaches undici's FormData without its name or bytes; the field and type do.
    expect(uploads[0]?.body).toMatch(/name="file"; filename=/);
    expect(uploads[0]?.body).toMatch(/Content-Type: application\/pdf/);
  });

  it('a firm expense has no client, matter or billable switch and is sent as not billable; the request option is sent', async () => {
    const api = stubApi({ [`POST ${CREATE}`]: created });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense/add-expense', session: sessionWith(CREATE_PERMISSIONS) });
    await screen.findByRole('combobox', { name: 'Client' });
    expect(screen.getByRole('switch', { name: /Billable/ })).toBeChecked();
    await user.click(screen.getByText('Firm expense'));
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Matter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Billable/ })).not.toBeInTheDocument();
    await fillCommon(user);
    await user.click(screen.getByRole('switch', { name: /Submit as a request for approval/ }));
    await user.click(screen.getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(api.callsTo('POST', CREATE)).toHaveLength(1));
    expect(api.callsTo('POST', CREATE)[0]?.body).toMatchObject({
      isFirmExpense: true,
      isExpenseRequest: true,
      clientId: null,
      matterId: null,
      isBillable: 2,
    });
  });

  it('starts a firm expense when it came from the firm tab', async () => {
    stubApi();
    renderRoutes(routes, { path: '/expense-request/direct-expense/add-expense?type=firm', session: sessionWith(CREATE_PERMISSIONS) });
    await screen.findByRole('combobox', { name: 'Category' });
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
  });

  it('refuses a receipt that is not a PDF, JPEG, PNG or HEIC', async () => {
    stubApi();
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, { path: '/expense-request/direct-expense/add-expense', session: sessionWith(CREATE_PERMISSIONS) });
    await screen.findByRole('combobox', { name: 'Client' });
    await user.upload(receiptInput(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(EXPENSE_MESSAGES.receiptType)).toBeInTheDocument();
    expect(screen.queryByTestId('pending-receipts')).not.toBeInTheDocument();
  });
});

describe('EditExpensePage', { timeout: 60_000 }, () => {
  it('shows a pending request to an approver with Approve and Reject; Reject needs a reason', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-expense/${EXPENSE_ID}`]: {
        data: expense({
          receipts: [
            {
              id: 'r1',
              fileName: 'receipt.png',
              contentType: 'image/png',
              sizeBytes: 2048,
              uploadedAt: '2024-03-05T10:00:00Z',
              uploadedByUserName: 'Alan Turing',
            },
          ],
        }),
      },
      [`POST ${BASE}/reject-expense/${EXPENSE_ID}`]: { data: expense({ approvalStatus: 'Rejected' }) },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/expense-request/direct-expense/edit-expense/${EXPENSE_ID}`, session: sessionWith(APPROVER) });
    expect(await screen.findByText('Pending approval')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt.png' })).toBeInTheDocument();
    expect(screen.getByTestId('expense-amount')).toHaveTextContent('₦99.99');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject expense request' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject expense' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/reject-expense/${EXPENSE_ID}`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No receipt for the taxi');
    await user.click(within(dialog).getByRole('button', { name: 'Reject expense' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/reject-expense/${EXPENSE_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/reject-expense/${EXPENSE_ID}`)[0]?.body).toEqual({ reason: 'No receipt for the taxi' });
  });

  it('offers no decision on one’s own request, and shows a rejected one with its reason and who decided', async () => {
    stubApi({
      [`GET ${BASE}/get-expense/${EXPENSE_ID}`]: {
        data: expense({
          approvalStatus: 'Rejected',
          decidedByUserName: 'Grace Hopper',
          decidedAt: '2024-03-06T09:30:00Z',
          rejectionReason: 'Too dear',
        }),
      },
    });
    renderRoutes(routes, { path: `/expense-request/direct-expense/edit-expense/${EXPENSE_ID}`, session: sessionWith(APPROVER) });
    expect(await screen.findByTestId('expense-rejection-reason')).toHaveTextContent('Too dear');
    expect(screen.getByTestId('expense-decided-by')).toHaveTextContent('Grace Hopper');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows an expense billed on a sent invoice read-only, naming the invoice', async () => {
    stubApi({
      [`GET ${BASE}/get-expense/${EXPENSE_ID}`]: {
        data: expense({ approvalStatus: 'Approved', billingStatus: 'Billed', isLocked: true, billedOnInvoiceNumber: 'INV-00031' }),
      },
    });
    renderRoutes(routes, { path: `/expense-request/direct-expense/edit-expense/${EXPENSE_ID}`, session: sessionWith(APPROVER) });
    expect(await screen.findByText('Billed on INV-00031 — void or credit the invoice to change it')).toBeInTheDocument();
    for (const name of ['Description', 'Quantity', 'Unit cost']) expect(screen.getByRole('textbox', { name }), name).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
  });

  it('marks an approved expense paid with date, method and reference', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-expense/${EXPENSE_ID}`]: {
        data: expense({ approvalStatus: 'Approved', decidedByUserName: 'Grace Hopper', decidedAt: '2024-03-06T09:30:00Z' }),
      },
      [`POST ${BASE}/mark-expense-paid/${EXPENSE_ID}`]: { data: expense({ paymentStatus: 'Paid' }) },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/expense-request/direct-expense/edit-expense/${EXPENSE_ID}`, session: sessionWith(APPROVER) });
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark expense paid' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Payment method' }));
    await user.click(await screen.findByRole('option', { name: 'Bank transfer' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Payment reference' }), 'TRX-9');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/mark-expense-paid/${EXPENSE_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/mark-expense-paid/${EXPENSE_ID}`)[0]?.body).toMatchObject({
      paymentMethod: 'Bank transfer',
      paymentReference: 'TRX-9',
      paidDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('asks which bank account paid it when the firm has two or more in its currency, and sends the one chosen', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-expense/${EXPENSE_ID}`]: {
        data: expense({ approvalStatus: 'Approved', decidedByUserName: 'Grace Hopper', decidedAt: '2024-03-06T09:30:00Z' }),
      },
      [`POST ${BASE}/mark-expense-paid/${EXPENSE_ID}`]: { data: expense({ paymentStatus: 'Paid' }) },
      'GET /admin/accounting/get-bank-account-options': {
        data: {
          options: [
            { id: null, label: '1000 Operating bank', isDefault: true },
            { id: '6f1d3c1e-4b7a-4c55-9d2e-0a1b2c3d4e5f', label: 'Salary account · Zenith Bank ••••5678', isDefault: false },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/expense-request/direct-expense/edit-expense/${EXPENSE_ID}`, session: sessionWith(APPROVER) });
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark expense paid' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Payment method' }));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.click(await within(dialog).findByRole('combobox', { name: 'Bank account' }));
    await user.click(await screen.findByRole('option', { name: 'Salary account · Zenith Bank ••••5678' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/mark-expense-paid/${EXPENSE_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/mark-expense-paid/${EXPENSE_ID}`)[0]?.body).toMatchObject({
      paymentMethod: 'Cash',
      bankAccountId: '6f1d3c1e-4b7a-4c55-9d2e-0a1b2c3d4e5f',
    });
    expect(api.callsTo('GET', '/admin/accounting/get-bank-account-options')[0]?.query.get('ExpenseId')).toBe(EXPENSE_ID);
  });
});
