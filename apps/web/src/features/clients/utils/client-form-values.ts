import {
  isValidIsoDate,
  type ClientDetail,
  type ClientInput,
  type ClientType,
  type CustomField,
  type ClientBillingPreference,
  type LedesFormat,
} from '@matterhorn/shared';

/** A contact row; `id` for one on file, so a save changes it rather than sending it to the recycle bin and adding another. */
export type ContactValues = { id?: string; name: string; jobTitle: string; email: string; phone: string };
export type ContactField = Exclude<keyof ContactValues, 'id'>;

/** The form's own text values; the shared clientInputSchema turns blanks into nulls. */
export type ClientFormValues = {
  clientType: ClientType;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  alternateEmail: string;
  phone: string;
  alternatePhone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  taxNumber: string;
  ledesFormat: LedesFormat;
  billingPreference: ClientBillingPreference;
  notes: string;
  status: 'active' | 'archived';
  contacts: ContactValues[];
  customFields: Record<string, string>;
};

export const EMPTY_CONTACT: ContactValues = { name: '', jobTitle: '', email: '', phone: '' };

export const EMPTY_CLIENT_FORM: ClientFormValues = {
  clientType: 'individual',
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  alternateEmail: '',
  phone: '',
  alternatePhone: '',
  address: '',
  city: '',
  state: '',
  country: '',
  postalCode: '',
  taxNumber: '',
  ledesFormat: '1998B',
  billingPreference: 'perMatter',
  notes: '',
  status: 'active',
  contacts: [],
  customFields: {},
};

export function formValuesOf(client: ClientDetail): ClientFormValues {
  return {
    clientType: client.clientType,
    firstName: client.firstName ?? '',
    lastName: client.lastName ?? '',
    companyName: client.companyName ?? '',
    email: client.email ?? '',
    alternateEmail: client.alternateEmail ?? '',
    phone: client.phone ?? '',
    alternatePhone: client.alternatePhone ?? '',
    address: client.address ?? '',
    city: client.city ?? '',
    state: client.state ?? '',
    country: client.country ?? '',
    postalCode: client.postalCode ?? '',
    taxNumber: client.taxNumber ?? '',
    ledesFormat: client.ledesFormat,
    billingPreference: client.billingPreference,
    notes: client.notes ?? '',
    status: client.status,
    contacts: client.contacts.map((contact) => ({
      id: contact.id,
      name: contact.name,
      jobTitle: contact.jobTitle ?? '',
      email: contact.email ?? '',
      phone: contact.phone ?? '',
    })),
    customFields: { ...client.customFields },
  };
}

/** The body for create/update: only the name fields of the chosen type, only filled custom fields. */
export function clientInputOf(values: ClientFormValues, conflictCheckId: string | null): ClientInput {
  const isCompany = values.clientType === 'company';
  const customFields = Object.fromEntries(Object.entries(values.customFields).filter(([, value]) => value.trim() !== ''));
  return {
    ...values,
    firstName: isCompany ? null : values.firstName,
    lastName: isCompany ? null : values.lastName,
    companyName: isCompany ? values.companyName : null,
    contacts: isCompany ? values.contacts : [],
    customFields,
    conflictCheckId,
  };
}

/** Required custom fields and the number/date/select types, keyed by field id. */
export function customFieldErrorsOf(fields: CustomField[], values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.id] ?? '').trim();
    if (value === '') {
      if (field.isRequired) errors[field.id] = `${field.label} is required`;
      continue;
    }
    if (field.fieldType === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) errors[field.id] = `${field.label} must be a number`;
    if (field.fieldType === 'date' && !isValidIsoDate(value)) errors[field.id] = `${field.label} must be a date (DD/MM/YYYY)`;
    if (field.fieldType === 'select' && !field.options.includes(value)) errors[field.id] = `Choose one of the ${field.label} options`;
  }
  return errors;
}
