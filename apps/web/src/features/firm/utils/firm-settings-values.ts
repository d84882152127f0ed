import { firmSettingsInputSchema, type FirmSettings } from '@matterhorn/shared';
import type { FirmSettingsUpdate } from '../api/firm-settings.ts';

/** What the page's controls hold: text for every field (blank for none), a switch, the logo's data URL. */
export type FirmSettingsValues = {
  [Name in keyof FirmSettings]: Name extends 'multicurrency' | 'suggestsTime' ? boolean : Name extends 'logo' ? string | null : string;
};
export type FirmSettingsField = keyof FirmSettingsValues;
export type FieldErrors = Partial<Record<FirmSettingsField, string>>;

/** Fields sent as numbers: a blank one is refused, never read as 0 (no payment terms is not "due at once"). */
const NUMBER_FIELDS: readonly FirmSettingsField[] = [
  'homeCurrencyId',
  'nextInvoiceNumber',
  'paymentTermsDays',
  'recycleBinRetentionDays',
  'idleTimeoutMinutes',
  'maxSessionHours',
];

export function toFormValues(settings: FirmSettings): FirmSettingsValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    firmName: settings.firmName,
    logo: settings.logo,
    address: text(settings.address),
    phone: text(settings.phone),
    email: text(settings.email),
    taxNumber: text(settings.taxNumber),
    portalSlug: text(settings.portalSlug),
    country: text(settings.country),
    timeZone: settings.timeZone,
    dateFormat: settings.dateFormat,
    homeCurrencyId: text(settings.homeCurrencyId),
    multicurrency: settings.multicurrency,
    billingIncrement: settings.billingIncrement,
    invoiceNumberPrefix: settings.invoiceNumberPrefix,
    nextInvoiceNumber: text(settings.nextInvoiceNumber),
    paymentTermsDays: text(settings.paymentTermsDays),
    ledesFirmId: text(settings.ledesFirmId),
    trustApprovalThreshold: text(settings.trustApprovalThreshold),
    recycleBinRetentionDays: text(settings.recycleBinRetentionDays),
    suggestsTime: settings.suggestsTime,
    idleTimeoutMinutes: text(settings.idleTimeoutMinutes),
    maxSessionHours: text(settings.maxSessionHours),
  };
}

/** The fields whose controls no longer hold what was loaded (or last saved). */
export function changedFields(values: FirmSettingsValues, saved: FirmSettingsValues): FirmSettingsField[] {
  return (Object.keys(values) as FirmSettingsField[]).filter((name) => values[name] !== saved[name]);
}

/** A control's value as the API reads it: a blank email is "no email", a blank number is no number. */
function inputOf(name: FirmSettingsField, value: FirmSettingsValues[FirmSettingsField]): unknown {
  if (name === 'email' && value === '') return null;
  if (NUMBER_FIELDS.includes(name) && typeof value === 'string' && value.trim() === '') return Number.NaN;
  return value;
}

export type CheckedChanges = { body: FirmSettingsUpdate; errors: FieldErrors };

/**
 * The changed fields, checked by the API's own schema. Only they are checked and sent: a value
 * stored before a rule tightened does not stop the rest of the page from being saved.
 */
export function checkChanges(values: FirmSettingsValues, saved: FirmSettingsValues): CheckedChanges {
  const input = Object.fromEntries(changedFields(values, saved).map((name) => [name, inputOf(name, values[name])]));
  const result = firmSettingsInputSchema.safeParse(input);
  if (result.success) return { body: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as FirmSettingsField;
    errors[name] ??= issue.message;
  }
  return { body: {}, errors };
}
