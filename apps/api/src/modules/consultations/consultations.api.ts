import type { FastifyInstance } from 'fastify';
import type { PaymentGatewaySettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { PaymentGateway } from '../gateway-payments/gateway-payments.api.ts';
import type { PaymentGatewayName } from '@matterhorn/shared';
import { createBookingPage } from './booking-page.ts';
import { registerBookingPageRoutes } from './booking-page.routes.ts';
import { createConsultationPayments } from './consultation-payments.ts';

export { sumHeldForRefund } from './consultation-payments.repository.ts';
import { createConsultationSettings } from './consultation-settings.ts';
import { registerConsultationRoutes } from './consultations.routes.ts';
import { createConsultations } from './consultations.service.ts';

export type ConsultationDeps = {
  database: Database;
  outbox: Outbox;
  appUrl: string;
  payments: PaymentGatewaySettings;
  gateways: Partial<Record<PaymentGatewayName, PaymentGateway>>;
};

/**
 * The consultations module for the composition root: its fee payments (whose gateway events the
 * payments module's webhook hands over: `payments.owns` / `payments.settle`) and its routes.
 */
export function createConsultationModule(deps: ConsultationDeps) {
  // Read when a confirmation is written, after `payments` exists: it knows which gateways take which currency.
  const isFeePayableOnline = (currencyCode: string) => payments.isPayable(currencyCode);
  const base = { database: deps.database, outbox: deps.outbox, appUrl: deps.appUrl, isFeePayableOnline };
  const payments = createConsultationPayments({ ...base, settings: deps.payments, gateways: deps.gateways });
  return {
    payments,
    register(app: FastifyInstance, rateLimit: { max: number; timeWindow: string }) {
      registerConsultationRoutes(app, {
        consultations: createConsultations(base),
        settings: createConsultationSettings({ database: deps.database, payments: deps.payments }),
      });
      registerBookingPageRoutes(app, createBookingPage({ ...base, payments }), rateLimit);
    },
  };
}
export { bookConsultation } from './consultation-booking.ts';
/** For the demo seed: the firm's settings saved and a lead booked as staff would. */
export { findConsultationLead } from './consultation-leads.ts';
export { clockOf, freeSlotsOf } from './consultation-diary.ts';
export { saveSettings as saveConsultationSettings } from './consultations.repository.ts';
/** For the report centre's lead report: consultation fees collected per currency in a period. */
export { sumFeesCollected as sumConsultationFeesCollected } from './consultation-payments.repository.ts';
