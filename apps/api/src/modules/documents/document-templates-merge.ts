import { formatMoney, isoToDisplayDate, type TemplateDryRun } from '@matterhorn/shared';
import type { CustomFieldDefinition, MatterForMerge } from './document-templates.repository.ts';

export type MergeSource = {
  matter: MatterForMerge;
  feeEarnerNames: string[];
  firm: { name: string; address: string | null; email: string | null; phone: string | null; currencySymbol: string; today: string };
  /** The client's trust balance on this matter, as decimal text. */
  trustBalance: string;
  customFields: CustomFieldDefinition[];
};

const joined = (parts: (string | null)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');

const customValue = (definition: CustomFieldDefinition, values: Record<string, string>) => {
  const value = values[definition.id]?.trim() ?? '';
  // Dates print as users read them on screen (DD/MM/YYYY); the stored value is ISO.
  return definition.fieldType === 'date' ? isoToDisplayDate(value) || value : value;
};

/**
 * Every merge field the matter can fill (TEMPLATE_MERGE_FIELDS and the firm's custom fields as
 * client.custom.<Label> / matter.custom.<Label>), as text; empty when the matter has no value.
 */
export function matterMergeValues({ matter, feeEarnerNames, firm, trustBalance, customFields }: MergeSource): Record<string, string> {
  const values: Record<string, string> = {
    'client.name': matter.clientName,
    'client.email': matter.clientEmail ?? '',
    'client.phone': matter.clientPhone ?? '',
    'client.address': joined([matter.clientAddress, matter.clientCity, matter.clientState, matter.clientPostalCode, matter.clientCountry]),
    'matter.name': matter.matterName,
    'matter.number': matter.matterNumber ?? '',
    'matter.description': matter.description.trim(),
    'matter.openDate': matter.openDate ? isoToDisplayDate(matter.openDate) : '',
    'matter.billingType': matter.billingType,
    'matter.feeEarners': feeEarnerNames.join(', '),
    'matter.responsibleFeeEarner': feeEarnerNames[0] ?? '',
    'firm.name': firm.name,
    'firm.address': firm.address?.trim() ?? '',
    'firm.email': firm.email ?? '',
    'firm.phone': firm.phone ?? '',
    today: isoToDisplayDate(firm.today),
    'trust.balance': formatMoney(trustBalance, firm.currencySymbol),
  };
  for (const definition of customFields) {
    const stored = definition.entityType === 'client' ? matter.clientCustomFields : matter.matterCustomFields;
    values[`${definition.entityType}.custom.${definition.label.trim()}`] = customValue(definition, stored);
  }
  return values;
}

/** The values given with the request fill fields the matter cannot and override those it can. */
export const withGivenValues = (matterValues: Record<string, string>, given: Record<string, string>) => ({ ...matterValues, ...given });

/** Each field the template uses with the value it would print; those that would print nothing are missing. */
export function dryRunOf(fields: string[], values: Record<string, string>): TemplateDryRun {
  const filled = fields.map((name) => ({ name, value: Object.hasOwn(values, name) ? values[name]! : '' }));
  return { fields: filled, missingFields: filled.filter((field) => field.value.trim() === '').map((field) => field.name) };
}
