import { randomBytes } from 'node:crypto';
import {
  emailSubjectOf,
  INVOICE_LINK_MESSAGES,
  INVOICE_STATUS_LABELS,
  isInstalmentMissed,
  type InvoiceStatus,
  type PortalInvoiceSummary,
  type Invoice,
  type LedesFormat,
  type CurrentInvoiceLink,
  type InvoiceLink,
  type PublicInvoice,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { outsideReaderOf, type FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import {
  creditNotePdfOf,
  formatLedes,
  formatLedesInternational,
  viewOf,
  type InvoiceSendHook,
  type LedesBiOptions,
} from '../invoices/invoices.api.ts';
import { billOf, clientInvoiceOf, pdfFileName, pdfOf } from './invoice-bill.ts';
import { findClientPaymentPlan } from '../payment-plans/payment-plans.api.ts';

const withoutSavedCard = <T extends { automaticPayment: unknown }>(plan: T | null) => plan && { ...plan, automaticPayment: null };
import { recordEmailSent } from '../time-suggestions/time-suggestions.api.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';
import { invoiceEmailOf } from './invoice-email.ts';
import { hashOfInvoiceLinkSlug, withInvoiceLink } from './invoice-link-access.ts';
import {
  findClientEmail,
  findClientSentInvoices,
  findCurrentInvoiceLink,
  isSentToClient,
  findFirmForBill,
  findLedesParties,
  insertInvoiceLink,
  markInvoiceLinkEmailed,
  recordInvoiceLinkView,
  revokeInvoiceLinks,
} from './invoice-links.repository.ts';

/** `clientUpdates` tells the client by SMS and WhatsApp that an invoice waits, with its public link (client-messages' surface). */
type Dependencies = { database: Database; outbox: Outbox; appUrl: string; appSecret: string; clientUpdates?: QueueClientUpdate };

/** The key purpose the link slugs are sealed under (never another secret's key). */
export const LINK_PURPOSE = 'invoice-link-slug';

/** 16 random bytes (128 bits) as 22 base64url characters. */
export const newInvoiceLinkSlug = () => randomBytes(16).toString('base64url');
const ISSUED = new Set(['Approved', 'Sent', 'PartlyPaid', 'Paid']);

const ledesRefusals = {
  notIssued: (invoiceNumber: string | null) =>
    invoiceNumber
      ? `${invoiceNumber} is not issued: only an issued invoice goes to an e-billing portal`
      : 'A draft invoice has no invoice number yet: approve it before exporting it as LEDES',
  unclassified: (names: string[]) => `Set the LEDES classification of ${names.join(', ')} in Settings → Team before exporting LEDES`,
  mixedFormats: "These invoices' clients take different LEDES formats (1998B and 1998BI): export them apart",
};

/** LAW_FIRM_ID: the id the firm set (Settings › General), else its tax number when it fits LEDES's 20 characters, else its portal name. */
const lawFirmIdOf = (firm: { ledesFirmId: string | null; taxNumber: string | null; portalSlug: string | null }) => {
  if (firm.ledesFirmId) return firm.ledesFirmId;
  const taxNumber = firm.taxNumber?.replace(/\s+/g, '') ?? '';
  return taxNumber && taxNumber.length <= 20 ? taxNumber : (firm.portalSlug ?? 'FIRM').toUpperCase().slice(0, 20);
};

/**
 * The LEDES format the invoices' clients take (each client's choice: 1998B, or 1998BI with tax), and
 * the firm's numbers and addresses for what the invoices name; refuses when a fee earner has no
 * LEDES classification, or when the clients take different formats.
 */
async function ledesOptionsOf(tx: Tx, firmId: string, invoices: Invoice[]): Promise<{ format: LedesFormat; options: LedesBiOptions }> {
  const feeLines = invoices.flatMap((invoice) => [...invoice.fees, ...invoice.flatFees]);
  const parties = await findLedesParties(tx, firmId, {
    clientIds: [...new Set(invoices.map((invoice) => invoice.clientId))],
    matterIds: [...new Set(invoices.flatMap((invoice) => invoice.matters.map((matter) => matter.id)))],
    userIds: [...new Set(feeLines.flatMap((line) => (line.feeEarnerId ? [line.feeEarnerId] : [])))],
  });
  const unclassified = parties.userRows.filter((user) => !user.classification).map((user) => user.name);
  if (unclassified.length > 0) throw conflict(ledesRefusals.unclassified(unclassified.sort()));
  const formats = new Set(parties.clientRows.map((client) => client.ledesFormat));
  if (formats.size > 1) throw conflict(ledesRefusals.mixedFormats);
  return {
    format: formats.has('1998BI') ? '1998BI' : '1998B',
    options: {
      lawFirmId: lawFirmIdOf(parties.firm),
      clientNumbers: new Map(parties.clientRows.map((client) => [client.id, client.clientNumber])),
      matters: new Map(parties.matterRows.map(({ id, ...matter }) => [id, matter])),
      timekeepers: new Map(parties.userRows.map(({ id, ...timekeeper }) => [id, timekeeper])),
      firm: parties.firm,
      clients: new Map(parties.clientRows.map(({ id, ...client }) => [id, client])),
    },
  };
}

async function firmOfBill(tx: Tx, firmId: string) {
  const firm = await findFirmForBill(tx, firmId);
  if (!firm) throw notFound('Credit note');
  return firm;
}

export function createInvoiceDocumentsService({ database, outbox, appUrl, appSecret, clientUpdates }: Dependencies) {
  const linkUrl = (slug: string) => `${appUrl}/billing/invoice/${slug}`;

  /** A new live link for the invoice (the older ones stay live until revoked). */
  const issueLink = async (tx: Tx, principal: FirmPrincipal, invoice: Invoice): Promise<InvoiceLink & { id: string }> => {
    const slug = newInvoiceLinkSlug();
    const row = await insertInvoiceLink(tx, {
      firmId: principal.firmId,
      invoiceId: invoice.id,
      slugHash: hashOfInvoiceLinkSlug(slug),
      slugPrefix: slug.slice(0, 4),
      slugSealed: encryptSecret(slug, appSecret, LINK_PURPOSE),
      createdByUserId: principal.userId,
    });
    await recordAuditEvent(tx, principal, 'invoice.linkIssued', invoice.id, {
      invoiceNumber: invoice.invoiceNumber,
      slugPrefix: slug.slice(0, 4),
    });
    return { id: row.id, invoiceId: invoice.id, slug, url: linkUrl(slug), createdAt: new Date(row.createdAt).toISOString() };
  };

  /** Opens a live link: the firm and invoice behind it, inside that firm; 404 for anything else. */
  const withLink = <T>(slug: string, fn: (tx: Tx, principal: FirmPrincipal, invoiceId: string, slugHash: string) => Promise<T>) =>
    withInvoiceLink(database, slug, (tx, link) => fn(tx, outsideReaderOf(link.firmId), link.invoiceId, link.slugHash));

  /**
   * The send hook (inside the send transaction): a new public link, and the email with the PDF
   * attached to the address given, else the client's email. A client without an email gets no
   * email (the invoice is still marked sent and its link can be reissued and shared by hand).
   */
  const onSend: InvoiceSendHook = async (tx, principal, invoiceId, input) => {
    const { invoice, pdf, fileName } = await pdfOf(tx, principal, invoiceId);
    const link = await issueLink(tx, principal, invoice);
    // By SMS and WhatsApp to the contacts who opted in (with or without an email): that an invoice waits, and its link.
    await clientUpdates?.(tx, principal.firmId, {
      templateKey: 'invoice-sent',
      clientId: invoice.clientId,
      matterId: invoice.matters[0]?.id ?? null,
      eventKey: `invoice-sent:${invoice.id}:${link.id}`,
      link: link.url,
      createdByUserId: principal.userId,
    });
    const to = input.toEmail ?? (await findClientEmail(tx, principal.firmId, invoice.clientId));
    if (!to) return;
    const firm = await findFirmForBill(tx, principal.firmId);
    await outbox.queue(
      tx,
      principal.firmId,
      invoiceEmailOf({
        to,
        invoice,
        firm,
        message: input.message,
        linkUrl: link.url,
        sentByUserId: principal.userId,
        pdf: { filename: fileName, content: pdf, contentType: 'application/pdf' },
      }),
      { kind: 'invoice', id: invoiceId },
    );
    await markInvoiceLinkEmailed(tx, principal.firmId, link.id, to);
    await recordAuditEvent(tx, principal, 'invoice.emailed', invoiceId, { invoiceNumber: invoice.invoiceNumber, to, attachment: fileName });
    // Suggested time: the sender's email about the matters the invoice covers.
    await recordEmailSent(tx, principal, {
      matterIds: invoice.matters.map((matter) => matter.id),
      subject: emailSubjectOf(`invoice ${invoice.invoiceNumber}`, to, invoice.clientEmail),
    });
  };

  return {
    onSend,

    pdf: (principal: FirmPrincipal, invoiceId: string) =>
      database.withFirm(principal.firmId, (tx) => pdfOf(tx, principal, invoiceId), READ_ONLY),

    /**
     * One LEDES 1998B file of the invoices (every id must be the firm's, else 404). Only issued
     * invoices, whose fee earners all have a LEDES classification: an e-billing portal refuses a
     * file without them, so it is refused here first, saying what to do.
     */
    ledes: (principal: FirmPrincipal, invoiceIds: string[]) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const invoices: Invoice[] = [];
          for (const id of invoiceIds) invoices.push(await viewOf(tx, principal, id));
          const unissued = invoices.find((invoice) => !ISSUED.has(invoice.status));
          if (unissued) throw conflict(ledesRefusals.notIssued(unissued.invoiceNumber));
          const { format, options } = await ledesOptionsOf(tx, principal.firmId, invoices);
          const text = format === '1998BI' ? formatLedesInternational(invoices, options) : formatLedes(invoices, options);
          const fileName = invoices.length === 1 ? `${pdfFileName(invoices[0]!).replace(/\.pdf$/, '')}.ledes.txt` : 'invoices.ledes.txt';
          return { text, fileName };
        },
        READ_ONLY,
      ),

    /** Retires the invoice's live links and gives a new one (shown once). */
    reissueLink: (principal: FirmPrincipal, invoiceId: string): Promise<InvoiceLink> =>
      database.withFirm(principal.firmId, async (tx) => {
        const invoice = await viewOf(tx, principal, invoiceId);
        if (invoice.status === 'Void') throw conflict(INVOICE_LINK_MESSAGES.voidInvoice);
        if (!ISSUED.has(invoice.status)) throw conflict(INVOICE_LINK_MESSAGES.notIssued);
        const revoked = await revokeInvoiceLinks(tx, principal.firmId, invoiceId);
        if (revoked > 0)
          await recordAuditEvent(tx, principal, 'invoice.linkRevoked', invoiceId, { invoiceNumber: invoice.invoiceNumber, revoked });
        return issueLink(tx, principal, invoice);
      }),

    /** The invoice's live link (the newest), shown again from its sealed slug, with where it was emailed. */
    currentLink: (principal: FirmPrincipal, invoiceId: string): Promise<CurrentInvoiceLink | null> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          await viewOf(tx, principal, invoiceId);
          const row = await findCurrentInvoiceLink(tx, principal.firmId, invoiceId);
          if (!row) return null;
          const slug = row.slugSealed ? decryptSecret(row.slugSealed, appSecret, LINK_PURPOSE) : null;
          return {
            url: slug ? linkUrl(slug) : null,
            createdAt: row.createdAt.toISOString(),
            emailedTo: row.emailedTo,
            emailedAt: row.emailedAt?.toISOString() ?? null,
            viewCount: row.viewCount,
            lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
          };
        },
        READ_ONLY,
      ),

    revokeLinks: (principal: FirmPrincipal, invoiceId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const invoice = await viewOf(tx, principal, invoiceId);
        const revokedCount = await revokeInvoiceLinks(tx, principal.firmId, invoiceId);
        await recordAuditEvent(tx, principal, 'invoice.linkRevoked', invoiceId, {
          invoiceNumber: invoice.invoiceNumber,
          revoked: revokedCount,
        });
        return { invoiceId, revokedCount };
      }),

    /** The invoice as the client sees it (a void invoice shows as void); the view is recorded. */
    publicView: (slug: string): Promise<PublicInvoice> =>
      withLink(slug, async (tx, principal, invoiceId, slugHash) => {
        const bill = await billOf(tx, principal, invoiceId);
        if (!ISSUED.has(bill.invoice.status) && bill.invoice.status !== 'Void') throw notFound('Invoice');
        await recordInvoiceLinkView(tx, principal.firmId, slugHash);
        return {
          ...clientInvoiceOf(bill, `/api/public/invoice/${slug}/pdf`),
          // Whoever holds the link is not told which card the client keeps for their instalments (the portal says).
          paymentPlan: withoutSavedCard(await findClientPaymentPlan(tx, principal.firmId, invoiceId)),
        };
      }),

    /** The portal: the signed-in client's sent invoices, newest first. */
    clientInvoices: (firmId: string, clientId: string): Promise<PortalInvoiceSummary[]> =>
      database.withFirm(
        firmId,
        async (tx) => {
          const today = await findFirmToday(tx, firmId);
          return (await findClientSentInvoices(tx, firmId, clientId)).map((row) => ({
            ...row,
            status: row.status as InvoiceStatus,
            statusLabel: INVOICE_STATUS_LABELS[row.status as InvoiceStatus] ?? row.status,
            // Only an open invoice has a next instalment: the plan's rule, on the firm's today.
            nextInstalment: row.nextInstalment && { ...row.nextInstalment, isMissed: isInstalmentMissed(row.nextInstalment, today) },
          }));
        },
        READ_ONLY,
      ),

    /** The portal: one of the client's sent invoices as they read it; any other invoice is not found. */
    clientInvoice: (firmId: string, clientId: string, invoiceId: string): Promise<PublicInvoice> =>
      database.withFirm(
        firmId,
        async (tx) => {
          if (!(await isSentToClient(tx, firmId, clientId, invoiceId))) throw notFound('Invoice');
          const invoice = clientInvoiceOf(
            await billOf(tx, outsideReaderOf(firmId), invoiceId),
            `/api/client-portal/download-invoice-pdf/${invoiceId}`,
            (creditNoteId) => `/api/client-portal/download-credit-note-pdf/${creditNoteId}`,
          );
          return { ...invoice, paymentPlan: await findClientPaymentPlan(tx, firmId, invoiceId) };
        },
        READ_ONLY,
      ),

    /** A credit note of the firm as a PDF. */
    creditNotePdf: (principal: FirmPrincipal, creditNoteId: string) =>
      database.withFirm(
        principal.firmId,
        async (tx) => creditNotePdfOf(tx, await firmOfBill(tx, principal.firmId), creditNoteId),
        READ_ONLY,
      ),

    /** The portal: a credit note of one of the client's sent invoices as a PDF; any other is not found. */
    clientCreditNotePdf: (firmId: string, clientId: string, creditNoteId: string) =>
      database.withFirm(
        firmId,
        async (tx) =>
          creditNotePdfOf(tx, await firmOfBill(tx, firmId), creditNoteId, (creditNote) =>
            isSentToClient(tx, firmId, clientId, creditNote.invoiceId),
          ),
        READ_ONLY,
      ),

    clientPdf: (firmId: string, clientId: string, invoiceId: string) =>
      database.withFirm(
        firmId,
        async (tx) => {
          if (!(await isSentToClient(tx, firmId, clientId, invoiceId))) throw notFound('Invoice');
          return pdfOf(tx, outsideReaderOf(firmId), invoiceId);
        },
        READ_ONLY,
      ),

    publicPdf: (slug: string) =>
      withLink(slug, async (tx, principal, invoiceId) => {
        const result = await pdfOf(tx, principal, invoiceId);
        if (!ISSUED.has(result.invoice.status) && result.invoice.status !== 'Void') throw notFound('Invoice');
        return result;
      }),
  };
}

export type InvoiceDocumentsService = ReturnType<typeof createInvoiceDocumentsService>;
