import type { Tx } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { binChildrenOf, holdsMoneyHistory, restoreChildrenOf } from './recycle-bin.repository.ts';

type Parent = { kind: 'client' | 'matter'; id: string };

export const DELETE_REFUSALS = {
  client: 'This client has invoices, payments or trust money: archive it instead (it keeps its history and leaves the pickers)',
  matter: 'This matter has invoices, trust money or journals: close it instead (it keeps its history)',
} as const;

/**
 * What the clients and matters modules do when one of theirs is deleted or restored: a record with
 * money history is refused (archive or close it instead); its children go to the bin with it, at the
 * same moment, and come back with it. Call before marking (or after finding) the parent itself.
 */
export async function binChildrenWith(tx: Tx, firmId: string, parent: Parent, userId: string): Promise<void> {
  if (await holdsMoneyHistory(tx, firmId, parent)) throw conflict(DELETE_REFUSALS[parent.kind]);
  await binChildrenOf(tx, firmId, parent, userId);
}

/** Brings back the children deleted with the parent; call while the parent is still deleted, then restore it. */
export const restoreChildrenWith = (tx: Tx, firmId: string, parent: Parent) => restoreChildrenOf(tx, firmId, parent);
