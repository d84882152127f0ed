import type { DashboardSummary, FirmKpis, MyTime } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { server } from '../../../test/msw/server.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const profile = fakeProfile({ roleName: 'Fee Earner' });
const sessionWith = (permissions: string[]) => fakeSession({ profile, workingUser: workingUserOf(profile), permissions });

const summary: DashboardSummary = {
  firmName: 'Obi & Co',
  activeClientCount: 12,
  openMatterCount: 7,
  closedMatterCount: 1,
  teamMemberCount: 3,
  mattersByBillingType: [],
  recentMatters: [],
};

const zero = { billableHours: '0.0000', nonBillableHours: '0.0000' };
const myTime: MyTime = {
  timeZone: 'Africa/Lagos',
  today: '2025-03-12',
  weekStart: '2025-03-10',
  weekEnd: '2025-03-16',
  days: [
    { date: '2025-03-10', billableHours: '1.8333', nonBillableHours: '0.2500' },
    { date: '2025-03-11', ...zero },
    { date: '2025-03-12', billableHours: '2.1667', nonBillableHours: '0.0000' },
    { date: '2025-03-13', ...zero },
    { date: '2025-03-14', ...zero },
    { date: '2025-03-15', ...zero },
    { date: '2025-03-16', billableHours: '0.0000', nonBillableHours: '0.0001' },
  ],
  weekBillableHours: '4.0000',
  weekNonBillableHours: '0.2501',
  weekTotalHours: '4.2501',
  unbilledHours: '4.8333',
  unbilledAmount: '362500.00',
  currencySymbol: '₦',
};

