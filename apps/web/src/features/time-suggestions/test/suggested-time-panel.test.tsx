import { notifications } from '@mantine/notifications';
import { timeSuggestionSchema, todayIso, type TimeSuggestion } from '@matterhorn/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { TIME_ENTRIES_ROOT_KEY } from '../../../lib/app-state/time-entry-keys.ts';
import { SuggestedTimePanel } from '../components/suggested-time-panel.tsx';
import { SuggestedTimeLink } from '../components/suggestion-count.tsx';

const LEASE = '44444444-4444-4444-8444-444444444444';
const PLAN = '55555555-5555-4555-8555-555555555555';
const ACTIVITY = '66666666-6666-4666-8666-666666666666';
const today = todayIso();

const suggestion = (overrides: Partial<TimeSuggestion>): TimeSuggestion => ({
  workDate: today,
  matterId: LEASE,
  matterName: 'Lease dispute',
  matterNumber: 'MAT-00001',
  clientId: '11111111-1111-4111-8111-111111111111',
  clientName: 'Ada Lovelace',
  workedHours: '0.2000',
  recordedHours: '0.0000',
  proposedHours: '0.2000',
  activityId: ACTIVITY,
  activityName: 'Review/analyze',
  narrative: 'Reviewed Lease v3.docx',
  actions: [{ kind: 'documentRead', subject: 'Lease v3.docx', seconds: 720 }],
  ...overrides,
});

const session = (suggestsTime = true) => {
  const profile = fakeProfile({ suggestsTime });
  return fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['timeEntry', 'timeEntry.create'] });
};

function stub(suggestions: TimeSuggestion[]) {
  return stubApi(
    {
      'GET /api/admin/time-suggestions/get-suggestions': () => contractAnswer(timeSuggestionSchema.array(), suggestions),
      'POST /api/admin/time-suggestions/accept': {
        status: 201,
        data: { timeEntryIds: ['e1'], skipped: [] },
        message: 'Time entry created',
      },
      'POST /api/admin/time-suggestions/accept-day': {
        status: 201,
        data: { timeEntryIds: ['e1', 'e2'], skipped: [] },
        message: 'Time entries created',
      },
      'POST /api/admin/time-suggestions/dismiss': { data: null, message: 'Suggestion dismissed' },
      'GET /api/admin/activity/get-activity-type': { data: [{ id: ACTIVITY, activityType: 'Review/analyze', utbmsCode: 'A104' }] },
    },
    { successMessage: 'Done', failureMessage: 'Failed' },
  );
}

beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterEach(() => notifications.clean());

