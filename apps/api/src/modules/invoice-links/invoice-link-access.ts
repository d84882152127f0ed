import { createHash } from 'node:crypto';
import { INVOICE_LINK_SLUG_PATTERN } from '@matterhorn/shared';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { findLiveLinkBySlugHash } from './invoice-links.repository.ts';

/** A link's slug as it is kept: its SHA-256 (the slug itself is never stored in clear). */
export const hashOfInvoiceLinkSlug = (slug: string) => createHash('sha256').update(slug).digest('hex');

export type OpenedInvoiceLink = { firmId: string; invoiceId: string; slugHash: string };

/**
 * Opens a live link: the firm and invoice behind it found by the slug's hash (the identity-lookup
 * role, before the firm is known), then fn runs in that firm's scope in the same transaction. A
 * malformed, revoked or unknown slug is 404, as is any other firm's invoice (the link names one).
 */
export function withInvoiceLink<T>(database: Database, slug: string, fn: (tx: Tx, link: OpenedInvoiceLink) => Promise<T>): Promise<T> {
  if (!INVOICE_LINK_SLUG_PATTERN.test(slug)) return Promise.reject(notFound('Invoice'));
  const slugHash = hashOfInvoiceLinkSlug(slug);
  return database.withIdentityLookup(async (tx) => {
    const link = await findLiveLinkBySlugHash(tx, slugHash);
    if (!link) throw notFound('Invoice');
    await switchToFirm(tx, link.firmId);
    return fn(tx, { firmId: link.firmId, invoiceId: link.invoiceId, slugHash });
  });
}
