/**
 * The gateway-payments module's surface for other modules: what online payments hold unapplied
 * (the statements' tie-out of unapplied cash adds it to the clients' credit balances).
 */
export { sumHeldUnapplied } from './gateway-payments.repository.ts';
/** The gateways themselves, for the subscriptions module's own merchant accounts (the same Paystack and Stripe calls). */
export { createGateways } from './gateway-payments.service.ts';
export {
  GatewayUnavailableError,
  type GatewayEvent,
  type PaymentGateway,
  type SavedMethodCharge,
  type SavedPaymentMethod,
  type SucceededEvent,
} from './gateways.ts';
/** Which gateway takes a currency, and amounts in a currency's smallest unit, for modules that take payments of their own (consultation fees). */
export { fromMinorUnits, gatewayFor, toMinorUnits } from './gateway-payments.rules.ts';
