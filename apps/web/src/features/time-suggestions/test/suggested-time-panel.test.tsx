import { notifications } from '@mantine/notifications';
import { timeSuggestionSchema, todayIso, type TimeSuggestion } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { SuggestedTimePanel } from '../components/suggested-time-panel.tsx';

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

  it('merges two of a day into one entry, accepts a whole day and dismisses one', async () => {
    const api = stub([
      suggestion({}),
      suggestion({ matterId: PLAN, matterName: 'Share purchase', matterNumber: 'MAT-00002', proposedHours: '0.1000' }),
    ]);
    const user = userEvent.setup();
    renderAt(<SuggestedTimePanel />, { session: session() });
    for (const name of [/Lease dispute/, /Share purchase/])
      await user.click(within(await screen.findByRole('article', { name })).getByRole('checkbox', { name: 'Select to merge' }));
    await user.click(screen.getByRole('button', { name: 'Merge and accept (0.3 h)' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-suggestions/accept')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/time-suggestions/accept')[0]?.body).toEqual({
      workDate: today,
      matterId: LEASE,
      mergedMatterIds: [PLAN],
    });

    await user.click(screen.getByRole('button', { name: /^Accept all for / }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-suggestions/accept-day')[0]?.body).toEqual({ workDate: today }));
    await user.click(within(screen.getByRole('article', { name: /Share purchase/ })).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/admin/time-suggestions/dismiss')[0]?.body).toEqual({ workDate: today, matterId: PLAN }),
    );
  });

  it('says so when the member has Suggested time off, and asks for nothing', async () => {
    const api = stub([suggestion({})]);
    renderAt(<SuggestedTimePanel />, { session: session(false) });
    expect(await screen.findByText('Suggested time is off')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/time-suggestions/get-suggestions')).toHaveLength(0);
  });
});
