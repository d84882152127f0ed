import type { TimerTotal } from '@matterhorn/shared';
import { act, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { timeEntryPopup, type TimeEntryPopupRequest } from '../../../lib/app-state/time-entry-popup-state.ts';
import type { WorkingUser } from '../../../lib/session/working-user.ts';
import { teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi, type StubCall } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { HeaderTimer } from '../components/header-timer.tsx';
import { TimeEntryPopupHost } from '../components/time-entry-popup-host.tsx';
// The host loads the popup on first opening; loaded here, a test's first opening waits for the app, not for the module's transform.
import '../components/time-entry-popup.tsx';

export const SELF = '10000000-0000-4000-8000-000000000001';
export const OTHER_USER = '10000000-0000-4000-8000-000000000002';
export const CLIENT_ID = '20000000-0000-4000-8000-000000000001';
export const ACTIVITY_ID = '30000000-0000-4000-8000-000000000001';
export const ENTRY_ID = '40000000-0000-4000-8000-000000000001';
export const MATTERS = {
  hourly: { id: '50000000-0000-4000-8000-000000000001', matterName: 'Estate of Babbage', matterNumber: 'MAT-00001', matterRate: 'Hourly' },
  contingency: {
    id: '50000000-0000-4000-8000-000000000002',
    matterName: 'Smith v Jones',
    matterNumber: 'MAT-00002',
    matterRate: 'Contingency',
  },
  flat: { id: '50000000-0000-4000-8000-000000000003', matterName: 'Lease review', matterNumber: 'MAT-00003', matterRate: 'Flat Rate' },
  retainer: {
    id: '50000000-0000-4000-8000-000000000004',
    matterName: 'General counsel',
    matterNumber: 'MAT-00004',
    matterRate: 'Retainer',
  },
} as const;
export const matterLabel = (matter: (typeof MATTERS)[keyof typeof MATTERS]) => `${matter.matterNumber} — ${matter.matterName}`;

export const workingUser = (overrides: Partial<WorkingUser> = {}): WorkingUser => ({
  id: 'owner-admin',
  profileId: SELF,
  currency: '₦',
  businessId: 'business-1',
  name: 'Grace Hopper',
  email: 'grace@firm.test',
  firmName: 'Hopper & Co',
  isSetupComplete: true,
  currencyId: 1,
  currencyISOCode: 'NGN',
  multicurrency: false,
  billingIncrement: '0.1',
  bareNumberUnit: 'hours',
  suggestsTime: false,
  ...overrides,
});

export const ALL_PERMISSIONS = ['timeEntry', 'timeEntry.create', 'timeEntry.edit', 'timeEntry.delete', 'timeEntry.viewAll'];

export const sessionFor = (permissions: string[] = ALL_PERMISSIONS, user: Partial<WorkingUser> = {}) =>
  fakeSession({ permissions, workingUser: workingUser(user) });

type Answer = { status?: number; data?: unknown; message?: string };
export type Handlers = Record<string, Answer | ((call: StubCall) => Answer)>;

export const total = (totalTime: string, totalTimeInDouble: number, isStarted: boolean): TimerTotal => ({
  totalTime,
  totalTimeInDouble,
  isStarted,
});

/** An entry as the server answers it (the time-entry contract's response). */
export const SAVED_ENTRY = {
  id: ENTRY_ID,
  clientId: CLIENT_ID,
  clientName: 'Ada Lovelace',
  matterId: MATTERS.hourly.id,
  matterName: MATTERS.hourly.matterName,
  matterNumber: MATTERS.hourly.matterNumber,
  matterRate: 'Hourly',
  activityId: ACTIVITY_ID,
  activityType: 'Drafting',
  activityCode: 'A103',
  isBillable: 4,
  timeEntryUserId: SELF,
  timeEntryUserName: 'Grace Hopper',
  description: 'Drafted the will',
  timeEntryDate: '2024-03-05',
  duration: '1.2500',
  recordedDuration: '1.2500',
  userRate: '150.00',
  foreignUserRate: '150.00',
  homeCurrencyId: 1,
  foreignCurrencyId: null,
  currencySymbol: '₦',
  exchangeRate: '1',
  totalAmount: '187.50',
  foreignTotalAmount: '187.50',
  homeTotalAmount: '187.50',
  status: 3,
  isLocked: false,
  billedOnInvoiceNumber: null,
  manualTimeEntry: true,
  utbmsTaskCode: null,
  createdAt: '2024-03-05T10:00:00Z',
  updatedAt: '2024-03-05T10:00:00Z',
};

/** The lookups every popup makes, answered as a small firm would. */
export const POPUP_HANDLERS: Handlers = {
  'GET /admin/client-info/get-associated-client-users': { data: { people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }], companies: [] } },
  'GET /admin/matter-master/get-matter-name-using-client': {
    data: Object.values(MATTERS).map((matter) => ({ ...matter, status: 'Open' })),
  },
  'GET /admin/activity/get-activity-type': { data: [{ id: ACTIVITY_ID, activityType: 'Drafting', utbmsCode: 'A103' }] },
  'GET /admin/currency/get-currency-list': {
    data: [
      { id: 1, currencyName: 'Naira', isoCurrenyCode: 'NGN', symbol: '₦' },
      { id: 2, currencyName: 'US Dollar', isoCurrenyCode: 'USD', symbol: '$' },
    ],
  },
  'GET /admin/team-member-details/get-all-user': { data: [teamMember(SELF, 'Grace Hopper'), teamMember(OTHER_USER, 'Alan Turing')] },
  'GET /admin/time-entry/get-time-entry-matter-rate': (call) => ({
    data: { amount: new URLSearchParams(call.search).get('UserId') === OTHER_USER ? '200.00' : '150.00' },
  }),
  'GET /admin/business/get-exchange-rate': { data: { exchangeRate: '1500', homeCurrencyId: 1, foreignCurrencyId: 2, effectiveDate: null } },
  'POST /admin/time-entry': { status: 201, message: 'Time entry created', data: SAVED_ENTRY },
  'POST /admin/time-entry-log/get-total-hours': { data: total('00:00:00', 0, false) },
};

