import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { firmSetupRequestSchema } from './firm.schemas.ts';

/** The first-run setup of a new firm (its own file: only the setup page calls it). */
export const firmSetupRoute = defineRoute({
  method: 'POST',
  path: '/api/firm/setup',
  body: firmSetupRequestSchema,
  response: z.null(),
});

export const firmSetupContracts = { setUp: firmSetupRoute };
