import { defineRoute } from '../common/route-contract.ts';
import { clientIdParamsSchema, clientWithholdingTaxInputSchema, clientWithholdingTaxSchema } from './client-withholding-tax.schemas.ts';

const base = '/api/withholding-tax';

/** A client's WHT kind and own rate (ADR 0093), apart from the module's other calls: the client's overview needs only these. */
export const clientWithholdingTaxContracts = {
  client: defineRoute({
    method: 'GET',
    path: `${base}/get-client/:clientId`,
    params: clientIdParamsSchema,
    response: clientWithholdingTaxSchema,
  }),
  updateClient: defineRoute({
    method: 'POST',
    path: `${base}/update-client/:clientId`,
    params: clientIdParamsSchema,
    body: clientWithholdingTaxInputSchema,
    response: clientWithholdingTaxSchema,
  }),
};
