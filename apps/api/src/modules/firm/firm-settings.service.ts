import type { z } from 'zod';
import { type DateFormat, type FirmSettings, type firmSettingsInputSchema, invoiceSettingsInputSchema } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import { peekNextNumber, raiseNextNumber } from '../../platform/numbering/numbering.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeInvoiceSettings, readInvoiceSettings } from '../invoices/invoices.api.ts';
import { createTrustSettings } from '../trust/trust.api.ts';
import { forgetFirmWork } from '../time-suggestions/time-suggestions.api.ts';
import { findGeneralSettings, type GeneralSettingsRow, updateGeneralSettings } from './firm.repository.ts';
import type { FirmService } from './firm.service.ts';

type SettingsInput = z.output<typeof firmSettingsInputSchema>;

export const NEXT_INVOICE_NUMBER_TAKEN = 'The next invoice number cannot go below one already issued';

const PROFILE_FIELDS = [
  'firmName',
  'logo',
  'address',
  'phone',
  'email',
  'portalSlug',
  'country',
  'timeZone',
  'homeCurrencyId',
  'multicurrency',
  'billingIncrement',
] as const;
const INVOICE_FIELDS = ['invoiceNumberPrefix', 'paymentTermsDays', 'taxNumber'] as const;
const GENERAL_FIELDS = [
  'dateFormat',
  'ledesFirmId',
  'recycleBinRetentionDays',
  'suggestsTime',
  'idleTimeoutMinutes',
  'maxSessionHours',
] as const;

const changes = <K extends keyof FirmSettings>(fields: readonly K[], input: SettingsInput, before: FirmSettings) =>
  fields.some((field) => field in input && (input as Partial<FirmSettings>)[field] !== before[field]);

/**
 * Settings › General (issue 39): the firm's profile, invoicing, trust threshold, sign-in limits and
 * recycle-bin retention on one page. Each part is changed through the module that owns its rules
 * and audit (the profile's home-currency lock, the invoice settings, the trust rules); the request's
 * one transaction holds them together, so a refusal anywhere leaves everything as it was.
 */
export function createFirmSettingsService(database: Database, firms: FirmService) {
  const trust = createTrustSettings(database);

  async function generalOf(tx: Tx, firmId: string): Promise<GeneralSettingsRow> {
    const row = await findGeneralSettings(tx, firmId);
    if (!row) throw notFound('Firm');
    return row;
  }

  async function view(principal: FirmPrincipal): Promise<FirmSettings> {
    // One after another: inside a request they share its one transaction.
    const profile = await firms.profileOf(principal);
    const invoicing = await readInvoiceSettings(database, principal);
    const trustRules = await trust.settings(principal);
    const { general, nextInvoiceNumber } = await database.withFirm(principal.firmId, async (tx) => ({
      general: await generalOf(tx, principal.firmId),
      nextInvoiceNumber: await peekNextNumber(tx, principal.firmId, 'invoice'),
    }));
    return {
      firmName: profile.firmName,
      logo: profile.logo,
      address: profile.address,
      phone: profile.phone,
      email: profile.email,
      taxNumber: invoicing.taxNumber,
      portalSlug: profile.portalSlug,
      country: profile.country,
      timeZone: profile.timeZone,
      dateFormat: general.dateFormat as DateFormat,
      homeCurrencyId: profile.homeCurrencyId,
      multicurrency: profile.multicurrency,
      billingIncrement: profile.billingIncrement,
      invoiceNumberPrefix: invoicing.invoiceNumberPrefix,
      nextInvoiceNumber,
      paymentTermsDays: invoicing.paymentTermsDays,
      ledesFirmId: general.ledesFirmId,
      trustApprovalThreshold: trustRules.approvalThreshold,
      recycleBinRetentionDays: general.recycleBinRetentionDays,
      suggestsTime: general.suggestsTime,
      idleTimeoutMinutes: general.idleTimeoutMinutes,
      maxSessionHours: general.maxSessionHours,
    };
  }

  return {
    view,

    async update(principal: FirmPrincipal, input: SettingsInput): Promise<FirmSettings> {
      const before = await view(principal);
      const merged = { ...before, ...input };

      if (changes(PROFILE_FIELDS, input, before)) {
        const profile = await firms.profileOf(principal);
        if (merged.portalSlug === null || merged.country === null || merged.homeCurrencyId === null)
          throw new AppError(400, 'Set up the firm first: portal address, country and home currency', {});
        await firms.updateProfile(principal, {
          ...profile,
          firmName: merged.firmName,
          logo: merged.logo,
          address: merged.address,
          phone: merged.phone,
          email: merged.email,
          portalSlug: merged.portalSlug,
          country: merged.country,
          timeZone: merged.timeZone,
          homeCurrencyId: merged.homeCurrencyId,
          multicurrency: merged.multicurrency,
          billingIncrement: merged.billingIncrement,
        });
      }
      if (changes(INVOICE_FIELDS, input, before)) {
        const invoicing = await readInvoiceSettings(database, principal);
        await changeInvoiceSettings(
          database,
          principal,
          invoiceSettingsInputSchema.parse({
            ...invoicing,
            invoiceNumberPrefix: merged.invoiceNumberPrefix,
            paymentTermsDays: merged.paymentTermsDays,
            taxNumber: merged.taxNumber,
          }),
        );
      }
      if ('trustApprovalThreshold' in input && input.trustApprovalThreshold !== before.trustApprovalThreshold) {
        const rules = await trust.settings(principal);
        await trust.updateSettings(principal, { ...rules, approvalThreshold: merged.trustApprovalThreshold });
      }
      await database.withFirm(principal.firmId, async (tx) => {
        if (merged.nextInvoiceNumber !== before.nextInvoiceNumber) {
          // Numbers already issued are never given again: the sequence only moves forward.
          if (!(await raiseNextNumber(tx, principal.firmId, 'invoice', merged.nextInvoiceNumber)))
            throw new AppError(409, NEXT_INVOICE_NUMBER_TAKEN, { nextInvoiceNumber: NEXT_INVOICE_NUMBER_TAKEN });
        }
        if (changes(GENERAL_FIELDS, input, before) || merged.nextInvoiceNumber !== before.nextInvoiceNumber) {
          const general = await generalOf(tx, principal.firmId);
          const after: GeneralSettingsRow = {
            dateFormat: merged.dateFormat,
            ledesFirmId: merged.ledesFirmId,
            recycleBinRetentionDays: merged.recycleBinRetentionDays,
            suggestsTime: merged.suggestsTime,
            idleTimeoutMinutes: merged.idleTimeoutMinutes,
            maxSessionHours: merged.maxSessionHours,
          };
          await updateGeneralSettings(tx, principal.firmId, after);
          // Switched off, Suggested time forgets what it recorded of everyone's work.
          if (general.suggestsTime && !after.suggestsTime) await forgetFirmWork(tx, principal.firmId);
          await recordAuditEvent(
            tx,
            principal,
            'firm.settingsUpdated',
            principal.firmId,
            changeOf(
              { ...general, nextInvoiceNumber: before.nextInvoiceNumber },
              { ...after, nextInvoiceNumber: merged.nextInvoiceNumber },
            ),
          );
        }
      });
      return view(principal);
    },
  };
}

export type FirmSettingsService = ReturnType<typeof createFirmSettingsService>;
