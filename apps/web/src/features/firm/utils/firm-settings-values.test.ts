import { IDLE_TIMEOUT_MESSAGE, NEXT_INVOICE_NUMBER_MESSAGE, RETENTION_MESSAGE, type FirmSettings } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { checkChanges, toFormValues } from './firm-settings-values.ts';

const stored: FirmSettings = {
  firmName: 'Obi & Co',
  logo: null,
  address: null,
  phone: null,
  email: 'office@obi.law',
  taxNumber: 'TIN-1',
  portalSlug: 'obi',
  country: 'Nigeria',
  timeZone: 'Africa/Lagos',
  dateFormat: 'DD/MM/YYYY',
  homeCurrencyId: 1,
  multicurrency: false,
  billingIncrement: '0.1',
  invoiceNumberPrefix: 'INV-',
  nextInvoiceNumber: 42,
  paymentTermsDays: 30,
  ledesFirmId: null,
  trustApprovalThreshold: null,
  recycleBinRetentionDays: 30,
  suggestsTime: true,
  idleTimeoutMinutes: 480,
  maxSessionHours: 12,
};
const saved = toFormValues(stored);

describe('checkChanges', () => {
  it('sends nothing when nothing changed', () => {
    expect(checkChanges(saved, saved)).toEqual({ body: {}, errors: {} });
  });

  it.each([
    ['email', '', { email: null }],
    ['taxNumber', '  ', { taxNumber: null }],
    ['trustApprovalThreshold', '1500.5', { trustApprovalThreshold: '1500.5' }],
    ['nextInvoiceNumber', '100', { nextInvoiceNumber: 100 }],
    ['homeCurrencyId', '2', { homeCurrencyId: 2 }],
    ['dateFormat', 'D MMM YYYY', { dateFormat: 'D MMM YYYY' }],
    ['idleTimeoutMinutes', '60', { idleTimeoutMinutes: 60 }],
  ] as const)('sends a changed %s as the API reads it', (name, value, body) => {
    expect(checkChanges({ ...saved, [name]: value }, saved)).toEqual({ body, errors: {} });
  });

  it.each([
    ['paymentTermsDays', '', 'Payment terms must be a number of days'],
    ['nextInvoiceNumber', '0', NEXT_INVOICE_NUMBER_MESSAGE],
    ['recycleBinRetentionDays', '366', RETENTION_MESSAGE],
    ['idleTimeoutMinutes', '5', IDLE_TIMEOUT_MESSAGE],
  ] as const)('refuses a changed %s of %j with the API’s words', (name, value, message) => {
    expect(checkChanges({ ...saved, [name]: value }, saved)).toEqual({ body: {}, errors: { [name]: message } });
  });

  it('checks only what changed: a stored value the rules now refuse does not hold the rest back', () => {
    const old = toFormValues({ ...stored, portalSlug: null });
    expect(checkChanges({ ...old, phone: '0123' }, old)).toEqual({ body: { phone: '0123' }, errors: {} });
  });
});
