/**
 * What other modules may use of payment plans: a client's view of an invoice's live plan (the portal
 * and the public invoice page), and the invoice list's "instalment missed" condition.
 */
export { findClientPaymentPlan } from './payment-plans.service.ts';
export { hasMissedInstalment } from './payment-plans.repository.ts';
