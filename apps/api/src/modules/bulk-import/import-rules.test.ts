import { describe, expect, it } from 'vitest';
import { controlCharactersMessage } from '@matterhorn/shared';
import { checkRow } from './import-rules.ts';

const clientCells = (cells: Record<string, string>) => ({
  clientType: '',
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  ...cells,
});

describe('checkRow: a cell the form would refuse', () => {
  it('refuses a line break or a direction override in a name, as the form says it', () => {
    expect(checkRow('clients', clientCells({ companyName: 'Acme\nHoldings' }))).toEqual({
      errors: [controlCharactersMessage('Company name')],
    });
    expect(checkRow('clients', clientCells({ firstName: 'Ada\u202E', lastName: 'Obi' }))).toEqual({
      errors: [controlCharactersMessage('First name')],
    });
  });

  it('keeps a line break in an address but refuses a direction override there', () => {
    expect(checkRow('clients', clientCells({ companyName: 'Acme Holdings', address: '1 Marina\nLagos' }))).toMatchObject({
      values: { companyName: 'Acme Holdings', address: '1 Marina\nLagos' },
    });
    expect(checkRow('clients', clientCells({ companyName: 'Acme Holdings', address: '1 Marina\u202E' }))).toEqual({
      errors: [controlCharactersMessage('Address')],
    });
  });

  it('says the row’s other problems with it', () => {
    const checked = checkRow('matters', {
      clientName: 'Acme\r\nHoldings',
      matterName: '',
      description: '',
      billingType: '',
      openDate: '',
      feeEarnerEmail: '',
      hourlyRate: '',
    });
    expect(checked).toEqual({ errors: [controlCharactersMessage('Client'), 'Matter name is required'] });
  });
});
