import type { Lead } from '@matterhorn/shared';

export type LeadPartyValues = { name: string; partyType: 'individual' | 'company' };

/** What the lead's form holds: text as typed ('' for none); the shared schema turns it into the body. */
export type LeadFormValues = {
  /** A new lead's only: how it came in, and who follows it up. */
  source?: string;
  assigneeUserId?: string;
  leadType: 'individual' | 'company';
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  matterDescription: string;
  opposingParties: LeadPartyValues[];
  practiceAreaId: string;
  referrerName: string;
};

export function newLeadValues(assigneeUserId: string): LeadFormValues {
  return {
    source: 'phone',
    assigneeUserId,
    leadType: 'individual',
    firstName: '',
    lastName: '',
    companyName: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    country: '',
    postalCode: '',
    matterDescription: '',
    opposingParties: [],
    practiceAreaId: '',
    referrerName: '',
  };
}

/** An existing lead's details as the form holds them (its source is kept; its assignee changes by Assign). */
export function leadValues(lead: Lead): LeadFormValues {
  return {
    leadType: lead.leadType,
    firstName: lead.firstName ?? '',
    lastName: lead.lastName ?? '',
    companyName: lead.companyName ?? '',
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    address: lead.address ?? '',
    city: lead.city ?? '',
    state: lead.state ?? '',
    country: lead.country ?? '',
    postalCode: lead.postalCode ?? '',
    matterDescription: lead.matterDescription ?? '',
    opposingParties: lead.opposingParties.map((party) => ({ name: party.name, partyType: party.partyType })),
    practiceAreaId: lead.practiceAreaId ?? '',
    referrerName: lead.referrerName ?? '',
  };
}
