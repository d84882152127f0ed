import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUBSCRIPTION_ENDED_MESSAGE } from '@matterhorn/shared';
import { rowsOf, type Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { FlightRider } from '../../plugins/route-access.ts';
import { subscriptionStatusStatement } from './subscriptions.repository.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * What a read-only firm may still send: choosing and paying for a plan, signing in and out (two-step
 * sign-in's settings, My account (devices, password, email, name), the full export (a firm may always take its data), and an administrator's reset or sign-out of a member who lost a
 * phone or a laptop), and the reads
 * sent as POST (the timer's total). Clients on the portal are never held (they keep reading and
 * paying invoices).
 */
const ALWAYS_OPEN = [
  '/api/admin/sub-scription-master/',
  '/api/auth/',
  '/api/admin/team/reset-two-step/',
  '/api/admin/team/sign-out-everywhere/',
  '/api/me/',
  '/api/admin/export/',
  '/api/admin/time-entry-log/get-total-hours',
];

const isHeld = (request: FastifyRequest) => {
  const access = request.routeOptions.config.access;
  const url = request.routeOptions.url ?? '';
  return WRITES.has(request.method) && access?.kind === 'firm' && !ALWAYS_OPEN.some((open) => url.startsWith(open));
};

/**
 * Issue 38's read-only firm: every firm write answers 402 while its subscription is read-only (a
 * trial ended above the free plan's limits, a cancelled period over, a renewal unpaid 7 days).
 * The status rides in the request's first flight with the session check; a route with
 * transactions of its own (an upload) reads it in one of its own.
 */
export function registerReadOnlyGate(app: FastifyInstance, database: Database) {
  const riders = new WeakMap<FastifyRequest, FlightRider>();
  app.addHook('onRequest', async (request) => {
    if (!isHeld(request)) return;
    const rider: FlightRider = { statementsFor: (firmId) => [subscriptionStatusStatement(firmId)] };
    riders.set(request, rider);
    request.flightRiders.push(rider);
  });
  // Before the body is validated: the firm is told its subscription ended, not what its input lacks.
  app.addHook('preValidation', async (request) => {
    const principal = request.principal;
    if (!isHeld(request) || principal?.kind !== 'firm') return;
    const rider = riders.get(request);
    const rows =
      rider?.answer ??
      (await database.withFirm(principal.firmId, (tx) =>
        rowsOf<{ status: string }>(tx.execute(subscriptionStatusStatement(principal.firmId))),
      ));
    if (rows[0]?.status === 'read_only') throw new AppError(402, SUBSCRIPTION_ENDED_MESSAGE, undefined, 'SUBSCRIPTION_ENDED');
  });
}
