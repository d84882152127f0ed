import type { FastifyInstance } from 'fastify';
import { CONSULTATION_MESSAGES, consultationContracts as calls } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { publicAccess } from '../../plugins/route-access.ts';
import type { BookingPageService } from './booking-page.ts';

/**
 * The lead's booking page (/book/{token}), without signing in. Public calls keyed by the link's
 * secret, so limited per address like the sign-in calls; an unknown, expired or replaced token is 404.
 */
export function registerBookingPageRoutes(app: FastifyInstance, page: BookingPageService, rateLimit: { max: number; timeWindow: string }) {
  const route = contractRoutes(app, ['Consultations']);
  const limited = { access: publicAccess(), rateLimit };
  const notFound = '404 when the token is malformed, expired, replaced by a newer link or unknown (nothing is written).';

  route(
    calls.publicPage,
    {
      ...limited,
      summary:
        'The booking page of a lead’s link (no sign-in): the firm, the consultation’s length, fee and place, and the consultation booked',
      description: notFound,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok('Booking page', await page.view(request.params.token));
    },
  );
  route(
    calls.publicSlots,
    { ...limited, summary: 'The free slots on the booking page, on the firm’s clock', description: notFound },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok('Free slots', await page.slots(request.params.token));
    },
  );
  route(
    calls.publicBook,
    {
      ...limited,
      summary:
        'Books a free slot from the booking page: confirmed at once, or held 30 minutes with the gateway’s checkout to pay the fee the firm requires (confirmed when the gateway confirms the payment)',
      description: `${notFound} 400 when the time is not one offered; 409 when it has just been taken (“${CONSULTATION_MESSAGES.slotTaken}”) or a consultation is booked already; 502 when the gateway cannot be reached (the time stays held: pay again).`,
    },
    async (request) => ok(CONSULTATION_MESSAGES.booked, await page.book(request.params.token, request.body.start)),
  );
  route(
    calls.publicPay,
    {
      ...limited,
      summary:
        'Starts paying the consultation’s fee online (again): answers the gateway’s checkout page; nothing is paid until the gateway confirms it',
      description: `${notFound} 409 when nothing is left to pay or no gateway takes the fee’s currency; 502 when the gateway cannot be reached.`,
    },
    async (request) => ok('Payment started', await page.pay(request.params.token)),
  );
  route(
    calls.publicReschedule,
    {
      ...limited,
      summary: 'Moves the consultation to another free slot from the booking page, until the day before',
      description: `${notFound} 400 when the time is not one offered; 409 when it has just been taken or it is too late to change online.`,
    },
    async (request) => ok(CONSULTATION_MESSAGES.rescheduled, await page.reschedule(request.params.token, request.body.start)),
  );
  route(
    calls.publicCancel,
    {
      ...limited,
      summary: 'Cancels the consultation from the booking page, until the day before',
      description: `${notFound} 409 when it is too late to change online or it was cancelled already.`,
    },
    async (request) => ok(CONSULTATION_MESSAGES.cancelled, await page.cancel(request.params.token, request.body.reason)),
  );
}
