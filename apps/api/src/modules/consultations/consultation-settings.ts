import {
  CONSULTATION_SETTINGS_MESSAGES,
  isConsultationFeeCharged,
  type ConsultationSettings,
  type consultationSettingsInputSchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import type { PaymentGatewaySettings } from '../../config.ts';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmTimeZone } from '../../platform/firm-clock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { gatewayFor } from '../gateway-payments/gateway-payments.api.ts';
import { findSettings, saveSettings, type SettingsRow } from './consultations.repository.ts';

/** What a firm offers until it saves its own: 30 minutes, Monday to Friday 09:00–17:00, from the next working day, 3 weeks ahead, free. */
export const DEFAULT_SETTINGS: Omit<SettingsRow, 'firmId' | 'updatedByUserId' | 'updatedAt'> = {
  lengthMinutes: 30,
  workingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  noticeDays: 1,
  horizonDays: 21,
  feeAmount: null,
  feeCurrency: null,
  isFeeRequired: false,
  officeAddress: null,
  videoLink: null,
};

export type EffectiveSettings = typeof DEFAULT_SETTINGS & { isSaved: boolean };

export async function settingsOf(tx: Tx, firmId: string): Promise<EffectiveSettings> {
  const row = await findSettings(tx, firmId);
  return row ? { ...row, isSaved: true } : { ...DEFAULT_SETTINGS, isSaved: false };
}

/** A fee is due online when one is set and a gateway takes its currency; the firm may require it to confirm. */
export const hasFee = (settings: Pick<EffectiveSettings, 'feeAmount' | 'feeCurrency'>) =>
  settings.feeCurrency !== null && isConsultationFeeCharged(settings.feeAmount);

export function createConsultationSettings({ database, payments }: { database: Database; payments: PaymentGatewaySettings }) {
  const viewOf = (settings: EffectiveSettings, timeZone: string): ConsultationSettings => ({
    lengthMinutes: settings.lengthMinutes,
    workingHours: [...settings.workingHours].sort((left, right) => left.weekday - right.weekday),
    noticeDays: settings.noticeDays,
    horizonDays: settings.horizonDays,
    feeAmount: settings.feeAmount,
    feeCurrency: settings.feeCurrency,
    isFeeRequired: settings.isFeeRequired,
    officeAddress: settings.officeAddress,
    videoLink: settings.videoLink,
    timeZone,
    isNairaPayableOnline: gatewayFor(payments, 'NGN') !== null,
    isOtherCurrencyPayableOnline: gatewayFor(payments, 'USD') !== null,
    isSaved: settings.isSaved,
  });

  return {
    view: (principal: FirmPrincipal) =>
      database.withFirm(
        principal.firmId,
        async (tx) => viewOf(await settingsOf(tx, principal.firmId), await findFirmTimeZone(tx, principal.firmId)),
        READ_ONLY,
      ),

    update: (principal: FirmPrincipal, input: z.output<typeof consultationSettingsInputSchema>) =>
      database.withFirm(principal.firmId, async (tx) => {
        const feeAmount = isConsultationFeeCharged(input.feeAmount) ? input.feeAmount : null;
        const feeCurrency = feeAmount === null ? null : input.feeCurrency;
        const isFeeRequired = feeAmount !== null && input.isFeeRequired;
        if (isFeeRequired && !gatewayFor(payments, feeCurrency!))
          throw badRequest(CONSULTATION_SETTINGS_MESSAGES.noGateway, { isFeeRequired: CONSULTATION_SETTINGS_MESSAGES.noGateway });
        const before = await settingsOf(tx, principal.firmId);
        const values = { ...input, feeAmount, feeCurrency, isFeeRequired };
        await saveSettings(tx, principal.firmId, principal.userId, values);
        await recordAuditEvent(tx, principal, 'consultationSettings.updated', principal.firmId, {
          before: before.isSaved ? { ...before, isSaved: undefined } : null,
          after: values,
        });
        return viewOf({ ...values, isSaved: true }, await findFirmTimeZone(tx, principal.firmId));
      }),
  };
}
