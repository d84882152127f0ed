import { describe, expect, it } from 'vitest';
import { isFirmPage } from './firm-addresses.ts';

describe('isFirmPage', () => {
  it('tells a firm page from the public pages and the portal', () => {
    for (const firmPage of ['/dashboard', '/settings/my-account', '/settings/recycle-bin', '/billing/invoices/abc'])
      expect(isFirmPage(firmPage), firmPage).toBe(true);
    for (const publicPage of [
      '/',
      '/login',
      '/confirm-email-change?token=x',
      '/undo-email-change?token=x',
      '/portal/demo/login',
      '/sign/abc',
      '/book/abc',
    ])
      expect(isFirmPage(publicPage), publicPage).toBe(false);
  });
});
