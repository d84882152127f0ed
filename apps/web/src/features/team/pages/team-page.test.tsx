import {
  deactivationPreviewSchema,
  invitationSummarySchema,
  subscriptionInfoSchema,
  teamMemberSchema,
  type DeactivationPreview,
  type EmailDelivery,
  type TeamMember,
} from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { contractAnswer, subscriptionInfo } from '../../../test/msw/contract-answers.ts';
import { stubApi, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { CHOOSE_SUCCESSOR, HAND_OVER_LABEL, NO_ONE_LABEL, OWNER_FIRST } from '../components/deactivate-member-modal.tsx';
import { TeamPage } from './team-page.tsx';

const ROLE_ID = '0b6f1f5e-8a7c-4d1e-9c55-2f1a3b4c5d6e';
const profile = fakeProfile({ roleName: 'Administrator', business: { currencySymbol: '$', currencyISOCode: 'USD' } });
const session = fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['administrator'] });

const members: TeamMember[] = [
  {
    id: 'u1',
    name: 'Ada Obi',
    email: 'ada@example.com',
    roleId: ROLE_ID,
    roleName: 'Administrator',
    hasTwoStep: false,
    defaultHourlyRate: null,
    timekeeperCode: 'TK-001',
    ledesClassification: 'PT',
    costRate: null,
    costRateFrom: null,
    availableHoursPerDay: null,
    isActive: true,
    isOwner: true,
  },
  {
    id: 'u2',
    name: 'Bob Eze',
    email: 'bob@example.com',
    roleId: ROLE_ID,
    roleName: 'Fee Earner',
    hasTwoStep: true,
    defaultHourlyRate: '1250.5',
    timekeeperCode: 'TK-002',
    ledesClassification: null,
    costRate: '400.00',
    costRateFrom: '2026-01-01',
    availableHoursPerDay: '6.00',
    isActive: true,
    isOwner: false,
  },
];

/** The firm's plan as get-subscription-info answers it: the page reads its seats. */
const subscriptionAnswer = (seats: { allocated: number; used: number }) =>
  contractAnswer(subscriptionInfoSchema, subscriptionInfo({ allocatedNumberUsers: seats.allocated, totalNumberUsers: seats.used }));

/** What deactivating a member would hand over, as deactivation-preview answers it. */
const previewAnswer = (preview: Partial<DeactivationPreview> = {}) =>
  contractAnswer(deactivationPreviewSchema, { openMatters: 0, timerSeconds: 0, timerRunning: false, isOwner: false, ...preview });

const DEACTIVATE_BOB = '/admin/team-member-details/deactivate-user/u2';
const cyDee: TeamMember = { ...members[1]!, id: 'u3', name: 'Cy Dee', email: 'cy@example.com', hasTwoStep: false };

function stubTeam(seats: { allocated: number; used: number }, team: TeamMember[] = members, handlers: Record<string, StubHandler> = {}) {
  return stubApi({
    'GET /admin/team-member-details/get-all-user': { data: team },
    'GET /admin/team-member-details/deactivation-preview/u2': previewAnswer(),
    'GET /admin/team-member-details/get-invitations': { data: [] },
    'GET /admin/admin-roles/get-roles': {
      data: [{ id: ROLE_ID, name: 'Fee Earner', permissions: ['timeEntry'], isSystem: true, memberCount: 1 }],
    },
    'GET /admin/sub-scription-master/get-subscription-info': subscriptionAnswer(seats),
    'POST /admin/team-member-details/invite-user': {
      ...contractAnswer(invitationSummarySchema, {
        id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        email: 'new.person@example.com',
        roleName: 'Fee Earner',
        invitedBy: 'Ada Obi',
        createdAt: '2026-11-20T09:00:00.000Z',
        expiresAt: '2026-11-27T09:00:00.000Z',
      }),
      message: 'Invitation sent',
    },
    'POST /admin/team-member-details/deactivate-user/u2': { message: 'Member deactivated' },
    'POST /admin/team/reset-two-step/u2': { message: 'Two-step sign-in reset' },
    'POST /admin/team/sign-out-everywhere/u2': { data: { signedOut: 3 }, message: 'Signed out everywhere' },
    'POST /admin/team/sign-out-everywhere/u1': { data: { signedOut: 1 }, message: 'Signed out everywhere' },
    'PUT /admin/team-member-details/update-user/u2': {
      ...contractAnswer(teamMemberSchema, { ...members[1]!, ledesClassification: 'AS' }),
      message: 'Team member updated',
    },
    ...handlers,
  });
}

