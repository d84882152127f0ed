import { z } from 'zod';

/**
 * The bank account a payment or an expense payment names. Alone in its module: the invoice and
 * expense schemas that use it are on every billing page, which must carry nothing more (their
 * JavaScript budgets).
 */
export const bankAccountChoice = z
  .uuid({ error: 'Bank account must be an id' })
  .nullish()
  .describe('The bank account the money went through (get-bank-account-options); null: its currency’s default.');
