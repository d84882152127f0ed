import type { PortalMatter, PortalMatterDetail, PortalOverview } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/msw/server.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { clientInvoiceView } from '../../../test/msw/contract-answers.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PortalOverviewPage } from './portal-overview-page.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const session = fakeSession({
  isFirmSignedIn: false,
  isClientSignedIn: true,
  clientId: CLIENT_ID,
  company: 'obi',
  portalProfile: {
    clientId: CLIENT_ID,
    name: 'Kemi Adebayo',
    clientName: 'Kemi Adebayo',
    email: 'kemi@client.example',
    company: 'obi',
    firmName: 'Obi & Co',
    firmLogo: null,
  },
});
const matters: PortalMatter[] = [
  { matterId: 'm1', matterNumber: 'MAT-00001', matterName: 'Lease dispute', status: 'Open', feeEarners: ['Ada Obi', 'Bob Eze'] },
  { matterId: 'm2', matterNumber: 'MAT-00007', matterName: 'Estate administration', status: 'Closed', feeEarners: [] },
];

const overview: PortalOverview = {
  matters,
  nextCourtDates: [
    {
      courtUpdateId: 'cu1',
      matterId: 'm1',
      matterName: 'Lease dispute',
      court: 'Federal High Court',
      suitNumber: 'FHC/L/CS/12/2026',
      date: '2026-12-03',
      time: '09:30',
      purpose: 'Ruling',
    },
  ],
  recentlyShared: [
    { kind: 'note', id: 'n1', matterId: 'm1', matterName: 'Lease dispute', title: 'Attendance on the landlord', date: '2026-11-20' },
  ],
  balancesDue: [{ currencyCode: 'NGN', currencySymbol: '₦', amount: '100000.25' }],
  trustHeld: [{ currencyCode: 'NGN', currencySymbol: '₦', amount: '479999.75' }],
};
const leaseDispute: PortalMatterDetail = {
  ...matters[0]!,
  updates: [
    {
      kind: 'courtUpdate',
      id: 'cu1',
      date: '2026-11-21',
      court: 'Federal High Court',
      suitNumber: 'FHC/L/CS/12/2026',
      judge: 'Hon. Justice A. O. Faji',
      outcome: 'Motion argued; ruling reserved.',
      nextAdjournedDate: '2026-12-03',
      nextAdjournedTime: '09:30',
      nextAdjournedPurpose: 'Ruling',
      nextSteps: null,
    },
    {
      kind: 'note',
      id: 'n1',
      date: '2026-11-20',
      title: 'Attendance on the landlord',
      bodyHtml: '<p>We met the <strong>landlord</strong>.</p>',
    },
  ],
};
const estate: PortalMatterDetail = { ...matters[1]!, updates: [] };
const sharedDocuments = {
  data: [
    {
      id: 'd1',
      name: 'Judgment.pdf',
      matterId: 'm1',
      matterName: 'Lease dispute',
      folderPath: 'Kemi Adebayo / Lease dispute',
      contentType: 'application/pdf',
      sizeBytes: 1536,
      versionNumber: 1,
      sharedAt: '2026-11-22T09:00:00.000Z',
      isUploadedByClient: false,
    },
  ],
  page: 1,
  size: 50,
  totalCount: 1,
};
const answers = {
  'GET /client-portal/get-client-portal-matters': { data: matters },
  'GET /client-portal/get-overview': { data: overview },
  'GET /client-portal/get-matter/m1': { data: leaseDispute },
  'GET /client-portal/get-matter/m2': { data: estate },
};

/** The portal's opened invoice INV-00012: partly paid, ₦100,000.25 still due, with how to pay. */
const invoiceDetail = (changes: Record<string, unknown> = {}) => ({
  ...clientInvoiceView({
    status: 'PartlyPaid',
    statusLabel: 'Partly paid',
    matters: [{ name: 'Lease dispute', matterNumber: 'MAT-00001' }],
    paymentInstructions: 'Pay to Zenith Bank 1234567890',
    totals: { ...clientInvoiceView().totals, paidAmount: '50000.25', balanceDue: '100000.25' },
    payments: [
      {
        receiptNumber: 'RCT-00003',
        amount: '50000.25',
        withholdingTaxAmount: '0.00',
        paymentDate: '2026-10-05',
        method: 'Cash',
        isReversal: false,
      },
    ],
    deliveredDate: '2026-10-02',
  }),
  ...changes,
});

