import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientPortalContracts as contracts,
  portalStatementPdfPath,
  portalStatementQuerySchema,
  type PortalOwnScopeQuery,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { ok, sendPdf } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { portalAccess, portalPrincipalOf, publicAccess, type PortalPrincipal } from '../../plugins/route-access.ts';
import { READ_ONLY } from '../../db/database.ts';
import { findClientTrustRequestsToPay } from '../trust-requests/trust-requests.api.ts';
import { findFirmBranding, findPortalAccountProfile, findPortalClientMatters } from './client-portal.repository.ts';
import { createClientPortalService } from './client-portal.service.ts';
import { createClientStatementService } from './client-statement.service.ts';

const tags = ['Client portal'];

/** Records what the signed-in client opened (composed in app.ts: the portal-views module). */
export type PortalViewRecorder = {
  record(
    principal: PortalPrincipal,
    kind: 'progressNote' | 'courtUpdate' | 'invoice',
    itemIds: string[],
    action: 'viewed' | 'downloaded',
  ): Promise<void>;
};

/** Slug and ClientId, when given, must be the signed-in client's own; anything else is not found. */
function assertOwnScope(principal: PortalPrincipal, query: PortalOwnScopeQuery) {
  if ((query.Slug && query.Slug !== principal.company) || (query.ClientId && query.ClientId !== principal.clientId))
    throw notFound('Client');
}

export function registerClientPortalRoutes(app: FastifyInstance, database: Database, views: PortalViewRecorder) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const portal = createClientPortalService(database);
  const statements = createClientStatementService(database);

  route(
    contracts.firmBranding,
    {
      access: publicAccess(),
      summary: "A firm's name and logo for its portal pages",
      description:
        'Looks a firm up by its portal address (Slug) before anyone signs in, so the sign-in pages can show its name and logo. ' +
        'Answers 404 when no firm has that address.',
    },
    async (request) => {
      const branding = await database.withIdentityLookup((tx) => findFirmBranding(tx, request.query.Slug));
      if (!branding) throw notFound('Firm');
      return ok('Firm', branding);
    },
  );

  // A client sees only themselves: Slug and ClientId must be the signed-in client's own.
  route(
    contracts.profile,
    {
      access: portalAccess(),
      summary: 'The signed-in portal account, its client and their firm',
      description:
        'Answers a list of one (SPEC’s shape): the signed-in person’s own name and sign-in email (each portal account its own), the client they act for, and the firm’s name, logo and portal address. ' +
        'Slug and ClientId may only repeat the session’s own; anything else answers 404.',
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      assertOwnScope(principal, request.query);
      const profile = await database.withFirm(principal.firmId, (tx) =>
        findPortalAccountProfile(tx, principal.clientId, principal.portalAccountId),
      );
      if (!profile) throw notFound('Client');
      return ok('Profile', [profile]);
    },
  );

  // The firm and the client come from the session alone; the query can only narrow, never widen.
  route(
    contracts.clientMatters,
    {
      access: portalAccess(),
      summary: "The signed-in client's open and closed matters with their fee earners",
      description:
        'SPEC’s call for the client’s matters: open ones first, then by opening date and name, each with its fee earners’ names. ' +
        'Slug and ClientId may only repeat the session’s own; anything else answers 404.',
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      assertOwnScope(principal, request.query);
      const rows = await database.withFirm(principal.firmId, (tx) => findPortalClientMatters(tx, principal.firmId, principal.clientId));
      return ok('Matters', rows);
    },
  );

  route(
    contracts.overview,
    {
      access: portalAccess(),
      summary: "The signed-in client's matters, their next court dates and the notes and court updates shared lately",
      description:
        'The portal’s home page in one read: the client’s matters, the next 5 hearings the firm shared, the 5 notes and court ' +
        'updates shared most recently, and what the client owes and holds in trust per currency. Only what the firm shared is read.',
    },
    async (request) => ok('Overview', await portal.overview(portalPrincipalOf(request))),
  );

  route(
    contracts.matters,
    {
      access: portalAccess(),
      summary: "The signed-in client's matters with their fee earners",
      description:
        'The client’s matters, open ones first, each with its fee earners’ names (the Matters tab’s list); deleted matters never show.',
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      return ok(
        'Matters',
        await database.withFirm(principal.firmId, (tx) => findPortalClientMatters(tx, principal.firmId, principal.clientId)),
      );
    },
  );

  route(
    contracts.matter,
    {
      access: portalAccess(),
      summary: "One of the signed-in client's matters with the progress notes and court updates the firm shared on it, newest first",
      description:
        'Answers the matter and everything the firm shared on it (up to 500 notes and court updates), and records each as viewed ' +
        'for the firm. Any matter that is not the client’s own answers 404.',
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      const matter = await portal.matter(principal, request.params.id);
      // The Matters tab shows the matter's shared notes and court updates whole: each is viewed now.
      const idsOf = (kind: 'note' | 'courtUpdate') => matter.updates.filter((update) => update.kind === kind).map((update) => update.id);
      await views.record(principal, 'progressNote', idsOf('note'), 'viewed');
      await views.record(principal, 'courtUpdate', idsOf('courtUpdate'), 'viewed');
      return ok('Matter', matter);
    },
  );

  route(
    contracts.trust,
    {
      access: portalAccess(),
      summary:
        "The signed-in client's money held in trust: each ledger's balance, and the movements (newest first, paged) with the balance after each",
      description:
        'The Trust tab: each of the client’s trust ledgers with its balance, and one page (page, size) of their movements, newest ' +
        'first, each described in the client’s words with the balance after it.',
    },
    async (request) => ok('Trust', await portal.trust(portalPrincipalOf(request), request.query)),
  );

  route(
    contracts.trustRequests,
    {
      access: portalAccess(),
      summary:
        "The signed-in client's trust requests that were sent to them (open ones first): amount, paid, still due, the trust " +
        "account's bank details and the reference to quote (the request number)",
      description:
        'The trust requests sent to the client (never drafts, unsent or cancelled ones), open ones first then by due date, at most ' +
        '200: what is asked, paid and still due, and where and how to pay it by bank transfer.',
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      const rows = await database.withFirm(
        principal.firmId,
        (tx) => findClientTrustRequestsToPay(tx, principal.firmId, principal.clientId),
        READ_ONLY,
      );
      return ok(
        'Trust requests',
        rows.map(({ trustAccountId: _account, ...row }) => row),
      );
    },
  );

  route(
    contracts.statement,
    {
      access: portalAccess(),
      summary:
        "The signed-in client's statement of account (optional FromDate and ToDate; all by default): per currency, opening " +
        'balances, invoices, payments, write-offs, voids and trust movements with what is owed and what is held in trust after ' +
        'each (two balances, never netted), and the closing balances',
      description:
        'Builds the client’s statement of account for the period, one section per currency. Refused with 400 when FromDate is ' +
        'after ToDate, or when the history is too long to show (over 20,000 movements of a kind).',
    },
    async (request) => ok('Statement', await statements.statement(portalPrincipalOf(request), request.query)),
  );

  // The file itself, not the envelope: no contract, only the path the web shares.
  api.get(
    portalStatementPdfPath.path,
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: "The signed-in client's statement of account as a PDF (attachment; same FromDate and ToDate)",
        description:
          'The same statement as get-statement, as a PDF file to download (statement-of-account-<to date>.pdf), not the JSON ' +
          'envelope; refused as get-statement is.',
        querystring: portalStatementQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await statements.pdf(portalPrincipalOf(request), request.query);
      return sendPdf(reply, pdf, fileName);
    },
  );
}
