import type { FastifyInstance } from 'fastify';
import { trustRequestContracts as contracts } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { TrustRequestService } from './trust-requests.service.ts';

const tags = ['Trust requests'];

/**
 * Trust requests (retainer requests): trustAccountRequest reads; .create drafts and submits for
 * approval; .edit changes a draft and sends; .approve approves (never one's own); .delete cancels. The public page
 * /billing/trust-accounting/[slug] reads /api/public/trust-request/{slug}.
 */
export function registerTrustRequestRoutes(app: FastifyInstance, requests: TrustRequestService) {
  const route = contractRoutes(app, tags);

  route(
    contracts.create,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Draft a request for funds into trust (client, optional matter, amount, due date, note)',
      description:
        'Saves the request as a Draft with the next TRQ number, assigned to its creator, and answers it. Refused with 400 when the ' +
        'trust account is closed, the due date has passed or the matter is another client’s.',
    },
    async (request, reply) => created(reply, 'Trust request saved', await requests.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'Change a draft trust request',
      description:
        'Replaces the draft’s trust account, client, matter, amount, due date and note and answers it. Refused with 409 once it is ' +
        'not a Draft, and 400 on the checks of drafting one.',
    },
    async (request) => ok('Trust request updated', await requests.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.submit,
    {
      // Part of asking: whoever may draft a request may put it up for approval.
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Submit a draft for approval (only when the firm requires trust requests to be approved)',
      description:
        'Moves the Draft to AwaitingApproval and answers it. Refused with 409 when the firm does not require approval (send it ' +
        'instead) or the request is not a Draft.',
    },
    async (request) => ok('Trust request submitted for approval', await requests.submit(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.approve,
    {
      access: firmAccess('trustAccountRequest.approve'),
      summary: 'Approve a trust request awaiting approval (a second person: never its creator)',
      description:
        'Records the approval and answers the request, still AwaitingApproval but ready to send (isApproved). Refused with 409 for ' +
        'its creator, when it is already approved, or when it is not awaiting approval.',
    },
    async (request) => ok('Trust request approved', await requests.approve(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.send,
    {
      access: firmAccess('trustAccountRequest.edit'),
      answersSecret: true,
      summary:
        'Send the request (a draft when the firm does not require approval, else an approved one; or send again): a new public ' +
        'link replaces any earlier one, the client is emailed it, and its address is answered once (only a hash is kept)',
      description:
        'Marks the request Sent (a partly paid one stays PartlyPaid), queues the email, and answers the request with the link and ' +
        'where it was emailed. Refused with 409 when it still needs approval or is Paid or Cancelled, and 400 for a draft past its due date.',
    },
    async (request) =>
      ok(
        'Trust request sent',
        await requests.send(firmPrincipalOf(request), request.params.id, {
          toEmail: request.body?.toEmail ?? null,
          message: request.body?.message ?? null,
        }),
      ),
  );

  route(
    contracts.cancel,
    {
      access: firmAccess('trustAccountRequest.delete'),
      summary: 'Cancel a trust request (not once paid); its public link then shows it cancelled',
      description:
        'Marks the request Cancelled with the reason and answers it; its public page then shows no bank details. Refused with 409 ' +
        'when it is already cancelled or paid.',
    },
    async (request) =>
      ok('Trust request cancelled', await requests.cancel(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );

  route(
    contracts.list,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'Trust requests, newest first: filter by Status, ClientId, MatterId, TrustAccountId; IsDownlodCsv=true streams text/csv',
      description:
        'Answers a page of the firm’s trust requests, newest drafted first, with the firm’s approval rule; a search matches the ' +
        'number, the note or the client’s name. With IsDownlodCsv=true, the whole filtered list as a CSV file instead.',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Trust requests', await requests.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="trust-requests.csv"')
        .send(await requests.csv(principal, request.query));
    },
  );

  route(
    contracts.view,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'One trust request',
      description:
        'Answers the request with what has been paid against it, its status and the firm’s approval rule; 404 when it is not the firm’s.',
    },
    async (request) => ok('Trust request', await requests.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.publicView,
    {
      access: publicAccess(),
      summary:
        'A trust request on its public link (no sign-in): the firm’s name, what is asked, where to pay it and the client’s trust ' +
        'balance; a cancelled request shows as cancelled',
      description:
        'Finds the request by the hash of the link’s secret and answers only what its client needs, never cached; a malformed, ' +
        'unknown or replaced link answers 404.',
    },
    async (request, reply) => {
      const view = await requests.publicView(request.params.slug);
      reply.header('cache-control', 'no-store');
      return ok('Trust request', view);
    },
  );
}
