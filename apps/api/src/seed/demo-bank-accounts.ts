import { and, eq } from 'drizzle-orm';
import { bankAccountInputSchema, taxRateInputSchema } from '@matterhorn/shared';
import type { Database } from '../db/database.ts';
import { ledgerAccounts } from '../db/schema/index.ts';
import { createBankAccountService } from '../modules/accounting/bank-accounts.service.ts';
import { createTaxRateService } from '../modules/accounting/tax-rates.service.ts';
import { postJournalEntry } from '../platform/ledger/ledger.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo firm's bank accounts and tax rates (issue 36): its naira operating account is 1000 itself
 * (the default: fees are paid into it), and a dollar domiciliary account, a sub-account of it, took
 * a foreign client's retainer; besides Nigeria's 7.5% VAT the firm keeps a zero rate for exports of services.
 */
export async function seedDemoBankAccounts(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const banks = createBankAccountService(database);
  const operatingId = await database.withFirm(firm.firmId, async (tx) => {
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.firmId, firm.firmId), eq(ledgerAccounts.code, 'operating-bank')));
    return row!.id;
  });
  // Through the contract's schema, as the API takes them: only the numbers' last 4 digits are kept.
  await banks.create(
    principal,
    bankAccountInputSchema.parse({
      name: 'Main operating account',
      bankName: 'Zenith Bank',
      accountNumber: '1012345678',
      currencyCode: 'NGN',
      isDefault: true,
      ledgerAccountId: operatingId,
    }),
  );
  const domiciliary = await banks.create(
    principal,
    bankAccountInputSchema.parse({
      name: 'USD domiciliary',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0234567891',
      currencyCode: 'USD',
      isDefault: true,
    }),
  );
  await database.withFirm(firm.firmId, async (tx) => {
    const [retainers] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.firmId, firm.firmId), eq(ledgerAccounts.number, '2300')));
    await postJournalEntry(tx, principal, {
      entryDate: isoDaysAgo(30),
      reference: 'SWIFT-20417',
      memo: 'Retainer from Harbour Freight Ltd (London) received into the dollar account',
      sourceType: 'manual',
      sourceId: null,
      currency: 'USD',
      lines: [
        { accountId: domiciliary.ledgerAccountId, debit: '2500.00' },
        { accountId: retainers!.id, credit: '2500.00' },
      ],
    });
  });
  await createTaxRateService(database).create(principal, taxRateInputSchema.parse({ name: 'VAT (zero-rated export)', ratePercent: '0' }));
}
