/**
 * The gateway-payments module's surface for other modules: what online payments hold unapplied
 * (the statements' tie-out of unapplied cash adds it to the clients' credit balances).
 */
export { sumHeldUnapplied } from './gateway-payments.repository.ts';
