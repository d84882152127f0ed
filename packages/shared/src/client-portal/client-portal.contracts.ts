import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { pageQuerySchema } from '../common/pagination.ts';
import { portalMatterSchema, portalProfileSchema } from './client-portal.schemas.ts';
import { portalStatementQuerySchema, portalStatementSchema, portalTrustRequestSchema } from './portal-statement.schemas.ts';
import { portalMatterDetailSchema, portalOverviewSchema, portalTrustSchema } from './portal-views.schemas.ts';
import { portalFirmBrandingRoute } from './portal-sign-in.contracts.ts';

/** The signed-in client's own calls: the firm and the client come from the session. */
const base = '/api/client-portal';

/** Slug and ClientId (SPEC.md's names) may only narrow to the signed-in client's own; anything else is not found. */
export const portalOwnScopeQuerySchema = z.object({
  Slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(40)
    .optional()
    .describe(
      'SPEC’s firm portal address: optional, and when given must be the session’s own, else 404; the firm always comes from the session.',
    ),
  ClientId: z
    .string()
    .max(64)
    .optional()
    .describe(
      'SPEC’s client id: optional, and when given must be the signed-in client’s own, else 404; the client always comes from the session.',
    ),
});
export type PortalOwnScopeQuery = z.infer<typeof portalOwnScopeQuerySchema>;

/** SPEC.md §7: GET /client-portal/get-client-portal-profileinfo answers a list of one. */
export const portalProfileRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-client-portal-profileinfo`,
  query: portalOwnScopeQuerySchema,
  response: z.array(portalProfileSchema),
});

export const portalClientMattersRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-client-portal-matters`,
  query: portalOwnScopeQuerySchema,
  response: z.array(portalMatterSchema),
});

export const portalOverviewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-overview`,
  response: portalOverviewSchema,
});

export const portalMattersRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-matters`,
  response: z.array(portalMatterSchema),
});

export const portalMatterRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-matter/:id`,
  params: idParamsSchema,
  response: portalMatterDetailSchema,
});

export const portalTrustRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust`,
  query: pageQuerySchema,
  response: portalTrustSchema,
});

export const portalTrustRequestsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-requests`,
  response: z.array(portalTrustRequestSchema),
});

export const portalStatementRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-statement`,
  query: portalStatementQuerySchema,
  response: portalStatementSchema,
});

/** GET with the statement's FromDate and ToDate: the PDF (no envelope, so no contract). */
export const portalStatementPdfPath = { path: `${base}/download-statement-pdf` } as const;

export const clientPortalContracts = {
  firmBranding: portalFirmBrandingRoute,
  profile: portalProfileRoute,
  clientMatters: portalClientMattersRoute,
  overview: portalOverviewRoute,
  matters: portalMattersRoute,
  matter: portalMatterRoute,
  trust: portalTrustRoute,
  trustRequests: portalTrustRequestsRoute,
  statement: portalStatementRoute,
};
