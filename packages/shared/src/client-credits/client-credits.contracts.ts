import { defineRoute } from '../common/route-contract.ts';
import {
  applyClientCreditSchema,
  clientCreditsQuerySchema,
  clientCreditsSchema,
  refundClientCreditSchema,
} from './client-credit.schemas.ts';

/** A client's credit balance and its use (ADR 0051). */
const base = '/api/admin/client-credit';

export const clientCreditsViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-client-credits`,
  query: clientCreditsQuerySchema,
  response: clientCreditsSchema,
});

export const clientCreditApplyRoute = defineRoute({
  method: 'POST',
  path: `${base}/apply-client-credit`,
  body: applyClientCreditSchema,
  response: clientCreditsSchema,
});

export const clientCreditRefundRoute = defineRoute({
  method: 'POST',
  path: `${base}/refund-client-credit`,
  body: refundClientCreditSchema,
  response: clientCreditsSchema,
});

export const clientCreditContracts = {
  view: clientCreditsViewRoute,
  apply: clientCreditApplyRoute,
  refund: clientCreditRefundRoute,
};
