import { billingTextOf, formatMoney, isoToDisplayDate, type EngagementTerms } from '@matterhorn/shared';
import type { LeadFacts } from '../leads/leads.api.ts';
import type { FirmFacts } from './engagements.repository.ts';

/** Whom a letter greets when the lead names nobody to write to. */
export const SALUTATION_FALLBACK = 'Sir/Madam';

const joined = (parts: (string | null)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');

/**
 * The merge fields an engagement letter fills (ENGAGEMENT_MERGE_FIELDS): the lead's as lead.*, the
 * terms' as engagement.*, and the client.* and matter.* fields a matter's template uses, filled from
 * the lead and the terms — so a firm's existing client-care letter works for a lead too.
 */
export function engagementLetterValues(lead: LeadFacts, terms: EngagementTerms, firm: FirmFacts): Record<string, string> {
  const currency = firm.homeCurrencyCode;
  const address = joined([lead.address, lead.city, lead.state, lead.postalCode, lead.country]);
  const contactName = [lead.firstName, lead.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const rate =
    terms.billingType === 'Hourly'
      ? `${formatMoney(terms.hourlyRate ?? '0')} ${currency} per hour`
      : terms.billingType === 'Flat Rate'
        ? `${formatMoney(terms.flatRate ?? '0')} ${currency}`
        : terms.billingType === 'Contingency'
          ? `${terms.contingencyPercentage ?? '0'}% of the amount recovered`
          : '';
  const retainer = terms.retainerAmount ? `${formatMoney(terms.retainerAmount)} ${terms.retainerCurrencyCode ?? ''}`.trim() : '';
  return {
    'lead.name': lead.displayName,
    'lead.firstName': lead.firstName ?? '',
    'lead.lastName': lead.lastName ?? '',
    'lead.companyName': lead.companyName ?? '',
    // The salutation's name: a company's contact person, or the person themself; never empty ("Dear ,").
    'lead.contactName': (lead.leadType === 'company' ? contactName : contactName || lead.displayName.trim()) || SALUTATION_FALLBACK,
    'lead.email': lead.email ?? '',
    'lead.phone': lead.phone ?? '',
    'lead.address': address,
    'lead.opposingParties': lead.opposingParties.map((party) => party.name).join(', '),
    'engagement.matterName': terms.matterName,
    'engagement.matterDescription': terms.matterDescription ?? '',
    'engagement.practiceArea': terms.practiceAreaName ?? '',
    'engagement.responsibleFeeEarner': terms.responsibleName ?? '',
    'engagement.billingType': terms.billingType,
    'engagement.billing': billingTextOf(terms, currency),
    'engagement.rate': rate,
    'engagement.retainer': retainer,
    'client.name': lead.displayName,
    'client.email': lead.email ?? '',
    'client.phone': lead.phone ?? '',
    'client.address': address,
    'matter.name': terms.matterName,
    'matter.description': terms.matterDescription ?? '',
    'matter.billingType': terms.billingType,
    'matter.responsibleFeeEarner': terms.responsibleName ?? '',
    'matter.feeEarners': terms.responsibleName ?? '',
    'firm.name': firm.name,
    'firm.address': firm.address?.trim() ?? '',
    'firm.email': firm.email ?? '',
    'firm.phone': firm.phone ?? '',
    today: isoToDisplayDate(firm.today),
  };
}
