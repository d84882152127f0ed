import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  pageQuerySchema,
  portalFirmSchema,
  portalMatterDetailSchema,
  portalMatterSchema,
  portalOverviewSchema,
  portalProfileSchema,
  portalStatementQuerySchema,
  portalStatementSchema,
  portalTrustRequestSchema,
  portalTrustSchema,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { answers, ok } from '../../lib/reply.ts';
import { portalAccess, portalPrincipalOf, publicAccess, type PortalPrincipal } from '../../plugins/route-access.ts';
import { contentDispositionOf } from '../../lib/file-names.ts';
import { READ_ONLY } from '../../db/database.ts';
import { findClientTrustRequestsToPay } from '../trust-requests/trust-requests.api.ts';
import { findFirmBranding, findPortalClientMatters, findPortalClientProfile } from './client-portal.repository.ts';
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

export function registerClientPortalRoutes(app: FastifyInstance, database: Database, views: PortalViewRecorder) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const portal = createClientPortalService(database);
  const statements = createClientStatementService(database);

  api.get(
    '/api/client-portal/get-firm-branding',
    {
      config: { access: publicAccess() },
      schema: {
        tags,
        summary: "A firm's name and logo for its portal pages",
        querystring: z.object({ Slug: z.string().trim().toLowerCase().min(1).max(40) }),
        response: answers(portalFirmSchema),
      },
    },
    async (request) => {
      const branding = await database.withIdentityLookup((tx) => findFirmBranding(tx, request.query.Slug));
      if (!branding) throw notFound('Firm');
      return ok('Firm', branding);
    },
  );

  const ownScope = z.object({ Slug: z.string().trim().toLowerCase().max(40).optional(), ClientId: z.string().max(64).optional() });
  /** Slug and ClientId, when given, must be the signed-in client's own; anything else is not found. */
  const assertOwnScope = (principal: ReturnType<typeof portalPrincipalOf>, query: z.infer<typeof ownScope>) => {
    if ((query.Slug && query.Slug !== principal.company) || (query.ClientId && query.ClientId !== principal.clientId))
      throw notFound('Client');
  };

  // A client sees only themselves: Slug and ClientId must be the signed-in client's own.
  api.get(
    '/api/client-portal/get-client-portal-profileinfo',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: 'The signed-in client and their firm',
        querystring: ownScope,
        response: answers(z.array(portalProfileSchema)),
      },
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      assertOwnScope(principal, request.query);
      const profile = await database.withFirm(principal.firmId, (tx) => findPortalClientProfile(tx, principal.clientId));
      if (!profile) throw notFound('Client');
      return ok('Profile', [profile]);
    },
  );

  // The firm and the client come from the session alone; the query can only narrow, never widen.
  api.get(
    '/api/client-portal/get-client-portal-matters',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: "The signed-in client's open and closed matters with their fee earners",
        querystring: ownScope,
        response: answers(z.array(portalMatterSchema)),
      },
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      assertOwnScope(principal, request.query);
      const rows = await database.withFirm(principal.firmId, (tx) => findPortalClientMatters(tx, principal.firmId, principal.clientId));
      return ok('Matters', rows);
    },
  );

  api.get(
    '/api/client-portal/get-overview',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: "The signed-in client's matters, their next court dates and the notes and court updates shared lately",
        response: answers(portalOverviewSchema),
      },
    },
    async (request) => ok('Overview', await portal.overview(portalPrincipalOf(request))),
  );

  api.get(
    '/api/client-portal/get-matters',
    {
      config: { access: portalAccess() },
      schema: { tags, summary: "The signed-in client's matters with their fee earners", response: answers(z.array(portalMatterSchema)) },
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      return ok(
        'Matters',
        await database.withFirm(principal.firmId, (tx) => findPortalClientMatters(tx, principal.firmId, principal.clientId)),
      );
    },
  );

  api.get(
    '/api/client-portal/get-matter/:id',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: "One of the signed-in client's matters with the progress notes and court updates the firm shared on it, newest first",
        params: idParamsSchema,
        response: answers(portalMatterDetailSchema),
      },
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

  api.get(
    '/api/client-portal/get-trust',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary:
          "The signed-in client's money held in trust: each ledger's balance, and the movements (newest first, paged) with the balance after each",
        querystring: pageQuerySchema,
        response: answers(portalTrustSchema),
      },
    },
    async (request) => ok('Trust', await portal.trust(portalPrincipalOf(request), request.query)),
  );

  api.get(
    '/api/client-portal/get-trust-requests',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary:
          "The signed-in client's trust requests that were sent to them (open ones first): amount, paid, still due, the trust " +
          "account's bank details and the reference to quote (the request number)",
        response: answers(z.array(portalTrustRequestSchema)),
      },
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

  api.get(
    '/api/client-portal/get-statement',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary:
          "The signed-in client's statement of account (optional FromDate and ToDate; all by default): per currency, opening " +
          'balances, invoices, payments, write-offs, voids and trust movements with what is owed and what is held in trust after ' +
          'each (two balances, never netted), and the closing balances',
        querystring: portalStatementQuerySchema,
        response: answers(portalStatementSchema),
      },
    },
    async (request) => ok('Statement', await statements.statement(portalPrincipalOf(request), request.query)),
  );

  api.get(
    '/api/client-portal/download-statement-pdf',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: "The signed-in client's statement of account as a PDF (attachment; same FromDate and ToDate)",
        querystring: portalStatementQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await statements.pdf(portalPrincipalOf(request), request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDispositionOf(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
