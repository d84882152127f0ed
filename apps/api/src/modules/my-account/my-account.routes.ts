import type { FastifyInstance } from 'fastify';
import { MY_ACCOUNT_MESSAGES, myAccountContracts, signedInDeviceContracts } from '@matterhorn/shared';
import type { AfterResponse } from '../../lib/after-response.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { MyAccountService } from './my-account.service.ts';
import type { SignedInDevices } from './signed-in-devices.service.ts';

/** My account (issue 39): name and photo, password and email changes, signed-in devices, and an administrator's sign-out of a member everywhere. */
export function registerMyAccountRoutes(
  app: FastifyInstance,
  {
    devices,
    account,
    afterResponse,
    rateLimit,
  }: {
    devices: SignedInDevices;
    account: MyAccountService;
    afterResponse: AfterResponse;
    rateLimit: { max: number; timeWindow: string };
  },
) {
  const route = contractRoutes(app, ['My account']);
  // Each firm session's last request, after its answer (at most every five minutes): what "last active" shows.
  app.addHook('onResponse', async (request) => {
    const principal = request.principal;
    const touch = principal?.kind === 'firm' ? devices.touchIfDue(principal) : null;
    if (touch) afterResponse.run(touch);
  });

  route(
    signedInDeviceContracts.list,
    {
      access: firmAccess(),
      summary: 'The signed-in member’s open sessions: browser, address, when each signed in and was last active',
      description: 'Most recently active first; isThisDevice marks the session making the request.',
    },
    async (request) => ok('Signed-in devices', await devices.list(firmPrincipalOf(request))),
  );
  route(
    signedInDeviceContracts.signOut,
    {
      access: firmAccess(),
      summary: 'Signs one of the member’s own sessions out',
      description: '404 for a session that is not theirs or not open.',
    },
    async (request) => ok('Signed out', await devices.signOut(firmPrincipalOf(request), request.params.id)),
  );
  route(
    signedInDeviceContracts.signOutOthers,
    { access: firmAccess(), summary: 'Signs every other session of the member out, keeping this one' },
    async (request) => ok('Signed out of other devices', await devices.signOutOthers(firmPrincipalOf(request))),
  );
  route(
    signedInDeviceContracts.signOutEverywhere,
    {
      access: firmAccess('adminUsers.edit'),
      summary: 'Signs a team member out on every device (audited)',
      description: '404 for another firm’s member. Open while the firm is read-only: a stolen device is shut out whatever the plan.',
    },
    async (request) => ok('Signed out everywhere', await devices.signOutEverywhere(firmPrincipalOf(request), request.params.id)),
  );

  route(
    myAccountContracts.view,
    { access: firmAccess(), summary: 'The signed-in member’s name, email, photo and any email change waiting for its confirmation link' },
    async (request) => ok('My account', await account.view(firmPrincipalOf(request))),
  );
  route(
    myAccountContracts.update,
    {
      access: firmAccess(),
      summary: 'Changes the signed-in member’s name and photo',
      description: 'Leaving out photo keeps it; null removes it. The body may be up to 256 KB, for the photo.',
    },
    async (request) => ok('My account updated', await account.update(firmPrincipalOf(request), request.body)),
    { bodyLimit: 262_144 },
  );
  route(
    myAccountContracts.notifications,
    { access: firmAccess(), summary: 'The optional emails the signed-in member receives (true) or opted out of (false)' },
    async (request) => ok('Notification choices', await account.notifications(firmPrincipalOf(request))),
  );
  route(
    myAccountContracts.updateNotifications,
    {
      access: firmAccess(),
      summary: 'Chooses which optional emails the signed-in member receives',
      description: 'Emails about the account’s safety (a changed password or sign-in email, failed sign-ins, a reset) always go.',
    },
    async (request) =>
      ok(MY_ACCOUNT_MESSAGES.notificationsSaved, await account.updateNotifications(firmPrincipalOf(request), request.body)),
  );
  route(
    myAccountContracts.changePassword,
    {
      access: firmAccess(),
      rateLimit,
      summary: 'Changes the member’s password (the current one is needed) and signs their other devices out',
      description: '400 when the current password is wrong or the new one is too easy to guess. The member is emailed.',
    },
    async (request) => ok(MY_ACCOUNT_MESSAGES.passwordChanged, await account.changePassword(firmPrincipalOf(request), request.body)),
  );
  route(
    myAccountContracts.changeEmail,
    {
      access: firmAccess('changeEmail'),
      rateLimit,
      summary: 'Starts moving the member’s sign-in to a new email: a confirmation link goes to the new address',
      description:
        'Needs the current password (400 when wrong). The answer is the same whether or not the new address already has an account; nothing changes until the link is opened.',
    },
    async (request) => {
      await account.requestEmailChange(firmPrincipalOf(request), request.body);
      return ok(MY_ACCOUNT_MESSAGES.emailChangeSent, null);
    },
  );
  route(
    myAccountContracts.confirmEmailChange,
    {
      access: publicAccess(),
      rateLimit,
      summary: 'Opens the link sent to the new address: the sign-in email changes, and the old address gets a 7-day undo link',
      description: '400 for a used, expired or unknown link; 409 when the address has meanwhile been taken.',
    },
    async (request) => {
      await account.confirmEmailChange(request.body.token);
      return ok(MY_ACCOUNT_MESSAGES.emailChanged, null);
    },
  );
  route(
    myAccountContracts.undoEmailChange,
    {
      access: publicAccess(),
      rateLimit,
      summary: 'Opens the undo link sent to the old address: the old email returns and every device is signed out',
      description: '400 for a used, expired or unknown link; 409 when the old address has meanwhile been taken.',
    },
    async (request) => {
      await account.undoEmailChange(request.body.token);
      return ok(MY_ACCOUNT_MESSAGES.emailChangeUndone, null);
    },
  );
}
