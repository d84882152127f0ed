import { describe, expect, it } from 'vitest';
import type { DataSubjectExport } from '@matterhorn/shared';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { buildDataSubjectExportPdf } from './data-subject-export-pdf.ts';
import { displayValueOf } from './data-subject-export-values.ts';

const exported: DataSubjectExport = {
  firmName: 'Adebayo & Co',
  generatedAt: '2026-11-28T23:30:00.000Z',
  subject: {
    subjectType: 'client',
    subjectId: '00000000-0000-4000-8000-000000000001',
    name: 'Kemi Adebayo',
    detail: 'kemi@example.ng',
    editPath: null,
  },
  sections: [
    {
      title: 'Portal sign-in',
      records: [{ Email: 'kemi@example.ng', Status: 'active', 'Last sign-in': '2026-11-28T23:30:00Z' }],
    },
    {
      title: 'Invoices',
      records: [
        { Number: 'INV-00003', Issued: '2026-10-14', Status: 'PartlyPaid', Currency: 'NGN', Total: '2101625.5', 'Balance due': '60000.00' },
      ],
    },
    {
      title: 'Money held in trust (movements)',
      records: [{ Date: '2026-09-01', Movement: 'deposit', 'In / out': 'in', Amount: '250000.00', Currency: 'NGN' }],
    },
  ],
  notIncluded: 'Privileged work.',
};

describe('the data-subject export PDF', () => {
  it('shows dates as DD/MM/YYYY, moments on the firm’s clock, money with its sign and statuses in words', async () => {
    const text = (await pdfText(await buildDataSubjectExportPdf(exported, 'Africa/Lagos'))).join('\n');
    expect(text).toContain('Issued: 14/10/2026');
    expect(text).toContain('Status: Partly paid');
    expect(text).toContain('Total: ₦2,101,625.50');
    expect(text).toContain('Balance due: ₦60,000.00');
    expect(text).toContain('Amount: ₦250,000.00');
    expect(text).toContain('Movement: Deposit');
    // 23:30 UTC is 00:30 the next day in Lagos.
    expect(text).toContain('Last sign-in: 29/11/2026 00:30');
    for (const raw of ['2026-10-14', 'PartlyPaid', '2101625.5', '2026-11-28T23:30']) expect(text).not.toContain(raw);
  });

  it('leaves values that are not dates, money or codes as they are', () => {
    expect(displayValueOf('Phone', '+2348031234567', {}, 'Africa/Lagos')).toBe('+2348031234567');
    expect(displayValueOf('Total', '100.00', {}, 'Africa/Lagos')).toBe('100.00');
    expect(displayValueOf('Status', 'AwaitingApproval', {}, 'UTC')).toBe('Awaiting approval');
  });
});