export function stubPopupApi(handlers: Handlers = {}) {
  return stubApi({ ...POPUP_HANDLERS, ...handlers });
}

/** The firm shell's pieces under test: the header timer and the popup host around the page. */
export function renderPopupHost(options: { path?: string; session?: ReturnType<typeof sessionFor>; withTimer?: boolean } = {}) {
  const shell = (
    <>
      {options.withTimer && <HeaderTimer />}
      <TimeEntryPopupHost />
      <Outlet />
    </>
  );
  const pages = [
    { path: '/matter/matter-list', element: <h1>Matters page</h1> },
    { path: '/time-entries', element: <h1>Time entries page</h1> },
  ];
  return renderRoutes([{ element: shell, children: pages }], {
    path: options.path ?? '/matter/matter-list',
    session: options.session ?? sessionFor(),
  });
}

export function openPopup(request: TimeEntryPopupRequest = {}) {
  act(() => timeEntryPopup.open(request));
}

type User = ReturnType<typeof userEvent.setup>;

export async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Client, matter and activity: what a minimal valid entry needs besides its duration. */
export async function fillLinks(user: User, matter: (typeof MATTERS)[keyof typeof MATTERS] = MATTERS.hourly) {
  await screen.findByRole('combobox', { name: 'Client' });
  await choose(user, 'Client', 'Ada Lovelace');
  await choose(user, 'Matter', matterLabel(matter));
  await choose(user, 'Activity Type', 'Drafting (A103)');
}

/** A server-side timer for the stub: logs open and close, the total counts from the clock. */
export function fakeTimerServer(initial: {
  seconds: number;
  isStarted: boolean;
  /** What the timer runs for, when started from a task or an event ("bill this"). */
  subject?: { matterId: string; matterName: string; clientId: string; description: string };
}) {
  const state = { ...initial };
  const answer = () => {
    const seconds = state.seconds;
    const hours = Math.round((seconds / 3600) * 10_000) / 10_000;
    const clock = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((part) =>
      String(part).padStart(2, '0'),
    );
    return { data: { ...total(clock.join(':'), hours, state.isStarted), ...(state.subject ? { subject: state.subject } : {}) } };
  };
  const handlers: Handlers = {
    'POST /admin/time-entry-log/get-total-hours': () => answer(),
    'POST /admin/time-entry-log/start-entry': () => {
      state.isStarted = true;
      return answer();
    },
    'POST /admin/time-entry-log/pause-entry': () => {
      state.isStarted = false;
      return answer();
    },
    'POST /admin/time-entry-log/delete-time-entry-logs': () => {
      state.isStarted = false;
      state.seconds = 0;
      return { message: 'Timer logs deleted' };
    },
  };
  return { state, handlers };
}