describe('Suggested time', { timeout: 60_000 }, () => {
  it('shows a week day by day; accepts one as proposed, once per key however often it is pressed', async () => {
    const api = stub([
      suggestion({}),
      suggestion({ matterId: PLAN, matterName: 'Share purchase', matterNumber: 'MAT-00002', narrative: 'Call with Mrs Adeyemi' }),
    ]);
    const user = userEvent.setup();
    renderAt(<SuggestedTimePanel />, { session: session() });
    const card = await screen.findByRole('article', { name: 'Suggested time on MAT-00001 — Lease dispute' });
    expect(within(card).getByText('0.2 h')).toBeInTheDocument();
    expect(within(card).getByText('Reviewed Lease v3.docx · 12 min')).toBeInTheDocument();
    expect(api.lastQuery('/admin/time-suggestions/get-suggestions')?.get('to')).toBe(today);

    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Time entry created')).toBeInTheDocument();
    const [accepted] = api.callsTo('POST', '/admin/time-suggestions/accept');
    expect(accepted?.body).toEqual({ workDate: today, matterId: LEASE });
    expect(accepted?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('edits the duration in a quick form and the narrative before accepting', async () => {
    const api = stub([suggestion({})]);
    const user = userEvent.setup();
    renderAt(<SuggestedTimePanel />, { session: session() });
    const card = await screen.findByRole('article', { name: /Lease dispute/ });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const duration = within(card).getByRole('textbox', { name: 'Duration' });
    await user.clear(duration);
    await user.type(duration, '0:30');
    expect(within(card).getByText('30 min = 0.5 h')).toBeInTheDocument();
    const description = within(card).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Reviewed the lease and advised');
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-suggestions/accept')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/time-suggestions/accept')[0]?.body).toEqual({
      workDate: today,
      matterId: LEASE,
      duration: '0.5000',
      activityId: ACTIVITY,
      description: 'Reviewed the lease and advised',
    });
  });

  it('never offers to merge two matters’ suggestions, and says why; accepts a whole day and dismisses one', async () => {
    const api = stub([
      suggestion({}),
      suggestion({ matterId: PLAN, matterName: 'Share purchase', matterNumber: 'MAT-00002', proposedHours: '0.1000' }),
    ]);
    const user = userEvent.setup();
    renderAt(<SuggestedTimePanel />, { session: session() });
    // Issue 64: merging these put a narrative naming one client on another client's bill.
    for (const name of [/Lease dispute/, /Share purchase/]) {
      const card = await screen.findByRole('article', { name });
      const merge = within(card).getByRole('checkbox', { name: 'Select to merge' });
      expect(merge).toBeDisabled();
      expect(merge).toHaveAccessibleDescription('Nothing else this day is on this matter: suggestions merge only within one matter');
      await user.click(merge);
    }
    expect(screen.queryByRole('button', { name: /^Merge and accept/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Accept all for / }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-suggestions/accept-day')[0]?.body).toEqual({ workDate: today }));
    await user.click(within(screen.getByRole('article', { name: /Share purchase/ })).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/admin/time-suggestions/dismiss')[0]?.body).toEqual({ workDate: today, matterId: PLAN }),
    );
    expect(api.callsTo('POST', '/admin/time-suggestions/accept')).toHaveLength(0);
  });

  it('refreshes the count beside the timer after an accept, a dismissal, a refused accept and time recorded elsewhere', async () => {
    let waiting = [suggestion({}), suggestion({ matterId: PLAN, matterName: 'Share purchase', matterNumber: 'MAT-00002' })];
    let refuseAccept = false;
    const api = stubApi({
      'GET /api/admin/time-suggestions/get-suggestions': () => contractAnswer(timeSuggestionSchema.array(), waiting),
      'GET /api/admin/time-suggestions/get-count': () => ({ data: { count: waiting.length } }),
      'POST /api/admin/time-suggestions/accept': (call) => {
        const { matterId } = call.body as { matterId: string };
        waiting = waiting.filter((candidate) => candidate.matterId !== matterId);
        return refuseAccept
          ? { status: 409, message: 'This suggestion has already been recorded or dismissed' }
          : { status: 201, data: { timeEntryIds: ['e1'], skipped: [] }, message: 'Time entry created' };
      },
      'POST /api/admin/time-suggestions/dismiss': (call) => {
        const { matterId } = call.body as { matterId: string };
        waiting = waiting.filter((candidate) => candidate.matterId !== matterId);
        return { data: null, message: 'Suggestion dismissed' };
      },
    });
    const user = userEvent.setup();
    let queryClient: QueryClient | undefined;
    const GrabClient = () => {
      queryClient = useQueryClient();
      return null;
    };
    renderAt(
      <>
        <GrabClient />
        <SuggestedTimeLink />
        <SuggestedTimePanel />
      </>,
      { session: session() },
    );
    const link = await screen.findByRole('link', { name: '2 suggested' });

    await user.click(within(await screen.findByRole('article', { name: /Lease dispute/ })).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(link).toHaveTextContent('1 suggested'));

    // Recorded meanwhile in another tab: the accept is refused, and the count still follows.
    refuseAccept = true;
    waiting = [suggestion({ matterId: PLAN, matterName: 'Share purchase', matterNumber: 'MAT-00002' })];
    await user.click(within(await screen.findByRole('article', { name: /Share purchase/ })).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('This suggestion has already been recorded or dismissed')).toBeInTheDocument();
    await waitFor(() => expect(link).toHaveTextContent('Suggested time'));
    expect(screen.queryByRole('article', { name: /Share purchase/ })).not.toBeInTheDocument();

    // Time recorded by the popup or the timer refreshes the time entries' key, and with it the count.
    waiting = [suggestion({})];
    await queryClient!.invalidateQueries({ queryKey: TIME_ENTRIES_ROOT_KEY });
    await waitFor(() => expect(link).toHaveTextContent('1 suggested'));
    await user.click(within(await screen.findByRole('article', { name: /Lease dispute/ })).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(link).toHaveTextContent('Suggested time'));
    expect(api.callsTo('POST', '/admin/time-suggestions/dismiss')).toHaveLength(1);
  });

  it('says so when the member has Suggested time off, and asks for nothing', async () => {
    const api = stub([suggestion({})]);
    renderAt(<SuggestedTimePanel />, { session: session(false) });
    expect(await screen.findByText('Suggested time is off')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/time-suggestions/get-suggestions')).toHaveLength(0);
  });
});