describe('DashboardPage: my time', () => {
  it("shows the user's week and unbilled time with a chart whose figures can be read", async () => {
    const api = stubApi({
      'GET /admin/dashboard/get-dashboard-summary': { data: summary },
      'GET /admin/dashboard/get-my-time': { data: myTime },
    });
    renderAt(<DashboardPage />, { session: sessionWith(['timeEntry', 'timeEntry.create']) });

    const card = await screen.findByRole('region', { name: 'My time this week' });
    expect(await within(card).findByTestId('my-time-This week')).toHaveTextContent('4.25 h');
    expect(within(card).getByText('4.00 h billable · 0.25 h non-billable')).toBeInTheDocument();
    expect(within(card).getByTestId('my-time-Unbilled time')).toHaveTextContent('4.83 h');
    expect(within(card).getByText('₦362,500.00')).toBeInTheDocument();
    expect(within(card).getByText('10/03/2025 – 16/03/2025')).toBeInTheDocument();

    const figure = within(card).getByRole('figure');
    expect(figure).toHaveAccessibleName(
      'Hours recorded from 10/03/2025 to 16/03/2025: 4.25 h in total, 4.00 h billable and 0.25 h non-billable. ' +
        'Unbilled: 4.83 h, ₦362,500.00.',
    );
    const table = within(figure).getByRole('table', { name: 'Hours per day this week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Monday 10/03/2025', '1.83', '0.25'],
      ['Tuesday 11/03/2025', '0.00', '0.00'],
      ['Wednesday 12/03/2025', '2.17', '0.00'],
      ['Thursday 13/03/2025', '0.00', '0.00'],
      ['Friday 14/03/2025', '0.00', '0.00'],
      ['Saturday 15/03/2025', '0.00', '0.00'],
      ['Sunday 16/03/2025', '0.00', '0.00'],
    ]);
    const [call] = api.callsTo('GET', '/admin/dashboard/get-my-time');
    expect(new URLSearchParams(call!.search).get('AdminUserId')).toBe('owner-1');
    expect(new URLSearchParams(call!.search).get('BusinessId')).toBe('b1');
  });

  it('neither asks for nor shows time to a user without the timeEntry permission', async () => {
    const api = stubApi({
      'GET /admin/dashboard/get-dashboard-summary': { data: summary },
      'GET /admin/dashboard/get-my-time': { data: myTime },
    });
    renderAt(<DashboardPage />, { session: sessionWith(['clientInfo']) });
    expect(await screen.findByTestId('stat-Active clients')).toHaveTextContent('12');
    expect(screen.queryByRole('region', { name: 'My time this week' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/dashboard/get-my-time')).toHaveLength(0);
  });

  it('says so when the time figures fail, and keeps the rest of the dashboard', async () => {
    stubApi({
      'GET /admin/dashboard/get-dashboard-summary': { data: summary },
      'GET /admin/dashboard/get-my-time': { status: 500, message: 'Something went wrong' },
    });
    renderAt(<DashboardPage />, { session: sessionWith(['administrator']) });
    const card = await screen.findByRole('region', { name: 'My time this week' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Your time figures could not be loaded.');
    expect(screen.getByTestId('stat-Open matters')).toHaveTextContent('7');
  });
});

describe('DashboardPage: expense requests', () => {
  it('shows an approver how many requests wait for them, the newest, and links to the approvals view', async () => {
    const api = stubApi({
      'GET /admin/dashboard/get-dashboard-summary': { data: summary },
      'GET /admin/dashboard/get-pending-expense-requests': {
        data: {
          count: 3,
          requests: [
            {
              id: 'e1',
              expenseDate: '2025-03-11',
              description: 'Court filing fee',
              homeAmount: '15000',
              isFirmExpense: false,
              clientName: 'Ada Lovelace',
              matterName: 'Acme v Beta',
              addedByUserName: 'Alan Turing',
              createdAt: '2025-03-11T09:00:00Z',
            },
          ],
        },
      },
    });
    renderAt(<DashboardPage />, { session: sessionWith(['expensePermission', 'expensePermission.edit']) });
    const card = await screen.findByRole('region', { name: 'Expense requests awaiting your approval' });
    expect(await within(card).findByTestId('pending-expense-count')).toHaveTextContent('3');
    expect(within(card).getByText(/Court filing fee/)).toBeInTheDocument();
    expect(within(card).getByText(`${profile.businesses[0]?.currencySymbol ?? ''}15,000.00`)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Review requests' })).toHaveAttribute('href', '/expense-request/approvals');
    expect(api.callsTo('GET', '/admin/dashboard/get-pending-expense-requests')).toHaveLength(1);
  });

  it('asks nothing of users who may not approve', async () => {
    const api = stubApi({ 'GET /admin/dashboard/get-dashboard-summary': { data: summary } });
    renderAt(<DashboardPage />, { session: sessionWith(['expensePermission']) });
    await screen.findByText('Obi & Co');
    expect(screen.queryByRole('region', { name: 'Expense requests awaiting your approval' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/dashboard/get-pending-expense-requests')).toHaveLength(0);
  });
});

describe('DashboardPage: trust reconciliation alerts', () => {
  const alert = {
    trustAccountId: '99999999-9999-4999-8999-999999999999',
    trustAccountName: 'Client account',
    currencySymbol: '₦',
    asOf: '2025-03-12',
    ledgerBalance: '1500.00',
    clientLedgersTotal: '1500.00',
    bankBalance: '1400.00',
    adjustedBankBalance: '1400.00',
  };

  it('warns those who see trust accounts of an account whose balances disagree, with a link to it', async () => {
    const api = stubApi({
      'GET /admin/dashboard/get-dashboard-summary': { data: summary },
      'GET /admin/trust-account/get-reconciliation-alerts': { data: [alert] },
    });
    renderAt(<DashboardPage />, { session: sessionWith(['trustAccountRequest']) });
    const warning = await screen.findByRole('alert', { name: /Trust accounts out of balance/ });
    expect(within(warning).getByRole('link', { name: 'Client account' })).toHaveAttribute(
      'href',
      `/trust-account/${alert.trustAccountId}?activeTab=reconciliation`,
    );
    expect(warning).toHaveTextContent('journal ₦1,500.00, client ledgers ₦1,500.00, adjusted bank ₦1,400.00');
    expect(api.callsTo('GET', '/admin/trust-account/get-reconciliation-alerts')).toHaveLength(1);
  });

  it('asks nothing and shows nothing without the trust permission', async () => {
    const api = stubApi({ 'GET /admin/dashboard/get-dashboard-summary': { data: summary } });
    renderAt(<DashboardPage />, { session: sessionWith(['timeEntry']) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /Trust accounts out of balance/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/trust-account/get-reconciliation-alerts')).toHaveLength(0);
  });
});

describe('DashboardPage: the firm’s figures', () => {
  const kpis: FirmKpis = {
    scope: 'firm',
    today: '2026-11-26',
    homeCurrencyCode: 'NGN',
    billableHours: { month: '3.50', yearToDate: '120.25' },
    utilisation: { month: '2.4', yearToDate: '61.0' },
    workInProgress: '120000.00',
    billed: [{ currencyCode: 'NGN', month: '130000.00', yearToDate: '1500000.00' }],
    collected: [{ currencyCode: 'NGN', month: '60000.00', yearToDate: '900000.00' }],
    receivables: [{ currencyCode: 'NGN', amount: '70000.00' }],
    trustHeld: [{ currencyCode: 'USD', amount: '2500.00' }],
    hoursByWeek: { weeks: ['2026-11-16', '2026-11-23'], feeEarners: [{ id: 'a', name: 'Ada Okafor', hours: ['6.00', '3.50'] }] },
    billedVsCollected: [
      { currencyCode: 'NGN', months: ['2026-10', '2026-11'], billed: ['0.00', '130000.00'], collected: ['0.00', '60000.00'] },
    ],
    receivablesByAge: [
      { currencyCode: 'NGN', current: '70000.00', days1To30: '0.00', days31To60: '0.00', days61To90: '0.00', days90Plus: '0.00' },
    ],
  };

  it('shows each card with a link to its report, and every chart’s figures as a table', async () => {
    stubApi({
      'GET /admin/dashboard/get-dashboard-summary': { data: summary },
      'GET /admin/dashboard/get-firm-kpis': { data: kpis },
    });
    renderAt(<DashboardPage />, { session: sessionWith(['Reports', 'viewSummary']) });
    // The cards are drawn while the figures come: these are the ones the figures fill.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Billed' })).toHaveTextContent('NGN 130,000.00'));
    const billed = screen.getByRole('region', { name: 'Billed' });
    expect(billed).toHaveTextContent('Year to date: 1,500,000.00');
    expect(within(billed).getByRole('link', { name: 'Open the report' })).toHaveAttribute(
      'href',
      '/reports/invoice-register?From=2026-11-01&To=2026-11-26',
    );
    expect(screen.getByRole('region', { name: 'Trust money held' })).toHaveTextContent('USD 2,500.00');
    const weekly = screen.getByRole('table', { name: 'Billable hours per week' });
    expect(within(weekly).getByRole('row', { name: '23/11/2026 3.50' })).toBeInTheDocument();
    const byMonth = screen.getByRole('table', { name: 'Billed and collected by month, NGN' });
    expect(within(byMonth).getByRole('row', { name: '11/2026 130000.00 60000.00' })).toBeInTheDocument();
  });

  it('draws the figures’ section with its title while they come, the firm’s to viewSummary and a fee earner’s own to others', async () => {
    let answer = (_data: unknown) => {};
    stubApi({ 'GET /admin/dashboard/get-dashboard-summary': { data: summary } });
    server.use(
      http.get('*/api/admin/dashboard/get-firm-kpis', async () => {
        const data = await new Promise((resolve) => (answer = resolve));
        return HttpResponse.json({ success: true, message: 'OK', data });
      }),
    );
    renderAt(<DashboardPage />, { session: sessionWith(['Reports', 'viewSummary']) });
    const section = await screen.findByRole('region', { name: 'The firm’s figures this month' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getByRole('region', { name: 'Billable hours' })).not.toHaveTextContent('Year to date');
    // Every card and chart the figures will fill is drawn already, so nothing under the section moves when they come.
    const cards = [
      'Billable hours',
      'Utilisation',
      'Work in progress',
      'Collected',
      'Billed',
      'Outstanding receivables',
      'Trust money held',
    ];
    expect(
      within(section)
        .getAllByRole('region')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(cards);
    const charts = ['Billable hours per week', 'Billed and collected by month, NGN', 'Receivables by age, NGN'];
    expect(
      within(section)
        .getAllByRole('figure')
        .map((chart) => chart.textContent),
    ).toEqual(charts);
    answer(kpis);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Billed' })).toHaveTextContent('NGN 130,000.00'));
    const drawn = screen.getByRole('region', { name: 'The firm’s figures this month' });
    expect(drawn).not.toHaveAttribute('aria-busy');
    expect(
      within(drawn)
        .getAllByRole('region')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(cards);
    expect(
      within(drawn)
        .getAllByRole('figure')
        .map((chart) => within(chart).getByRole('heading').textContent),
    ).toEqual(charts);
  });

  it('keeps the home currency’s money charts, saying there is nothing to show, when nothing was billed or is owed in it', async () => {
    stubApi({
      'GET /admin/dashboard/get-dashboard-summary': { data: summary },
      'GET /admin/dashboard/get-firm-kpis': {
        data: { ...kpis, billed: [], collected: [], receivables: [], billedVsCollected: [], receivablesByAge: [] },
      },
    });
    renderAt(<DashboardPage />, { session: sessionWith(['viewSummary']) });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Billed' })).toHaveTextContent('0.00Year to date: 0.00'));
    expect(screen.getByRole('figure', { name: 'Billed and collected by month, NGN' })).toHaveTextContent('Nothing to show yet.');
    expect(screen.getByRole('figure', { name: 'Receivables by age, NGN' })).toHaveTextContent('Nothing to show yet.');
  });

  it('titles a fee earner’s own figures as theirs while they come', async () => {
    stubApi({ 'GET /admin/dashboard/get-dashboard-summary': { data: summary } });
    server.use(http.get('*/api/admin/dashboard/get-firm-kpis', () => new Promise<never>(() => {})));
    renderAt(<DashboardPage />, { session: sessionWith(['timeEntry']) });
    const section = await screen.findByRole('region', { name: 'Your figures this month' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(
      within(section)
        .getAllByRole('region')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Billable hours', 'Utilisation', 'Work in progress', 'Collected']);
    expect(
      within(section)
        .getAllByRole('figure')
        .map((chart) => chart.textContent),
    ).toEqual(['Billable hours per week']);
  });

  it('draws the page at once, each count a placeholder until the counts come', async () => {
    stubApi();
    server.use(http.get('*/api/admin/dashboard/get-dashboard-summary', () => new Promise<never>(() => {})));
    renderAt(<DashboardPage />, { session: sessionWith(['Reports', 'viewSummary']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Active clients' })).toBeInTheDocument();
    expect(screen.queryByTestId('stat-Active clients')).not.toBeInTheDocument();
    expect(screen.queryByText('No matters yet.')).not.toBeInTheDocument();
  });
});
