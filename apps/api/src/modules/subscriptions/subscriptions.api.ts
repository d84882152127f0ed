/**
 * What the demo seed may do with subscriptions: write the operator's plan catalogue into the plans
 * table, and run the subscription clock's day as the hourly job does.
 */
export { writePlanCatalogue } from './plans.repository.ts';
export { advanceSubscriptions } from './subscription-clock.ts';
