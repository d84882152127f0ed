import type { Tx } from '../../db/database.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import { insertMatter, type MatterValues, replaceMatterLinks } from './matters.repository.ts';
import { formatMatterNumber } from './matters.service.ts';

export type ImportedMatter = {
  clientId: string;
  matterName: string;
  description: string;
  billingType: MatterValues['billingType'];
  openDate: string;
  hourlyRate: string | null;
  feeEarner: { userId: string; hourlyRate: string } | null;
};

/** A matter from a bulk import (issue 39): numbered like any other, with its fee earner; answers its id. */
export async function importMatter(tx: Tx, firmId: string, createdByUserId: string, matter: ImportedMatter): Promise<string> {
  const matterNumber = formatMatterNumber(await takeNextNumber(tx, firmId, 'matter'));
  const matterId = await insertMatter(tx, firmId, {
    clientId: matter.clientId,
    matterName: matter.matterName,
    billingType: matter.billingType,
    description: matter.description,
    shelfLocation: null,
    clientMatterReference: null,
    matterOpenDate: matter.openDate,
    hourlyRate: matter.hourlyRate,
    flatRate: null,
    contingencyPercentage: null,
    customFields: {},
    matterNumber,
    createdByUserId,
  });
  await replaceMatterLinks(tx, firmId, matterId, {
    assignees: matter.feeEarner ? [matter.feeEarner] : [],
    parties: [],
    practiceAreaIds: [],
  });
  return matterId;
}