describe('PortalOverviewPage', { timeout: 30_000 }, () => {
  // The tabs load their code when opened (lazy): compiled here once, so the first test to open a tab
  // on a busy machine does not spend its find's second compiling the tab's modules.
  beforeAll(async () => {
    await Promise.all([
      import('../components/portal-matters-tab.tsx'),
      import('../components/portal-invoices-tab.tsx'),
      import('../components/portal-trust-tab.tsx'),
      import('../components/portal-documents-tab.tsx'),
      import('../components/portal-messages-tab.tsx'),
    ]);
  });

  it("lists the client's open and closed matters with number, name, status and fee earners", async () => {
    stubApi(answers);
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=overview`, session });
    const table = await screen.findByRole('table', { name: 'Your matters' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['MAT-00001', 'Lease dispute', 'Open', 'Ada Obi, Bob Eze'],
      ['MAT-00007', 'Estate administration', 'Closed', '—'],
    ]);
    expect(screen.getByRole('heading', { name: 'Welcome, Kemi Adebayo' })).toBeInTheDocument();
  });

  it('welcomes a contact by their own name and shows their own email, with the client they act for', async () => {
    stubApi(answers);
    // Issue 64: Bola, a second portal account of the client, was welcomed as Kemi and shown Kemi's email.
    const bola = fakeSession({
      ...session,
      portalProfile: { ...session.portalProfile!, name: 'Bola Adebayo', email: 'bola@client.example', clientName: 'Kemi Adebayo' },
    });
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=overview`, session: bola });
    expect(await screen.findByRole('heading', { name: 'Welcome, Bola Adebayo' })).toBeInTheDocument();
    expect(screen.getByText('Name: Bola Adebayo')).toBeInTheDocument();
    expect(screen.getByText('Email: bola@client.example')).toBeInTheDocument();
    expect(screen.getByText('Client: Kemi Adebayo')).toBeInTheDocument();
    expect(screen.queryByText(/kemi@client\.example/)).not.toBeInTheDocument();
  });

  it('draws the matters under the overview’s cards once those have come, asking for both at once', async () => {
    let answerOverview = (_data: unknown) => {};
    const api = stubApi({ 'GET /client-portal/get-client-portal-matters': { data: matters } });
    server.use(
      http.get('*/api/client-portal/get-overview', async () => {
        const data = await new Promise((resolve) => (answerOverview = resolve));
        return HttpResponse.json({ success: true, message: 'OK', data });
      }),
    );
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}`, session });
    expect(await screen.findByRole('status', { name: 'Loading your overview' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/client-portal/get-client-portal-matters')).toHaveLength(1));
    // Nothing is drawn under the overview's place while it comes, so its cards push nothing down.
    expect(screen.queryByRole('heading', { name: 'Your matters' })).not.toBeInTheDocument();

    answerOverview(overview);
    const table = await screen.findByRole('table', { name: 'Your matters' });
    const shared = screen.getByRole('region', { name: 'New from your firm' });
    expect(shared.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so when the firm has no matters for the client', async () => {
    stubApi({
      'GET /client-portal/get-client-portal-matters': { data: [] },
      'GET /client-portal/get-overview': {
        data: { matters: [], nextCourtDates: [], recentlyShared: [], balancesDue: [], trustHeld: [] },
      },
    });
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}`, session });
    expect(await screen.findByText('Your firm has no matters for you yet.')).toBeInTheDocument();
  });

  it('leads the overview with the next court dates and what the firm shared lately', async () => {
    stubApi(answers);
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}`, session });
    const courtDates = await screen.findByRole('region', { name: 'Next court dates' });
    expect(courtDates).toHaveTextContent('03/12/2026 at 09:30');
    expect(courtDates).toHaveTextContent('Federal High Court · Suit FHC/L/CS/12/2026');
    expect(courtDates).toHaveTextContent('Lease dispute · Ruling');
    expect(screen.getByRole('region', { name: 'New from your firm' })).toHaveTextContent(
      '20/11/2026 · Attendance on the landlord (Lease dispute)',
    );
  });

  it('shows a matter’s shared court updates and notes on the Matters tab, newest first, and switches matter in the URL', async () => {
    stubApi(answers);
    const user = userEvent.setup();
    const { router } = renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=matters`, session });
    expect(await screen.findByRole('heading', { name: 'Lease dispute' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles[0]).toHaveTextContent('Court update');
    expect(articles[0]).toHaveTextContent('Next date: 03/12/2026 at 09:30 · Ruling');
    expect(articles[1]).toHaveTextContent('Attendance on the landlord');
    expect(within(articles[1]!).getByText('landlord', { selector: 'strong' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Matter' }), 'm2');
    expect(router.state.location.search).toContain('matterId=m2');
    expect(await screen.findByText('Your firm has not shared any updates on this matter yet.')).toBeInTheDocument();
  });

  it('lists the documents the firm shared on the Documents tab, and sends the firm a file for a matter', async () => {
    const api = stubApi({
      ...answers,
      'GET /client-portal/get-documents': { data: sharedDocuments },
      'POST /client-portal/upload-document': { data: { id: 'd2', name: 'Receipt.pdf' } },
    });
    const user = userEvent.setup();
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=documents`, session });
    const list = await screen.findByRole('list', { name: 'Your documents' });
    expect(within(list).getByText('Judgment.pdf')).toBeInTheDocument();
    expect(within(list).getByText('Lease dispute · 1.5 KB · 22/11/2026')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Download Judgment.pdf' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Send a file to your firm' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Matter' }), 'm2');
    // Mantine's FileInput is a labelled button over a hidden file input.
    expect(within(form).getByRole('button', { name: 'File' })).toBeInTheDocument();
    await user.upload(
      form.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF-1.7'], 'Receipt.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Receipt.pdf was sent to your firm.')).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/client-portal/upload-document');
    expect(String(sent!.body)).toMatch(/name="MatterId"\r\n\r\nm2/);
    expect(api.callsTo('GET', '/client-portal/get-documents').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a shared photo in the page with View, fetched inline with the client’s session; other types only download', async () => {
    const photo = { ...sharedDocuments.data[0]!, id: 'd3', name: 'Site photo.png', contentType: 'image/png' };
    const letter = { ...sharedDocuments.data[0]!, id: 'd4', name: 'Letter.docx', contentType: 'application/msword' };
    const api = stubApi({
      ...answers,
      'GET /client-portal/get-documents': { data: { ...sharedDocuments, data: [photo, letter], totalCount: 2 } },
      'GET /client-portal/download-document/d3': { body: 'PNGDATA', headers: { 'Content-Type': 'image/png' } },
    });
    const originalCreate = URL.createObjectURL;
    const originalRevoke = URL.revokeObjectURL;
    URL.createObjectURL = () => 'blob:photo';
    URL.revokeObjectURL = () => undefined;
    localStorage.setItem('clientToken', 'client-token');
    try {
      const user = userEvent.setup();
      renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=documents`, session });
      const list = await screen.findByRole('list', { name: 'Your documents' });
      expect(within(list).queryByRole('button', { name: 'View Letter.docx' })).not.toBeInTheDocument();
      await user.click(within(list).getByRole('button', { name: 'View Site photo.png' }));
      expect(await within(list).findByRole('img', { name: 'Site photo.png' })).toHaveAttribute('src', 'blob:photo');
      const [call] = api.callsTo('GET', '/client-portal/download-document/d3');
      expect(call?.query.get('inline')).toBe('true');
      expect(call?.headers.get('Authorization')).toBe('Bearer client-token');
      await user.click(within(list).getByRole('button', { name: 'Hide Site photo.png' }));
      expect(within(list).queryByRole('img', { name: 'Site photo.png' })).not.toBeInTheDocument();
    } finally {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
    }
  });

  it('lists the invoices the firm sent with their balance, opens one to show how to pay, and offers its PDF', async () => {
    const summary = {
      id: 'i1',
      invoiceNumber: 'INV-00012',
      status: 'PartlyPaid',
      statusLabel: 'Partly paid',
      issueDate: '2026-10-02',
      dueDate: '2026-11-01',
      total: '150000.50',
      paidAmount: '50000.25',
      balanceDue: '100000.25',
      currencySymbol: '₦',
    };
    let reported = false;
    const api = stubApi({
      ...answers,
      'GET /client-portal/get-invoices': { data: [summary] },
      'GET /client-portal/get-payment-reports': () => ({
        data: reported
          ? [
              {
                id: 'r1',
                clientId: CLIENT_ID,
                clientName: 'Kemi Adebayo',
                kind: 'invoice',
                invoiceId: 'i1',
                invoiceNumber: 'INV-00012',
                trustRequestId: null,
                trustRequestNumber: null,
                currencySymbol: '₦',
                balanceDue: '100000.25',
                amount: '100000.25',
                paymentDate: '2026-10-07',
                reference: 'NIP/0001',
                proofFileName: 'transfer.pdf',
                status: 'reported',
                reportedAt: '2026-10-07T10:00:00.000Z',
                decidedAt: null,
                decidedByName: null,
                rejectionReason: null,
              },
            ]
          : [],
      }),
      'POST /client-portal/report-bank-transfer': { data: null },
      'GET /client-portal/get-invoice/i1': { data: invoiceDetail() },
    });
    const user = userEvent.setup();
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`, session });
    const list = await screen.findByRole('list', { name: 'Your invoices' });
    expect(list).toHaveTextContent('INV-00012');
    expect(list).toHaveTextContent('Partly paid');
    expect(list).toHaveTextContent('Issued 02/10/2026 · Due 01/11/2026');
    expect(list).toHaveTextContent('Total ₦150,000.50 · Balance ₦100,000.25');
    expect(within(list).getByRole('button', { name: 'Download INV-00012 as PDF' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Details of INV-00012' }));
    expect(await within(list).findByText('How to pay: Pay to Zenith Bank 1234567890')).toBeInTheDocument();
    // Open, the button's name says what it does now, with its visible word (axe's label-content-name-mismatch).
    expect(within(list).getByRole('button', { name: 'Hide details of INV-00012', expanded: true })).toHaveTextContent('Hide');
    expect(within(list).getByText('Paid ₦50,000.25 on 05/10/2026')).toBeInTheDocument();
    expect(within(list).getByText('For: Lease dispute')).toBeInTheDocument();
    expect(api.callsTo('GET', '/client-portal/get-invoice/i1')).toHaveLength(1);

    // Paid by transfer: the client reports it with the proof; it waits for the firm.
    const form = within(list).getByRole('form', { name: 'Report a bank transfer' });
    expect(within(form).getByRole('textbox', { name: 'Amount paid' })).toHaveValue('100000.25');
    await user.click(within(form).getByRole('button', { name: 'Report payment' }));
    expect(await within(form).findByText('Payment date is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Date paid'), '07/10/2026');
    expect(within(form).getByLabelText('Date paid')).toHaveValue('07/10/2026');
    await user.type(within(form).getByRole('textbox', { name: 'Bank reference' }), 'NIP/0001');
    await user.upload(
      form.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF-1.7'], 'transfer.pdf', { type: 'application/pdf' }),
    );
    reported = true;
    await user.click(within(form).getByRole('button', { name: 'Report payment' }));
    await waitFor(() => expect(api.callsTo('POST', '/client-portal/report-bank-transfer')).toHaveLength(1));
    const sent = String(api.callsTo('POST', '/client-portal/report-bank-transfer')[0]!.body);
    for (const field of ['name="InvoiceId"\r\n\r\ni1', 'name="amount"\r\n\r\n100000.25', 'name="paymentDate"\r\n\r\n2026-10-07'])
      expect(sent).toContain(field);
    expect(
      await within(list).findByText(/You reported ₦100,000.25 paid on 07\/10\/2026: waiting for your firm to confirm it/),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('form', { name: 'Report a bank transfer' })).not.toBeInTheDocument();
  });

  it('a paid invoice says how it was paid, not how to pay, and offers no transfer to report', async () => {
    const paid = { status: 'Paid', statusLabel: 'Paid' };
    stubApi({
      ...answers,
      'GET /client-portal/get-invoices': {
        data: [
          {
            id: 'i1',
            invoiceNumber: 'INV-00012',
            ...paid,
            issueDate: '2026-10-02',
            dueDate: '2026-11-01',
            total: '150000.50',
            paidAmount: '150000.50',
            balanceDue: '0.00',
            currencySymbol: '₦',
          },
        ],
      },
      'GET /client-portal/get-payment-reports': { data: [] },
      'GET /client-portal/get-invoice/i1': {
        data: invoiceDetail({
          ...paid,
          totals: { ...invoiceDetail().totals, paidAmount: '150000.50', balanceDue: '0.00' },
          payments: [
            {
              receiptNumber: 'RCT-00003',
              amount: '150000.50',
              withholdingTaxAmount: '15000.00',
              paymentDate: '2026-10-05',
              method: 'Cash',
              isReversal: false,
            },
          ],
        }),
      },
    });
    const user = userEvent.setup();
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`, session });
    const list = await screen.findByRole('list', { name: 'Your invoices' });
    await user.click(within(list).getByRole('button', { name: 'Details of INV-00012' }));
    expect(
      await within(list).findByText('Paid ₦150,000.50 on 05/10/2026 (of which ₦15,000.00 withholding tax you deducted)'),
    ).toBeInTheDocument();
    expect(within(list).queryByText(/How to pay/)).not.toBeInTheDocument();
    expect(within(list).queryByRole('form', { name: 'Report a bank transfer' })).not.toBeInTheDocument();
  });

  it('says which invoices a plan on the client’s balance covers and which to pay first', async () => {
    const instalment = {
      number: 1,
      dueDate: '2026-11-15',
      amount: '60000.00',
      paidAmount: '0.00',
      remainingAmount: '60000.00',
      state: 'due',
    };
    stubApi({
      ...answers,
      'GET /client-portal/get-invoices': {
        data: [
          {
            id: 'i1',
            invoiceNumber: 'INV-00012',
            status: 'PartlyPaid',
            statusLabel: 'Partly paid',
            issueDate: '2026-10-02',
            dueDate: '2026-11-01',
            total: '150000.50',
            paidAmount: '50000.25',
            balanceDue: '100000.25',
            currencySymbol: '₦',
          },
        ],
      },
      'GET /client-portal/get-payment-reports': { data: [] },
      'GET /client-portal/get-invoice/i1': {
        data: invoiceDetail({
          paymentPlan: {
            total: '120000.00',
            instalments: [instalment, { ...instalment, number: 2, dueDate: '2026-12-15' }],
            nextInstalment: instalment,
            kind: 'clientBalance',
            invoiceNumbers: ['INV-00009', 'INV-00012'],
            payFirstInvoiceNumber: 'INV-00009',
            automaticPayment: null,
          },
        }),
      },
    });
    const user = userEvent.setup();
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`, session });
    const list = await screen.findByRole('list', { name: 'Your invoices' });
    await user.click(within(list).getByRole('button', { name: 'Details of INV-00012' }));
    const plan = await within(list).findByRole('region', { name: 'Payment plan' });
    expect(plan).toHaveTextContent(
      'The plan covers invoices INV-00009, INV-00012: a payment on any of them counts towards the instalments; pay INV-00009 first, the oldest.',
    );
  });

  it('shows the money held in trust per matter and each movement with the balance after it on the Trust tab', async () => {
    stubApi({
      ...answers,
      'GET /client-portal/get-trust': {
        data: {
          ledgers: [
            { trustAccountName: 'Client account', currencySymbol: '₦', matterId: 'm1', matterName: 'Lease dispute', balance: '479999.75' },
          ],
          movements: {
            data: [
              {
                id: 't2',
                number: 'TRX-00002',
                date: '2026-10-06',
                matterName: 'Lease dispute',
                description: 'Disbursement: Filing fees',
                signedAmount: '-20000.25',
                balanceAfter: '479999.75',
                currencySymbol: '₦',
                isCleared: true,
              },
              {
                id: 't1',
                number: 'TRX-00001',
                date: '2026-10-05',
                matterName: 'Lease dispute',
                description: 'Deposit',
                signedAmount: '500000.00',
                balanceAfter: '500000.00',
                currencySymbol: '₦',
                isCleared: false,
              },
            ],
            page: 1,
            size: 50,
            totalCount: 2,
          },
        },
      },
    });
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=trust`, session });
    const held = await screen.findByRole('region', { name: 'Held in trust for you' });
    expect(held).toHaveTextContent('Lease dispute · Client account');
    expect(held).toHaveTextContent('₦479,999.75');
    const movements = within(screen.getByRole('list', { name: 'Trust movements' })).getAllByRole('listitem');
    expect(movements[0]).toHaveTextContent('Disbursement: Filing fees');
    expect(movements[0]).toHaveTextContent('06/10/2026 · Lease dispute · TRX-00002');
    expect(movements[0]).toHaveTextContent('Balance ₦479,999.75');
    expect(movements[1]).toHaveTextContent('Not yet cleared');
  });

  it('carries a secure thread with the firm on the Messages tab: read receipts, the firm’s answer marked read, a new message sent', async () => {
    const thread = {
      matterId: 'm1',
      matterName: 'Lease dispute',
      hasOlder: false,
      timeZone: 'Africa/Lagos',
      messages: [
        {
          id: 'x1',
          matterId: 'm1',
          senderKind: 'client',
          senderName: 'Kemi Adebayo',
          body: 'Is the hearing still on?',
          createdAt: '2026-11-20T09:00:00.000Z',
          readAt: '2026-11-20T10:00:00.000Z',
          attachments: [],
        },
        {
          id: 'x2',
          matterId: 'm1',
          senderKind: 'firm',
          senderName: 'Ada Obi',
          body: 'Yes, at 10:00.',
          createdAt: '2026-11-20T10:05:00.000Z',
          readAt: null,
          attachments: [
            { id: 'a1', fileName: 'hearing-notice.pdf', contentType: 'application/pdf', sizeBytes: 52_000, scanStatus: 'available' },
          ],
        },
      ],
    };
    const api = stubApi({
      ...answers,
      'GET /client-portal/get-messages': { data: thread },
      'POST /client-portal/mark-read': { data: { markedCount: 1 } },
      'POST /client-portal/send-message': { data: { ...thread.messages[0], id: 'x3', body: 'Thank you' } },
    });
    const user = userEvent.setup();
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=messages`, session });
    const log = await screen.findByRole('log', { name: 'Messages' });
    const [mine, theirs] = within(log).getAllByRole('article');
    expect(mine).toHaveTextContent('Is the hearing still on?');
    expect(mine).toHaveTextContent(/Read by Obi & Co/);
    // On the firm's clock (Lagos, an hour ahead of UTC), whatever the reader's browser says.
    expect(mine).toHaveTextContent('20/11/2026 10:00');
    expect(mine).toHaveTextContent('Read by Obi & Co 20/11/2026 11:00');
    expect(theirs).toHaveTextContent('Ada Obi');
    expect(theirs).not.toHaveTextContent(/Read by|Sent$/);
    expect(within(theirs!).getByRole('button', { name: 'Download hearing-notice.pdf' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/client-portal/mark-read')[0]?.body).toEqual({ matterId: 'm1' }));

    const form = screen.getByRole('form', { name: 'Write a message' });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Write a message')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client-portal/send-message')).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Thank you');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/client-portal/send-message')[0]?.body).toEqual({ matterId: 'm1', body: 'Thank you', attachmentIds: [] }),
    );
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Message' })).toHaveValue(''));
  });
});
