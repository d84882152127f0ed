import type { z } from 'zod';
import type { InvoiceSettings, invoiceSettingsInputSchema, TaxAppliesTo } from '@matterhorn/shared';
import { type Database, READ_ONLY } from '../../db/database.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { trimDecimal } from './invoice-view.ts';
import { findInvoiceSettings, type InvoiceSettingsRow, updateInvoiceSettings } from './invoices.repository.ts';

type SettingsInput = z.output<typeof invoiceSettingsInputSchema>;

// The firm's invoice settings: numbering, payment terms, tax, approval, the bill-of-charges clock and how
// the bills look (accent colour and footer).

function settingsOf(row: InvoiceSettingsRow): InvoiceSettings {
  return {
    invoiceNumberPrefix: row.invoiceNumberPrefix,
    paymentTermsDays: row.paymentTermsDays,
    taxName: row.taxName,
    taxPercent: trimDecimal(row.taxPercent) ?? '0',
    taxAppliesTo: row.taxAppliesTo as TaxAppliesTo,
    invoiceApprovalRequired: row.invoiceApprovalRequired,
    billOfChargesClock: Boolean(row.billOfChargesClock),
    defaultPaymentInstructions: row.defaultPaymentInstructions,
    taxNumber: row.taxNumber,
    invoiceAccentColour: row.invoiceAccentColour,
    invoiceFooter: row.invoiceFooter,
    staleWorkDays: row.staleWorkDays,
  };
}

export const readInvoiceSettings = (database: Database, principal: FirmPrincipal): Promise<InvoiceSettings> =>
  database.withFirm(principal.firmId, async (tx) => settingsOf(await findInvoiceSettings(tx, principal.firmId)), READ_ONLY);

export const changeInvoiceSettings = (database: Database, principal: FirmPrincipal, input: SettingsInput): Promise<InvoiceSettings> =>
  database.withFirm(principal.firmId, async (tx) => {
    const before = settingsOf(await findInvoiceSettings(tx, principal.firmId));
    await updateInvoiceSettings(tx, principal.firmId, {
      invoiceNumberPrefix: input.invoiceNumberPrefix,
      paymentTermsDays: input.paymentTermsDays,
      taxName: input.taxName,
      taxPercent: input.taxPercent,
      taxAppliesTo: input.taxAppliesTo,
      invoiceApprovalRequired: input.invoiceApprovalRequired,
      billOfChargesClock: input.billOfChargesClock,
      defaultPaymentInstructions: input.defaultPaymentInstructions,
      taxNumber: input.taxNumber,
      invoiceAccentColour: input.invoiceAccentColour,
      invoiceFooter: input.invoiceFooter,
      staleWorkDays: input.staleWorkDays ?? before.staleWorkDays,
    });
    const after = settingsOf(await findInvoiceSettings(tx, principal.firmId));
    await recordAuditEvent(tx, principal, 'firm.invoiceSettingsUpdated', principal.firmId, { before, after });
    return after;
  });
