import { randomUUID } from 'node:crypto';
import {
  compareMoney,
  INVOICE_LINK_PAYMENT_MESSAGES,
  PORTAL_PAYMENT_MESSAGES,
  type InvoiceLinkPaymentOption,
  type PaymentGatewayName,
  type StartedPortalPayment,
} from '@matterhorn/shared';
import type { PaymentGatewaySettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { withInvoiceLink } from '../invoice-links/invoice-links.api.ts';
import { setGatewaySession } from './gateway-payments.repository.ts';
import { gatewayFor, toMinorUnits } from './gateway-payments.rules.ts';
import { GatewayUnavailableError, type PaymentGateway } from './gateways.ts';
import { findLinkInvoice, insertLinkGatewayPayment, type LinkInvoiceRow } from './invoice-link-payments.repository.ts';

type Gateways = Partial<Record<PaymentGatewayName, PaymentGateway>>;

/**
 * Paying an invoice from its public link (the email's "view invoice"), for whoever holds the link,
 * signed in or not. Like the portal's payments, starting one records a pending attempt and answers
 * the gateway's checkout; the gateway's signed webhook records the money against the attempt by its
 * reference, through the same path. The attempt has no portal account; the gateway is given the
 * client's billing email (where the invoice went), which Paystack needs to start a payment at all.
 */
export function createInvoiceLinkPayments({
  database,
  settings,
  appUrl,
  gateways,
}: {
  database: Database;
  settings: PaymentGatewaySettings;
  appUrl: string;
  gateways: Gateways;
}) {
  /** Why the invoice cannot be paid online now (409), or null with the gateway that takes it. */
  function refusalOf(invoice: LinkInvoiceRow): { refusal: string; gateway: null } | { refusal: null; gateway: PaymentGatewayName } {
    if (!invoice.isOpen || compareMoney(invoice.amountDue, '0') <= 0) return { refusal: PORTAL_PAYMENT_MESSAGES.nothingDue, gateway: null };
    const gateway = gatewayFor(settings, invoice.currencyCode);
    if (!gateway || !gateways[gateway]) return { refusal: PORTAL_PAYMENT_MESSAGES.noGateway, gateway: null };
    if (gateway === 'paystack' && !invoice.email) return { refusal: INVOICE_LINK_PAYMENT_MESSAGES.noEmail, gateway: null };
    return { refusal: null, gateway };
  }

  return {
    /** Whether the invoice on the link can be paid online now: what is due and through which gateway; null when not. */
    option: (slug: string): Promise<InvoiceLinkPaymentOption | null> =>
      withInvoiceLink(database, slug, async (tx, link) => {
        const invoice = await findLinkInvoice(tx, link.firmId, link.invoiceId);
        if (!invoice) throw notFound('Invoice');
        const { gateway } = refusalOf(invoice);
        return gateway ? { currencyCode: invoice.currencyCode, amountDue: invoice.amountDue, gateway } : null;
      }),

    /** Starts paying the invoice on the link: amount null pays all that is due; part payments allowed, never more. */
    async start(slug: string, amount: string | null): Promise<StartedPortalPayment> {
      const reference = `mh_${randomUUID().replaceAll('-', '')}`;
      const attempt = await withInvoiceLink(database, slug, async (tx, link) => {
        const invoice = await findLinkInvoice(tx, link.firmId, link.invoiceId);
        if (!invoice) throw notFound('Invoice');
        const { refusal, gateway: gatewayName } = refusalOf(invoice);
        if (refusal !== null) throw conflict(refusal);
        const paying = amount ?? invoice.amountDue;
        if (compareMoney(paying, invoice.amountDue) > 0)
          throw badRequest(PORTAL_PAYMENT_MESSAGES.overpayment, { amount: PORTAL_PAYMENT_MESSAGES.overpayment });
        const amountMinor = toMinorUnits(paying, invoice.currencyCode);
        if (amountMinor === null)
          throw badRequest(`${invoice.currencyCode} amounts have no cents`, { amount: `${invoice.currencyCode} amounts have no cents` });
        const id = await insertLinkGatewayPayment(tx, {
          firmId: link.firmId,
          clientId: invoice.clientId,
          invoiceId: invoice.id,
          amount: paying,
          currencyCode: invoice.currencyCode,
          gateway: gatewayName,
          reference,
        });
        return { id, firmId: link.firmId, amount: paying, amountMinor, gatewayName, invoice };
      });
      const page = `${appUrl}/billing/invoice/${slug}`;
      const gateway = gateways[attempt.gatewayName]!;
      try {
        const checkout = await gateway.startCheckout({
          reference,
          amountMinor: attempt.amountMinor,
          currencyCode: attempt.invoice.currencyCode,
          email: attempt.invoice.email,
          description: `${attempt.invoice.label} (${attempt.amount} ${attempt.invoice.currencyCode})`,
          returnUrl: `${page}?payment=returned`,
          cancelUrl: page,
        });
        await database.withFirm(attempt.firmId, (tx) => setGatewaySession(tx, attempt.firmId, attempt.id, checkout.sessionId, null));
        return {
          checkoutUrl: checkout.checkoutUrl,
          reference,
          gateway: attempt.gatewayName,
          amount: attempt.amount,
          currencyCode: attempt.invoice.currencyCode,
        };
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        await database.withFirm(attempt.firmId, (tx) =>
          setGatewaySession(tx, attempt.firmId, attempt.id, null, error.message.slice(0, 500)),
        );
        throw new AppError(502, PORTAL_PAYMENT_MESSAGES.gatewayUnavailable);
      }
    },
  };
}
export type InvoiceLinkPayments = ReturnType<typeof createInvoiceLinkPayments>;
