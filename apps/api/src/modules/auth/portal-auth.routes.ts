import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  portalForgotPasswordRequestSchema,
  portalLoginRequestSchema,
  portalResetPasswordRequestSchema,
  portalSessionSchema,
  portalSignupRequestSchema,
} from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { publicAccess } from '../../plugins/route-access.ts';
import type { createPortalAuthService } from './portal-auth.service.ts';

const tags = ['Client portal'];

export function registerPortalAuthRoutes(
  app: FastifyInstance,
  portalAuth: ReturnType<typeof createPortalAuthService>,
  rateLimit: { max: number; timeWindow: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { access: publicAccess(), rateLimit };

  api.post(
    '/api/client-portal/login',
    {
      config: limited,
      schema: {
        tags,
        summary: "Sign a client in to their firm's portal",
        body: portalLoginRequestSchema,
        response: answers(portalSessionSchema),
      },
    },
    async (request) => ok('Signed in', await portalAuth.login({ ...request.body, address: request.ip })),
  );
  api.post(
    '/api/client-portal/signup',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create a portal account with the invitation link the firm emailed (same refusal for every email)',
        body: portalSignupRequestSchema,
        response: answers(portalSessionSchema),
      },
    },
    async (request) => ok('Your portal account is ready', await portalAuth.signup(request.body)),
  );
  api.post(
    '/api/client-portal/forgot-password',
    {
      config: limited,
      schema: { tags, summary: 'Email a portal password-reset link', body: portalForgotPasswordRequestSchema, response: answers(z.null()) },
    },
    async (request) => {
      await portalAuth.forgotPassword(request.body);
      return ok(AUTH_MESSAGES.forgotPassword, null);
    },
  );
  api.post(
    '/api/client-portal/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new portal password with a reset link',
        body: portalResetPasswordRequestSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await portalAuth.resetPassword(request.body);
      return ok(AUTH_MESSAGES.passwordReset, null);
    },
  );
}
