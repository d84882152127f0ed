/**
 * What other modules may use of payment plans: a client's view of an invoice's live plan (the portal
 * and the public invoice page), the invoice list's "instalment missed" condition, and the next instalment due (the portal's amount to pay online).
 */
export { findClientPaymentPlan } from './payment-plans.service.ts';
export { hasMissedInstalment, nextInstalmentOf } from './payment-plans.repository.ts';
