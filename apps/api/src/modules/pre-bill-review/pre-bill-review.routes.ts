import type { FastifyInstance } from 'fastify';
import { preBillReviewContracts as calls } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { InvoiceSendHook } from '../invoices/invoices.api.ts';
import { createPreBillReview } from './pre-bill-review.service.ts';

/**
 * Pre-bill review (issue 44 §3), on any draft of the firm. Reading needs `invoice`; changing a
 * draft's lines `invoice.edit`, as editing a draft does; approving `invoice.approve`; approving and
 * sending in a batch both, as approving and sending each do.
 */
export function registerPreBillReviewRoutes(app: FastifyInstance, database: Database, hooks: { onSend?: InvoiceSendHook }) {
  const route = contractRoutes(app, ['Pre-bill review']);
  const review = createPreBillReview(database, hooks);
  const notADraft = 'Refused with 409 when the invoice is no longer a draft, 404 when it or the line is not the firm’s.';

  route(
    calls.drafts,
    {
      access: firmAccess('invoice'),
      summary: 'Draft invoices awaiting review: the caller’s (Scope=mine, as a fee earner on one of their matters) or all',
      description:
        'Answers each live draft, newest first, with its client, matters, their fee earners, total, and how many lines the narrative check flags.',
    },
    async (request) => ok('Drafts', await review.drafts(firmPrincipalOf(request), request.query.Scope)),
  );
  route(
    calls.draft,
    {
      access: firmAccess('invoice'),
      summary: 'One draft under review: its lines with the narrative check’s flags and the client’s open matters',
      description: '404 when the invoice is not the firm’s.',
    },
    async (request) => ok('Draft', await review.draft(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.adjustLine,
    {
      access: firmAccess('invoice.edit'),
      summary: 'Writes a line down or up, by an amount or a percentage of what it recorded, with a reason (audited)',
      description: `The draft's figures are computed again; the reason stays on the line for the realisation report. Refused with 400 when a write-down passes the recorded amount or 100%. ${notADraft}`,
    },
    async (request) =>
      ok('Line adjusted', await review.adjustLine(firmPrincipalOf(request), request.params.id, request.params.lineId, request.body)),
  );
  route(
    calls.moveLine,
    {
      access: firmAccess('invoice.edit'),
      summary: 'Moves a line’s time entry or expense to another open matter of the same client, as unbilled work there (audited)',
      description: `Refused with 400 for a flat fee, the same matter, another client's or a closed matter, or the draft's last line. ${notADraft}`,
    },
    async (request) =>
      ok('Line moved', await review.moveLine(firmPrincipalOf(request), request.params.id, request.params.lineId, request.body.matterId)),
  );
  route(
    calls.holdLine,
    {
      access: firmAccess('invoice.edit'),
      summary:
        'Holds a line for a later bill: its item leaves the draft, unbilled, and no draft or bill run takes it until released (audited)',
      description: `Refused with 400 for the draft's last line. ${notADraft}`,
    },
    async (request) =>
      ok('Line held', await review.holdLine(firmPrincipalOf(request), request.params.id, request.params.lineId, request.body.reason)),
  );
  route(
    calls.correctNarrative,
    {
      access: firmAccess('invoice.edit'),
      summary: 'Corrects a time entry’s narrative as billed: the entry’s description and the line (audited)',
      description: `Refused with 400 for an expense or flat fee. ${notADraft}`,
    },
    async (request) =>
      ok(
        'Narrative corrected',
        await review.correctNarrative(firmPrincipalOf(request), request.params.id, request.params.lineId, request.body.description),
      ),
  );
  route(
    calls.approve,
    {
      access: firmAccess('invoice.approve'),
      summary: 'Approves a reviewed draft (submitted and approved in one step when the firm needs approval): numbered, issued and posted',
      description: '404 when the invoice is not the firm’s; 400 when it is neither a draft nor awaiting approval.',
    },
    async (request) => ok('Invoice approved', await review.approve(firmPrincipalOf(request), request.params.id, request.body.note)),
  );
  route(
    calls.approveAndSend,
    {
      access: firmAccess('invoice.approve', 'invoice.edit'),
      summary:
        'Approves and emails several reviewed drafts, one email each through the outbox, with each one’s result. Honours Idempotency-Key',
      description:
        'Each invoice on its own: a refusal (not the firm’s, void, no client email…) is its result and the others go on. One already sent is answered alreadySent and not sent again.',
    },
    async (request) => ok('Batch done', { results: await review.approveAndSend(firmPrincipalOf(request), request.body.invoiceIds) }),
  );
  route(
    calls.heldItems,
    { access: firmAccess('invoice'), summary: 'Items held back from billing, newest first, with who held them and why' },
    async (request) => ok('Held items', await review.heldItems(firmPrincipalOf(request))),
  );
  route(
    calls.releaseHold,
    {
      access: firmAccess('invoice.edit'),
      summary: 'Releases a hold: the item can be billed again (audited; releasing twice changes nothing)',
      description: '404 when the hold is not the firm’s.',
    },
    async (request) => ok('Hold released', await review.releaseHold(firmPrincipalOf(request), request.params.id)),
  );
}