describe('TeamPage', () => {
  it('lists members with their default hourly rate as money', async () => {
    stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByText('2 of 5 seats used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeEnabled();
  });

  it("shows each member's timekeeper code and LEDES classification, and sets one from the edit form", async () => {
    const user = userEvent.setup();
    const api = stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(within(table).getByRole('row', { name: /Ada Obi/ })).getByText('Partner')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Bob Eze/ })).getByText('No LEDES classification')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Bob Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bob Eze' });
    expect(within(dialog).getByText(/Timekeeper TK-002 on LEDES invoices/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'LEDES classification' }), 'AS');
    // The settings the time reports read: a cost rate and the hours a day they are available.
    const costRate = within(dialog).getByRole('textbox', { name: /^Cost rate/ });
    expect(costRate).toHaveValue('400.00');
    expect(costRate).toHaveAccessibleDescription(/Today's rate applies to time worked from 01\/01\/2026\./);
    const hours = within(dialog).getByRole('textbox', { name: /^Available hours per day/ });
    expect(hours).toHaveValue('6.00');
    await user.clear(hours);
    await user.type(hours, '7.5');
    // A new rate, for the time worked from 1 October on.
    await user.clear(costRate);
    await user.type(costRate, '450');
    await user.type(within(dialog).getByRole('combobox', { name: /^Rate applies to time worked from/ }), '01/10/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', '/admin/team-member-details/update-user/u2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/admin/team-member-details/update-user/u2')[0]?.body).toMatchObject({
      ledesClassification: 'AS',
      costRate: '450',
      costRateFrom: '2026-10-01',
      availableHoursPerDay: '7.5',
    });
  }, 20_000);

  it('says the plan is full and disables Invite member when every seat is used', async () => {
    stubTeam({ allocated: 3, used: 3 });
    renderAt(<TeamPage />, { session });
    expect(await screen.findByText('3 of 3 seats used')).toBeInTheDocument();
    expect(screen.getByText('Every seat on your plan is in use')).toBeInTheDocument();
    // Adding a seat opens plan selection with one seat more, where the preview prices the days left.
    expect(screen.getByRole('link', { name: 'add a seat' })).toHaveAttribute('href', '/settings/plans-&-subscriptions/select-plan?seats=4');
    expect(screen.getByRole('link', { name: 'change your plan' })).toHaveAttribute('href', '/settings/plans-&-subscriptions/select-plan');
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeDisabled();
  });

  it('invites by email and role, sending exactly { email, roleId }', async () => {
    const user = userEvent.setup();
    const api = stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session });
    await screen.findByText('2 of 5 seats used');
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Role is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Email/), 'New.Person@Example.com');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Fee Earner' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/team-member-details/invite-user')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/team-member-details/invite-user')[0]?.body).toEqual({
      email: 'new.person@example.com',
      roleId: ROLE_ID,
    });
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
  }, 20_000);

  it('asks before deactivating a member with no work to hand over, says what happens, and sends no colleague', async () => {
    const user = userEvent.setup();
    const api = stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session });
    expect(await screen.findByRole('button', { name: 'Edit Ada Obi' })).toBeInTheDocument();
    // The owner hands ownership on before anyone can deactivate them.
    expect(screen.queryByRole('button', { name: 'Deactivate Ada Obi' })).not.toBeInTheDocument();
    const listCalls = () => api.callsTo('GET', '/admin/team-member-details/get-all-user').length;
    await user.click(screen.getByRole('button', { name: 'Deactivate Bob Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bob Eze?' });
    expect(
      await within(dialog).findByText(
        'Bob Eze will be signed out everywhere and can no longer sign in. Their records stay. They are on no open matters.',
      ),
    ).toBeInTheDocument();
    // Nothing to hand over: no colleague to choose, no timer to stop.
    expect(within(dialog).queryByRole('combobox', { name: new RegExp(`^${HAND_OVER_LABEL}`) })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Their timer/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', DEACTIVATE_BOB)).toHaveLength(0);
    const listedBefore = listCalls();

    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.callsTo('POST', DEACTIVATE_BOB)).toHaveLength(1));
    expect(api.callsTo('POST', DEACTIVATE_BOB)[0]?.body).toEqual({ reassignToUserId: null });
    expect(await screen.findByText('Member deactivated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls()).toBeGreaterThan(listedBefore));
  });

  it('says what a member with work would hand over, requires a choice, and sends the colleague chosen', async () => {
    const user = userEvent.setup();
    const deactivated: TeamMember = { ...cyDee, id: 'u4', name: 'Dee Former', isActive: false };
    const api = stubTeam({ allocated: 5, used: 3 }, [...members, cyDee, deactivated], {
      'GET /admin/team-member-details/deactivation-preview/u2': previewAnswer({ openMatters: 3, timerSeconds: 3_900, timerRunning: true }),
    });
    renderAt(<TeamPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Bob Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bob Eze?' });
    expect(await within(dialog).findByText(/Their records stay\. They are on 3 open matters\.$/)).toBeInTheDocument();
    expect(
      within(dialog).getByText('Their timer is running and holds 1 h 05 min not yet recorded. It will be stopped.'),
    ).toBeInTheDocument();

    // No colleague is chosen for the admin: Deactivate asks for the choice first.
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText(CHOOSE_SUCCESSOR)).toBeInTheDocument();
    expect(api.callsTo('POST', DEACTIVATE_BOB)).toHaveLength(0);

    // The other active members, and no one; never the member leaving or a deactivated one.
    await user.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${HAND_OVER_LABEL}`) }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Ada Obi', 'Cy Dee', NO_ONE_LABEL]);
    await user.click(screen.getByRole('option', { name: 'Cy Dee' }));
    expect(within(dialog).queryByText(CHOOSE_SUCCESSOR)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.callsTo('POST', DEACTIVATE_BOB)).toHaveLength(1));
    expect(api.callsTo('POST', DEACTIVATE_BOB)[0]?.body).toEqual({ reassignToUserId: 'u3' });
  });

  it('keeps a member on their matters when No one is chosen', async () => {
    const user = userEvent.setup();
    const api = stubTeam({ allocated: 5, used: 2 }, members, {
      'GET /admin/team-member-details/deactivation-preview/u2': previewAnswer({ openMatters: 1 }),
    });
    renderAt(<TeamPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Bob Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bob Eze?' });
    expect(await within(dialog).findByText(/They are on 1 open matter\.$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${HAND_OVER_LABEL}`) }));
    await user.click(await screen.findByRole('option', { name: NO_ONE_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.callsTo('POST', DEACTIVATE_BOB)).toHaveLength(1));
    expect(api.callsTo('POST', DEACTIVATE_BOB)[0]?.body).toEqual({ reassignToUserId: null });
  });

  it('offers no Deactivate for the firm’s owner: ownership is transferred first', async () => {
    const user = userEvent.setup();
    // The list was loaded before Bob became the owner; the preview knows.
    const api = stubTeam({ allocated: 5, used: 2 }, members, {
      'GET /admin/team-member-details/deactivation-preview/u2': previewAnswer({ openMatters: 2, isOwner: true }),
    });
    renderAt(<TeamPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Bob Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bob Eze?' });
    expect(await within(dialog).findByText(OWNER_FIRST)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', DEACTIVATE_BOB)).toHaveLength(0);
  });

  it('lets the owner transfer ownership to another active member, after asking, and moves the Owner badge', async () => {
    const user = userEvent.setup();
    const deactivated: TeamMember = { ...cyDee, isActive: false };
    let team = [...members, deactivated];
    const api = stubTeam({ allocated: 5, used: 2 }, team, {
      'GET /admin/team-member-details/get-all-user': () => ({ data: team }),
      'POST /admin/team-member-details/transfer-ownership/u2': () => {
        team = team.map((member) => ({ ...member, isOwner: member.id === 'u2' }));
        return { message: 'Ownership transferred' };
      },
    });
    const asAda = fakeProfile({ id: 'u1', adminUserId: 'u1', roleName: 'Administrator', business: { adminUserId: 'u1' } });
    const owner = { ...session, profile: asAda, workingUser: workingUserOf(asAda), reloadProfile: vi.fn(async () => null) };
    renderAt(<TeamPage />, { session: owner });
    const table = await screen.findByRole('table', { name: 'Team members' });
    // Not on the owner's own row, nor on a deactivated member's.
    expect(within(table).queryByRole('button', { name: 'Transfer ownership: Ada Obi' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Transfer ownership: Cy Dee' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Transfer ownership: Bob Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership to Bob Eze?' });
    expect(within(dialog).getByText(/Bob Eze will own the firm: they become an administrator/)).toHaveTextContent(/manage the plan/);
    expect(api.callsTo('POST', '/admin/team-member-details/transfer-ownership/u2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));

    await waitFor(() => expect(api.callsTo('POST', '/admin/team-member-details/transfer-ownership/u2')).toHaveLength(1));
    expect(await screen.findByText('Ownership transferred')).toBeInTheDocument();
    await waitFor(() => expect(within(within(table).getByRole('row', { name: /Bob Eze/ })).getByText('Owner')).toBeInTheDocument());
    expect(within(within(table).getByRole('row', { name: /Ada Obi/ })).queryByText('Owner')).not.toBeInTheDocument();
    // Ada no longer owns the firm: the action goes, and the session learns the new owner (firm calls carry their id).
    expect(within(table).queryByRole('button', { name: /^Transfer ownership/ })).not.toBeInTheDocument();
    expect(owner.reloadProfile).toHaveBeenCalledTimes(1);
  });

  it('offers Transfer ownership to the owner only', async () => {
    stubTeam({ allocated: 5, used: 2 });
    // Bob is an administrator, not the owner.
    const asBob = fakeProfile({ id: 'u2', adminUserId: 'u1', roleName: 'Administrator', business: { adminUserId: 'u1' } });
    renderAt(<TeamPage />, { session: { ...session, profile: asBob, workingUser: workingUserOf(asBob) } });
    expect(await screen.findByRole('button', { name: 'Sign out everywhere: Ada Obi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Transfer ownership/ })).not.toBeInTheDocument();
  });

  it("shows each member's two-step sign-in, and resets it after asking, then reloads the team", async () => {
    const user = userEvent.setup();
    const api = stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByRole('columnheader', { name: 'Two-step' })).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Bob Eze/ })).getByText('On')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Ada Obi/ })).getByText('Off')).toBeInTheDocument();
    // Only a member with an authenticator app has one to reset.
    expect(screen.queryByRole('button', { name: 'Reset two-step sign-in for Ada Obi' })).not.toBeInTheDocument();
    const listCalls = () => api.callsTo('GET', '/admin/team-member-details/get-all-user').length;
    const listedBefore = listCalls();

    await user.click(screen.getByRole('button', { name: 'Reset two-step sign-in for Bob Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in for Bob Eze?' });
    expect(
      within(dialog).getByText(
        'They will set up their authenticator app again at their next sign-in, and their recovery codes stop working.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/team/reset-two-step/u2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-step sign-in' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/team/reset-two-step/u2')).toHaveLength(1));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(listedBefore));
    expect(await screen.findByText('Two-step sign-in reset')).toBeInTheDocument();
  });

  it('offers no two-step reset without the right to edit members', async () => {
    stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session: { ...session, permissions: ['adminUsers'] } });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(within(table).getByRole('row', { name: /Bob Eze/ })).getByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset two-step sign-in/ })).not.toBeInTheDocument();
  });

  it('signs an active member out on every device after asking, and says how many sessions ended', async () => {
    const user = userEvent.setup();
    const api = stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere: Bob Eze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Bob Eze out on every device?' });
    expect(within(dialog).getByText(/They will need to sign in again\./)).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/team/sign-out-everywhere/u2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/team/sign-out-everywhere/u2')).toHaveLength(1));
    expect(await screen.findByText('Bob Eze was signed out of 3 sessions')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/admin/team/sign-out-everywhere/u1')).toHaveLength(0);
  });

  it('says "1 session" when the member was signed in once, and cancelling calls nothing', async () => {
    const user = userEvent.setup();
    const api = stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere: Ada Obi' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign Ada Obi out on every device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/admin/team/sign-out-everywhere/u1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere: Ada Obi' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign Ada Obi out on every device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Ada Obi was signed out of 1 session')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/team/sign-out-everywhere/u1')).toHaveLength(1);
  });

  it('offers sign out everywhere on active members only, and not on your own row', async () => {
    const deactivated: TeamMember = { ...members[1]!, id: 'u3', name: 'Cy Dee', email: 'cy@example.com', isActive: false };
    stubTeam({ allocated: 5, used: 2 }, [...members, deactivated]);
    // Signed in as Ada Obi (u1): her own sessions are signed out from My account.
    const asAda = fakeProfile({ id: 'u1', roleName: 'Administrator', business: { currencySymbol: '$', currencyISOCode: 'USD' } });
    renderAt(<TeamPage />, { session: { ...session, profile: asAda, workingUser: workingUserOf(asAda) } });
    expect(await screen.findByRole('button', { name: 'Sign out everywhere: Bob Eze' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate Cy Dee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere: Cy Dee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere: Ada Obi' })).not.toBeInTheDocument();
  });

  it('offers no sign out everywhere without the right to edit members', async () => {
    stubTeam({ allocated: 5, used: 2 });
    renderAt(<TeamPage />, { session: { ...session, permissions: ['adminUsers'] } });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByRole('row', { name: /Bob Eze/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /everywhere/ })).not.toBeInTheDocument();
  });

  it('shows "Email failed — Retry" beside an invitation whose email failed, and Retry queues it again', async () => {
    const invitation = {
      id: '5d0c7a3e-2f1b-4c8d-9e6a-7b1c2d3e4f50',
      email: 'new.member@example.com',
      roleId: ROLE_ID,
      roleName: 'Fee Earner',
      invitedBy: 'Ada Obi',
      createdAt: '2026-11-20T09:00:00.000Z',
      expiresAt: '2026-11-27T09:00:00.000Z',
    };
    const failed: EmailDelivery = {
      aboutId: invitation.id,
      recipient: invitation.email,
      status: 'failed',
      attempts: 6,
      lastError: '554 5.7.1 Relay access denied',
      createdAt: '2026-11-20T09:00:00.000Z',
      sentAt: null,
    };
    let deliveries = [failed];
    const api = stubApi({
      'GET /admin/team-member-details/get-all-user': { data: members },
      'GET /admin/team-member-details/get-invitations': { data: [invitation] },
      'GET /admin/admin-roles/get-roles': { data: [] },
      'GET /admin/sub-scription-master/get-subscription-info': subscriptionAnswer({ allocated: 5, used: 2 }),
      'GET /admin/email-delivery/team-invitation': () => ({ data: deliveries }),
      [`POST /admin/email-delivery/team-invitation/${invitation.id}/retry`]: () => {
        deliveries = [{ ...failed, status: 'pending', attempts: 0, lastError: null }];
        return { data: deliveries[0], message: 'Email queued again' };
      },
    });
    renderAt(<TeamPage />, { session });
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(await within(table).findByText('Email failed —')).toBeInTheDocument();
    expect(api.lastQuery('/admin/email-delivery/team-invitation')?.get('ids')).toBe(invitation.id);
    await userEvent.click(within(table).getByRole('button', { name: `Retry email to ${invitation.email}` }));
    await waitFor(() => expect(api.callsTo('POST', `/admin/email-delivery/team-invitation/${invitation.id}/retry`)).toHaveLength(1));
    await waitFor(() => expect(within(table).queryByText('Email failed —')).not.toBeInTheDocument());
  });
});
