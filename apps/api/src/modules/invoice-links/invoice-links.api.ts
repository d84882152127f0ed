import { decryptSecret } from '../../lib/secrets.ts';
import { LINK_PURPOSE } from './invoice-documents.service.ts';

/**
 * What other modules may use of invoice links: a live link's address from its sealed slug (what
 * the invoice page shows again), for an email that points the client to the invoice (a reminder).
 * Null when the slug cannot be opened (sealed under another secret, or not kept).
 */
export function invoiceLinkUrlOf(slugSealed: string | null, { appUrl, appSecret }: { appUrl: string; appSecret: string }): string | null {
  const slug = slugSealed ? decryptSecret(slugSealed, appSecret, LINK_PURPOSE) : null;
  return slug ? `${appUrl}/billing/invoice/${slug}` : null;
}

/**
 * Opens an invoice's live public link (the firm and invoice behind it, in that firm's scope), for
 * what is done on the public page besides reading it: paying it online. 404 for anything else.
 */
export { withInvoiceLink, type OpenedInvoiceLink } from './invoice-link-access.ts';
