import { describe, expect, it } from 'vitest';
import { layOutEmail, type Letterhead } from '../src/lib/email-layout.ts';
import { invoiceEmailOf } from '../src/modules/invoice-links/invoice-email.ts';

const firm: Letterhead = { name: 'Obi & Sons', isFirm: true, logo: null, replyTo: 'office@obi.example', sentBy: 'Ada Obi' };

describe('the email that sends an invoice', () => {
  it('ends an invoice’s email with how to pay and the firm’s footer, in both parts', () => {
    const invoiceEmail = invoiceEmailOf({
      to: 'client@example.com',
      invoice: { invoiceNumber: 'INV-00007', clientName: 'Kemi Adebayo', paymentInstructions: ' Pay to Zenith Bank\n1234567890 ' },
      firm: { name: 'Obi & Sons', invoiceFooter: 'Obi & Sons is regulated by the Nigerian Bar Association.' },
      linkUrl: 'https://obi.example/billing/invoice/abc',
      sentByUserId: 'user-1',
      pdf: { filename: 'INV-00007.pdf', content: Buffer.from('%PDF-'), contentType: 'application/pdf' },
    });
    expect(invoiceEmail).toMatchObject({ subject: 'Invoice INV-00007 from Obi & Sons', sender: 'firm' });
    const { text, html } = layOutEmail(invoiceEmail, { ...firm, accentColour: '#1F4E79' });
    const lines = text.split('\r\n');
    expect(lines.slice(lines.indexOf('https://obi.example/billing/invoice/abc') + 1, lines.indexOf('-- '))).toEqual([
      '',
      'Payment instructions:',
      'Pay to Zenith Bank',
      '1234567890',
      '',
      'Obi & Sons is regulated by the Nigerian Bar Association.',
      '',
    ]);
    expect(html).toContain('Payment instructions:<br>Pay to Zenith Bank<br>1234567890');
    expect(html).toContain('Obi &amp; Sons is regulated by the Nigerian Bar Association.');
    expect(html).toContain('<td bgcolor="#1F4E79"');

    const bare = invoiceEmailOf({
      to: 'client@example.com',
      invoice: { invoiceNumber: 'INV-00008', clientName: 'Kemi Adebayo', paymentInstructions: null },
      firm: { name: 'Obi & Sons', invoiceFooter: null },
      linkUrl: 'https://obi.example/billing/invoice/def',
      sentByUserId: 'user-1',
      pdf: { filename: 'INV-00008.pdf', content: Buffer.from('%PDF-'), contentType: 'application/pdf' },
    });
    expect(bare.closing).toBeUndefined();
    expect(layOutEmail(bare, firm).text).not.toContain('Payment instructions');
  });
});
