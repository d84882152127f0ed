import type { Tx } from '../../db/database.ts';
import { recostTimeFrom } from '../time-entries/time-entries.api.ts';
import { setCostRateFrom } from './team.repository.ts';

/**
 * Sets a fee earner's cost rate for their time worked from a day (the firm's today when none is
 * given) and costs that time again, in the caller's transaction (ADR 0058); answers the day. The
 * team's edit form and the demo seed set rates this one way.
 */
export async function setFeeEarnerCostRate(
  tx: Tx,
  firmId: string,
  feeEarnerId: string,
  rate: { costRate: string | null; from: string | undefined; setByUserId: string },
): Promise<string> {
  const from = await setCostRateFrom(tx, firmId, feeEarnerId, rate);
  await recostTimeFrom(tx, firmId, feeEarnerId, from);
  return from;
}
