import { RECYCLE_BIN_MESSAGES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { findDeletedFormSlug, isSlugTaken, restoreDeletedForm } from './intake-forms.repository.ts';

/**
 * For the recycle bin: a deleted form comes back unpublished, at its address unless another form
 * has taken it since (409: the firm renames one of them). Nothing when it is not in the bin.
 */
export async function restoreIntakeForm(tx: Tx, firmId: string, formId: string): Promise<void> {
  const slug = await findDeletedFormSlug(tx, firmId, formId);
  if (slug === null) return;
  if (await isSlugTaken(tx, firmId, slug)) throw conflict(RECYCLE_BIN_MESSAGES.formAddressTaken);
  await restoreDeletedForm(tx, firmId, formId);
}
